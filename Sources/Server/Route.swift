import JSON
import RPC

/// What a request handler gets besides its params.
package struct RequestContext: Sendable {
    package let id: RequestID
    package let method: String
    /// Set by `$/cancelRequest` or by an edit that makes a background request stale; long work calls
    /// `try cancellation.check()` between steps.
    package let cancellation: CancellationToken
    /// The `workDoneToken` the client put in the params, if any.
    package let workDoneToken: ProgressToken?
    /// Reports `$/progress` for `workDoneToken` (a no-op without a token).
    package let progress: WorkDoneProgressReporter
}

/// Long work prepared on the message loop and run off it.
///
/// The preparation (a handler of a `.background` route) decodes the params, takes the document snapshots it
/// needs and throws `ResponseError`s for bad params; `run` then runs on a background queue. The request is
/// answered −32800 when the client cancels it and −32801 as soon as one of `documents` changes; `run`
/// should call `try context.cancellation.check()` often so the work stops soon after.
package struct BackgroundWork: Sendable {
    /// The URIs whose edit makes the answer stale.
    package var documents: [String]
    package var run: @Sendable (RequestContext) throws -> JSONValue

    package init(documents: [String], run: @escaping @Sendable (RequestContext) throws -> JSONValue) {
        self.documents = documents
        self.run = run
    }

    /// Work whose result is a typed LSP value.
    package init<Result: LSPEncodable>(documents: [String], run: @escaping @Sendable (RequestContext) throws -> Result)
    {
        self.init(documents: documents) { context in try run(context).json }
    }
}

/// A server capability a route announces in `initialize` (`"hoverProvider": true`), possibly depending on
/// what the client can do.
package struct CapabilityEntry: Sendable {
    package let key: String
    package let value: @Sendable (LSP.ClientCapabilities) -> JSONValue?

    /// A fixed `key: value` entry (`.provider("codeActionProvider", JSONValue.object(...))`).
    package static func provider(_ key: String, _ value: JSONValue) -> CapabilityEntry {
        CapabilityEntry(key: key) { _ in value }
    }

    /// A fixed entry from a typed value (`.provider("hoverProvider", true)`).
    package static func provider(_ key: String, _ value: some LSPEncodable) -> CapabilityEntry {
        let json = value.json
        return CapabilityEntry(key: key) { _ in json }
    }

    /// An entry computed from the client's capabilities (nil leaves it out).
    package static func provider(
        _ key: String, _ value: @escaping @Sendable (LSP.ClientCapabilities) -> JSONValue?
    ) -> CapabilityEntry {
        CapabilityEntry(key: key, value: value)
    }
}

/// One entry of the dispatch table: a method name, its handler and the capability it announces.
package struct Route: Sendable {
    enum Handler: Sendable {
        /// Answered on the message loop, in arrival order.
        case request(@Sendable (LanguageServer, JSONValue?, RequestContext) throws -> JSONValue)
        /// Prepared on the message loop, run on a background queue, answered when done.
        case background(@Sendable (LanguageServer, JSONValue?, RequestContext) throws -> BackgroundWork)
        case notification(@Sendable (LanguageServer, JSONValue?) throws -> Void)
    }

    package let method: String
    let handler: Handler
    package let capability: CapabilityEntry?

    /// A request answered on the message loop. Params are decoded as `Params` (−32602 on a wrong shape); the
    /// handler returns the result or throws a `ResponseError`.
    ///
    ///     .request("textDocument/hover", capability: .provider("hoverProvider", true), LanguageServer.hover)
    ///     // func hover(_ params: LSP.TextDocumentPositionParams, _ context: RequestContext) throws -> LSP.Hover?
    package static func request<Params: LSPDecodable, Result: LSPEncodable>(
        _ method: String, capability: CapabilityEntry? = nil,
        _ handler: @escaping @Sendable (LanguageServer) -> (Params, RequestContext) throws -> Result
    ) -> Route {
        Route(
            method: method,
            handler: .request { server, params, context in
                try handler(server)(try Params(params: params), context).json
            }, capability: capability)
    }

    /// A long request: `prepare` runs on the message loop and returns the work to run off it.
    package static func background<Params: LSPDecodable>(
        _ method: String, capability: CapabilityEntry? = nil,
        _ prepare: @escaping @Sendable (LanguageServer) -> (Params, RequestContext) throws -> BackgroundWork
    ) -> Route {
        Route(
            method: method,
            handler: .background { server, params, context in
                try prepare(server)(try Params(params: params), context)
            }, capability: capability)
    }

    /// A notification handled on the message loop. Params that fail to decode are logged and the
    /// notification is dropped (notifications cannot be answered).
    package static func notification<Params: LSPDecodable>(
        _ method: String, capability: CapabilityEntry? = nil,
        _ handler: @escaping @Sendable (LanguageServer) -> (Params) throws -> Void
    ) -> Route {
        Route(
            method: method,
            handler: .notification { server, params in
                try handler(server)(try Params(params: params))
            }, capability: capability)
    }
}

/// An empty result (`shutdown`'s `null`).
package struct NullResult: LSPEncodable {
    package init() {}
    package var json: JSONValue { .null }
}

/// Params that are not read (`shutdown`, `initialized`): anything is accepted.
package struct IgnoredParams: LSPDecodable {
    package init(json: JSONValue, path: String) throws {}
}
