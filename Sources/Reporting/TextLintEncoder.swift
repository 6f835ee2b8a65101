import Scene

/// The `text` format: one line per diagnostic, `path:line:column: severity: message [code]`, each followed
/// by its related places as indented `path:line:column: note: message` lines, then a summary line
/// `N errors, N warnings in N files` (after a blank line when diagnostics precede it).
/// Colored with ANSI escapes when `colored` (a terminal without `NO_COLOR`). Control characters in paths and
/// messages show as `\xNN` (`TerminalText`): the only escapes in the output are the colors'.
package struct TextLintEncoder: LintEncoder {
    package var colored: Bool

    package init(colored: Bool) { self.colored = colored }

    package func encode(_ files: [LintedFile]) -> [UInt8] {
        var out = files.map(lines(for:)).joined()
        let summary = LintSummary(files)
        if summary.errors + summary.warnings + summary.infos > 0 { out += "\n" }
        let text =
            "\(Self.count(summary.errors, "error")), \(Self.count(summary.warnings, "warning")) in \(Self.count(summary.files, "file"))"
        let style: Style = summary.errors > 0 ? .boldRed : summary.warnings > 0 ? .boldYellow : .boldGreen
        out += paint(text, style) + "\n"
        return Array(out.utf8)
    }

    /// The lines of one file's diagnostics and their related places, without the summary.
    package func lines(for file: LintedFile) -> String {
        var out = ""
        let path = TerminalText.visible(file.displayPath)
        for diagnostic in file.diagnostics {
            let (line, column) = file.lineIndex.cliPosition(of: diagnostic.range.lowerBound)
            out += paint("\(path):\(line):\(column):", .bold) + " "
            out += paint("\(diagnostic.severity.rawValue):", Self.style(of: diagnostic.severity)) + " "
            out += TerminalText.visible(diagnostic.message) + " " + paint("[\(diagnostic.code)]", .dim) + "\n"
            for related in diagnostic.related {
                let (line, column) = file.lineIndex.cliPosition(of: related.range.lowerBound)
                out += "  " + paint("\(path):\(line):\(column):", .bold) + " "
                out += paint("note:", .boldCyan) + " " + TerminalText.visible(related.message) + "\n"
            }
        }
        return out
    }

    /// `1 error`, `0 errors`, `2 errors`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case boldRed = "1;31"
        case boldYellow = "1;33"
        case boldBlue = "1;34"
        case boldCyan = "1;36"
        case boldGreen = "1;32"
        case boldMagenta = "1;35"
    }

    static func style(of severity: Severity) -> Style {
        switch severity {
        case .error: .boldRed
        case .warning: .boldYellow
        case .info: .boldBlue
        case .hint: .boldMagenta
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        colored ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
