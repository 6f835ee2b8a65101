// textDocument/definition: from an id (a definition or a reference) to where it is defined.
import RPC

extension LanguageServer {
    /// The definitions of the item, behavior or boundary id at the cursor (several when the id is defined twice),
    /// each the whole id string; null when the cursor is not on an id or the id is defined nowhere.
    func definition(_ params: LSP.TextDocumentPositionParams, _ context: RequestContext) throws -> [LSP.Location]? {
        let document = try document(params.textDocument)
        let index = IdentifierIndex(document.json)
        guard let occurrence = index.occurrence(at: document.offset(of: params.position)) else { return nil }
        let definitions = index.definitions(of: occurrence)
        guard !definitions.isEmpty else { return nil }
        return definitions.map { LSP.Location(uri: document.uri, range: document.range(of: $0.range)) }
    }
}
