import JSON
import ProcessSupport

/// The outcome of linting one document.
package struct LintResult: Sendable {
    package let document: JSONDocument
    /// nil when the document holds no object at its root. (Set only by the incremental lint, which takes it out of
    /// the previous result it consumes; see `Linter+Incremental.swift`.)
    package internal(set) var scene: Scene?
    /// At the built-in severities, sorted by position.
    package let diagnostics: [Diagnostic]
    /// False after a syntax error or unsupported JSON.
    package let isComplete: Bool
    /// The diagnostics by origin, for linting the next version after an edit (see `Linter+Incremental.swift`).
    let parts: Parts?

    /// The diagnostics by origin: decoding (json.* included) and each family of semantic rules.
    struct Parts: Sendable {
        var decoding: [Diagnostic]
        /// Indexed by `SemanticRules.Family.rawValue`.
        var families: [[Diagnostic]]
        var context: DecodingContext?
        /// The semantic rules' id tables.
        var tables: SceneIndex.Tables
        /// For each diagnostic of the dynamicItem family, in order, the item it is about (an index into
        /// `scene.items`), so that an edit of one dynamicItem behavior re-checks only its items.
        var conflictItems: [Int]
    }

    /// The index in `scene.items` of the first item with each id, and those ids, each once, in file order: the
    /// semantic rules' own table (kept across edits that change no id), nil when the rules did not run: exactly
    /// when `scene` is nil.
    package var itemTable: (positions: [ExactId: Int], ids: [String])? {
        parts.map { ($0.tables.itemIndexById, $0.tables.itemIds) }
    }

    init(document: JSONDocument, scene: Scene?, diagnostics: [Diagnostic], isComplete: Bool, parts: Parts?) {
        self.document = document
        self.scene = scene
        self.diagnostics = diagnostics
        self.isComplete = isComplete
        self.parts = parts
    }

    /// Whether any diagnostic is an error at the built-in severities (such a scene is not simulated).
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The one function that turns scene text into diagnostics; the CLI and the language server both call it.
package enum Linter {
    /// Parses and checks a scene at the built-in severities, diagnostics sorted by position. A large scene is
    /// parsed, decoded and checked on up to `processors` threads; the result is the same.
    package static func lint(
        _ bytes: [UInt8], fileName: String? = nil, processors: Int = Parallel.processorCount
    ) -> LintResult {
        let document = PhaseTimings.measure("parse") { JSONDocument.parse(bytes, processors: processors) }
        return lint(document: document, fileName: fileName, processors: processors)
    }

    /// Checks a parsed scene at the built-in severities, diagnostics sorted by position.
    package static func lint(
        document: JSONDocument, fileName: String? = nil, processors: Int = Parallel.processorCount
    ) -> LintResult {
        let decoded = PhaseTimings.measure("decode") {
            SceneDecoder.decode(document, fileName: fileName, processors: processors)
        }
        var diagnostics = decoded.diagnostics
        var families: [[Diagnostic]] = []
        var tables: SceneIndex.Tables?
        var conflictItems: [Int] = []
        if let scene = decoded.scene {
            (families, tables, conflictItems) = PhaseTimings.measure("semantic rules") {
                SemanticRules.checkFamilies(
                    RuleContext(scene: scene, document: document, isComplete: decoded.isComplete),
                    processors: processors)
            }
            if let error = document.syntaxError {
                families = families.map { $0.filter { $0.range.upperBound <= error.range.lowerBound } }
            }
            diagnostics += families.joined()
        }
        let ordered = PhaseTimings.measure("sort") { sorted(diagnostics) }
        let parts = tables.map {
            LintResult.Parts(
                decoding: decoded.diagnostics, families: families, context: decoded.context, tables: $0,
                conflictItems: conflictItems)
        }
        return LintResult(
            document: document, scene: decoded.scene, diagnostics: ordered, isComplete: decoded.isComplete, parts: parts
        )
    }

    /// Diagnostics in a deterministic order: by position, then severity, code and message.
    package static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { a, b in
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound < b.range.lowerBound }
            if a.range.upperBound != b.range.upperBound { return a.range.upperBound < b.range.upperBound }
            if a.severity != b.severity { return a.severity < b.severity }
            if a.code != b.code { return a.code < b.code }
            return a.message < b.message
        }
    }
}
