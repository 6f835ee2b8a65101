import Scene

/// The `github` format: one GitHub Actions workflow command per diagnostic,
/// `::error file=…,line=…,col=…,title=CODE::message` (`::warning` for warnings, `::notice` for infos and hints),
/// with the escaping the runner requires.
package struct GitHubLintEncoder: LintEncoder {
    package init() {}

    package func encode(_ files: [LintedFile]) -> [UInt8] {
        var out = ""
        for file in files {
            for diagnostic in file.diagnostics {
                let (line, column) = file.lineIndex.cliPosition(of: diagnostic.range.lowerBound)
                let properties = [
                    "file=" + Self.escapeProperty(file.displayPath),
                    "line=\(line)",
                    "col=\(column)",
                    "title=" + Self.escapeProperty(diagnostic.code),
                ]
                out += "::\(Self.command(for: diagnostic.severity)) \(properties.joined(separator: ","))::"
                out += Self.escapeData(diagnostic.message) + "\n"
            }
        }
        return Array(out.utf8)
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info, .hint: "notice"
        }
    }

    /// A command's message: `%`, CR and LF escaped.
    package static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: as a message, and `:` and `,` escaped too.
    package static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
