import JSON
import RPC
import Testing

@testable import Server

/// Feature handlers written the way feature files write them: typed params in, typed result out.
extension LanguageServer {
    func testHover(_ params: LSP.TextDocumentPositionParams, _ context: RequestContext) throws -> LSP.Hover? {
        let document = try document(params.textDocument)
        let offset = document.offset(of: params.position)
        guard let range = document.json.sourceMap.valueRange(JSONPointer.root.appending("name")), range.contains(offset)
        else {
            return nil
        }
        return LSP.Hover(contents: .init(kind: .markdown, value: "the scene's name"), range: document.range(of: range))
    }

    func testFolding(_ params: LSP.TextDocumentParams, _ context: RequestContext) throws -> [LSP.FoldingRange] {
        let document = try document(params.textDocument)
        return [LSP.FoldingRange(startLine: 0, endLine: document.lineIndex.lineCount - 1)]
    }

    /// The real table without its own hover and folding routes, plus the two test handlers in their place.
    static var testRoutes: [Route] {
        dispatchTable.filter { !["textDocument/hover", "textDocument/foldingRange"].contains($0.method) } + [
            .request("textDocument/hover", capability: .provider("hoverProvider", true), LanguageServer.testHover),
            .request(
                "textDocument/foldingRange",
                capability: .provider("foldingRangeProvider") { client in
                    client.positionEncodings.isEmpty ? nil : .bool(true)
                }, LanguageServer.testFolding),
        ]
    }
}

@Suite("Routes")
struct RouteTests {
    @Test("routes announce their capabilities in initialize, computed from the client's when they ask")
    func capabilities() throws {
        let plain = TestClient(routes: LanguageServer.testRoutes)
        let result = try LSP.InitializeResult(
            json: plain.request("initialize", #"{"capabilities": {}}"#).get(), path: "r")
        #expect(result.capabilities.providers["hoverProvider"] == .bool(true))
        #expect(result.capabilities.providers["foldingRangeProvider"] == nil)

        let rich = TestClient(routes: LanguageServer.testRoutes)
        let richResult = try LSP.InitializeResult(
            json: rich.request(
                "initialize", #"{"capabilities": {"general": {"positionEncodings": ["utf-16"]}}}"#
            ).get(), path: "r")
        #expect(richResult.capabilities.providers["hoverProvider"] == .bool(true))
        #expect(richResult.capabilities.providers["foldingRangeProvider"] == .bool(true))
    }

    @Test("typed handlers decode params, encode results (nil as null) and see the latest version")
    func typedHandlers() throws {
        let client = try TestClient.initialized(routes: LanguageServer.testRoutes)
        let uri = "file:///r.dynamics.json"
        client.open(uri, scene())
        let onName = try #require(position(of: #""demo""#, in: scene(), encoding: "utf-16"))
        let hover = try client.request(
            "textDocument/hover",
            #"{"textDocument": {"uri": "\#(uri)"}, "position": {"line": \#(onName.line), "character": \#(onName.character + 1)}}"#
        ).get()
        #expect(try LSP.Hover(json: hover, path: "r").range?.start == onName)
        #expect(
            try client.request(
                "textDocument/hover", #"{"textDocument": {"uri": "\#(uri)"}, "position": {"line": 2, "character": 0}}"#
            ).get() == .null)
        client.change(uri, version: 2, [.init(text: "{\n\n\n}")])
        let folding = try client.request("textDocument/foldingRange", #"{"textDocument": {"uri": "\#(uri)"}}"#).get()
        #expect(folding == .array([LSP.FoldingRange(startLine: 0, endLine: 3).json]))
        #expect(
            client.request("textDocument/foldingRange", #"{"textDocument": {"uri": "file:///closed.dynamics.json"}}"#)
                == .failure(.invalidParams("file:///closed.dynamics.json is not an open scene")))
    }
}
