// textDocument/prepareRename and textDocument/rename for item, behavior and boundary ids.
//
// A rename changes the definitions and every reference of the id in its own name space only (renaming item
// `hook` never touches a behavior `hook`), replacing each string's contents — its quotes stay — with the new
// name written as JSON string contents (escaped). A new name that is empty or already defined in that name
// space is refused with an error the editor shows. So is any rename in a text that is not valid JSON: the ids
// after the syntax error are not known, and a rename that silently misses some of them is worse than none.
import JSON
import RPC

extension LanguageServer {
    /// The contents of the id string at the cursor (without its quotes) and the id as the placeholder; null when
    /// the cursor is not on an id.
    func prepareRename(
        _ params: LSP.TextDocumentPositionParams, _ context: RequestContext
    ) throws -> LSP.PrepareRenameResult? {
        let document = try document(params.textDocument)
        let index = IdentifierIndex(document.json)
        guard let occurrence = index.occurrence(at: document.offset(of: params.position)) else { return nil }
        try requireComplete(document)
        return LSP.PrepareRenameResult(range: document.range(of: occurrence.contentRange), placeholder: occurrence.id)
    }

    func rename(_ params: LSP.RenameParams, _ context: RequestContext) throws -> LSP.WorkspaceEdit? {
        let document = try document(params.textDocument)
        let index = IdentifierIndex(document.json)
        guard let occurrence = index.occurrence(at: document.offset(of: params.position)) else {
            throw ResponseError.requestFailed(
                "Only item, behavior and boundary ids can be renamed; there is none at the cursor")
        }
        try requireComplete(document)
        let newName = params.newName
        guard !newName.isEmpty else {
            throw ResponseError.invalidParams("An id cannot be empty; give the \(occurrence.space) a name")
        }
        if newName.utf8.elementsEqual(occurrence.id.utf8) {
            return LSP.WorkspaceEdit(changes: [])
        }
        if index.isDefined(newName, in: occurrence.space) {
            throw ResponseError.requestFailed(
                "\(article(occurrence.space)) \(occurrence.space) named \(JSONValue.string(newName).serializedString()) exists already; choose another name"
            )
        }
        let contents = LanguageServer.jsonStringContents(newName)
        let edits = index.occurrences(sameAs: occurrence).map {
            document.textEdit(replacing: $0.contentRange, with: contents)
        }
        return LSP.WorkspaceEdit(changes: [(uri: document.uri, edits: edits)])
    }

    /// `text` as the contents of a JSON string literal (quotes, backslashes and control characters escaped).
    static func jsonStringContents(_ text: String) -> String {
        String(JSONValue.string(text).serializedString().dropFirst().dropLast())
    }

    /// Refuses to rename in a text that is not valid JSON, saying where it stops being JSON.
    private func requireComplete(_ document: Document) throws {
        guard !document.json.isValid else { return }
        let offset =
            document.json.syntaxError?.range.lowerBound ?? document.json.unsupported.first?.range.lowerBound ?? 0
        let line = document.lineIndex.line(of: offset) + 1
        throw ResponseError.requestFailed(
            "The scene is not valid JSON (line \(line)); fix that first, or a rename would miss the ids after it")
    }

    private func article(_ space: IdentifierIndex.Space) -> String {
        space == .item ? "An" : "A"
    }
}
