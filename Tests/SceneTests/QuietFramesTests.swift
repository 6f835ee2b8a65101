import Engine
import JSON
import Testing

@testable import Scene

/// Issue 15: once the animator pauses, the frames until the next event are skipped (the clock moved, nothing
/// stepped). Skipping must give the run that stepping every frame gives, bit for bit, whatever is kept.
@Suite struct QuietFramesTests {
    /// Two boxes fall onto the floor and rest; a noise field (which reads the clock) holds them, inactive while
    /// they rest; at 4 s an instantaneous push wakes one, at 7 s a push event finds them resting again.
    static let wokenScene = """
        {"referenceView": {"width": 400, "height": 300},
         "items": [{"id": "a", "center": [100, 250], "size": [40, 40]},
                   {"id": "b", "center": [250, 250], "size": [40, 40], "collisionBounds": "ellipse"}],
         "behaviors": [{"type": "gravity", "items": ["a", "b"]},
                       {"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": true},
                       {"type": "field", "items": ["a", "b"], "kind": "noise", "strength": 0.5}],
         "events": [{"at": 4, "add": {"type": "push", "items": ["a"], "mode": "instantaneous", "direction": [0.3, -2]}},
                    {"at": 7, "add": {"type": "push", "items": ["b"], "mode": "instantaneous", "direction": [-0.4, -1]}}],
         "expect": [{"type": "rests", "item": "a", "by": 2},
                    {"type": "rests", "item": "a", "by": 4.5},
                    {"type": "near", "item": "b", "point": [250, 280], "within": 1, "by": 3},
                    {"type": "pauses", "by": 3},
                    {"type": "pauses", "by": 5}]}
        """

    static func runs(
        _ text: String, frames: Int, every: Int, keepsSamples: Bool = true
    ) throws -> (
        skipped: SimulationRun, stepped: SimulationRun
    ) {
        let lint = Linter.lint(Array(text.utf8))
        let errors = lint.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.code): \($0.message)" })")
        let scene = try #require(lint.scene)
        let skipped = try #require(
            SceneSimulation.run(scene, frames: frames, every: every, keepsSamples: keepsSamples))
        let stepped = try #require(
            SceneSimulation.run(
                scene, frames: frames, every: every, keepsSamples: keepsSamples, skipsQuietFrames: false))
        return (skipped, stepped)
    }

    @Test(arguments: [1, 7, 60, 600])
    func skippingThePausedFramesGivesTheRunThatStepsThem(every: Int) throws {
        let (skipped, stepped) = try Self.runs(Self.wokenScene, frames: 600, every: every)
        // The scene does pause, wake and pause again, so there are stretches to skip.
        let kinds = stepped.events.map { "\($0.kind)" }
        #expect(kinds.filter { $0 == "paused" }.count >= 2 && kinds.contains("resumed"), "\(kinds)")
        #expect(skipped == stepped)
    }

    @Test func withoutSamplesTheDiagnosticsRunIsTheSame() throws {
        let (skipped, stepped) = try Self.runs(Self.wokenScene, frames: 600, every: 1, keepsSamples: false)
        #expect(skipped == stepped)
        #expect(skipped.expectations.contains { !$0.held } && skipped.expectations.contains { $0.held })
    }

    @Test func aSceneThatRestsFromTheStartSkipsToTheEnd() throws {
        // Nothing moves: the animator pauses once the boxes have been still long enough to sleep.
        let text = """
            {"referenceView": {"width": 400, "height": 300},
             "items": [{"id": "a", "center": [100, 150], "size": [40, 40]}],
             "behaviors": [{"type": "collision", "items": ["a"]}]}
            """
        let (skipped, stepped) = try Self.runs(text, frames: 21_600, every: 5_400)
        #expect(skipped == stepped)
        #expect(skipped.samples.map(\.frame) == [0, 5_400, 10_800, 16_200, 21_600])
        #expect(skipped.pausedAt != nil && skipped.frames == 21_600)
    }
}
