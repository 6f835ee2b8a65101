import JSON
import Testing

@testable import RPC

/// Decodes `value.json` back and compares.
func roundTrip<T: LSPDecodable & LSPEncodable & Equatable>(
    _ value: T, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let decoded = try T(json: value.json, path: "params")
    #expect(decoded == value, sourceLocation: sourceLocation)
    // Through bytes too: what goes on the wire reads back the same.
    let reparsed = try #require(JSONValue.parse(value.json.serialized()), sourceLocation: sourceLocation)
    #expect(try T(json: reparsed, path: "params") == value, sourceLocation: sourceLocation)
}

/// The invalidParams message thrown when decoding `text` as `T`, or nil when it decodes.
func decodingError<T: LSPDecodable>(_ type: T.Type, _ text: String) -> String? {
    do {
        _ = try T(json: JSONValue.parse(text)!, path: "params")
        return nil
    } catch let error as ResponseError {
        #expect(error.code == .invalidParams)
        return error.message
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

@Suite("Typed LSP structures")
struct LSPMessagesTests {
    static let range = LSP.Range(start: .init(line: 1, character: 2), end: .init(line: 3, character: 0))
    static let document = LSP.TextDocumentIdentifier(uri: "file:///tmp/a%20b.dynamics.json")

    @Test("basic structures round-trip")
    func basics() throws {
        try roundTrip(LSP.Position(line: 0, character: 0))
        try roundTrip(Self.range)
        try roundTrip(LSP.Location(uri: "file:///x", range: Self.range))
        try roundTrip(LSP.VersionedTextDocumentIdentifier(uri: "file:///x", version: 7))
        try roundTrip(
            LSP.TextDocumentItem(uri: "file:///x", languageID: "dynamics-scene", version: 1, text: "{\"é\": \"😀\"}\n"))
        try roundTrip(
            LSP.TextDocumentPositionParams(textDocument: Self.document, position: .init(line: 4, character: 9)))
        try roundTrip(LSP.TextEdit(range: Self.range, newText: "x"))
        try roundTrip(
            LSP.WorkspaceEdit(changes: [
                ("file:///b", [LSP.TextEdit(range: Self.range, newText: "")]), ("file:///a", []),
            ]))
        try roundTrip(LSP.MarkupContent(kind: .markdown, value: "**x**"))
        try roundTrip(LSP.Command(title: "▶ Preview", command: "impulse.preview", arguments: [.string("file:///x")]))
        try roundTrip(LSP.Command(title: "t", command: "c"))
    }

    @Test("lifecycle structures round-trip and the client capabilities the server uses are read")
    func lifecycle() throws {
        let capabilities = try LSP.ClientCapabilities(
            json: JSONValue.parse(
                #"""
                {"general": {"positionEncodings": ["utf-16", "utf-8"]},
                 "textDocument": {"diagnostic": {"dynamicRegistration": false},
                                  "completion": {"completionItem": {"snippetSupport": true, "documentationFormat": ["markdown", "plaintext"]}},
                                  "publishDiagnostics": {"relatedInformation": true}},
                 "workspace": {"configuration": true, "diagnostics": {"refreshSupport": true},
                               "didChangeWatchedFiles": {"dynamicRegistration": true}},
                 "window": {"workDoneProgress": true}}
                """#)!, path: "params.capabilities")
        #expect(capabilities.positionEncodings == ["utf-16", "utf-8"])
        #expect(capabilities.pullDiagnostics)
        #expect(capabilities.completionSnippets)
        #expect(capabilities.completionDocumentationFormats == ["markdown", "plaintext"])
        #expect(capabilities.diagnosticRelatedInformation)
        #expect(capabilities.workspaceConfiguration)
        #expect(capabilities.diagnosticRefresh)
        #expect(capabilities.watchedFilesRegistration)
        #expect(capabilities.workDoneProgress)
        #expect(!capabilities.hierarchicalDocumentSymbols)

        let empty = LSP.ClientCapabilities()
        #expect(empty.positionEncodings.isEmpty && !empty.pullDiagnostics && !empty.workspaceConfiguration)
        // Odd capability values count as absent rather than failing initialize.
        let odd = try LSP.ClientCapabilities(
            json: JSONValue.parse(
                #"{"general": {"positionEncodings": "utf-8"}, "workspace": {"configuration": "yes"}}"#)!, path: "c")
        #expect(odd.positionEncodings.isEmpty && !odd.workspaceConfiguration)

        try roundTrip(
            LSP.InitializeParams(
                processID: 12, clientInfo: .init(name: "vscode", version: "1.90"), rootURI: "file:///w",
                capabilities: capabilities))
        try roundTrip(LSP.InitializeParams())
        try roundTrip(
            LSP.InitializeResult(
                capabilities: LSP.ServerCapabilities(
                    positionEncoding: "utf-8",
                    textDocumentSync: .init(openClose: true, change: .incremental, saveIncludesText: false),
                    diagnosticProvider: .init(
                        identifier: "impulse", interFileDependencies: false, workspaceDiagnostics: false),
                    providers: JSONObject([("hoverProvider", .bool(true))])),
                serverName: "impulse", serverVersion: "1.0"))
        #expect(decodingError(LSP.InitializeParams.self, "null") == "params: expected an object, not null")
        #expect(try LSP.InitializeParams(json: JSONValue.parse("{}")!, path: "params") == LSP.InitializeParams())
    }

    @Test("text synchronization and diagnostics round-trip")
    func textAndDiagnostics() throws {
        try roundTrip(
            LSP.DidOpenTextDocumentParams(
                textDocument: .init(uri: "file:///x", languageID: "json", version: 0, text: "{}")))
        try roundTrip(
            LSP.DidChangeTextDocumentParams(
                textDocument: .init(uri: "file:///x", version: 2),
                contentChanges: [.init(range: Self.range, rangeLength: 3, text: "a"), .init(text: "{}")]))
        try roundTrip(LSP.DidCloseTextDocumentParams(textDocument: Self.document))
        try roundTrip(LSP.DidSaveTextDocumentParams(textDocument: Self.document, text: nil))
        let diagnostic = LSP.Diagnostic(
            range: Self.range, severity: .warning, code: "scene.unknownKey", codeDescriptionURL: "https://x/y",
            source: "impulse",
            message: "Unknown key", tags: [.unnecessary],
            relatedInformation: [.init(location: .init(uri: "file:///x", range: Self.range), message: "first here")],
            data: .object(JSONObject([("fix", .number(0))])))
        try roundTrip(diagnostic)
        try roundTrip(LSP.Diagnostic(range: Self.range, severity: nil, message: "m"))
        try roundTrip(LSP.PublishDiagnosticsParams(uri: "file:///x", version: 3, diagnostics: [diagnostic]))
        try roundTrip(LSP.PublishDiagnosticsParams(uri: "file:///x", version: nil, diagnostics: []))
        try roundTrip(
            LSP.DocumentDiagnosticParams(textDocument: Self.document, identifier: "impulse", previousResultID: "4"))
        try roundTrip(LSP.DocumentDiagnosticReport.full(resultID: "5", items: [diagnostic]))
        try roundTrip(LSP.DocumentDiagnosticReport.unchanged(resultID: "5"))
        // An integer code from another tool reads as its decimal text.
        #expect(
            try LSP.Diagnostic(
                json: JSONValue.parse(
                    #"{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"code":42,"message":"m"}"#
                )!, path: "d"
            ).code == "42")
    }

    @Test("workspace, window and feature structures round-trip")
    func workspaceAndFeatures() throws {
        try roundTrip(LSP.ConfigurationParams(items: [.init(scopeURI: "file:///w", section: "impulse")]))
        try roundTrip(
            LSP.DidChangeConfigurationParams(
                settings: .object(JSONObject([("impulse", .object(JSONObject([("simulate", .bool(true))])))]))))
        try roundTrip(LSP.DidChangeWatchedFilesParams(changes: [.init(uri: "file:///w/.impulse.json", type: .changed)]))
        try roundTrip(
            LSP.RegistrationParams(registrations: [
                .init(
                    id: "1", method: "workspace/didChangeWatchedFiles",
                    registerOptions: .object(JSONObject([("watchers", .array([]))])))
            ]))
        try roundTrip(
            LSP.ExecuteCommandParams(
                command: "impulse.preview", arguments: [.string("file:///x")], workDoneToken: .string("t")))
        try roundTrip(LSP.CancelParams(id: .number(3)))
        try roundTrip(LSP.MessageParams(type: .warning, message: "bad config"))
        try roundTrip(LSP.WorkDoneProgress.begin(title: "Preview", cancellable: true, message: nil, percentage: 0))
        try roundTrip(LSP.WorkDoneProgress.report(cancellable: nil, message: "frame 60", percentage: 50))
        try roundTrip(LSP.WorkDoneProgress.end(message: nil))
        try roundTrip(LSP.ProgressParams(token: .number(1), value: LSP.WorkDoneProgress.end(message: "done").json))

        try roundTrip(
            LSP.CompletionParams(
                textDocument: Self.document, position: .init(line: 1, character: 1), triggerKind: .triggerCharacter,
                triggerCharacter: "\""))
        try roundTrip(
            LSP.CompletionList(
                isIncomplete: false,
                items: [
                    LSP.CompletionItem(
                        label: "elasticity", kind: .property, detail: "number",
                        documentation: .init(kind: .markdown, value: "x"),
                        sortText: "0", insertText: "\"elasticity\": $1", insertTextFormat: .snippet,
                        textEdit: .init(range: Self.range, newText: "e"), commitCharacters: [":"])
                ]))
        try roundTrip(LSP.Hover(contents: .init(kind: .plaintext, value: "h"), range: Self.range))
        try roundTrip(
            LSP.ReferenceParams(
                textDocument: Self.document, position: .init(line: 0, character: 1), includeDeclaration: true))
        try roundTrip(
            LSP.RenameParams(textDocument: Self.document, position: .init(line: 0, character: 1), newName: "ball"))
        try roundTrip(LSP.PrepareRenameResult(range: Self.range, placeholder: "ball"))
        try roundTrip(
            LSP.DocumentSymbol(
                name: "items", kind: .array, range: Self.range, selectionRange: Self.range,
                children: [
                    LSP.DocumentSymbol(
                        name: "ball", detail: "item", kind: .object, range: Self.range, selectionRange: Self.range)
                ]))
        try roundTrip(LSP.FoldingRange(startLine: 1, endLine: 4, kind: .region))
        try roundTrip(LSP.SelectionRangeParams(textDocument: Self.document, positions: [.init(line: 0, character: 0)]))
        try roundTrip(
            LSP.SelectionRange(
                range: Self.range,
                parents: [
                    Self.range, LSP.Range(start: .init(line: 0, character: 0), end: .init(line: 9, character: 0)),
                ]))
        try roundTrip(LSP.InlayHintParams(textDocument: Self.document, range: Self.range))
        try roundTrip(
            LSP.InlayHint(position: .init(line: 2, character: 5), label: "mass 1.6", kind: .type, paddingLeft: true))
        try roundTrip(
            LSP.CodeLens(
                range: Self.range,
                command: .init(title: "▶ Preview", command: "impulse.preview", arguments: [.string("u")])))
        try roundTrip(
            LSP.CodeActionParams(textDocument: Self.document, range: Self.range, diagnostics: [], only: [.quickFix]))
        try roundTrip(
            LSP.CodeAction(
                title: "Replace with 'elasticity'", kind: .quickFix, isPreferred: true,
                edit: .init(changes: [("file:///x", [.init(range: Self.range, newText: "\"elasticity\"")])])))
        try roundTrip(
            LSP.DocumentFormattingParams(
                textDocument: Self.document, options: .init(tabSize: 4, insertSpaces: true, insertFinalNewline: true)))
        #expect(LSP.CodeActionKind(rawValue: "quickfix.impulse").isIncluded(in: .quickFix))
        #expect(!LSP.CodeActionKind(rawValue: "quickfixes").isIncluded(in: .quickFix))
    }

    @Test("wrong shapes throw invalidParams naming the field")
    func wrongShapes() {
        #expect(
            decodingError(LSP.Position.self, #"{"line": "1", "character": 0}"#)
                == "params.line: expected an integer, not string")
        #expect(
            decodingError(LSP.Position.self, #"{"line": -1, "character": 0}"#)
                == "params.line: expected an integer of at least 0, not -1")
        #expect(
            decodingError(LSP.Position.self, #"{"line": 1.5, "character": 0}"#)
                == "params.line: expected an integer, not number")
        #expect(decodingError(LSP.Position.self, #"{"line": 1}"#) == "params.character is missing")
        #expect(decodingError(LSP.Position.self, "[]") == "params: expected an object, not array")
        #expect(
            decodingError(
                LSP.TextDocumentPositionParams.self,
                #"{"textDocument": {"uri": 5}, "position": {"line": 0, "character": 0}}"#)
                == "params.textDocument.uri: expected a string, not number")
        #expect(
            decodingError(
                LSP.DidChangeTextDocumentParams.self,
                #"{"textDocument": {"uri": "u", "version": 1}, "contentChanges": [{"text": "a"}, {"range": 1, "text": ""}]}"#
            )
                == "params.contentChanges[1].range: expected an object, not number")
        #expect(
            decodingError(LSP.FileEvent.self, #"{"uri": "u", "type": 9}"#) == "params.type: unknown file change type 9")
        #expect(
            decodingError(LSP.CancelParams.self, #"{"id": true}"#)
                == "params.id: expected an integer or a string, not boolean")
        #expect(
            decodingError(LSP.MarkupContent.self, #"{"kind": "html", "value": ""}"#)
                == "params.kind: unknown markup kind 'html'")
        #expect(decodingError(LSP.Position.self, #"{"line": 0, "character": 0}"#) == nil)
    }
}
