import RPC

/// The per-request flag long work checks to stop early: set by `$/cancelRequest` (−32800) or by an edit of a
/// document the work depends on (−32801).
package final class CancellationToken: Sendable {
    private let state = Locked<ResponseError?>(nil)

    package init() {}

    /// Why the request was stopped, nil while it may go on.
    package var reason: ResponseError? { state.current }

    package var isCancelled: Bool { reason != nil }

    /// Marks the request stopped; the first reason wins.
    package func cancel(_ reason: ResponseError) {
        state.withLock { current in
            if current == nil { current = reason }
        }
    }

    /// Throws the stop reason (`requestCancelled` or `contentModified`) once the request was stopped.
    package func check() throws {
        if let reason { throw reason }
    }
}
