import JSON
import Scene

/// One linted file as the encoders print it: its path, its line index and its diagnostics in text order.
package struct LintedFile: Sendable {
    /// The path as given on the command line (or found under a folder given there); `-` for standard input.
    package var path: String
    /// Converts the diagnostics' byte ranges to lines and columns.
    package var lineIndex: LineIndex
    /// The diagnostics in `Linter.sorted` order (by position, then severity, code and message), so every format
    /// lists them alike, simulation diagnostics included.
    package var diagnostics: [Diagnostic]

    /// The path standing for standard input on the command line.
    package static let standardInputPath = "-"

    package init(path: String, lineIndex: LineIndex, diagnostics: [Diagnostic]) {
        self.path = path
        self.lineIndex = lineIndex
        self.diagnostics = Linter.sorted(diagnostics)
    }

    /// The path for people: `stdin` for standard input, else the path as given.
    package var displayPath: String { path == LintedFile.standardInputPath ? "stdin" : path }
}

/// The counts of a lint run: findings, so a diagnostic that stands for those the per-rule limit left out counts
/// as all of them.
package struct LintSummary: Equatable, Sendable {
    package var files = 0
    package var errors = 0
    package var warnings = 0
    /// Infos and hints together (the json summary's `infos`).
    package var infos = 0

    package init(_ files: [LintedFile]) {
        self.files = files.count
        for diagnostic in files.lazy.flatMap(\.diagnostics) {
            switch diagnostic.severity {
            case .error: errors += diagnostic.findings
            case .warning: warnings += diagnostic.findings
            case .info, .hint: infos += diagnostic.findings
            }
        }
    }
}

extension Diagnostic {
    /// The diagnostic in the lint json form (also the `diagnostics` of previews, in the CLI and the server):
    /// `{"code", "severity", "message", "range": {"start": {"line", "column"}, "end": {…}}, "related": [{"message", "range"}]}`,
    /// 1-based lines, 1-based columns in Unicode scalars, the end exclusive.
    package func lintJSON(_ lineIndex: LineIndex) -> JSONValue {
        .object(
            JSONObject([
                ("code", .string(code)),
                ("severity", .string(severity.rawValue)),
                ("message", .string(message)),
                ("range", Diagnostic.rangeJSON(range, lineIndex)),
                (
                    "related",
                    .array(
                        related.map { related in
                            .object(
                                JSONObject([
                                    ("message", .string(related.message)),
                                    ("range", Diagnostic.rangeJSON(related.range, lineIndex)),
                                ]))
                        })
                ),
            ]))
    }

    private static func rangeJSON(_ range: Range<Int>, _ lineIndex: LineIndex) -> JSONValue {
        func position(_ offset: Int) -> JSONValue {
            let (line, column) = lineIndex.cliPosition(of: offset)
            return .object(JSONObject([("line", .number(Double(line))), ("column", .number(Double(column)))]))
        }
        return .object(JSONObject([("start", position(range.lowerBound)), ("end", position(range.upperBound))]))
    }
}
