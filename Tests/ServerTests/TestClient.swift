import JSON
import RPC
import Scene
import Testing

@testable import Server

/// A `MessageSink` that records what the server sends.
final class RecordingSink: MessageSink {
    private let messages = Locked<[Message]>([])

    func send(_ message: Message) {
        messages.withLock { $0.append(message) }
    }

    /// Everything sent since the last call.
    func take() -> [Message] {
        messages.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
    }
}

/// Drives a server in process, as an editor would.
final class TestClient {
    let sink = RecordingSink()
    let server: LanguageServer
    let logLines = Locked<[String]>([])
    private var nextID = 1
    /// Messages received and not yet looked at.
    private(set) var inbox: [Message] = []

    init(routes: [Route]? = nil, simulator: (@Sendable (LintResult) -> [Diagnostic]?)? = nil) {
        let lines = logLines
        let log: @Sendable (String) -> Void = { line in lines.withLock { $0.append(line) } }
        server = LanguageServer(
            output: sink, log: log, routes: routes ?? LanguageServer.dispatchTable, simulator: simulator)
    }

    /// An initialized client with the given capabilities (JSON text).
    static func initialized(
        capabilities: String = "{}", routes: [Route]? = nil, simulator: (@Sendable (LintResult) -> [Diagnostic]?)? = nil
    ) throws -> TestClient {
        let client = TestClient(routes: routes, simulator: simulator)
        let result = try client.request(
            "initialize", #"{"processId": null, "rootUri": null, "capabilities": \#(capabilities)}"#
        ).get()
        #expect(result.objectValue?["capabilities"] != nil)
        client.notify("initialized", "{}")
        return client
    }

    func json(_ text: String) -> JSONValue {
        guard let value = JSONValue.parse(text) else {
            Issue.record("test JSON does not parse: \(text)")
            return .null
        }
        return value
    }

    /// Sends a request and returns its response (it must come at once: a loop-answered request).
    @discardableResult
    func request(_ method: String, _ params: String? = nil) -> Result<JSONValue, ResponseError> {
        let id = send(method, params)
        collect()
        guard let response = takeResponse(id) else {
            Issue.record("no response to \(method)")
            return .failure(.internalError("no response"))
        }
        return response.result
    }

    /// Sends a request without waiting for its answer; returns its id.
    @discardableResult
    func send(_ method: String, _ params: String? = nil) -> RequestID {
        let id = RequestID.number(nextID)
        nextID += 1
        #expect(server.handle(.request(Request(id: id, method: method, params: params.map(json)))) == .proceed)
        return id
    }

    @discardableResult
    func notify(_ method: String, _ params: String? = nil) -> LanguageServer.Flow {
        server.handle(.notification(Notification(method: method, params: params.map(json))))
    }

    /// Moves what the server sent into the inbox.
    func collect() {
        inbox += sink.take()
    }

    /// Removes and returns the response to `id` from the inbox.
    func takeResponse(_ id: RequestID) -> Response? {
        collect()
        guard let index = inbox.firstIndex(where: { if case .response(let r) = $0 { r.id == id } else { false } }),
            case .response(let response) = inbox.remove(at: index)
        else { return nil }
        return response
    }

    /// Removes and returns every notification of `method` from the inbox, in order.
    func takeNotifications(_ method: String) -> [JSONValue] {
        collect()
        var taken: [JSONValue] = []
        inbox.removeAll { message in
            guard case .notification(let notification) = message, notification.method == method else { return false }
            taken.append(notification.params ?? .null)
            return true
        }
        return taken
    }

    /// Removes and returns every request the server sent of `method`.
    func takeServerRequests(_ method: String) -> [Request] {
        collect()
        var taken: [Request] = []
        inbox.removeAll { message in
            guard case .request(let request) = message, request.method == method else { return false }
            taken.append(request)
            return true
        }
        return taken
    }

    /// The published diagnostics, decoded.
    func published() throws -> [LSP.PublishDiagnosticsParams] {
        try takeNotifications("textDocument/publishDiagnostics").map {
            try LSP.PublishDiagnosticsParams(json: $0, path: "params")
        }
    }

    /// Answers a request the server sent.
    func answer(_ request: Request, _ result: String) {
        _ = server.handle(.response(Response(id: request.id, result: .success(json(result)))))
    }

    func open(_ uri: String, _ text: String, version: Int = 1, language: String = "dynamics-scene") {
        let item = LSP.TextDocumentItem(uri: uri, languageID: language, version: version, text: text)
        _ = server.handle(
            .notification(
                Notification(
                    method: "textDocument/didOpen", params: LSP.DidOpenTextDocumentParams(textDocument: item).json)))
    }

    func change(_ uri: String, version: Int, _ changes: [LSP.TextDocumentContentChangeEvent]) {
        let params = LSP.DidChangeTextDocumentParams(
            textDocument: .init(uri: uri, version: version), contentChanges: changes)
        _ = server.handle(.notification(Notification(method: "textDocument/didChange", params: params.json)))
    }
}

/// A small valid scene; `extra` is inserted after `"name"` on the first line.
func scene(extra: String = "", name: String = "demo") -> String {
    #"""
    {"format": 1, "name": "\#(name)",\#(extra) "referenceView": {"width": 375, "height": 667},
      "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}],
      "behaviors": [{"type": "gravity", "id": "g", "items": ["ball"]}]}
    """#
}

/// The LSP position of the first occurrence of `needle` in `text`, counted in `encoding`.
func position(of needle: String, in text: String, encoding: String) -> LSP.Position? {
    guard let found = text.range(of: needle) else { return nil }
    let before = text[..<found.lowerBound]
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    let line = before.filter { $0 == "\n" }.count
    let prefix = text[lineStart..<found.lowerBound]
    return LSP.Position(line: line, character: encoding == "utf-8" ? prefix.utf8.count : prefix.utf16.count)
}

extension String {
    func range(of needle: String) -> Range<String.Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return nil
    }
}
