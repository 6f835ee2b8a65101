// Which ids a completion sends when there are thousands (a 5,000-item scene): the best matches of what is
// typed, at most `limit`, with `isIncomplete` so that the editor asks again as the user types on.
//
// Design: clients filter the items they get on the typed text (VS Code fuzzily, case-insensitively; Neovim
// by prefix), so every id a client could keep is a candidate: those holding the typed characters in order,
// ignoring case. They rank as an editor would show them: the id typed exactly, then ids starting with the
// typed text as written, then ignoring case, then the other fuzzy matches; within each, shorter ids first,
// then file order. So the id being typed is always sent when it exists. A list short enough is sent whole
// and complete, in file order, and the client filters it itself.

/// Chooses the ids to offer out of a long list.
enum IdentifierRanking {
    /// The most ids one completion sends.
    static let limit = 100

    /// `ids` as they are when there are at most `limit`; otherwise the best `limit` matches of `typed`, best
    /// first, with `isIncomplete` set.
    static func best(
        _ ids: [String], typed: String, limit: Int = IdentifierRanking.limit
    ) -> (ids: [String], isIncomplete: Bool) {
        guard ids.count > limit else { return (ids, false) }
        let pattern = Array(typed.utf8)
        let folded = fold(typed)
        var matches: [(rank: Int, length: Int, position: Int)] = []
        for (position, id) in ids.enumerated() {
            guard let rank = rank(id, pattern: pattern, folded: folded) else { continue }
            matches.append((rank, id.utf8.count, position))
        }
        matches.sort { ($0.rank, $0.length, $0.position) < ($1.rank, $1.length, $1.position) }
        return (matches.prefix(limit).map { ids[$0.position] }, true)
    }

    /// 0 typed exactly, 1 starts with the typed text, 2 starts with it ignoring case, 3 holds its characters
    /// in order ignoring case; nil when it does not match. `folded` is `fold` of the typed text.
    static func rank(_ id: String, pattern: [UInt8], folded: [UInt8]) -> Int? {
        var id = id
        return id.withUTF8 { bytes -> Int? in
            if bytes.starts(with: pattern) { return bytes.count == pattern.count ? 0 : 1 }
            if bytes.contains(where: { $0 >= 0x80 }) || folded.contains(where: { $0 >= 0x80 }) {
                return rank(folded: fold(String(decoding: bytes, as: UTF8.self)), pattern: folded)
            }
            return rank(folded: bytes.lazy.map(lowercased), pattern: folded)
        }
    }

    /// 2 when `id` (folded) starts with `pattern` (folded), 3 when it holds its bytes in order, else nil.
    private static func rank<Bytes: Collection<UInt8>>(folded id: Bytes, pattern: [UInt8]) -> Int? {
        if id.starts(with: pattern) { return 2 }
        var k = 0
        for byte in id where k < pattern.count && byte == pattern[k] { k += 1 }
        return k == pattern.count ? 3 : nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
    }

    /// The UTF-8 bytes of `text` lowercased (ASCII directly; other text through Unicode case mapping).
    static func fold(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return Array(text.lowercased().utf8) }
        for k in bytes.indices { bytes[k] = lowercased(bytes[k]) }
        return bytes
    }
}
