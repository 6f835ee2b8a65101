import JSON

/// What decoding a document gives: the typed scene (as far as it could be read), the "Syntax and shape"
/// diagnostics (plus `attachment.kindKey`, `field.kindKey`, `event.notLive`), and whether the whole file
/// was read.
package struct DecodedScene: Sendable {
    /// nil when the document holds no object at its root (nothing before a syntax error, or a scalar/array).
    package var scene: Scene?
    /// In the order they were found; `Linter` sorts them.
    package var diagnostics: [Diagnostic]
    /// False after a syntax error or unsupported JSON: rules that need the whole file (`item.unused`,
    /// `item.unknown` for ids defined later, `behavior.unknown`, `event.order`…) must not run.
    package var isComplete: Bool
    /// What the decoder gathered from the whole document, if anything needed it (for re-decoding one element
    /// after an edit that changes no id; when nil, that decoding gathers it again).
    var context: DecodingContext?

    package init(scene: Scene?, diagnostics: [Diagnostic], isComplete: Bool) {
        self.scene = scene
        self.diagnostics = diagnostics
        self.isComplete = isComplete
    }
}

/// What decoding gathers from the whole document before it decodes any element: every id in use (for fresh-id
/// fixes), the types of the behaviors carrying each id (to check `set` values), the first item's id (the
/// placeholder for a missing reference). An edit that changes no id leaves it as it is.
struct DecodingContext: Sendable {
    var usedIds: Set<ExactId> = []
    var behaviorTypesById: [ExactId: [BehaviorType]] = [:]
    var firstItemId: String?
}
