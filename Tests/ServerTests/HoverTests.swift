import JSON
import RPC
import Testing

@testable import Server

extension EditorSession {
    func hover(at marker: Int = 1) throws -> LSP.Hover? {
        let position = scene.position(marker, encoding: encoding)
        let result = try client.request(
            "textDocument/hover",
            #"{"textDocument": {"uri": "\#(EditorSession.uri)"}, "position": \#(position.json.serializedString())}"#
        ).get()
        return result == .null ? nil : try LSP.Hover(json: result, path: "result")
    }
}

@Suite("Hover")
struct HoverTests {
    static let scene = #"""
        {"format": 1, "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "b1️⃣all", "center": [100, 100], "size": [40, 40]}, {"id": "box", "center": [200, 100], "size": [80, 50]}],
          "behaviors": [{"type": "gra2️⃣vity", "id": "fall", "items": ["ball", "b3️⃣ox"]},
                        {"type": "dynamicItem", "id": "heavy", "items": ["box"], "den4️⃣sity": 2.5},
                        {"type": "collision", "items": ["box"], "mode": "ite5️⃣ms"}],
          "events": [{"at": 1, "add": {"type": "snap", "item": "ball", "point": [10, 10]}}]}
        """#

    @Test("on a key: its documentation with type, default, range, UIKit name and the paragraph, over the key")
    func key() throws {
        let session = try EditorSession(Self.scene)
        let hover = try #require(try session.hover(at: 4))
        #expect(hover.contents.kind == .markdown)
        #expect(hover.contents.value.hasPrefix("**density — dynamicItem behavior**"))
        #expect(hover.contents.value.contains("Mass per area, greater than 0"))
        #expect(hover.contents.value.contains("- Type: a number"))
        #expect(hover.contents.value.contains("- Default: `1`"))
        #expect(hover.contents.value.contains("- Range: > 0"))
        #expect(hover.contents.value.contains("- UIKit: `UIDynamicItemBehavior.density`"))
        #expect(hover.range == session.scene.range(of: #""density""#))
    }

    @Test("on an item id, defined or named: its size, mass with the density in force, and the behaviors using it")
    func itemID() throws {
        let session = try EditorSession(Self.scene)
        let definition = try #require(try session.hover(at: 1))
        #expect(definition.range == session.scene.range(of: #""ball""#))
        #expect(
            definition.contents.value == """
                **ball** — item

                - Size: 40 × 40 pt
                - Mass: 0.16 kg (density 1)
                - Center: [100, 100]
                - Behaviors: gravity `"fall"`, snap (`/events/0/add`) (added at 1 s)
                """)
        let reference = try #require(try session.hover(at: 3))
        #expect(reference.contents.value.contains("- Size: 80 × 50 pt"))
        #expect(reference.contents.value.contains(#"- Mass: 1 kg (density 2.5 from dynamicItem `"heavy"`)"#))
        #expect(
            reference.contents.value.contains(
                #"- Behaviors: gravity `"fall"`, dynamicItem `"heavy"`, collision (`/behaviors/2`)"#))
    }

    @Test("on a behavior type: the behavior's documentation; on an enumeration value: its key's")
    func values() throws {
        let session = try EditorSession(Self.scene)
        let type = try #require(try session.hover(at: 2))
        #expect(type.contents.value.hasPrefix("**gravity — UIGravityBehavior**"))
        #expect(type.contents.value.contains("- `direction` = `[0, 1]`"))
        #expect(type.contents.value.contains("- `items` (required)"))
        let mode = try #require(try session.hover(at: 5))
        #expect(mode.contents.value.hasPrefix("`\"items\"` — **mode — collision behavior**"))
        #expect(mode.contents.value.contains("UICollisionBehavior.collisionMode"))
    }

    @Test("plain text for clients without Markdown; nothing on punctuation")
    func plainAndNothing() throws {
        let session = try EditorSession(#"{"items": [{"id": "a", "si1️⃣ze": [1, 1]}]2️⃣}"#, capabilities: "{}")
        let hover = try #require(try session.hover(at: 1))
        #expect(hover.contents.kind == .plaintext)
        #expect(hover.contents.value.hasPrefix("size — item"))
        #expect(hover.contents.value.contains("UIKit: UIView.bounds.size"))
        #expect(try session.hover(at: 2) == nil)
    }

    @Test("in a scene larger than the condensing size, every hover says what it says in a small one")
    func largeScene() throws {
        // 400 more items (about 25 KB) past the marked ones: the cursor's context is read from a condensed text.
        let fillers = (0..<400).map { #"{"id": "filler\#($0)", "center": [20, 700], "size": [10, 10]}"# }
        let last = #"{"id": "box", "center": [200, 100], "size": [80, 50]}"#
        let large = Self.scene.replacing(last, with: ([last] + fillers).joined(separator: ", "))
        #expect(large.utf8.count > CursorWindow.minimumSize)
        let small = try EditorSession(Self.scene)
        let session = try EditorSession(large)
        for marker in 1...5 {
            let expected = try #require(try small.hover(at: marker), "marker \(marker)")
            let hover = try #require(try session.hover(at: marker), "marker \(marker)")
            #expect(hover.contents == expected.contents, "marker \(marker)")
        }
    }

    @Test("hover works in a document that is not valid JSON yet")
    func brokenDocument() throws {
        let session = try EditorSession(
            #"""
            {"items": [{"id": "ball", "center": [1, 1], "size": [20, 30]}],
              "behaviors": [{"type": "attachment", "item": "ba1️⃣ll", "freq2️⃣uency": 
            """#)
        #expect(try session.hover(at: 1)?.contents.value.contains("- Mass: 0.06 kg (density 1)") == true)
        #expect(try session.hover(at: 2)?.contents.value.contains("- Only for kind: distance") == true)
    }
}

@Suite("Hover on diagnostics")
struct DiagnosticHoverTests {
    @Test("under a diagnostic: its rule's summary, meaning and fix follow, after the key's documentation")
    func rulePage() throws {
        let session = try EditorSession(
            #"""
            {"format": 1, "referenceView": {"width": 400, "height": 800},
              "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}],
              "behaviors": [{"type": "dynamicItem", "items": ["ball"], "elast1️⃣city": 0.5, "friction": 2️⃣-1}]}
            """#)
        let unknown = try #require(try session.hover(at: 1))
        #expect(unknown.contents.value.hasPrefix("**`scene.unknownKey`** (warning): "))
        #expect(unknown.contents.value.contains("**How to fix it:**"))
        #expect(unknown.range == session.scene.range(of: #""elastcity""#))
        let range = try #require(try session.hover(at: 2))
        #expect(range.contents.value.hasPrefix("**friction — dynamicItem behavior**"))
        #expect(range.contents.value.contains("\n\n---\n\n**`scene.range`** (error): "))
        #expect(range.range == session.scene.range(of: "-1"))
    }
}
