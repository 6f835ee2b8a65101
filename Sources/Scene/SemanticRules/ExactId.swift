#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// An id compared as written, byte for byte (its UTF-8 bytes once JSON escapes are decoded).
///
/// rules.md: ids are case-sensitive and not Unicode-normalized. Swift's `String` equality and hashing follow
/// canonical equivalence (`"\u00e9" == "e\u0301"`), so rules never compare or key ids as `String`s: two ids that
/// merely look alike are two ids, as they are to UIKit's `NSString` comparison of identifiers.
///
/// It wraps the string itself (no copy of its bytes): equality compares the UTF-8 bytes, hashing feeds them in
/// one call, from the string's contiguous storage when it has one.
package struct ExactId: Hashable, Sendable {
    package let string: String
    package init(_ id: String) { string = id }

    package static func == (lhs: ExactId, rhs: ExactId) -> Bool {
        var a = lhs.string
        var b = rhs.string
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    package func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// What `Set` and `Dictionary` hash with (the standard library's hook under `hashValue`): rules look ids up
    /// tens of thousands of times per check, and a multiply-xorshift over 8 bytes at a time, keyed by the
    /// table's per-process seed, costs a fraction of SipHash for ids of a few bytes.
    package func _rawHashValue(seed: Int) -> Int {
        var string = string
        return string.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var h = UInt64(truncatingIfNeeded: seed) ^ (UInt64(raw.count) &* 0x9E37_79B9_7F4A_7C15)
            var offset = 0
            while offset + 8 <= raw.count {
                h = Self.mix(h ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < raw.count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            return Int(truncatingIfNeeded: Self.mix(h ^ tail))
        }
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 32
        x &*= 0xD6E8_FEB8_6659_FD93
        x ^= x >> 32
        x &*= 0xD6E8_FEB8_6659_FD93
        x ^= x >> 32
        return x
    }
}

extension String {
    /// This string as an id compared byte for byte.
    var exactId: ExactId { ExactId(self) }

    /// Whether two ids are the same id (byte for byte, no normalization).
    func isSameId(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
