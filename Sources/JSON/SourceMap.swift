/// Where each value of a document stands in its text, by JSON pointer. Offsets are UTF-8 byte offsets
/// into the document's bytes (after nothing is stripped: a BOM still counts).
package struct SourceMap: Sendable {
    package struct Entry: Equatable, Sendable {
        /// The member's key token, quotes included (nil for array elements and the root).
        package var keyRange: Range<Int>?
        /// The value token or the whole container, brackets included.
        package var valueRange: Range<Int>
    }

    package var entries: [JSONPointer: Entry]

    package init(entries: [JSONPointer: Entry] = [:]) { self.entries = entries }

    package subscript(pointer: JSONPointer) -> Entry? { entries[pointer] }

    /// The value's range, or the nearest ancestor's value range when the pointer is not in the map.
    package func valueRange(_ pointer: JSONPointer) -> Range<Int>? {
        var p: JSONPointer? = pointer
        while let current = p {
            if let entry = entries[current] { return entry.valueRange }
            p = current.parent
        }
        return nil
    }

    /// The key's range if the pointer names an object member, else the value range.
    package func keyRange(_ pointer: JSONPointer) -> Range<Int>? {
        entries[pointer]?.keyRange ?? valueRange(pointer)
    }

    /// The range of the opening bracket of the container at `pointer`.
    package func openingBracket(_ pointer: JSONPointer) -> Range<Int>? {
        guard let r = valueRange(pointer) else { return nil }
        return r.lowerBound..<(r.lowerBound + 1)
    }
}
