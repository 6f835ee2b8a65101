// textDocument/references: every place an item, behavior or boundary id is named, in its own name space.
import RPC

extension LanguageServer {
    /// The strings naming the id at the cursor, in text order, with its definitions when the client asks for the
    /// declaration; null when the cursor is not on an id.
    func references(_ params: LSP.ReferenceParams, _ context: RequestContext) throws -> [LSP.Location]? {
        let document = try document(params.textDocument)
        let index = IdentifierIndex(document.json)
        guard let occurrence = index.occurrence(at: document.offset(of: params.position)) else { return nil }
        return index.occurrences(sameAs: occurrence)
            .filter { params.includeDeclaration || !$0.isDefinition }
            .map { LSP.Location(uri: document.uri, range: document.range(of: $0.range)) }
    }
}
