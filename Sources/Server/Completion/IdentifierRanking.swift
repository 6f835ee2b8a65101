// Which ids a completion sends when there are thousands (a 5,000-item scene): the best matches of what is
// typed, at most `limit`, with `isIncomplete` so that the editor asks again as the user types on.
//
// Design: clients filter the items they get on the typed text (VS Code fuzzily, case-insensitively; Neovim
// by prefix), so every id a client could keep is a candidate: those holding the typed characters in order,
// ignoring case. They rank as an editor would show them: the id typed exactly, then ids starting with the
// typed text as written, then ignoring case, then the other fuzzy matches; within each, shorter ids first,
// then file order. So the id being typed is always sent when it exists. Completion walks the ids shortest first
// and stops as soon as nothing left can enter the list (see `best`), on an order each document version keeps. A list short enough is sent whole
// and complete, in file order, and the client filters it itself.

/// Chooses the ids to offer out of a long list.
enum IdentifierRanking {
    /// The most ids one completion sends. An editor shows about a dozen at once and asks again as the user types
    /// (the list is incomplete), while each item costs the client a range and a few strings to decode on every
    /// keystroke: with 100, a VS Code-like client spent about as long decoding the list as the server took to
    /// make it (Benchmarks/README.md, "Id completion within its budget").
    static let limit = 50

    /// `ids` as they are when there are at most `limit`; otherwise the best `limit` matches of `typed`, best
    /// first, with `isIncomplete` set. `order` is `lengthOrder(ids)` when the caller keeps it (it is computed
    /// here otherwise); ids for which `isExcluded` holds are never offered (the caller has more than `limit` ids
    /// left without them).
    ///
    /// The ids are visited shortest first, so each rank's matches arrive in the order they are offered in; the
    /// walk stops once the exact and prefix matches fill the list and only longer ids remain (none of which
    /// can rank before them), so typing the start of an id costs about `limit` visits, not one per id.
    static func best(
        _ ids: [String], typed: String, limit: Int = IdentifierRanking.limit, order: [Int32]? = nil,
        isExcluded: (String) -> Bool = { _ in false }
    ) -> (ids: [String], isIncomplete: Bool) {
        guard ids.count > limit else { return (ids, false) }
        let pattern = Array(typed.utf8)
        let folded = fold(typed)
        var byRank: [[Int32]] = [[], [], [], []]
        for position in order ?? lengthOrder(ids) {
            let id = ids[Int(position)]
            if id.utf8.count > pattern.count && byRank[0].count + byRank[1].count >= limit { break }
            guard let rank = rank(id, pattern: pattern, folded: folded), byRank[rank].count < limit,
                !isExcluded(id)
            else { continue }
            byRank[rank].append(position)
        }
        return (byRank.joined().prefix(limit).map { ids[Int($0)] }, true)
    }

    /// The positions of `ids` ordered by their UTF-8 length, then by position: how `best` breaks ties.
    static func lengthOrder(_ ids: [String]) -> [Int32] {
        let lengths = ids.map { $0.utf8.count }
        return ids.indices.map(Int32.init).sorted {
            lengths[Int($0)] != lengths[Int($1)] ? lengths[Int($0)] < lengths[Int($1)] : $0 < $1
        }
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
