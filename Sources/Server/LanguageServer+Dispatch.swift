// The one dispatch table: every method the server handles, one line each, grouped by concern.
//
// A feature handler lives in its own file (`LanguageServer+Hover.swift`) as a method of `LanguageServer`
// taking its typed params and a `RequestContext`, and is registered here with the capability it announces:
//
//     .request("textDocument/hover", capability: .provider("hoverProvider", true), LanguageServer.hover),
//
// `exit` is not in the table: the loop handles it itself, since it ends the process.
import JSON
import RPC

extension LanguageServer {
    static var dispatchTable: [Route] {
        [
            // Lifecycle (LanguageServer+Lifecycle.swift)
            .request("initialize", LanguageServer.initialize),
            .notification("initialized", LanguageServer.initialized),
            .request("shutdown", LanguageServer.shutdown),
            .notification("$/cancelRequest", LanguageServer.cancelRequest),

            // Document synchronization (LanguageServer+TextSync.swift)
            .notification("textDocument/didOpen", LanguageServer.didOpen),
            .notification("textDocument/didChange", LanguageServer.didChange),
            .notification("textDocument/didClose", LanguageServer.didClose),
            .notification("textDocument/didSave", LanguageServer.didSave),

            // Diagnostics (LanguageServer+Diagnostics.swift); `diagnosticProvider` is set by initialize.
            .request("textDocument/diagnostic", LanguageServer.documentDiagnostic),

            // Settings (LanguageServer+Configuration.swift)
            .notification("workspace/didChangeConfiguration", LanguageServer.didChangeConfiguration),
            .notification("workspace/didChangeWatchedFiles", LanguageServer.didChangeWatchedFiles),

            // Features: one file each, one line here.
            .request(
                "textDocument/definition", capability: .provider("definitionProvider", true), LanguageServer.definition
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/references", capability: .provider("referencesProvider", true), LanguageServer.references
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request("textDocument/prepareRename", LanguageServer.prepareRename)
                .answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/rename",
                capability: .provider("renameProvider") { client in
                    client.prepareRename ? .object(JSONObject([("prepareProvider", .bool(true))])) : .bool(true)
                }, LanguageServer.rename
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/documentSymbol", capability: .provider("documentSymbolProvider", true),
                LanguageServer.documentSymbols
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/foldingRange", capability: .provider("foldingRangeProvider", true),
                LanguageServer.foldingRanges
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/selectionRange", capability: .provider("selectionRangeProvider", true),
                LanguageServer.selectionRanges
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/codeAction",
                capability: .provider("codeActionProvider") { client in
                    client.codeActionLiterals
                        ? .object(JSONObject([("codeActionKinds", .array([.string("quickfix")]))])) : .bool(true)
                }, LanguageServer.codeActions
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/formatting", capability: .provider("documentFormattingProvider", true),
                LanguageServer.formatting
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/completion", capability: LanguageServer.completionCapability, LanguageServer.completion
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request("completionItem/resolve", LanguageServer.resolveCompletion),
            .request("textDocument/hover", capability: .provider("hoverProvider", true), LanguageServer.hover)
                .answeringNullOnDocumentsNestedTooDeep(),
            .request(
                "textDocument/inlayHint", capability: .provider("inlayHintProvider", true), LanguageServer.inlayHints
            ).answeringNullOnDocumentsNestedTooDeep(),
            .request("textDocument/codeLens", capability: LanguageServer.codeLensCapability, LanguageServer.codeLenses)
                .answeringNullOnDocumentsNestedTooDeep(),
            .background("impulse/preview", LanguageServer.preview),
            .background(
                "workspace/executeCommand", capability: LanguageServer.executeCommandCapability,
                LanguageServer.executeCommand),
        ]
    }
}
