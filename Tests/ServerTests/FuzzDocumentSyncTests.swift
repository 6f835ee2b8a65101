// Seeded randomized `didChange` sequences against a server in process: whatever the ranges (inside the
// text, past a line's end, past the last line, reversed), the server's text is what applying the same
// edits to a plain string model gives, with LSP's clamping: a character past a line's end is the line's
// end, a line past the last is the end of the text, a reversed range is put in order.
import JSON
import RPC
import Testing
import TestSupport
@testable import Server


/// The text as lines of Unicode scalars (split at LF only: the fuzzer writes no CR).
private struct TextModel {
    var text: String
    var lines: [[Unicode.Scalar]] { text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) } }

    /// Code units of a scalar in the encoding.
    static func width(_ scalar: Unicode.Scalar, utf8: Bool) -> Int { utf8 ? scalar.utf8.count : scalar.utf16.count }

    /// The scalar offset in the whole text of an LSP position, clamped as LSP says.
    func scalarOffset(line: Int, character: Int, utf8: Bool) -> Int {
        let lines = self.lines
        guard line < lines.count else { return text.unicodeScalars.count }
        var offset = lines[..<line].reduce(0) { $0 + $1.count + 1 }
        var units = 0
        for scalar in lines[line] {
            if units >= character { break }
            units += Self.width(scalar, utf8: utf8)
            offset += 1
        }
        return offset
    }

    /// A position on a scalar boundary of `line`, or past its end, or a line past the last.
    func randomPosition(_ random: inout SplitMix64, utf8: Bool) -> LSP.Position {
        let lines = self.lines
        if random.chance(5) { return LSP.Position(line: lines.count + random.below(3), character: random.below(5)) }
        let line = random.below(lines.count)
        let scalars = lines[line]
        let length = scalars.reduce(0) { $0 + Self.width($1, utf8: utf8) }
        if random.chance(8) { return LSP.Position(line: line, character: length + 1 + random.below(50)) }
        let stop = random.below(scalars.count + 1)
        return LSP.Position(line: line, character: scalars[..<stop].reduce(0) { $0 + Self.width($1, utf8: utf8) })
    }

    mutating func apply(_ change: LSP.TextDocumentContentChangeEvent, utf8: Bool) {
        guard let range = change.range else { text = change.text; return }
        var start = scalarOffset(line: range.start.line, character: range.start.character, utf8: utf8)
        var end = scalarOffset(line: range.end.line, character: range.end.character, utf8: utf8)
        if start > end { swap(&start, &end) }
        var scalars = Array(text.unicodeScalars)
        scalars.replaceSubrange(start..<end, with: change.text.unicodeScalars)
        var rebuilt = String.UnicodeScalarView()
        rebuilt.append(contentsOf: scalars)
        text = String(rebuilt)
    }
}

@Suite("Document sync fuzz (seeded)")
struct FuzzDocumentSyncTests {
    static let uri = "file:///fuzz.dynamics.json"
    static let insertions = ["", "x", "é", "😀", "\n", "{", "}", "\"", ",", "1e999", "\"name\": \"😀é\",\n", "  ", "[\n]", "ab\ncd\n"]

    @Test("random incremental changes, in and out of range, leave the text the string model predicts", arguments: ["utf-8", "utf-16"])
    func randomChanges(encoding: String) throws {
        let utf8 = encoding == "utf-8"
        let seed: UInt64 = utf8 ? 0xD1D_C4A6 : 0xD1D_C4A7
        var random = SplitMix64(seed: seed)
        let client = try TestClient.initialized(capabilities: #"{"general": {"positionEncodings": ["\#(encoding)"]}}"#)
        var model = TextModel(text: scene(extra: #" "note": "😀é","#))
        client.open(Self.uri, model.text)
        var version = 1
        for round in 0..<400 {
            var changes: [LSP.TextDocumentContentChangeEvent] = []
            let before = model.text
            for _ in 0..<(1 + random.below(3)) {
                let change: LSP.TextDocumentContentChangeEvent
                if random.chance(2) {
                    change = .init(text: random.chance(50) ? "" : scene())
                } else {
                    let start = model.randomPosition(&random, utf8: utf8)
                    let end = random.chance(40) ? start : model.randomPosition(&random, utf8: utf8)
                    change = .init(range: LSP.Range(start: start, end: end), text: random.pick(Self.insertions))
                }
                model.apply(change, utf8: utf8)
                changes.append(change)
            }
            version += 1
            client.change(Self.uri, version: version, changes)
            let document = try #require(client.server.documents[Self.uri], "seed \(seed) round \(round): the document is gone")
            #expect(document.text == model.text, "seed \(seed) round \(round): changes \(changes) to \(before.debugDescription)")
            #expect(document.version == version)
            if document.text != model.text { return }
        }
        // The server still answers requests on the final text.
        let symbols = client.request("textDocument/documentSymbol", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#)
        #expect((try? symbols.get()) != nil)
    }
}
