import JSON
import RPC
import Testing

@testable import Server

@Suite("Lifecycle")
struct LifecycleTests {
    @Test(
        "initialize announces incremental sync and the server, shutdown answers null, exit after shutdown is status 0")
    func orderlyLifecycle() throws {
        let client = TestClient()
        let result = try LSP.InitializeResult(
            json: client.request("initialize", #"{"capabilities": {}}"#).get(), path: "result")
        #expect(result.serverName == "impulse")
        #expect(
            result.capabilities.textDocumentSync
                == LSP.TextDocumentSyncOptions(openClose: true, change: .incremental, saveIncludesText: false))
        #expect(result.capabilities.positionEncoding == "utf-16")
        client.notify("initialized", "{}")
        #expect(try client.request("shutdown").get() == .null)
        #expect(client.notify("exit") == .exit(0))
    }

    @Test("exit without shutdown is status 1; the end of input counts as exit")
    func exitStatus() throws {
        let client = try TestClient.initialized()
        #expect(client.notify("exit") == .exit(1))
        #expect(client.server.handleEndOfInput() == 1)

        let polite = try TestClient.initialized()
        _ = polite.request("shutdown")
        #expect(polite.server.handleEndOfInput() == 0)

        // Even a client that never initialized may exit.
        #expect(TestClient().notify("exit") == .exit(1))
    }

    @Test("requests before initialize get −32002 and notifications are dropped")
    func beforeInitialize() throws {
        let client = TestClient()
        for method in ["shutdown", "textDocument/diagnostic", "no/such/method", "$/unknown"] {
            #expect(client.request(method, "{}") == .failure(.serverNotInitialized), "\(method)")
        }
        client.open("file:///a.dynamics.json", scene())
        #expect(try client.published().isEmpty)
        #expect(client.server.documents.isEmpty)
        // The server still initializes normally afterwards.
        #expect((try? client.request("initialize", #"{"capabilities": {}}"#).get()) != nil)
    }

    @Test("a second initialize is an invalid request; requests after shutdown are invalid requests")
    func repeatedInitializeAndAfterShutdown() throws {
        let client = try TestClient.initialized()
        #expect((try? client.request("initialize", #"{"capabilities": {}}"#).get()) == nil)
        _ = client.request("shutdown")
        let after = client.request("textDocument/diagnostic", #"{"textDocument": {"uri": "file:///a.dynamics.json"}}"#)
        guard case .failure(let error) = after else {
            Issue.record("expected an error after shutdown")
            return
        }
        #expect(error.code == .invalidRequest)
    }

    @Test("initialize with params of the wrong shape is −32602 and leaves the server uninitialized")
    func badInitialize() {
        let client = TestClient()
        let result = client.request("initialize", #"{"capabilities": {}, "processId": "me"}"#)
        guard case .failure(let error) = result else {
            Issue.record("expected invalid params")
            return
        }
        #expect(error.code == .invalidParams)
        #expect(error.message == "params.processId: expected an integer, not string")
        #expect(client.request("shutdown") == .failure(.serverNotInitialized))
    }

    @Test("utf-8 is chosen whenever the client lists it, otherwise utf-16")
    func encodingNegotiation() throws {
        let cases: [(String, String)] = [
            (#"{"general": {"positionEncodings": ["utf-16", "utf-8"]}}"#, "utf-8"),
            (#"{"general": {"positionEncodings": ["utf-8"]}}"#, "utf-8"),
            (#"{"general": {"positionEncodings": ["utf-32", "utf-16"]}}"#, "utf-16"),
            (#"{"general": {"positionEncodings": []}}"#, "utf-16"),
            (#"{}"#, "utf-16"),
        ]
        for (capabilities, expected) in cases {
            let client = TestClient()
            let result = try LSP.InitializeResult(
                json: client.request("initialize", #"{"capabilities": \#(capabilities)}"#).get(), path: "result")
            #expect(result.capabilities.positionEncoding == expected, "\(capabilities)")
        }
    }

    @Test("diagnostic positions are counted in the negotiated encoding")
    func positionsFollowEncoding() throws {
        let text = scene(extra: #" "bogus": 1,"#, name: "😀 é")
        for encoding in ["utf-8", "utf-16"] {
            let client = try TestClient.initialized(
                capabilities: #"{"general": {"positionEncodings": ["\#(encoding)"]}}"#)
            client.open("file:///a.dynamics.json", text)
            let published = try client.published()
            let unknown = published.last?.diagnostics.first { $0.code == "scene.unknownKey" }
            let start = try #require(position(of: #""bogus""#, in: text, encoding: encoding))
            #expect(unknown?.range.start == start, "\(encoding)")
            #expect(unknown?.range.end == LSP.Position(line: start.line, character: start.character + 7), "\(encoding)")
        }
    }

    @Test("unknown requests get −32601, $/ ones included; unknown notifications are ignored")
    func unknownMethods() throws {
        let client = try TestClient.initialized()
        _ = client.takeNotifications("window/logMessage")
        #expect(client.request("impulse/noSuchThing", "{}") == .failure(.methodNotFound("impulse/noSuchThing")))
        #expect(client.request("$/noSuchThing") == .failure(.methodNotFound("$/noSuchThing")))
        let asRequest = client.request("textDocument/didSave", #"{"textDocument": {"uri": "file:///x"}}"#)
        #expect((try? asRequest.get()) == nil)
        #expect(client.notify("$/setTrace", #"{"value": "off"}"#) == .proceed)
        #expect(client.notify("some/notification", "{}") == .proceed)
        client.collect()
        #expect(client.inbox.isEmpty)
    }

    @Test("requests with params of the wrong shape get −32602 naming the field")
    func invalidParams() throws {
        let client = try TestClient.initialized(capabilities: #"{"textDocument": {"diagnostic": {}}}"#)
        let result = client.request("textDocument/diagnostic", #"{"textDocument": {"uri": 3}}"#)
        #expect(result == .failure(.invalidParams("params.textDocument.uri: expected a string, not number")))
        #expect(
            client.request("textDocument/diagnostic")
                == .failure(.invalidParams("params: expected an object, not null")))
        // A notification with bad params is logged and dropped; the server keeps serving.
        #expect(
            client.notify("textDocument/didOpen", #"{"textDocument": {"uri": "file:///a.dynamics.json"}}"#) == .proceed)
        #expect(client.logLines.current.contains { $0.contains("params.textDocument.languageId is missing") })
        #expect(client.server.documents.isEmpty)
    }
}
