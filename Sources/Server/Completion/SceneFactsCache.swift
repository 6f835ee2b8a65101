// `SceneFacts` kept per document version. Completion and `completionItem/resolve` ask about one version many
// times (the editor resolves each item it shows; an incomplete id list is asked for again), and the per-id
// lookups of a 5,000-item scene take milliseconds to build: they are built once per version instead.
//
// An entry belongs to one server (held weakly, so a server that is gone never matches a newer one at the same
// address) and one document version; the text is compared too (an identical array compares in constant time),
// so that a document closed and opened again with the same version number never gets stale facts.
//
// The facts of a replaced version are often the last thing holding its scene (5,000 items, 6,500 behaviors):
// freeing it takes milliseconds, so it happens on a background queue, not in the request that replaces it.
import Dispatch
import RPC

/// The `SceneFacts` of the documents a server answered about last.
enum SceneFactsCache {
    private struct Entry {
        weak var server: LanguageServer?
        let uri: String
        let version: Int
        let bytes: [UInt8]
        let facts: SceneFacts
    }

    /// How many documents' facts are kept (the most recently used ones).
    static let capacity = 8

    private static let entries = Locked<[Entry]>([])

    /// The facts of `document`, built at most once per version.
    static func facts(for document: Document, in server: LanguageServer) -> SceneFacts {
        if let found = entries.withLock({ entries -> SceneFacts? in
            guard let index = entries.firstIndex(where: { $0.server === server && $0.uri == document.uri }) else {
                return nil
            }
            let entry = entries[index]
            guard entry.version == document.version, entry.bytes == document.bytes else { return nil }
            entries.append(entries.remove(at: index))
            return entry.facts
        }) {
            return found
        }
        let facts = SceneFacts(document.lint)
        let evicted = entries.withLock { entries -> Evicted? in
            var evicted = removeEntries(of: document.uri, in: server, from: &entries)
            entries.append(
                Entry(server: server, uri: document.uri, version: document.version, bytes: document.bytes, facts: facts)
            )
            if entries.count > capacity {
                evicted += entries.prefix(entries.count - capacity)
                entries.removeFirst(entries.count - capacity)
            }
            return evicted.isEmpty ? nil : Evicted(evicted)
        }
        if let evicted {
            DispatchQueue.global(qos: .utility).async { evicted.entries = [] }
        }
        return facts
    }

    /// Drops the facts of `uri`: its text is about to change, and the facts hold the scene of the version being
    /// replaced, which the incremental lint must hold alone to update in place (else every edit after a
    /// completion or hover copies all 5,000 behaviors of a large scene). Freed here, before the lint: freed on
    /// another thread, they could still hold the scene when the lint looks.
    static func forget(_ uri: String, in server: LanguageServer) {
        let evicted = entries.withLock { entries in removeEntries(of: uri, in: server, from: &entries) }
        // Released here, outside the lock.
        _ = consume evicted
    }

    /// Removes and returns the entries of `uri` in `server`, and those of servers that are gone.
    private static func removeEntries(of uri: String, in server: LanguageServer, from entries: inout [Entry]) -> [Entry]
    {
        var removed: [Entry] = []
        entries.removeAll { entry in
            let stale = entry.server == nil || (entry.server === server && entry.uri == uri)
            if stale { removed.append(entry) }
            return stale
        }
        return removed
    }

    /// Whether facts of `uri` are kept (for tests: no version's facts outlive the text they describe).
    static func holdsFacts(of uri: String, in server: LanguageServer) -> Bool {
        entries.withLock { entries in entries.contains { $0.server === server && $0.uri == uri } }
    }

    /// Entries on their way out, freed by whichever thread empties the box.
    private final class Evicted: @unchecked Sendable {
        var entries: [Entry]
        init(_ entries: [Entry]) { self.entries = entries }
    }
}
