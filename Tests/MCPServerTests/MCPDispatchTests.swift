import JSON
import RPC
import Testing

@testable import MCPServer

/// Keeps what the server sends.
final class RecordingSink: MessageSink {
    private let messages = Locked<[Message]>([])

    func send(_ message: Message) {
        messages.withLock { $0.append(message) }
    }

    var sent: [Message] { messages.current }

    /// The response to request `id` (nil when there is none).
    func response(to id: Int) -> Response? {
        for case .response(let response) in sent where response.id == .number(id) { return response }
        return nil
    }
}

/// A server in `folder` fed `messages` (JSON texts), after which its running calls are awaited.
func session(_ messages: [String], folder: String = "/tmp") -> RecordingSink {
    let sink = RecordingSink()
    let server = MCPServer(output: sink, workingDirectory: folder)
    for text in messages {
        guard case .success(let message) = Message.decode(body: Array(text.utf8)) else {
            Issue.record("not a message: \(text)")
            continue
        }
        server.handle(message)
    }
    server.finish()
    return sink
}

/// An initialize request asking for `version`.
func initializeRequest(version: String) -> String {
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":""#
        + version + #"","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
}

let initialize = initializeRequest(version: "2025-06-18")

@Suite("MCP dispatch")
struct MCPDispatchTests {
    @Test("initialize answers the client's revision when the server speaks it, else the server's newest")
    func versionNegotiation() throws {
        let known = session([initialize])
        let result = try #require(try known.response(to: 1)?.result.get().objectValue)
        #expect(result["protocolVersion"] == .string("2025-06-18"))
        #expect(result["serverInfo"]?.objectValue?["name"] == .string("impulse"))
        #expect(result["capabilities"]?.objectValue?["tools"] != nil)

        let older = session([initializeRequest(version: "2024-11-05")])
        #expect(try older.response(to: 1)?.result.get().objectValue?["protocolVersion"] == .string("2024-11-05"))
        let future = session([initializeRequest(version: "2999-01-01")])
        #expect(try future.response(to: 1)?.result.get().objectValue?["protocolVersion"] == .string("2025-06-18"))
    }

    @Test("an unknown method is −32601, bad params −32602, and the session goes on serving")
    func protocolErrors() throws {
        let sink = session([
            initialize,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/frobnicate"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope"}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":7}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"ping"}"#,
        ])
        #expect(sink.response(to: 2)?.result.errorValue?.code == .methodNotFound)
        #expect(sink.response(to: 3)?.result.errorValue?.code == .invalidParams)
        #expect(sink.response(to: 4)?.result.errorValue?.code == .invalidParams)
        #expect(sink.response(to: 5)?.result.errorValue?.code == .invalidParams)
        #expect(try sink.response(to: 6)?.result.get() == .object(JSONObject()))
    }

    @Test("a mistake in a tool's arguments is an isError result that says what is wrong")
    func toolMistakes() throws {
        let sink = session([
            initialize,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lint","arguments":{}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"preview","arguments":{"text":"{}","frames":2,"duration":1}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"explain","arguments":{"code":"scene.unknownkey"}}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"lint","arguments":{"text":"{}","colour":true}}}"#,
        ])
        for (id, words) in [
            (2, "\"path\" (a file) or \"text\""), (3, "not both"), (4, "scene.unknownKey"),
            (5, "no argument \"colour\""),
        ] {
            let result = try #require(try sink.response(to: id)?.result.get().objectValue, "response \(id)")
            #expect(result["isError"] == .bool(true), "response \(id)")
            let text = result["content"]?.arrayValue?.first?.objectValue?["text"]?.stringValue ?? ""
            #expect(text.contains(words), "response \(id): \(text)")
            #expect(result["structuredContent"] == nil)
        }
    }

    @Test("lint of a scene's text answers structured diagnostics with their fixes as text edits")
    func lintText() throws {
        let scene =
            #"{\"format\":1,\"name\":\"s\",\"items\":[{\"id\":\"a\",\"shape\":\"rect\",\"size\":[10,10],\"centre\":[5,5]}]}"#
        let sink = session([
            initialize,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lint","arguments":{"text":"\#(scene)"}}}"#,
        ])
        let result = try #require(try sink.response(to: 2)?.result.get().objectValue)
        #expect(result["isError"] == .bool(false))
        let structured = try #require(result["structuredContent"]?.objectValue)
        let diagnostics = try #require(structured["diagnostics"]?.arrayValue)
        #expect(diagnostics.contains { $0.objectValue?["code"] == .string("scene.unknownKey") })
        // The item misses its center: the fix inserts one, as the language server's quick fix does.
        let missing = try #require(
            diagnostics.first {
                $0.objectValue?["code"] == .string("scene.missingKey")
                    && $0.objectValue?["message"]?.stringValue?.contains("center") == true
            })
        let fix = try #require(missing.objectValue?["fixes"]?.arrayValue?.first?.objectValue)
        let edit = try #require(fix["edits"]?.arrayValue?.first?.objectValue)
        #expect(edit["newText"] == .string("\"center\": [0, 0], "))
        #expect(
            edit["range"]?.objectValue?["start"]
                == .object(JSONObject([("line", .number(1)), ("column", .number(34))])))
    }

    @Test("a cancelled call gets no response; a cancellation for an unknown request changes nothing")
    func cancellationOfUnknownRequest() throws {
        let sink = session([
            initialize,
            #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99,"reason":"x"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
        ])
        #expect(sink.sent.count == 2)
        #expect(sink.response(to: 2) != nil)
    }

    @Test("resources list three, the template names the rule pages, and an unknown URI is −32002")
    func resources() throws {
        let sink = session([
            initialize,
            #"{"jsonrpc":"2.0","id":2,"method":"resources/list"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"resources/templates/list"}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{"uri":"impulse://rules/scene.unknownKey"}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"impulse://nothing"}}"#,
        ])
        let listed = try sink.response(to: 2)?.result.get().objectValue?["resources"]?.arrayValue ?? []
        #expect(
            listed.compactMap { $0.objectValue?["uri"]?.stringValue }
                == ["impulse://schema", "impulse://rules", "impulse://docs/scene-format"])
        let templates = try sink.response(to: 3)?.result.get().objectValue?["resourceTemplates"]?.arrayValue ?? []
        #expect(templates.first?.objectValue?["uriTemplate"] == .string("impulse://rules/{code}"))
        let page = try sink.response(to: 4)?.result.get().objectValue?["contents"]?.arrayValue?.first?.objectValue
        #expect(page?["text"]?.stringValue?.hasPrefix("# `scene.unknownKey`") == true)
        #expect(sink.response(to: 5)?.result.errorValue?.code.rawValue == -32002)
    }

    @Test("file URIs of roots become paths, percent-decoded; other schemes are not paths")
    func fileURIs() {
        #expect(Workspace.path(ofFileURI: "file:///home/a%20b/c") == "/home/a b/c")
        #expect(Workspace.path(ofFileURI: "file://localhost/x") == "/x")
        #expect(Workspace.path(ofFileURI: "https://example.com/x") == nil)
        #expect(Workspace.path(ofFileURI: "file://host/x") == nil)
    }
}

extension Result {
    var errorValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
