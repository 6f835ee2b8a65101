import JSON
import RPC
import Testing

@testable import Server

/// The editor knows `pin`: its edges are offered inside the list, and hover explains the key.
@Suite("Pins in the editor")
struct PinEditorTests {
    static let scene = #"""
        {"format": 1, "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "ball", "center": [100, 100], "size": [40, 40], "pi2️⃣n": ["right", 1️⃣]}],
          "behaviors": [{"type": "gravity", "items": ["ball"]}]}
        """#

    @Test("inside a pin list, the edges not listed yet are offered")
    func edges() throws {
        let session = try EditorSession(Self.scene)
        #expect(try session.labels() == ["left", "centerX", "top", "bottom", "centerY"])
        let bottom = try session.item("bottom")
        #expect(bottom.kind == .enumMember)
        #expect(try session.applying(bottom).contains(#""pin": ["right", "bottom"]"#))
    }

    @Test("hover on pin explains the edges and the default")
    func hover() throws {
        let session = try EditorSession(Self.scene)
        let hover = try #require(try session.hover(at: 2))
        #expect(hover.contents.value.hasPrefix("**pin — item**"), "\(hover.contents.value)")
        #expect(hover.contents.value.contains("x′ = W′ − (W − x)"))
        #expect(hover.contents.value.contains("referenceView.pin"))
    }
}
