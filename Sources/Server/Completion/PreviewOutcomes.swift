// The last preview of each document, kept for the code lens ("at rest after S s", "✓ 3 of 3 expectations hold").
//
// `LanguageServer` has no stored place for feature state, so the outcomes sit in a side table keyed by the
// server's identity. Each entry holds a weak reference to its
// server, so a table entry never outlives its server's identity being reused. Written and read on the
// message loop (background work hands its outcome over with `onLoop`); the lock only satisfies Sendable.
import RPC

/// What a finished preview said about one version of a document.
struct PreviewOutcome: Sendable, Equatable {
    var version: Int
    /// The text that was previewed (versions alone can repeat after a close and reopen).
    var bytes: [UInt8]
    /// The time of the pause in force at the end, nil when something still moved.
    var restingAfter: Double?
    /// How long the run lasted, in seconds.
    var duration: Double
    /// How many of the scene's expectations held, and how many were checked.
    var expectationsHeld = 0
    var expectationsChecked = 0

    /// The code lens title: "at rest after 1.25 s" or "still moving after 3 s".
    var summary: String {
        if let restingAfter { return "at rest after \(SceneFacts.format(restingAfter, decimals: 2)) s" }
        return "still moving after \(SceneFacts.format(duration, decimals: 2)) s"
    }

    /// The expectations lens title ("✓ 3 of 3 expectations hold", "✗ 1 of 3 expectations hold"); nil without any.
    static func expectationSummary(held: Int, checked: Int) -> String? {
        guard checked > 0 else { return nil }
        return "\(held == checked ? "✓" : "✗") \(held) of \(checked) expectation\(checked == 1 ? "" : "s") "
            + (held == 1 && checked == 1 ? "holds" : "hold")
    }

    /// Whether this outcome is about exactly this snapshot.
    func describes(_ document: Document) -> Bool {
        document.version == version && document.bytes == bytes
    }
}

extension LanguageServer {
    private final class Entry: @unchecked Sendable {
        weak var server: LanguageServer?
        var outcomes: [String: PreviewOutcome] = [:]
        init(_ server: LanguageServer) { self.server = server }
    }

    private static let previewOutcomeTable = Locked<[ObjectIdentifier: Entry]>([:])

    /// The last preview outcome of a URI (whatever version it was for).
    func previewOutcome(for uri: String) -> PreviewOutcome? {
        LanguageServer.previewOutcomeTable.withLock { table in
            guard let entry = table[ObjectIdentifier(self)], entry.server === self else { return nil }
            return entry.outcomes[uri]
        }
    }

    /// Keeps a preview outcome for a URI (call on the message loop).
    func keepPreviewOutcome(_ outcome: PreviewOutcome, for uri: String) {
        LanguageServer.previewOutcomeTable.withLock { table in
            table = table.filter { $0.value.server != nil }
            let key = ObjectIdentifier(self)
            if table[key]?.server !== self { table[key] = Entry(self) }
            table[key]!.outcomes[uri] = outcome
        }
    }
}
