/// How serious a diagnostic is, as users configure it in `.impulse.json` (`"off"` is `nil` there).
package enum Severity: String, Sendable, Comparable, CaseIterable {
    case error, warning, info, hint

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        case .hint: 3
        }
    }
    /// `error < warning < info < hint`: sorting puts the worst first.
    package static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A problem found in a scene: the data the CLI, the server and quick fixes all read.
///
/// Ranges are UTF-8 byte offsets into the document's bytes; the `LineIndex` of the document turns
/// them into CLI or LSP positions.
package struct Diagnostic: Equatable, Sendable {
    /// A place elsewhere in the file that is part of the story (the first definition of a duplicate...).
    package struct Related: Equatable, Sendable {
        package var message: String
        package var range: Range<Int>
        package init(message: String, range: Range<Int>) {
            self.message = message
            self.range = range
        }
    }

    /// A suggested change, carried as data for quick fixes: replace `range` with `newText`.
    package struct Fix: Equatable, Sendable {
        /// What the quick fix's title says ("Replace with 'elasticity'").
        package var title: String
        package var edits: [Edit]
        package init(title: String, edits: [Edit]) {
            self.title = title
            self.edits = edits
        }
    }

    package struct Edit: Equatable, Sendable {
        package var range: Range<Int>
        package var newText: String
        package init(range: Range<Int>, newText: String) {
            self.range = range
            self.newText = newText
        }
    }

    /// The stable code (`scene.unknownKey`).
    package var code: String
    package var severity: Severity
    package var message: String
    package var range: Range<Int>
    package var related: [Related]
    package var fixes: [Fix]
    /// How many findings this diagnostic reports: 1, except for the one that stands for those left out by the
    /// per-rule limit (`Linter.limitedPerRule`). Summaries and `--max-warnings` count findings, not lines.
    package var findings = 1

    package init(
        code: String, severity: Severity, message: String, range: Range<Int>, related: [Related] = [], fixes: [Fix] = []
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.range = range
        self.related = related
        self.fixes = fixes
    }
}
