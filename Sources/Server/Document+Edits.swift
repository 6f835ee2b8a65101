// Applying `didChange` content changes to a document's bytes.
//
// Changes apply in order, each to the text the previous one produced, so the line index is rebuilt after
// each ranged change. Ranges that point outside the text are clamped (a character past a line's end is the
// line's end, a line past the last is the end of the text, as LSP asks) and reported, never trusted to index
// memory; a reversed range is put in order and reported.
import JSON
import RPC

extension Document {
    /// The bytes after applying `changes` in order, and a description of each change that had to be repaired.
    /// `lineIndex`, when given, is the index of `bytes` as passed in: the first change uses it instead of
    /// indexing the whole text again (a 2 MB scene per keystroke).
    static func applying(
        _ changes: [LSP.TextDocumentContentChangeEvent], to bytes: [UInt8], encoding: LineIndex.Encoding,
        lineIndex original: LineIndex? = nil
    ) -> (bytes: [UInt8], problems: [String]) {
        var bytes = bytes
        var problems: [String] = []
        var unchanged = original
        for (index, change) in changes.enumerated() {
            defer { unchanged = nil }
            guard let range = change.range else {
                bytes = Array(change.text.utf8)
                continue
            }
            let lineIndex = unchanged ?? LineIndex(bytes)
            func offset(_ position: LSP.Position, _ name: String) -> Int {
                let offset = lineIndex.offset(
                    of: LineIndex.Position(line: position.line, character: position.character), in: encoding)
                let back = lineIndex.position(of: offset, in: encoding)
                if back.line != position.line || back.character != position.character {
                    problems.append(
                        "change \(index): the \(name) \(position.line):\(position.character) is not a position in the text; used \(back.line):\(back.character)"
                    )
                }
                return offset
            }
            var start = offset(range.start, "start")
            var end = offset(range.end, "end")
            if start > end {
                problems.append("change \(index): the range ends before it starts; applied it in order")
                swap(&start, &end)
            }
            bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
        }
        return (bytes, problems)
    }

    /// The parse of the text after one ranged change, re-parsing only the value the change falls in
    /// (`JSONDocument.reparsing`, which falls back to a full parse when it must); nil for several changes or
    /// a whole-text change, which are parsed in full. A 2 MB scene edited one number at a time re-parses in
    /// about a millisecond instead of jansson's tens of milliseconds for the whole text.
    ///
    /// `editedText`, when given, is the text after the change as `applying` made it without a problem (the same
    /// offsets from the same line index): the new document keeps that array instead of making its own copy.
    static func incrementalParse(
        of changes: [LSP.TextDocumentContentChangeEvent], on current: Document, editedText: [UInt8]? = nil
    ) -> JSONDocument? {
        guard changes.count == 1, let change = changes.first, let range = change.range else { return nil }
        let lineIndex = current.lineIndex
        let start = lineIndex.offset(
            of: LineIndex.Position(line: range.start.line, character: range.start.character), in: current.encoding)
        let end = lineIndex.offset(
            of: LineIndex.Position(line: range.end.line, character: range.end.character), in: current.encoding)
        guard start <= end else { return nil }
        if let editedText {
            return current.json.reparsing(
                afterEdit: start..<end, replacementCount: change.text.utf8.count, editedText: editedText)
        }
        return current.json.reparsing(afterEdit: start..<end, replacement: Array(change.text.utf8))
    }
}
