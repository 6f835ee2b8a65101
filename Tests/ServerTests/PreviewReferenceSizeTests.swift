import JSON
import RPC
import Testing

@testable import Server

/// `impulse/preview` and `impulse.preview` with `referenceSize`: the scene runs in a view of that size, every
/// point placed by its pin, as `impulse preview --reference-size` runs it.
@Suite("Preview at another reference size")
struct PreviewReferenceSizeTests {
    /// A box no force moves, pinned to the bottom-right corner of a 400×800 view.
    static let cornered = #"""
        {"format": 1, "name": "corner", "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "box", "center": [300, 700], "size": [40, 40], "pin": ["right", "bottom"]}],
          "behaviors": [{"type": "dynamicItem", "items": ["box"], "density": 2}]}
        """#

    static func finalCenter(_ result: JSONValue) -> [Double]? {
        result.objectValue?["final"]?.objectValue?["box"]?.objectValue?["center"]?.arrayValue?.compactMap(\.numberValue)
    }

    @Test("referenceSize places the pinned box at the same distance from the bottom-right corner")
    func placesPinnedPoints() throws {
        let client = try PreviewScenes.session(Self.cornered)
        let uri = PreviewScenes.uri
        let design = try #require(
            client.backgroundRequest("impulse/preview", #"{"textDocument": {"uri": "\#(uri)"}, "frames": 2}"#)
        ).get()
        #expect(Self.finalCenter(design) == [300, 700])
        let small = try #require(
            client.backgroundRequest(
                "impulse/preview",
                #"{"textDocument": {"uri": "\#(uri)"}, "frames": 2, "referenceSize": [320, 568]}"#)
        ).get()
        #expect(Self.finalCenter(small) == [220, 468])
        let command = try #require(
            client.backgroundRequest(
                "workspace/executeCommand",
                #"{"command": "impulse.preview", "arguments": ["\#(uri)", {"frames": 2, "referenceSize": [500, 900]}]}"#
            )
        ).get()
        #expect(Self.finalCenter(command) == [400, 800])
    }

    @Test("a referenceSize that is not two numbers above 0 is −32602, answered at once")
    func badSizes() throws {
        let client = try PreviewScenes.session(Self.cornered)
        for size in ["[0, 10]", "[320]", "\"320x568\"", "[-1, 5]", "[320, \"568\"]"] {
            let result = client.request(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "referenceSize": \#(size)}"#)
            guard case .failure(let error) = result else {
                Issue.record("\(size) was accepted")
                continue
            }
            #expect(error.code == .invalidParams, "\(size)")
        }
        #expect(client.server.requestsInFlight.isEmpty)
    }
}
