// completionItem/resolve: the documentation of an id completion, given when the editor shows the item instead
// of for every id of the list (a 5,000-item scene would otherwise describe 5,000 items per keystroke).
import JSON
import RPC

extension LanguageServer {
    /// Fills in the documentation of an item or behavior id offered by `textDocument/completion`. Anything else
    /// (an item of another kind, an item whose document is closed or whose id is gone) comes back as it is.
    func resolveCompletion(_ item: LSP.CompletionItem, _ context: RequestContext) throws -> LSP.CompletionItem {
        guard item.documentation == nil, let data = CompletionResolveData(json: item.data),
            let document = documents[data.uri]
        else {
            return item
        }
        let facts = SceneFactsCache.facts(for: document, in: self)
        let markdown = client.completionDocumentationFormats.contains("markdown")
        var resolved = item
        switch data {
        case .item(_, let id): resolved.documentation = ItemDescription(facts: facts).describe(id, markdown: markdown)
        case .behavior(_, let id):
            resolved.documentation = BehaviorDescription(facts: facts).describe(id, markdown: markdown)
        }
        return resolved
    }
}
