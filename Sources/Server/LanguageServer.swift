import Dispatch
import JSON
import RPC
import Reporting
import Scene

// The language server's message loop: lifecycle checks, the dispatch through the one table, background
// requests with cancellation, and requests the server sends to the client.
//
// Design: the message loop is a serial queue. `handle(_:)` runs each incoming message on it, in arrival order
// (the connection's reader thread, or a test, calls it and waits), and everything in the server's state is read
// and written there, so handlers need no locks. Long work (`Route.background` requests, simulations) takes
// `Sendable` snapshots on the loop and runs on a concurrent queue; it hands results that change state back to
// the loop with `onLoop`. The only state shared directly — the tables of requests in flight and of the client's
// pending answers — sits behind locks, and whoever removes a request from the in-flight table is the one who
// answers it, so each request gets exactly one response whether it finishes, is cancelled or goes stale first.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Impulse language server. Create it with a `MessageSink` and feed it messages with `handle(_:)`.
package final class LanguageServer: @unchecked Sendable {
    /// What the message loop does after a message.
    package enum Flow: Equatable, Sendable {
        case proceed
        /// Stop reading and end the process with this status.
        case exit(Int32)
    }

    enum Lifecycle {
        /// Before `initialize`: requests get −32002, notifications are dropped.
        case uninitialized
        case running
        /// After `shutdown`: requests get −32600, only `exit` matters.
        case shutDown
    }

    struct InFlightRequest {
        let token: CancellationToken
        let documents: [String]
    }

    /// Where responses and notifications go.
    package let output: any MessageSink
    private let logSink: @Sendable (String) -> Void

    // Message-loop state.
    var lifecycle = Lifecycle.uninitialized
    /// What the client announced in `initialize`.
    package internal(set) var client = LSP.ClientCapabilities()
    /// The negotiated position encoding (utf-8 when the client offers it, else utf-16).
    package internal(set) var encoding = LineIndex.Encoding.utf16
    /// The open documents by URI, each at its latest version.
    package internal(set) var documents: [String: Document] = [:]
    /// The editor's `impulse` settings.
    package internal(set) var editorSettings = EditorSettings()
    /// Finds each document's `.impulse.json`.
    package let configurations = ConfigurationLocator()
    /// Configuration problems already shown to the user (each is shown once until it changes).
    var shownConfigurationErrors: Set<String> = []
    /// The version last published per URI (push mode), so older diagnostics never replace newer ones.
    var publishedVersions: [String: Int] = [:]
    /// Bumped when settings change, so pull result ids change too.
    var settingsGeneration = 0

    private let routes: [String: Route]
    private let orderedRoutes: [Route]

    // Shared with background work.
    private let inFlight = Locked<[RequestID: InFlightRequest]>([:])
    private let pendingClientRequests = Locked<
        (next: Int, handlers: [RequestID: @Sendable (Result<JSONValue, ResponseError>) -> Void])
    >((1, [:]))
    private let loop = DispatchQueue(label: "impulse.server.loop")
    private let backgroundQueue = DispatchQueue(label: "impulse.server.background", attributes: .concurrent)
    private let backgroundGroup = DispatchGroup()

    /// Runs the `sim.*` checks of a linted scene (nil: a server that never simulates, as some tests build it).
    let simulator: (@Sendable (LintResult) -> [Diagnostic]?)?
    /// The simulation running per URI, stopped when a newer version or setting replaces it.
    var simulations: [String: CancellationToken] = [:]

    /// - Parameters:
    ///   - output: where every response and notification is sent (one message at a time).
    ///   - log: where log lines go besides `window/logMessage` (standard error by default).
    package convenience init(
        output: any MessageSink, log: @escaping @Sendable (String) -> Void = LanguageServer.standardErrorLog
    ) {
        self.init(
            output: output, log: log, routes: LanguageServer.dispatchTable,
            simulator: LintSimulation.diagnostics(for:))
    }

    /// A server with another table or simulator (tests use them to exercise the plumbing).
    init(
        output: any MessageSink, log: @escaping @Sendable (String) -> Void, routes table: [Route],
        simulator: (@Sendable (LintResult) -> [Diagnostic]?)? = nil
    ) {
        self.output = output
        logSink = log
        self.simulator = simulator
        orderedRoutes = table
        var routes: [String: Route] = [:]
        for route in orderedRoutes {
            precondition(routes[route.method] == nil, "\(route.method) is in the dispatch table twice")
            routes[route.method] = route
        }
        self.routes = routes
    }

    // MARK: Incoming messages

    /// Handles one message on the message loop and returns when it is handled; call it for each message in
    /// arrival order (never from inside a handler).
    package func handle(_ message: Message) -> Flow {
        loop.sync { handleOnLoop(message) }
    }

    private func handleOnLoop(_ message: Message) -> Flow {
        switch message {
        case .request(let request):
            handleRequest(request)
        case .notification(let notification):
            if notification.method == "exit" { return .exit(exitStatus) }
            handleNotification(notification)
        case .response(let response):
            handleResponse(response)
        }
        return .proceed
    }

    /// The end of the input counts as `exit`: the status `exit` would give now.
    package func handleEndOfInput() -> Int32 {
        loop.sync {
            log("The input ended; exiting", type: .info)
            return exitStatus
        }
    }

    /// Runs `body` on the message loop, after the messages already being handled (background work uses it to
    /// bring results back into the server's state).
    package func onLoop(_ body: @escaping @Sendable () -> Void) {
        loop.async(execute: body)
    }

    /// Runs `body` on the background queue; `waitForBackgroundWork()` waits for it.
    func inBackground(_ body: @escaping @Sendable () -> Void) {
        backgroundGroup.enter()
        backgroundQueue.async { [backgroundGroup] in
            defer { backgroundGroup.leave() }
            body()
        }
    }

    /// 0 after `shutdown`, else 1.
    var exitStatus: Int32 { lifecycle == .shutDown ? 0 : 1 }

    private func handleRequest(_ request: Request) {
        switch lifecycle {
        case .uninitialized where request.method != "initialize":
            return respond(to: request.id, with: .failure(.serverNotInitialized))
        case .running where request.method == "initialize", .shutDown where request.method == "initialize":
            return respond(to: request.id, with: .failure(.invalidRequest("initialize may only be sent once")))
        case .shutDown:
            return respond(
                to: request.id, with: .failure(.invalidRequest("The server is shutting down; only exit is accepted")))
        default:
            break
        }
        guard let route = routes[request.method] else {
            return respond(to: request.id, with: .failure(.methodNotFound(request.method)))
        }
        let workDoneToken = request.params?.objectValue?["workDoneToken"].flatMap(RequestID.init(json:))
        let context = RequestContext(
            id: request.id, method: request.method, cancellation: CancellationToken(), workDoneToken: workDoneToken,
            progress: WorkDoneProgressReporter(token: workDoneToken, output: output))
        switch route.handler {
        case .request(let handler):
            respond(
                to: request.id,
                with: Result { try handler(self, request.params, context) }.mapError(LanguageServer.responseError))
        case .background(let prepare):
            let work: BackgroundWork
            do {
                work = try prepare(self, request.params, context)
            } catch {
                return respond(to: request.id, with: .failure(LanguageServer.responseError(error)))
            }
            start(work, context: context)
        case .notification:
            respond(
                to: request.id,
                with: .failure(
                    ResponseError(
                        code: .methodNotFound, message: "'\(request.method)' is a notification, not a request")))
        }
    }

    private func handleNotification(_ notification: Notification) {
        guard lifecycle == .running else {
            if lifecycle == .uninitialized {
                log("Dropped '\(notification.method)' received before initialize", type: .warning)
            }
            return
        }
        guard let route = routes[notification.method], case .notification(let handler) = route.handler else {
            // Unknown notifications (and `$/` ones the server does not implement) are ignored, as LSP asks.
            return
        }
        do {
            try handler(self, notification.params)
        } catch {
            log("Ignored '\(notification.method)': \(LanguageServer.responseError(error).message)", type: .error)
        }
    }

    private func handleResponse(_ response: Response) {
        guard let id = response.id else {
            log("The client reported an error: \(response.result)", type: .error)
            return
        }
        let handler = pendingClientRequests.withLock { $0.handlers.removeValue(forKey: id) }
        guard let handler else {
            log("Ignored a response to unknown request \(id)", type: .warning)
            return
        }
        handler(response.result)
    }

    /// Any error as the response error a client gets.
    static func responseError(_ error: any Error) -> ResponseError {
        (error as? ResponseError) ?? .internalError("\(error)")
    }

    // MARK: Outgoing messages

    /// Sends the response to a request.
    package func respond(to id: RequestID, with result: Result<JSONValue, ResponseError>) {
        output.send(.response(Response(id: id, result: result)))
    }

    /// Sends a notification to the client.
    package func sendNotification(_ method: String, _ params: some LSPEncodable) {
        output.send(.notification(Notification(method: method, params: params.json)))
    }

    /// Sends a request to the client; `onResponse` runs on the message loop when the answer arrives.
    package func sendRequest(
        _ method: String, _ params: some LSPEncodable,
        onResponse: @escaping @Sendable (Result<JSONValue, ResponseError>) -> Void = { _ in }
    ) {
        let id = pendingClientRequests.withLock { state -> RequestID in
            let id = RequestID.number(state.next)
            state.next += 1
            state.handlers[id] = onResponse
            return id
        }
        output.send(.request(Request(id: id, method: method, params: params.json)))
    }

    /// Logs a line to standard error and, once the client is initialized, to `window/logMessage`.
    package func log(_ message: String, type: LSP.MessageType = .log) {
        logSink("impulse: \(message)")
        if lifecycle != .uninitialized {
            sendNotification("window/logMessage", LSP.MessageParams(type: type, message: message))
        }
    }

    /// Shows a message in the editor (`window/showMessage`) and logs it.
    package func show(_ message: String, type: LSP.MessageType) {
        logSink("impulse: \(message)")
        sendNotification("window/showMessage", LSP.MessageParams(type: type, message: message))
    }

    package static let standardErrorLog: @Sendable (String) -> Void = { line in
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    // MARK: Background requests

    private func start(_ work: BackgroundWork, context: RequestContext) {
        let accepted = inFlight.withLock { table -> Bool in
            guard table[context.id] == nil else { return false }
            table[context.id] = InFlightRequest(token: context.cancellation, documents: work.documents)
            return true
        }
        guard accepted else {
            return respond(
                to: context.id, with: .failure(.invalidRequest("Request id \(context.id) is already in use")))
        }
        inBackground { [self] in
            let result = Result { try work.run(context) }.mapError(LanguageServer.responseError)
            finish(context.id, with: result)
        }
    }

    /// Answers a background request unless it was answered already (cancelled or stale).
    private func finish(_ id: RequestID, with result: Result<JSONValue, ResponseError>) {
        guard let entry = inFlight.withLock({ $0.removeValue(forKey: id) }) else { return }
        if let reason = entry.token.reason {
            respond(to: id, with: .failure(reason))
        } else {
            respond(to: id, with: result)
        }
    }

    /// Stops a background request now: it is answered with `reason` and its token is set.
    func stop(_ id: RequestID, reason: ResponseError) {
        guard let entry = inFlight.withLock({ $0.removeValue(forKey: id) }) else { return }
        entry.token.cancel(reason)
        respond(to: id, with: .failure(reason))
    }

    /// Answers −32801 to every background request that depends on `uri` (its document just changed).
    func stopRequests(dependingOn uri: String) {
        let stale = inFlight.current.filter { $0.value.documents.contains(uri) }.map(\.key)
        for id in stale { stop(id, reason: .contentModified) }
    }

    /// The background requests still running.
    package var requestsInFlight: Set<RequestID> { Set(inFlight.current.keys) }

    /// Blocks until every background request and simulation has finished and its results reached the loop.
    package func waitForBackgroundWork() {
        backgroundGroup.wait()
        loop.sync {}
    }

    // MARK: Capabilities

    /// The capabilities every route announces for this client, in table order.
    func routeCapabilities() -> JSONObject {
        var providers = JSONObject()
        for route in orderedRoutes {
            guard let capability = route.capability, let value = capability.value(client) else { continue }
            providers[capability.key] = value
        }
        return providers
    }
}
