// Seeded randomized `didChange` sequences against a server in process: whatever the ranges (inside the
// text, past a line's end, past the last line, reversed), the server's text is what applying the same
// edits to a plain string model gives, with LSP's clamping: a character past a line's end is the line's
// end, a line past the last is the end of the text, a reversed range is put in order.
import JSON
import RPC
import Scene
import TestSupport
import Testing

@testable import Server

/// The text as lines of Unicode scalars (split at LF only: the fuzzer writes no CR).
private struct TextModel {
    var text: String
    var lines: [[Unicode.Scalar]] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    }

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
        guard let range = change.range else {
            text = change.text
            return
        }
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
    static let insertions = [
        "", "x", "é", "😀", "\n", "{", "}", "\"", ",", "1e999", "\"name\": \"😀é\",\n", "  ", "[\n]", "ab\ncd\n",
    ]

    @Test(
        "random incremental changes, in and out of range, leave the text the string model predicts",
        arguments: ["utf-8", "utf-16"])
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
            let document = try #require(
                client.server.documents[Self.uri], "seed \(seed) round \(round): the document is gone")
            #expect(
                document.text == model.text,
                "seed \(seed) round \(round): changes \(changes) to \(before.debugDescription)")
            #expect(document.version == version)
            // Whichever way the server linted the edit (incrementally or whole), the result is a full lint's.
            #expect(
                document.lint.diagnostics == Linter.lint(document.bytes, fileName: "fuzz.dynamics.json").diagnostics,
                "seed \(seed) round \(round): diagnostics after \(changes)")
            if document.text != model.text { return }
        }
        // The server still answers requests on the final text.
        let symbols = client.request("textDocument/documentSymbol", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#)
        #expect((try? symbols.get()) != nil)
    }

    @Test("number edits of a valid scene, linted incrementally, give a full lint's diagnostics")
    func numberEdits() throws {
        var random = SplitMix64(seed: 0x1C_4E5)
        let client = try TestClient.initialized(capabilities: #"{"general": {"positionEncodings": ["utf-16"]}}"#)
        var model = TextModel(
            text: """
                {
                  "referenceView": {"width": 400, "height": 800},
                  "items": [
                    {"id": "a", "center": [100, 100], "size": [40, 40]},
                    {"id": "b", "center": [200, 100], "size": [40, 40], "angle": 0.5}
                  ],
                  "behaviors": [
                    {"type": "gravity", "items": ["a", "b"], "magnitude": 1},
                    {"type": "dynamicItem", "items": ["a"], "density": 2, "elasticity": 0.5},
                    {"type": "dynamicItem", "items": ["a", "b"], "density": 3},
                    {"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": true},
                    {"type": "push", "items": ["b"], "magnitude": 1}
                  ]
                }
                """)
        client.open(Self.uri, model.text)
        var version = 1
        let numbers = ["0", "1", "2", "3", "0.5", "100", "110", "200", "395", "790", "-5", "1.5"]
        var spliced = 0
        for round in 0..<300 {
            // A number token of the text, replaced by another number (as typing a value does).
            let lines = model.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var candidates: [(line: Int, start: Int, end: Int)] = []
            for (n, line) in lines.enumerated() {
                let scalars = Array(line.unicodeScalars)
                var k = 0
                while k < scalars.count {
                    if ("0"..."9").contains(scalars[k])
                        || (scalars[k] == "-" && k + 1 < scalars.count && ("0"..."9").contains(scalars[k + 1]))
                    {
                        var end = k + 1
                        while end < scalars.count, "0123456789.eE+-".unicodeScalars.contains(scalars[end]) { end += 1 }
                        candidates.append((n, k, end))
                        k = end
                    } else {
                        k += 1
                    }
                }
            }
            let token = random.pick(candidates)
            let change = LSP.TextDocumentContentChangeEvent(
                range: LSP.Range(
                    start: LSP.Position(line: token.line, character: token.start),
                    end: LSP.Position(line: token.line, character: token.end)),
                text: random.pick(numbers))
            model.apply(change, utf8: false)
            version += 1
            client.change(Self.uri, version: version, [change])
            let document = try #require(client.server.documents[Self.uri])
            if document.json.splice != nil { spliced += 1 }
            #expect(document.text == model.text)
            #expect(
                document.lint.diagnostics == Linter.lint(document.bytes, fileName: "fuzz.dynamics.json").diagnostics,
                "round \(round): after \(change)\n\(model.text)")
            if document.lint.diagnostics != Linter.lint(document.bytes, fileName: "fuzz.dynamics.json").diagnostics {
                return
            }
        }
        // Most edits were re-parsed in place (and so could be linted incrementally).
        #expect(spliced > 200)
    }
}
