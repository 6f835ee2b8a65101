// textDocument/completion: keys, values, ids and snippets at the cursor, also in text that is not valid
// JSON yet (see Completion/CompletionBuilder.swift).
import JSON
import RPC

extension LanguageServer {
    /// The characters after which editors ask for completions on their own: a key or string begins, a value
    /// follows, an element follows.
    static let completionTriggerCharacters = ["\"", ":", ",", "[", "{"]

    func completion(_ params: LSP.CompletionParams, _ context: RequestContext) throws -> LSP.CompletionList {
        let document = try document(params.textDocument)
        var builder = CompletionBuilder(
            document: document, offset: document.offset(of: params.position),
            facts: SceneFactsCache.facts(for: document, in: self),
            snippets: client.completionSnippets, markdown: client.completionDocumentationFormats.contains("markdown"),
            detailOnResolve: client.completionResolvableProperties.contains("detail"))
        let list = builder.list()
        return client.completionItemDefaults.contains("editRange") ? list.sharingEditRange() : list
    }

    /// `completionProvider`: the trigger characters, and `completionItem/resolve` for the documentation of ids.
    static var completionCapability: CapabilityEntry {
        .provider(
            "completionProvider",
            JSONValue.object(
                JSONObject([
                    ("triggerCharacters", .array(completionTriggerCharacters.map { .string($0) })),
                    ("resolveProvider", .bool(true)),
                ])))
    }
}
