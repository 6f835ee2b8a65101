import JSON
import RPC

/// Sends work-done `$/progress` notifications for one token: `begin`, `report`s, then `end`.
///
/// Without a token every call does nothing, so long work can report unconditionally. Percentages only grow;
/// a report after `end` is dropped.
package final class WorkDoneProgressReporter: Sendable {
    private enum Phase { case idle, running, ended }

    package let token: ProgressToken?
    private let output: (any MessageSink)?
    private let phase = Locked(Phase.idle)

    package init(token: ProgressToken?, output: (any MessageSink)?) {
        self.token = token
        self.output = token == nil ? nil : output
    }

    /// A reporter that reports nothing.
    package static let none = WorkDoneProgressReporter(token: nil, output: nil)

    package func begin(title: String, message: String? = nil, percentage: Int? = 0, cancellable: Bool = true) {
        let shouldSend = phase.withLock { phase -> Bool in
            guard case .idle = phase else { return false }
            phase = .running
            return true
        }
        if shouldSend { send(.begin(title: title, cancellable: cancellable, message: message, percentage: percentage)) }
    }

    package func report(message: String? = nil, percentage: Int? = nil) {
        guard case .running = phase.current else { return }
        send(.report(cancellable: nil, message: message, percentage: percentage.map { max(0, min(100, $0)) }))
    }

    package func end(message: String? = nil) {
        let shouldSend = phase.withLock { phase -> Bool in
            guard case .running = phase else { return false }
            phase = .ended
            return true
        }
        if shouldSend { send(.end(message: message)) }
    }

    private func send(_ value: LSP.WorkDoneProgress) {
        guard let token, let output else { return }
        output.send(
            .notification(
                Notification(method: "$/progress", params: LSP.ProgressParams(token: token, value: value.json).json)))
    }
}
