/// An id compared as written, byte for byte (its UTF-8 bytes once JSON escapes are decoded).
///
/// rules.md: ids are case-sensitive and not Unicode-normalized. Swift's `String` equality and hashing follow
/// canonical equivalence (`"\u00e9" == "e\u0301"`), so rules never compare or key ids as `String`s: two ids that
/// merely look alike are two ids, as they are to UIKit's `NSString` comparison of identifiers.
struct ExactId: Hashable {
    let bytes: [UInt8]
    init(_ id: String) { bytes = Array(id.utf8) }
}

extension String {
    /// This string as an id compared byte for byte.
    var exactId: ExactId { ExactId(self) }

    /// Whether two ids are the same id (byte for byte, no normalization).
    func isSameId(as other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
