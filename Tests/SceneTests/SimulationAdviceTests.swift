import JSON
import Testing

@testable import Scene

/// What the `sim.*` diagnostics advise when a static rule already knows the cause: an escape past a boundary
/// that lies outside the view (`boundary.outside`), a scene kept moving by an undamped spring
/// (`attachment.undamped`).
@Suite struct SimulationAdviceTests {
    static func simulated(_ json: String) throws -> (LintResult, [Diagnostic]) {
        let lint = Linter.lint(Array(json.utf8), fileName: "test.dynamics.json")
        #expect(!lint.hasErrors, "\(lint.diagnostics.map(\.code))")
        return (lint, try #require(SimulationDiagnostics.diagnostics(for: lint)))
    }

    @Test func anEscapePastAFloorBelowTheViewPointsAtTheFloor() throws {
        let (lint, diagnostics) = try Self.simulated(
            """
            {"referenceView": {"width": 400, "height": 800}, "preview": {"duration": 2},
             "items": [{"id": "ball", "center": [200, 700], "size": [20, 20]}],
             "behaviors": [{"type": "gravity", "items": ["ball"]},
               {"type": "collision", "id": "ground", "items": ["ball"], "boundaries": [{"id": "floor", "from": [0, 900], "to": [400, 900]}]}]}
            """)
        #expect(lint.diagnostics.map(\.code) == ["boundary.outside"])
        let escape = try #require(diagnostics.first { $0.code == "sim.escapes" })
        #expect(
            escape.message.contains(#"boundary "floor" of collision "ground" lies outside the view"#),
            "\(escape.message)")
        #expect(!escape.message.contains("translatesReferenceBoundsIntoBoundary"))
        let related = try #require(escape.related.first)
        #expect(lint.document.text(of: related.range).hasPrefix(#"{"id": "floor""#))
    }

    @Test func anEscapeWithoutSuchABoundaryKeepsItsAdvice() throws {
        let (_, diagnostics) = try Self.simulated(
            """
            {"referenceView": {"width": 400, "height": 800}, "preview": {"duration": 2},
             "items": [{"id": "ball", "center": [200, 700], "size": [20, 20]}],
             "behaviors": [{"type": "gravity", "items": ["ball"]}]}
            """)
        let escape = try #require(diagnostics.first { $0.code == "sim.escapes" })
        #expect(escape.message.contains("translatesReferenceBoundsIntoBoundary or a boundary keeps it in"))
        #expect(escape.related.isEmpty)
    }

    @Test func aSceneKeptMovingByAnUndampedSpringNamesTheSpring() throws {
        let (lint, diagnostics) = try Self.simulated(
            """
            {"referenceView": {"width": 320, "height": 480}, "preview": {"duration": 2},
             "items": [{"id": "box", "center": [160, 250], "size": [60, 60]}],
             "behaviors": [{"type": "attachment", "id": "spring", "item": "box", "anchor": [160, 100], "length": 100, "frequency": 1},
               {"type": "dynamicItem", "items": ["box"], "resistance": 0, "angularResistance": 0}]}
            """)
        #expect(lint.diagnostics.map(\.code) == ["attachment.undamped"])
        let neverRests = try #require(diagnostics.first { $0.code == "sim.neverRests" })
        #expect(
            neverRests.message.contains(#"attachment "spring" is a spring with damping 0 (attachment.undamped)"#),
            "\(neverRests.message)")
        #expect(neverRests.related.map { lint.document.text(of: $0.range) } == ["1"])
    }

    @Test func aSceneKeptMovingByOtherMeansNamesNoSpring() throws {
        let (_, diagnostics) = try Self.simulated(
            """
            {"referenceView": {"width": 320, "height": 480}, "preview": {"duration": 2},
             "items": [{"id": "box", "center": [260, 100], "size": [60, 60]}],
             "behaviors": [{"type": "gravity", "items": ["box"]},
               {"type": "attachment", "item": "box", "anchor": [160, 100], "length": 100},
               {"type": "dynamicItem", "items": ["box"], "resistance": 0, "angularResistance": 0}]}
            """)
        let neverRests = try #require(diagnostics.first { $0.code == "sim.neverRests" })
        #expect(!neverRests.message.contains("spring"))
        #expect(neverRests.related.isEmpty)
    }
}
