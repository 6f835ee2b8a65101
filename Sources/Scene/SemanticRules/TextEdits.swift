import JSON

/// Text edits for quick fixes, computed on the document's bytes so the CLI's json output and the editor's
/// code actions apply the same change: removing an array element or object member with the comma that
/// separates it from its neighbors, inserting a member before another in the same layout.
struct TextEdits {
    let document: JSONDocument

    private var bytes: [UInt8] { document.bytes }

    /// The text to delete to remove the array element at `pointer`, one separating comma included (the one
    /// before it when there is one, so `[a, b, b]` loses `, b`).
    func elementRemoval(_ pointer: JSONPointer) -> Range<Int> {
        removal(of: document.valueRange(of: pointer))
    }

    /// The text to delete to remove the object member at `pointer` (key, colon, value) and one separating comma.
    func memberRemoval(_ pointer: JSONPointer) -> Range<Int> {
        removal(of: document.memberRange(of: pointer))
    }

    private func removal(of range: Range<Int>) -> Range<Int> {
        var before = range.lowerBound
        while before > 0, Self.isWhitespace(bytes[before - 1]) { before -= 1 }
        if before > 0, bytes[before - 1] == UInt8(ascii: ",") {
            return (before - 1)..<range.upperBound
        }
        var after = range.upperBound
        while after < bytes.count, Self.isWhitespace(bytes[after]) { after += 1 }
        if after < bytes.count, bytes[after] == UInt8(ascii: ",") {
            after += 1
            while after < bytes.count, Self.isWhitespace(bytes[after]) { after += 1 }
            return range.lowerBound..<after
        }
        return range
    }

    /// An edit inserting `"key": value` as the member before the one at `pointer`, followed by a comma and
    /// the same whitespace that precedes that member (so a one-member-per-line layout stays one per line).
    func insertion(key: String, value: String, before pointer: JSONPointer) -> Diagnostic.Edit {
        let keyStart = document.keyRange(of: pointer).lowerBound
        var start = keyStart
        while start > 0, Self.isWhitespace(bytes[start - 1]) { start -= 1 }
        let gap = String(decoding: bytes[start..<keyStart], as: UTF8.self)
        return Diagnostic.Edit(
            range: keyStart..<keyStart, newText: "\(Wording.quoted(key)): \(value)," + (gap.isEmpty ? " " : gap))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
