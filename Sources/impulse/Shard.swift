import ArgumentParser

/// `--shard K/N`: the K-th of N disjoint parts of the files, for a CI matrix that splits one large repository.
///
/// Which part a file belongs to depends on its own path only — the path relative to the folder the walk
/// started from (or the path as given, for a file named on the command line) — through a fixed hash (64-bit
/// FNV-1a of its UTF-8 bytes, never Swift's per-process seeded `Hasher`). So the parts are the same on every
/// machine and every run, every file is in exactly one part, and adding or removing a file moves no other file
/// to another part.
struct Shard: Equatable {
    /// 1 ≤ index ≤ count.
    var index: Int
    var count: Int

    /// Whether the file with this key (`SceneInput.shardKey`) belongs to this part.
    func contains(_ key: String) -> Bool {
        Int(Shard.hash(key) % UInt64(count)) == index - 1
    }

    /// 64-bit FNV-1a.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

extension Shard: ExpressibleByArgument {
    /// `K/N` with two decimal integers; the bounds are checked by the command's `validate`.
    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }
}
