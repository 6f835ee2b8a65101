import Dispatch
import JSON
import RPC
import Testing

@testable import Server

/// Params of the test's long request: the document it depends on.
struct SlowParams: LSPDecodable {
    var uri: String
    init(json: JSONValue, path: String) throws {
        uri = try JSONFields(json, path: path).string("uri")
    }
}

/// A gate the test opens to let background work finish.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func open() { semaphore.signal() }
    func wait() { semaphore.wait() }
}

extension LanguageServer {
    /// A long request for tests: waits for the gate, checking its token, then answers the document's version.
    static func slowRoute(_ gate: Gate, started: Gate) -> Route {
        .background("test/slow") { (server: LanguageServer) in
            { (params: SlowParams, context: RequestContext) throws -> BackgroundWork in
                guard let document = server.documents[params.uri] else { throw ResponseError.invalidParams("not open") }
                return BackgroundWork(documents: [params.uri]) { context in
                    context.progress.begin(title: "Slow")
                    started.open()
                    gate.wait()
                    try context.cancellation.check()
                    context.progress.end()
                    return document.version
                }
            }
        }
    }
}

@Suite("Background requests and cancellation")
struct CancellationTests {
    static let uri = "file:///slow.dynamics.json"

    func client(_ gate: Gate, _ started: Gate) throws -> TestClient {
        let client = try TestClient.initialized(
            routes: LanguageServer.dispatchTable + [LanguageServer.slowRoute(gate, started: started)])
        client.open(Self.uri, scene(), version: 5)
        _ = try client.published()
        return client
    }

    @Test("a long request does not hold up others and is answered when done, with progress for its token")
    func outOfOrder() throws {
        let gate = Gate()
        let started = Gate()
        let client = try client(gate, started)
        let slow = client.send("test/slow", #"{"uri": "\#(Self.uri)", "workDoneToken": "tok"}"#)
        started.wait()
        // Answered while the slow one still runs.
        #expect(
            client.request("textDocument/diagnostic", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#).map { _ in true }
                == .success(true))
        #expect(client.takeResponse(slow) == nil)
        #expect(client.server.requestsInFlight == [slow])
        gate.open()
        client.server.waitForBackgroundWork()
        #expect(client.takeResponse(slow)?.result == .success(.number(5)))
        let progress = client.takeNotifications("$/progress").compactMap {
            $0.objectValue?["value"]?.objectValue?["kind"]?.stringValue
        }
        #expect(progress == ["begin", "end"])
        #expect(client.server.requestsInFlight.isEmpty)
    }

    @Test("$/cancelRequest answers −32800 at once and the work stops")
    func cancel() throws {
        let gate = Gate()
        let started = Gate()
        let client = try client(gate, started)
        let slow = client.send("test/slow", #"{"uri": "\#(Self.uri)"}"#)
        started.wait()
        client.notify("$/cancelRequest", #"{"id": \#(slow)}"#)
        #expect(client.takeResponse(slow)?.result == .failure(.requestCancelled))
        gate.open()
        client.server.waitForBackgroundWork()
        // Exactly one response.
        #expect(client.takeResponse(slow) == nil)
        // Cancelling something already answered does nothing.
        client.notify("$/cancelRequest", #"{"id": \#(slow)}"#)
        client.collect()
        #expect(client.inbox.isEmpty)
    }

    @Test("an edit of the document answers −32801 (content modified)")
    func stale() throws {
        let gate = Gate()
        let started = Gate()
        let client = try client(gate, started)
        let slow = client.send("test/slow", #"{"uri": "\#(Self.uri)"}"#)
        started.wait()
        client.change(Self.uri, version: 6, [.init(text: scene(name: "edited"))])
        #expect(client.takeResponse(slow)?.result == .failure(.contentModified))
        gate.open()
        client.server.waitForBackgroundWork()
        #expect(client.takeResponse(slow) == nil)
    }

    @Test("bad params of a long request are answered on the loop")
    func backgroundInvalidParams() throws {
        let gate = Gate()
        let started = Gate()
        let client = try client(gate, started)
        #expect(
            client.request("test/slow", #"{"uri": "file:///closed.dynamics.json"}"#)
                == .failure(.invalidParams("not open")))
        #expect(client.request("test/slow", "{}") == .failure(.invalidParams("params.uri is missing")))
        #expect(client.server.requestsInFlight.isEmpty)
    }
}
