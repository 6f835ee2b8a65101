// The Model Context Protocol server behind `impulse mcp`: tools (lint, preview, explain, generate, format) and
// resources (the schema, the rule pages, the scene format) for coding assistants, over newline-delimited
// JSON-RPC 2.0 on standard input and output (`RPC`'s `Connection` with `LineFramer`).
//
// Design: messages are handled in arrival order on the reading thread; answers that need no work (lifecycle,
// lists, resources) are sent from there. A `tools/call` runs on a concurrent queue, so the loop keeps reading
// and a `notifications/cancelled` can reach a running preview: the run checks its flag before every frame,
// stops, and the cancelled request gets no response (as the specification asks). Protocol mistakes (not JSON,
// an unknown method, params of the wrong shape) are JSON-RPC errors; a mistake in a tool's arguments is an
// `isError` result that says what is wrong. Tools read and write only inside the `Workspace`: the working
// folder, or the client's roots once `roots/list` has answered (tools wait for that answer, briefly).
import Dispatch
import JSON
import RPC
import Reporting

/// One MCP session.
package final class MCPServer: Sendable {
    /// The protocol revisions this server speaks, newest first; a client asking for another gets the first.
    package static let protocolVersions = ["2025-06-18", "2025-03-26", "2024-11-05"]

    let output: any MessageSink
    let workingDirectory: String
    private let state: Locked<SessionState>
    private let queue = DispatchQueue(label: "impulse.mcp.tools", attributes: .concurrent)
    private let running = DispatchGroup()
    /// Entered while a `roots/list` request is unanswered; tools wait on it before they resolve a path.
    private let rootsPending = DispatchGroup()
    /// How long a tool waits for the client's roots before it uses the folders it has.
    static let rootsTimeout = DispatchTimeInterval.seconds(5)

    struct SessionState {
        var protocolVersion: String?
        var clientHasRoots = false
        var workspace: Workspace
        /// The `roots/list` request in flight, if any.
        var rootsRequest: RequestID?
        var nextRequestNumber = 0
        /// The tool calls running, by request id.
        var calls: [RequestID: Cancellation] = [:]
    }

    /// - Parameters:
    ///   - output: where responses and requests go (the connection's writer).
    ///   - workingDirectory: the folder tools may use until the client gives roots.
    package init(output: any MessageSink, workingDirectory: String) {
        self.output = output
        self.workingDirectory = workingDirectory
        state = Locked(SessionState(workspace: Workspace(folders: [], workingDirectory: workingDirectory)))
    }

    /// Handles one message from the client.
    package func handle(_ message: Message) {
        switch message {
        case .request(let request):
            do {
                if let result = try respond(to: request) {
                    send(Response(id: request.id, result: .success(result)))
                }
            } catch {
                send(Response(id: request.id, error: error as? ResponseError ?? .internalError("\(error)")))
            }
        case .notification(let notification):
            receive(notification)
        case .response(let response):
            receive(response)
        }
    }

    /// Waits for the tool calls still running (the input ended; their answers may still go out).
    package func finish() {
        running.wait()
    }

    /// The answer to a request, or nil when the answer comes later (a tool call).
    private func respond(to request: Request) throws -> JSONValue? {
        switch request.method {
        case "initialize": return try initialize(request.params)
        case "ping": return .object(JSONObject())
        case "tools/list": return toolsList()
        case "tools/call":
            try callTool(request)
            return nil
        case "resources/list": return resourcesList()
        case "resources/templates/list": return resourceTemplatesList()
        case "resources/read": return try readResource(request.params)
        default: throw ResponseError.methodNotFound(request.method)
        }
    }

    private func receive(_ notification: RPC.Notification) {
        switch notification.method {
        case "notifications/initialized", "notifications/roots/list_changed":
            if state.current.clientHasRoots { requestRoots() }
        case "notifications/cancelled":
            guard let params = notification.params?.objectValue, let raw = params["requestId"],
                let id = RequestID(json: raw)
            else { return }
            state.current.calls[id]?.cancel()
        default:
            // Other notifications (progress, a newer revision's) need nothing from this server.
            break
        }
    }

    func send(_ response: Response) {
        output.send(.response(response))
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSONValue?) throws -> JSONValue {
        guard let params = params?.objectValue else {
            throw ResponseError.invalidParams("initialize needs params {protocolVersion, capabilities, clientInfo}")
        }
        guard let requested = params["protocolVersion"]?.stringValue else {
            throw ResponseError.invalidParams("params.protocolVersion must be a string")
        }
        let version = MCPServer.protocolVersions.contains(requested) ? requested : MCPServer.protocolVersions[0]
        let roots = params["capabilities"]?.objectValue?["roots"].map { !$0.isNull } ?? false
        state.withLock {
            $0.protocolVersion = version
            $0.clientHasRoots = roots
        }
        return .object(
            JSONObject([
                ("protocolVersion", .string(version)),
                (
                    "capabilities",
                    .object(
                        JSONObject([
                            ("tools", .object(JSONObject([("listChanged", .bool(false))]))),
                            (
                                "resources",
                                .object(JSONObject([("subscribe", .bool(false)), ("listChanged", .bool(false))]))
                            ),
                        ]))
                ),
                (
                    "serverInfo",
                    .object(
                        JSONObject([
                            ("name", .string("impulse")), ("title", .string("Impulse")),
                            ("version", .string(ToolInfo.version)),
                        ]))
                ),
                ("instructions", .string(MCPServer.instructions)),
            ]))
    }

    static let instructions = """
        Impulse checks, runs and translates UIKit Dynamics scenes (*.dynamics.json). Lint a scene after every \
        edit and apply the fixes it offers; preview it to see where items rest, what touches what and whether \
        its expectations hold; explain a diagnostic code to read its rule; generate swift or objc once it is \
        clean. Read impulse://docs/scene-format for the format and impulse://schema for its JSON schema.
        """

    // MARK: Roots

    /// Asks the client for its roots (`roots/list`); tool calls wait for the answer.
    private func requestRoots() {
        let id: RequestID = state.withLock { state in
            state.nextRequestNumber += 1
            let id = RequestID.string("impulse-roots-\(state.nextRequestNumber)")
            if state.rootsRequest == nil { rootsPending.enter() }
            state.rootsRequest = id
            return id
        }
        output.send(.request(Request(id: id, method: "roots/list", params: nil)))
    }

    private func receive(_ response: Response) {
        let answered: Bool = state.withLock { state in
            guard let id = response.id, state.rootsRequest == id else { return false }
            state.rootsRequest = nil
            if case .success(let result) = response.result, let roots = result.objectValue?["roots"]?.arrayValue {
                let paths = roots.compactMap { $0.objectValue?["uri"]?.stringValue.flatMap(Workspace.path(ofFileURI:)) }
                state.workspace = Workspace(folders: paths, workingDirectory: workingDirectory)
            }
            return true
        }
        if answered { rootsPending.leave() }
    }

    /// The folders tools may use now (after the client's roots, when they were asked for).
    var workspace: Workspace {
        _ = rootsPending.wait(timeout: .now() + MCPServer.rootsTimeout)
        return state.current.workspace
    }

    // MARK: Tools

    private func toolsList() -> JSONValue {
        .object(JSONObject([("tools", .array(MCPTool.all.map(\.listing)))]))
    }

    /// Checks the call's shape (−32602 for a wrong one) and runs the tool on the queue.
    private func callTool(_ request: Request) throws {
        guard let params = request.params?.objectValue, let name = params["name"]?.stringValue else {
            throw ResponseError.invalidParams("tools/call needs params {name, arguments}")
        }
        guard let tool = MCPTool.named(name) else {
            throw ResponseError.invalidParams(
                "Unknown tool '\(name)'; the tools are " + MCPTool.all.map(\.name).joined(separator: ", "))
        }
        let arguments: JSONObject
        switch params["arguments"] {
        case nil, .null?: arguments = JSONObject()
        case .object(let object)?: arguments = object
        case let other?: throw ResponseError.invalidParams("params.arguments must be an object, not \(other.typeName)")
        }
        let cancellation = Cancellation()
        state.withLock { $0.calls[request.id] = cancellation }
        running.enter()
        queue.async { [self] in
            defer { running.leave() }
            let result = tool.call(arguments, server: self, cancellation: cancellation)
            let cancelled = state.withLock { state in
                state.calls[request.id] = nil
                return cancellation.isCancelled
            }
            // A cancelled request gets no response.
            guard !cancelled else { return }
            send(Response(id: request.id, result: .success(result)))
        }
    }
}

/// The flag a running tool checks to stop early (`notifications/cancelled`).
final class Cancellation: Sendable {
    private let flag = Locked(false)

    var isCancelled: Bool { flag.current }

    func cancel() {
        flag.withLock { $0 = true }
    }
}
