import Foundation
import JSON
import Scene
import Testing

@testable import Reporting

/// What the previews show that a newcomer could not see (issue 23): words that agree with the numbers beside
/// them, the material of an item, a gravity badge that hides nothing, a page that can start playing.
@Suite struct PreviewExplainsItselfTests {
    static func preview(_ json: String) throws -> PreviewResult {
        let lint = Linter.lint(Array(json.utf8), fileName: "test.dynamics.json")
        #expect(!lint.hasErrors, "\(lint.diagnostics.map(\.message))")
        return try #require(try PreviewResult.preview(lint, SimulationRequest()))
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A bouncy, slippery ball and a plain box under gravity; the box stands in the top-left corner.
    static let materials = """
        {"name": "materials", "referenceView": {"width": 300, "height": 400},
         "items": [{"id": "ball", "center": [150, 200], "size": [40, 40], "collisionBounds": "ellipse"},
                   {"id": "box", "center": [30, 30], "size": [40, 40]}],
         "behaviors": [{"type": "gravity", "items": ["ball"]},
                       {"type": "collision", "items": ["ball"], "translatesReferenceBoundsIntoBoundary": true},
                       {"type": "dynamicItem", "items": ["ball"], "elasticity": 0.9, "friction": 0.1},
                       {"type": "dynamicItem", "items": ["box"], "density": 1}],
         "preview": {"duration": 0.5}}
        """

    @Test func theTextSaysMovingOnlyWhenTheVelocityShows() {
        func state(_ vx: Double, _ angular: Double = 0, resting: Bool = false) -> ItemState {
            ItemState(
                center: .zero, angle: 0, velocity: Vector(x: vx, y: 0), angularVelocity: angular, resting: resting)
        }
        #expect(PreviewTextEncoder.motion(state(0, resting: true)) == "resting")
        #expect(PreviewTextEncoder.motion(state(3)) == "moving")
        // velocity [0, 0] beside "moving" contradicted itself.
        #expect(PreviewTextEncoder.motion(state(0.001)) == "not yet resting")
        #expect(PreviewTextEncoder.motion(state(0.001, 0.5)) == "turning")
    }

    @Test func anItemWhoseMaterialDiffersCarriesABadgeAndATooltip() throws {
        let preview = try Self.preview(Self.materials)
        let svg = Self.text(PreviewSVGEncoder().encode(preview))
        #expect(svg.contains(">e 0.9 · μ 0.1</text>"), "the ball's badge")
        #expect(svg.contains("<title>ball — elasticity 0.9, friction 0.1</title>"))
        // The box's density 1 is the default: no badge.
        #expect(svg.components(separatedBy: "class=\"material\"").count == 2)
        let causes = PreviewCausesEncoder().value(preview)
        let items = try #require(causes.objectValue?["items"]?.arrayValue)
        #expect(items[0].objectValue?["properties"]?.serializedString() == #"{"elasticity":0.9,"friction":0.1}"#)
        #expect(items[1].objectValue?["properties"] == nil)
    }

    @Test func theGravityBadgeSitsInACornerNoItemCovers() throws {
        let svg = Self.text(PreviewSVGEncoder().encode(try Self.preview(Self.materials)))
        // The box stands in the top-left corner: the badge goes to the top-right (300 - 110 + 22).
        #expect(svg.contains("<circle cx=\"212\" cy=\"22\" r=\"15\""), "the gravity badge moved to the top-right")
    }

    @Test func anAutoplayPageSaysSoInItsData() throws {
        let preview = try Self.preview(Self.materials)
        let plain = Self.text(PreviewHTMLEncoder().encode(preview))
        let autoplay = Self.text(PreviewHTMLEncoder(autoplay: true).encode(preview))
        #expect(!plain.contains("\"autoplay\":true"))
        #expect(autoplay.contains(",\"autoplay\":true}</script>"))
        // The page reads it, and documents its address's parameters.
        #expect(autoplay.contains("data.autoplay === true"))
        #expect(autoplay.contains("?t=SECONDS"))
    }
}
