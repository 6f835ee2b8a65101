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

    package init(scene: Scene?, diagnostics: [Diagnostic], isComplete: Bool) {
        self.scene = scene
        self.diagnostics = diagnostics
        self.isComplete = isComplete
    }
}
