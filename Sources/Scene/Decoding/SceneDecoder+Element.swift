import JSON

// Decoding one element of `items` or `behaviors` on its own, for the language server's edits: with the context a
// full decode gathered (the ids in use), the element's model, diagnostics and invalid pointers are what the full
// decode would give for it.
extension SceneDecoder {
    /// One decoded element.
    struct Element {
        var item: Item?
        var behavior: Behavior?
        var diagnostics: [Diagnostic]
        var invalid: Set<JSONPointer>
    }

    /// Decodes `/items/N` or `/behaviors/N` of a valid document; nil for any other pointer or a missing value.
    static func decodeElement(
        _ document: JSONDocument, at pointer: JSONPointer, context: DecodingContext?, fileName: String?
    ) -> Element? {
        guard pointer.segments.count == 2, case .key(let list) = pointer.segments[0],
            case .index(let index) = pointer.segments[1],
            let elements = document.root?.objectValue?[list]?.arrayValue, elements.indices.contains(index)
        else { return nil }
        let decoder = SceneDecoder(document: document, fileName: fileName)
        if let context { decoder.context = context }
        switch list {
        case "items":
            let item = decoder.decodeItem(elements[index], at: pointer)
            return Element(item: item, diagnostics: decoder.diagnostics, invalid: decoder.invalid)
        case "behaviors":
            let behavior = decoder.decodeBehavior(elements[index], at: pointer)
            return Element(behavior: behavior, diagnostics: decoder.diagnostics, invalid: decoder.invalid)
        default:
            return nil
        }
    }

    /// The `json.*` diagnostics of a document (syntax, unsupported values, duplicate keys).
    static func jsonDiagnostics(_ document: JSONDocument) -> [Diagnostic] {
        let decoder = SceneDecoder(document: document, fileName: nil)
        decoder.reportJSONProblems()
        return decoder.diagnostics
    }
}
