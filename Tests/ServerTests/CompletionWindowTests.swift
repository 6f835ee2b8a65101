import JSON
import Testing

@testable import Server

/// The condensed reading of a cursor's context (`CursorWindow`) must give what reading the whole text gives.
@Suite("Completion: the cursor's context from a condensed text")
struct CompletionWindowTests {
    static let scene = #"""
        {"format": 1, "name": "Сцена 🚀", "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}, {"id": "box", "center": [200, 100], "size": [80, 80]},
                    {"id": "peg", "center": [300, 100], "size": [10, 10], "collisionBounds": {"path": [[0, 0], [10, 0], [5, 8]]}}],
          "behaviors": [
            {"type": "gravity", "id": "fall", "items": ["ball", "box", "peg"], "direction": [0, 1]},
            {"type": "collision", "items": ["ball", "box"], "boundaries": [{"id": "floor", "from": [0, 700], "to": [400, 700]}]},
            {"type": "dynamicItem", "items": ["ball"], "density": 2, "elasticity": 0.5},
            {"type": "attachment", "item": "ball", "attachedTo": "box", "kind": "spring"}
          ],
          "events": [{"at": 1, "set": "fall", "values": {"magnitude": 2}}, {"at": 2, "add": {"type": "push", "items": ["box"]}}]}
        """#

    /// Broken texts as a user leaves them mid-typing: an unclosed string, a key without its colon, a missing
    /// comma, an unclosed array and object, a stray bracket, text after the end.
    static let broken = [
        scene.replacing(#""elasticity": 0.5}"#, with: #""elasticity": 0.5, "fri}"#),
        scene.replacing(#""kind": "spring"}"#, with: #""kind" "spr"#),
        scene.replacing(#""density": 2, "#, with: #""density": 2 "ela" "#),
        scene.replacing(#""items": ["box"]}}]}"#, with: #""items": ["box", "#),
        scene.replacing(#"{"type": "collision", "#, with: #"{"type": "collision", ]"#),
        scene + "\n{\"more\": [1, 2",
        String(scene.prefix(scene.count / 2)),
    ]

    /// The byte offset of the first `needle` in `text`.
    static func offset(of needle: String, in text: String) -> Int? {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        return bytes.indices.first { bytes[$0...].starts(with: pattern) }
    }

    static func expectSameContexts(_ text: String) {
        let document = JSONDocument.parse(text)
        for offset in 0...document.bytes.count {
            let condensed = CursorWindow.context(in: document, at: offset, minimumSize: 0)
            let whole = document.context(at: offset)
            #expect(condensed == whole, "offset \(offset) of \(text.utf8.count)")
            if condensed != whole { return }
        }
    }

    @Test("a valid scene: the same context at every offset")
    func validScene() {
        Self.expectSameContexts(Self.scene)
    }

    @Test("broken scenes: the same context at every offset", arguments: CompletionWindowTests.broken.indices)
    func brokenScenes(_ index: Int) {
        Self.expectSameContexts(Self.broken[index])
    }

    @Test("texts cut, spliced and garbled at random: the same context at every offset")
    func garbledScenes() {
        // A fixed linear congruential sequence: the same texts on every run.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let original = Array(Self.scene.utf8)
        let fragments = ["{", "}", "[", "]", ",", ":", "\"", "\"ab", "\n", " 1", "tru", "\\"].map { Array($0.utf8) }
        for _ in 0..<60 {
            var bytes = original
            for _ in 0..<(1 + next(3)) {
                let start = next(bytes.count)
                let end = min(bytes.count, start + next(12))
                bytes.replaceSubrange(start..<end, with: next(2) == 0 ? [] : fragments[next(fragments.count)])
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let document = JSONDocument.parse(text)
            for offset in stride(from: 0, through: document.bytes.count, by: 3) {
                let condensed = CursorWindow.context(in: document, at: offset, minimumSize: 0)
                let whole = document.context(at: offset)
                if condensed != whole {
                    Issue.record("offset \(offset) of: \(text)\ncondensed: \(condensed)\nwhole: \(whole)")
                    return
                }
            }
        }
    }

    @Test("a long list is read through stand-ins: far less text, same context")
    func condensesALongList() throws {
        let items = (1...2000).map { #"{"id": "item\#($0)", "center": [\#($0), 10], "size": [4, 4]}"# }.joined(
            separator: ",\n    ")
        let text =
            #"{"format": 1, "referenceView": {"width": 400, "height": 800}, "items": [\#n    \#(items)],"#
            + #"\#n  "behaviors": [{"type": "gravity", "items": ["item1"]}, {"type": "dynamicItem", "items": ["item2"], "density": 2}]}"#
        let document = JSONDocument.parse(text)
        let offset = try #require(Self.offset(of: #""density""#, in: text)) + 3
        let regions = CursorWindow.standIns(in: document, around: offset)
        let condensed = CondensedText(document.bytes, replacing: regions)
        #expect(condensed.bytes.count < 300)
        #expect(CursorWindow.context(in: document, at: offset, minimumSize: 0) == document.context(at: offset))
        let inItems = try #require(Self.offset(of: #""item1000""#, in: text)) + 2
        #expect(CursorWindow.context(in: document, at: inItems, minimumSize: 0) == document.context(at: inItems))
        #expect(
            CondensedText(document.bytes, replacing: CursorWindow.standIns(in: document, around: inItems)).bytes.count
                < 6000)

        // Typing a new behavior at the end (the text is cut off there): everything before it is condensed.
        let typing = String(text.dropLast(2)) + #", {"type": "snap", "item": "ite"#
        let broken = JSONDocument.parse(typing)
        #expect(broken.syntaxError != nil)
        let end = broken.bytes.count
        #expect(
            CondensedText(broken.bytes, replacing: CursorWindow.standIns(in: broken, around: end)).bytes.count < 300)
        #expect(CursorWindow.context(in: broken, at: end, minimumSize: 0) == broken.context(at: end))
        #expect(CursorWindow.context(in: broken, at: end - 2, minimumSize: 0) == broken.context(at: end - 2))
    }
}
