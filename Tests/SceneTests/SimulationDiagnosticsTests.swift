import JSON
import Testing

@testable import Scene

/// The `sim.*` diagnostics and the preview entry point, as `impulse lint --simulate`, `impulse preview` and the
/// language server see them.
@Suite struct SimulationDiagnosticsTests {
    static func lint(_ json: String) -> LintResult { Linter.lint(Array(json.utf8), fileName: "test.dynamics.json") }

    static func scene(items: String, behaviors: String, preview: String = #"{"duration": 1}"#) -> String {
        #"{"referenceView": {"width": 400, "height": 800}, "items": \#(items), "behaviors": \#(behaviors), "preview": \#(preview)}"#
    }

    /// The text of a diagnostic's range.
    static func text(_ diagnostic: Diagnostic, in lint: LintResult) -> String {
        lint.document.text(of: diagnostic.range)
    }

    static func simulated(_ json: String) throws -> (LintResult, [Diagnostic]) {
        let lint = Self.lint(json)
        #expect(!lint.hasErrors, "\(lint.diagnostics.map(\.code))")
        return (lint, try #require(SimulationDiagnostics.diagnostics(for: lint)))
    }

    @Test func anItemFlyingOutOfTheViewEscapesAtTheFrameItLeaves() throws {
        let (lint, diagnostics) = try Self.simulated(
            Self.scene(
                items: #"[{"id": "ball", "center": [100, 100], "size": [20, 20]}]"#,
                behaviors:
                    #"[{"type": "dynamicItem", "items": ["ball"], "linearVelocity": [1000, 0], "resistance": 0}]"#))
        let escapes = diagnostics.filter { $0.code == "sim.escapes" }
        #expect(escapes.count == 1)
        let escape = try #require(escapes.first)
        #expect(escape.severity == .warning)
        #expect(Self.text(escape, in: lint) == #""ball""#)
        // Out once x − 10 > 400: frame 19 has run 37 sub-steps (x = 408.3), frame 20 39 (x = 425).
        #expect(escape.message.contains("at 0.333 s (frame 20)"), "\(escape.message)")
    }

    @Test func anItemKeptInByTheReferenceBoundsDoesNotEscape() throws {
        let (_, diagnostics) = try Self.simulated(
            Self.scene(
                items: #"[{"id": "ball", "center": [100, 100], "size": [20, 20]}]"#,
                behaviors: """
                    [{"type": "dynamicItem", "items": ["ball"], "linearVelocity": [1000, 0]},
                     {"type": "collision", "items": ["ball"], "translatesReferenceBoundsIntoBoundary": true}]
                    """))
        #expect(!diagnostics.contains { $0.code == "sim.escapes" || $0.code == "sim.tunnels" })
    }

    @Test func aFastItemWithoutContinuousCollisionTunnelsThroughASegment() throws {
        let (lint, diagnostics) = try Self.simulated(
            Self.scene(
                items: #"[{"id": "bullet", "center": [200, 100], "size": [10, 10]}]"#,
                behaviors: """
                    [{"type": "dynamicItem", "items": ["bullet"], "linearVelocity": [0, 20000]},
                     {"type": "collision", "items": ["bullet"], "boundaries": [{"id": "wall", "from": [0, 400], "to": [400, 400]}]}]
                    """))
        let tunnels = diagnostics.filter { $0.code == "sim.tunnels" }
        #expect(tunnels.count == 1)
        let tunnel = try #require(tunnels.first)
        #expect(Self.text(tunnel, in: lint) == #""bullet""#)
        #expect(tunnel.message.contains(#"boundary "wall""#), "\(tunnel.message)")
    }

    @Test func theSameItemUnderGravityGetsContinuousCollisionAndStops() throws {
        let (_, diagnostics) = try Self.simulated(
            Self.scene(
                items: #"[{"id": "bullet", "center": [200, 100], "size": [10, 10]}]"#,
                behaviors: """
                    [{"type": "dynamicItem", "items": ["bullet"], "linearVelocity": [0, 20000]},
                     {"type": "gravity", "items": ["bullet"]},
                     {"type": "collision", "items": ["bullet"], "boundaries": [{"id": "wall", "from": [0, 400], "to": [400, 400]}]}]
                    """))
        #expect(!diagnostics.contains { $0.code == "sim.tunnels" }, "\(diagnostics.map(\.message))")
    }

    @Test func aBoundaryOfModeItemsIsNoTunnel() throws {
        let (_, diagnostics) = try Self.simulated(
            Self.scene(
                items:
                    #"[{"id": "a", "center": [100, 100], "size": [10, 10]}, {"id": "b", "center": [300, 100], "size": [10, 10]}]"#,
                behaviors: """
                    [{"type": "gravity", "items": ["a", "b"]},
                     {"type": "collision", "items": ["a", "b"], "mode": "items", "boundaries": [{"id": "floor", "from": [0, 300], "to": [400, 300]}]}]
                    """))
        #expect(!diagnostics.contains { $0.code == "sim.tunnels" })
    }

    @Test func aSceneStillMovingAtTheEndNeverRestsOnItsOpeningBrace() throws {
        let (lint, diagnostics) = try Self.simulated(
            Self.scene(
                items:
                    #"[{"id": "a", "center": [100, 100], "size": [10, 10]}, {"id": "idle", "center": [300, 100], "size": [10, 10]}]"#,
                behaviors: #"[{"type": "dynamicItem", "items": ["a"], "linearVelocity": [0, 10], "resistance": 0}]"#,
                preview: #"{"duration": 0.5}"#))
        let neverRests = try #require(diagnostics.first { $0.code == "sim.neverRests" })
        #expect(neverRests.severity == .info)
        #expect(neverRests.range == 0..<1)
        #expect(neverRests.message == #"the scene is still moving after 0.5 s (30 frames): "a" has not come to rest"#)
        _ = lint
    }

    @Test func aSceneThatComesToRestHasNoSimulationDiagnostic() throws {
        let (_, diagnostics) = try Self.simulated(
            Self.scene(
                items: #"[{"id": "box", "center": [200, 640], "size": [100, 100]}]"#,
                behaviors:
                    #"[{"type": "gravity", "items": ["box"]}, {"type": "collision", "items": ["box"], "translatesReferenceBoundsIntoBoundary": true}]"#,
                preview: #"{"duration": 2}"#))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    @Test func aDivergingRunStopsBeforeTheBadFrameAndSaysWhichItem() throws {
        let json = Self.scene(
            items:
                #"[{"id": "calm", "center": [100, 100], "size": [10, 10]}, {"id": "box", "center": [200, 100], "size": [100, 100]}]"#,
            behaviors: """
                [{"type": "dynamicItem", "items": ["calm"]},
                 {"type": "push", "items": ["box"], "magnitude": 1e300}, {"type": "dynamicItem", "items": ["box"], "density": 1e-300}]
                """)
        let lint = Self.lint(json)
        let preview = try #require(try PreviewResult.preview(lint, SimulationRequest(frames: 10)))
        let run = try #require(preview.run)
        #expect(run.divergence == SimulationDivergence(frame: 1, item: 1, notFinite: true))
        #expect(preview.frames == 0 && run.final.frame == 0 && run.samples.map(\.frame) == [0])
        let diverged = try #require(preview.diagnostics.first { $0.code == "sim.diverged" })
        #expect(diverged.severity == .error)
        #expect(Self.text(diverged, in: lint) == #""box""#)
        #expect(
            diverged.message.contains("frame 1") && diverged.message.contains(#"item "box""#), "\(diverged.message)")
    }

    @Test func aSceneWithErrorsIsNotSimulated() throws {
        let lint = Self.lint(
            Self.scene(
                items: #"[{"id": "a", "center": [100, 100], "size": [0, 10]}]"#,
                behaviors: #"[{"type": "gravity", "items": ["a"]}]"#))
        #expect(lint.hasErrors)
        #expect(SimulationDiagnostics.diagnostics(for: lint) == [])
        let preview = try #require(try PreviewResult.preview(lint, SimulationRequest()))
        #expect(preview.run == nil)
        #expect(preview.diagnostics == lint.diagnostics)
        #expect(preview.frames == 60)
    }

    @Test func framesAndDurationTogetherAreRefusedWhateverTheScene() throws {
        let lint = Self.lint(#"{"items": []}"#)
        #expect(throws: SimulationRequestError.framesAndDuration) {
            try PreviewResult.preview(lint, SimulationRequest(frames: 10, duration: 1))
        }
    }

    @Test func theFrameLimitIsAnHourAtSixtyHertz() throws {
        let scene = try #require(Self.lint(Self.scene(items: "[]", behaviors: "[]")).scene)
        #expect(try SimulationRequest(frames: 216_000).frameCount(for: scene) == 216_000)
        #expect(throws: SimulationRequestError.tooManyFrames(216_001, frameRate: 60)) {
            try SimulationRequest(frames: 216_001).frameCount(for: scene)
        }
        #expect(throws: SimulationRequestError.tooManyFrames(216_060, frameRate: 60)) {
            try SimulationRequest(duration: 3601).frameCount(for: scene)
        }
        // The nearest whole number of frames.
        #expect(try SimulationRequest(duration: 0.0251).frameCount(for: scene) == 2)
        #expect(try SimulationRequest(duration: 0.0249).frameCount(for: scene) == 1)
        #expect(try SimulationRequest().frameCount(for: scene) == 60)
    }

    @Test func everyIsRaisedToKeepAnAnswerWithinItsItemSampleLimit() {
        let request = SimulationRequest(every: 1, maximumItemSamples: 1_000_000)
        // 10 items × 216 001 samples is too many; K = 3 gives 72 001 samples = 720 010 item-samples, K = 2 1 080 010.
        #expect(request.resolvedEvery(frames: 216_000, itemCount: 10) == 3)
        #expect(request.resolvedEvery(frames: 180, itemCount: 10) == 1)
        #expect(
            SimulationRequest(every: 5, maximumItemSamples: 1_000_000).resolvedEvery(frames: 216_000, itemCount: 10)
                == 5)
        #expect(SimulationRequest(every: 1).resolvedEvery(frames: 216_000, itemCount: 10) == 1)
    }
}
