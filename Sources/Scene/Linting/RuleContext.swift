import JSON

/// What a semantic rule sees: the decoded scene, the document it came from, and range helpers.
///
/// Rules must skip values listed in `scene.invalid` (already reported) and, when `isComplete` is false
/// (a syntax error cut the file), every check that needs the whole file (`item.unused`, `item.unknown`,
/// `behavior.unknown`, `event.order`, …): `Linter` drops diagnostics after the error, but a rule that
/// needs the whole file would be wrong before it too.
package struct RuleContext: Sendable {
    package let scene: Scene
    package let document: JSONDocument
    /// False after a syntax error or unsupported JSON.
    package let isComplete: Bool

    package init(scene: Scene, document: JSONDocument, isComplete: Bool) {
        self.scene = scene
        self.document = document
        self.isComplete = isComplete
    }

    /// The value's range (a string's quotes included, a container's brackets included).
    package func range(of pointer: JSONPointer) -> Range<Int> { document.valueRange(of: pointer) }
    /// The key token's range of the member at `pointer` (the value's range for array elements).
    package func keyRange(of pointer: JSONPointer) -> Range<Int> { document.keyRange(of: pointer) }
    /// The opening brace or bracket of the container at `pointer`.
    package func openingBracket(of pointer: JSONPointer) -> Range<Int> { document.openingBracket(of: pointer) }
    /// Whether the value at `pointer` was present but failed to decode (already reported).
    package func isInvalid(_ pointer: JSONPointer) -> Bool { scene.invalid.contains(pointer) }

    /// A diagnostic at the code's default severity, with at most `relatedLimit` related places: a rule's output
    /// stays linear in the scene's size, however many things one place relates to.
    package func diagnostic(
        _ code: String, _ message: String, at range: Range<Int>, related: [Diagnostic.Related] = [],
        fixes: [Diagnostic.Fix] = []
    ) -> Diagnostic {
        Diagnostic(
            code: code, severity: Rules.defaultSeverity(of: code), message: message, range: range,
            related: Array(related.prefix(RuleContext.relatedLimit)), fixes: fixes)
    }

    /// The most related places one diagnostic shows.
    package static let relatedLimit = 10

    /// Every behavior of the scene in time order of its appearance: the list's behaviors (event nil), then
    /// those that events add, with the index of the adding event.
    package var allBehaviors: [(behavior: Behavior, event: Int?)] {
        var result: [(behavior: Behavior, event: Int?)] = scene.behaviors.map { ($0, nil) }
        for (index, event) in scene.events.enumerated() {
            if case .add(let behavior)? = event.action { result.append((behavior, index)) }
        }
        return result
    }

    /// A fix replacing a range with a text.
    package func replacement(_ range: Range<Int>, with text: String, title: String) -> Diagnostic.Fix {
        Diagnostic.Fix(title: title, edits: [Diagnostic.Edit(range: range, newText: text)])
    }
}
