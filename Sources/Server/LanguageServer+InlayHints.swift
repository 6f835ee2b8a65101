// textDocument/inlayHint: an item's mass after its `size` (density × width × height / 10 000, with the
// density its dynamicItem behaviors give it), and an attachment's length at the start after its `anchor` or
// `attachedTo` when it gives no `length` (distance and limit attachments, whose length defaults to it).
// Only hints inside the requested range are returned, in text order.
import JSON
import RPC
import Scene

extension LanguageServer {
    func inlayHints(_ params: LSP.InlayHintParams, _ context: RequestContext) throws -> [LSP.InlayHint] {
        let document = try document(params.textDocument)
        let requested = document.byteRange(of: params.range)
        guard let scene = document.lint.scene else { return [] }
        let facts = SceneFactsCache.facts(for: document, in: self)
        let sourceMap = document.json.sourceMap
        var hints: [(offset: Int, hint: LSP.InlayHint)] = []

        func add(at offset: Int, label: String, tooltip: String) {
            guard requested.lowerBound <= offset, offset <= requested.upperBound else { return }
            hints.append(
                (
                    offset,
                    LSP.InlayHint(
                        position: document.position(of: offset), label: label,
                        tooltip: LSP.MarkupContent(kind: .plaintext, value: tooltip), paddingLeft: true)
                ))
        }

        for item in scene.items {
            guard let id = item.id, let size = item.size, let mass = facts.mass(of: item),
                let end = sourceMap.valueRange(item.pointer.appending("size"))?.upperBound
            else { continue }
            let density = facts.density(of: id).value
            add(
                at: end, label: "\(SceneFacts.format(mass)) kg",
                tooltip:
                    "mass = density × width × height / 10 000 = \(NumberText.format(density)) × \(NumberText.format(size.width)) × \(NumberText.format(size.height)) / 10 000"
            )
        }

        // Attachments of the list (one added by an event takes its length when it is added, not at the start).
        for behavior in scene.behaviors {
            guard case .attachment(let attachment)? = behavior.kind,
                [.distance, .limit].contains(attachment.resolvedKind),
                sourceMap[behavior.pointer.appending("length")] == nil,
                let length = facts.startLength(of: attachment)
            else { continue }
            let other = attachment.anchor != nil ? "anchor" : "attachedTo"
            guard let end = sourceMap.valueRange(behavior.pointer.appending(other))?.upperBound else { continue }
            add(
                at: end, label: "length: \(SceneFacts.format(length, decimals: 1))",
                tooltip:
                    "No length is given: the attachment keeps the distance at the start between the item's point and the \(other == "anchor" ? "anchor" : "other item's point")"
            )
        }
        return hints.sorted { $0.offset < $1.offset }.map(\.hint)
    }
}
