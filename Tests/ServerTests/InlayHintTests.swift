import JSON
import RPC
import Testing

@testable import Server

@Suite("Inlay hints")
struct InlayHintTests {
    static let scene = #"""
        {"format": 1, "referenceView": {"width": 400, "height": 800},
          "items": [
            {"id": "ball", "center": [100, 100], "size": [100, 100]1️⃣},
            {"id": "box", "center": [200, 200], "size": [80, 80]2️⃣, "angle": 1.5707963267948966},
            {"id": "wheel", "center": [300, 300], "size": [20, 20]3️⃣}
          ],
          "behaviors": [
            {"type": "attachment", "item": "ball", "anchor": [200, 200]4️⃣},
            {"type": "attachment", "item": "box", "offset": [10, 0], "attachedTo": "wheel"5️⃣, "attachedOffset": [0, 5], "kind": "limit"},
            {"type": "attachment", "item": "wheel", "anchor": [0, 0], "length": 50},
            {"type": "attachment", "item": "wheel", "attachedTo": "ball", "kind": "pin"},
            {"type": "dynamicItem", "items": ["box"], "density": 0.5}
          ]}
        """#

    func hints(
        _ session: EditorSession, from start: LSP.Position = .init(line: 0, character: 0),
        to end: LSP.Position = .init(line: 99, character: 0)
    ) throws -> [LSP.InlayHint] {
        let range = LSP.Range(start: start, end: end)
        let result = try session.client.request(
            "textDocument/inlayHint",
            #"{"textDocument": {"uri": "\#(EditorSession.uri)"}, "range": \#(range.json.serializedString())}"#
        ).get()
        return try result.arrayValue.unwrap().map { try LSP.InlayHint(json: $0, path: "hint") }
    }

    @Test(
        "an item's mass after its size; an attachment's length at the start after its anchor or attachedTo when omitted"
    )
    func massAndLength() throws {
        let session = try EditorSession(Self.scene)
        let hints = try hints(session)
        #expect(hints.map(\.label) == ["1 kg", "0.32 kg", "0.04 kg", "length: 141.4", "length: 137.9"])
        #expect(hints.map(\.position) == (1...5).map { session.scene.position($0) })
        #expect(hints.allSatisfy { $0.paddingLeft == true })
        #expect(hints[1].tooltip?.value == "mass = density × width × height / 10 000 = 0.5 × 80 × 80 / 10 000")
    }

    @Test("only the hints inside the requested range")
    func range() throws {
        let session = try EditorSession(Self.scene)
        #expect(
            try hints(session, from: session.scene.position(2), to: session.scene.position(4)).map(\.label) == [
                "0.32 kg", "0.04 kg", "length: 141.4",
            ])
        #expect(try hints(session, from: .init(line: 0, character: 0), to: .init(line: 1, character: 0)).isEmpty)
    }

    @Test("positions follow the negotiated encoding, and broken text still gets hints before the break")
    func encodingAndBrokenText() throws {
        let marked = #"""
            {"name": "🎈🎈", "items": [{"id": "ß", "center": [0, 0], "size": [50, 20]1️⃣}], "behaviors": [{"type":
            """#
        for capabilities in [#"{"general": {"positionEncodings": ["utf-8"]}}"#, "{}"] {
            let session = try EditorSession(marked, capabilities: capabilities)
            let hints = try hints(session)
            #expect(hints.map(\.label) == ["0.1 kg"])
            #expect(hints.first?.position == session.scene.position(1, encoding: session.encoding))
        }
    }
}

extension Optional {
    fileprivate func unwrap() throws -> Wrapped {
        try #require(self)
    }
}
