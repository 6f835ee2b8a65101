// textDocument/formatting: exactly what `impulse format` writes for the file.
//
// The layout is `Formatter.format` with the indent of the document's `.impulse.json` (default 2), whatever the
// request's `tabSize` says, so the editor and CI's `impulse format --check` never disagree. The answer is one
// edit replacing only the part that changes (the text between the longest common prefix and suffix), none
// when the text is formatted already, and none for a text that is not valid JSON (it has its `json.syntax`
// diagnostic; formatting must not guess).
import JSON
import RPC

extension LanguageServer {
    func formatting(_ params: LSP.DocumentFormattingParams, _ context: RequestContext) throws -> [LSP.TextEdit] {
        let document = try document(params.textDocument)
        guard let formatted = Formatter.format(document.bytes, indent: document.configuration.indent),
            formatted != document.bytes
        else { return [] }
        let (range, replacement) = LanguageServer.changedSpan(from: document.bytes, to: formatted)
        return [document.textEdit(replacing: range, with: String(decoding: replacement, as: UTF8.self))]
    }

    /// The smallest span of `old` to replace, and what to replace it with, to turn `old` into `new`; both ends
    /// fall on UTF-8 character boundaries.
    static func changedSpan(from old: [UInt8], to new: [UInt8]) -> (range: Range<Int>, replacement: ArraySlice<UInt8>) {
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        while prefix > 0, prefix < old.count, isContinuation(old[prefix]) { prefix -= 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        while suffix > 0, isContinuation(old[old.count - suffix]) { suffix -= 1 }
        return (prefix..<(old.count - suffix), new[prefix..<(new.count - suffix)])
    }
}
