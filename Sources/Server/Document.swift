import JSON
import RPC
import Reporting
import Scene

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// An open document as the server knows it: one immutable snapshot per version.
///
/// Feature handlers read everything from here: the text, its line index, the parse and lint of this exact
/// version, the diagnostics as the user sees them, the `.impulse.json` settings in effect, and the
/// conversions between byte offsets (what `Scene` and `JSON` speak) and LSP positions (in the negotiated
/// encoding). A snapshot is `Sendable`: long work takes it off the message loop.
package struct Document: Sendable {
    package let uri: String
    package let languageID: String
    package let version: Int
    /// The text, byte for byte.
    package let bytes: [UInt8]
    /// The position encoding negotiated at `initialize` (utf-8 or utf-16).
    package let encoding: LineIndex.Encoding
    /// Parse and lint of this version at the built-in severities (`lint.document`, `lint.scene`, `lint.diagnostics`).
    package let lint: LintResult
    /// The `sim.*` diagnostics of this version, once a simulation ran (nil: not simulated, or not yet).
    package let simulation: [Diagnostic]?
    /// The diagnostics shown to the user: `lint.diagnostics` and `simulation`, sorted, with the rule settings applied.
    package let diagnostics: [Diagnostic]
    /// The `.impulse.json` settings that apply (the defaults when there is none or it is invalid).
    package let configuration: Configuration
    /// The rule severities in effect: `.impulse.json`'s overridden code by code by the editor's.
    package let ruleSettings: RuleSettings

    /// `parsed`, when given, is the parse of exactly `bytes` (an incremental re-parse of the previous version);
    /// otherwise the text is parsed here. `previous` is the lint of the version `parsed` was re-parsed from: an
    /// edit inside one item or behavior is then linted incrementally (`Linter.lint(document:fileName:previous:)`).
    package init(
        uri: String, languageID: String, version: Int, bytes: [UInt8], encoding: LineIndex.Encoding,
        configuration: Configuration = .defaults, ruleSettings: RuleSettings = RuleSettings(),
        parsed: JSONDocument? = nil, previous: consuming LintResult? = nil
    ) {
        self.uri = uri
        self.languageID = languageID
        self.version = version
        self.bytes = bytes
        self.encoding = encoding
        self.configuration = configuration
        self.ruleSettings = ruleSettings
        if let parsed, Document.sameBytes(parsed.bytes, bytes) {
            lint = Linter.lint(document: parsed, fileName: DocumentURI.fileName(uri), previous: consume previous)
        } else {
            lint = Linter.lint(bytes, fileName: DocumentURI.fileName(uri))
        }
        simulation = nil
        diagnostics = lint.reported(simulation: nil, settings: ruleSettings)
    }

    /// Whether two texts are the same bytes (one memcmp; `==` on arrays compares element by element). One array
    /// given twice (an edit's re-parse keeps the text the edit made) is the same without reading it.
    private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                x.count == 0 || x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }
    }

    /// The same text under other settings (the lint is reused; the simulation too unless `keepingSimulation` is false).
    package func reconfigured(
        configuration: Configuration, ruleSettings: RuleSettings, keepingSimulation: Bool = true
    ) -> Document {
        Document(
            self, configuration: configuration, ruleSettings: ruleSettings,
            simulation: keepingSimulation ? simulation : nil)
    }

    /// The same version with the `sim.*` diagnostics of a finished simulation.
    package func withSimulation(_ simulation: [Diagnostic]) -> Document {
        Document(self, configuration: configuration, ruleSettings: ruleSettings, simulation: simulation)
    }

    private init(_ other: Document, configuration: Configuration, ruleSettings: RuleSettings, simulation: [Diagnostic]?)
    {
        uri = other.uri
        languageID = other.languageID
        version = other.version
        bytes = other.bytes
        encoding = other.encoding
        lint = other.lint
        self.configuration = configuration
        self.ruleSettings = ruleSettings
        self.simulation = simulation
        diagnostics = other.lint.reported(simulation: simulation, settings: ruleSettings)
    }

    /// This version's lint, the rest of the snapshot given up: what an edit hands to the next version's
    /// incremental lint, so that no other copy holds the scene it updates (see `Linter.lint(document:previous:)`).
    package consuming func takeLint() -> LintResult { lint }

    /// The parsed text (values, source map, syntax error, line index).
    package var json: JSONDocument { lint.document }

    /// The line index of `bytes`.
    package var lineIndex: LineIndex { lint.document.lineIndex }

    /// The text as a string (invalid UTF-8 repaired).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The local path when the URI is a `file:` URI.
    package var filePath: String? { DocumentURI.filePath(uri) }

    // MARK: Positions

    /// The LSP position of a byte offset (clamped to the text).
    package func position(of offset: Int) -> LSP.Position {
        let position = lineIndex.position(of: offset, in: encoding)
        return LSP.Position(line: position.line, character: position.character)
    }

    /// The LSP range of a byte range.
    package func range(of bytes: Range<Int>) -> LSP.Range {
        LSP.Range(start: position(of: bytes.lowerBound), end: position(of: bytes.upperBound))
    }

    /// The byte offset of an LSP position: a character past the end of its line means the line's end, a line past
    /// the last means the end of the text; a position inside a multi-byte character moves to its end.
    package func offset(of position: LSP.Position) -> Int {
        lineIndex.offset(of: LineIndex.Position(line: position.line, character: position.character), in: encoding)
    }

    /// The byte range of an LSP range (clamped like `offset(of:)`; a reversed range is put in order).
    package func byteRange(of range: LSP.Range) -> Range<Int> {
        let start = offset(of: range.start)
        let end = offset(of: range.end)
        return min(start, end)..<max(start, end)
    }

    /// Whether an LSP position lies inside the text as it is (no clamping needed).
    package func contains(_ position: LSP.Position) -> Bool {
        guard position.line >= 0, position.line < lineIndex.lineCount, position.character >= 0 else { return false }
        return position.character <= lineIndex.position(of: lineIndex.lineEnd(position.line), in: encoding).character
    }

    /// An LSP text edit replacing a byte range.
    package func textEdit(replacing bytes: Range<Int>, with newText: String) -> LSP.TextEdit {
        LSP.TextEdit(range: range(of: bytes), newText: newText)
    }
}
