// completionItem/resolve: the documentation of an id completion, given when the editor shows the item instead
// of for every id of the list (a 5,000-item scene would otherwise describe 5,000 items per keystroke), and its
// detail for clients that resolve that too.
import JSON
import RPC

extension LanguageServer {
    /// Fills in the documentation and the detail of an item or behavior id offered by `textDocument/completion`,
    /// where they are missing. Anything else (an item of another kind, an item whose document is closed or whose
    /// id is gone) comes back as it is.
    func resolveCompletion(_ item: LSP.CompletionItem, _ context: RequestContext) throws -> LSP.CompletionItem {
        guard item.documentation == nil || item.detail == nil, let data = CompletionResolveData(json: item.data),
            let document = documents[data.uri]
        else {
            return item
        }
        let facts = SceneFactsCache.facts(for: document, in: self)
        let markdown = client.completionDocumentationFormats.contains("markdown")
        var resolved = item
        switch data {
        case .item(_, let id):
            let description = ItemDescription(facts: facts)
            resolved.documentation = item.documentation ?? description.describe(id, markdown: markdown)
            resolved.detail = item.detail ?? description.detail(id)
        case .behavior(_, let id):
            resolved.documentation =
                item.documentation ?? BehaviorDescription(facts: facts).describe(id, markdown: markdown)
            resolved.detail = item.detail ?? facts.behaviorType(of: id).map(BehaviorDescription.detail)
        }
        return resolved
    }
}
