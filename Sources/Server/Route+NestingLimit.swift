// Requests about a document's structure, on a document nested deeper than the parser's limit.
//
// `{"items": ` followed by 100 000 `[` is JSON the linter refuses in 0.1 s (`json.unsupported`), but its
// values nest 100 000 deep: a request that walks the path from the root to the cursor, or builds a pointer per
// level, costs depth² (the server once grew to 23.7 GB on a completion there and was killed). Such a document
// has no scene to complete, fold or describe, so these requests answer `null` (the empty answer every one of
// them allows) without looking at it. Diagnostics still come from the linter.
import JSON
import RPC

extension Route {
    /// The same route, answering `null` when the request's `textDocument` is an open document nested deeper than
    /// the parser's limit.
    func answeringNullOnDocumentsNestedTooDeep() -> Route {
        guard case .request(let handle) = handler else { return self }
        return Route(
            method: method,
            handler: .request { server, params, context in
                if server.isNestedTooDeep(params) { return .null }
                return try handle(server, params, context)
            }, capability: capability)
    }
}

extension LanguageServer {
    /// Whether the params name (`textDocument.uri`) an open document nested deeper than the parser's limit.
    func isNestedTooDeep(_ params: JSONValue?) -> Bool {
        guard let uri = params?.objectValue?["textDocument"]?.objectValue?["uri"]?.stringValue,
            let document = documents[uri]
        else { return false }
        return document.json.isNestedTooDeep
    }
}
