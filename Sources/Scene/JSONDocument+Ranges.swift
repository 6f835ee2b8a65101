import JSON

// Range helpers for rules: every model node carries a `JSONPointer`; these turn pointers into byte ranges
// of the document's text. A pointer that is not in the source map falls back to its nearest ancestor (the
// map holds every value of `root`, so that only happens for values the decoder synthesized), and finally to
// the document's first byte, so a rule never has to handle "no range".
extension JSONDocument {
    /// The range of the value at `pointer` (a string's quotes included; a container's brackets included).
    package func valueRange(of pointer: JSONPointer) -> Range<Int> {
        sourceMap.valueRange(pointer) ?? fallbackRange
    }

    /// The range of the key token of the member at `pointer` (quotes included); the value's range for
    /// array elements and the root.
    package func keyRange(of pointer: JSONPointer) -> Range<Int> {
        sourceMap.keyRange(pointer) ?? fallbackRange
    }

    /// The opening bracket or brace of the container at `pointer` (where `scene.missingKey` points).
    package func openingBracket(of pointer: JSONPointer) -> Range<Int> {
        sourceMap.openingBracket(pointer) ?? fallbackRange
    }

    /// The range of the whole member at `pointer`: from its key to the end of its value.
    package func memberRange(of pointer: JSONPointer) -> Range<Int> {
        let value = valueRange(of: pointer)
        guard let key = sourceMap[pointer]?.keyRange else { return value }
        return min(key.lowerBound, value.lowerBound)..<max(key.upperBound, value.upperBound)
    }

    /// The source text of a range (for messages that quote the value as written, e.g. `1e999`).
    package func text(of range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    private var fallbackRange: Range<Int> { 0..<min(1, bytes.count) }
}
