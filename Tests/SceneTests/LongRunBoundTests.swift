import JSON
import Testing

@testable import Scene

/// Issue 15: a run is bounded by its simulated time, not only its frame count, and a cancelled run stops inside
/// a long frame.
@Suite struct LongRunBoundTests {
    static func scene(_ preview: String) throws -> Scene {
        let text = """
            {"referenceView": {"width": 400, "height": 800}, \(preview)
             "items": [{"id": "box", "center": [100, 50], "size": [100, 100]}],
             "behaviors": [{"type": "gravity", "items": ["box"]}]}
            """
        return try #require(Linter.lint(Array(text.utf8)).scene)
    }

    @Test func aFrameRateBelowOneHertzIsOutOfRange() throws {
        for rate in ["1e-10", "1e-320", "0.0001", "0.5"] {
            let text = #"{"preview": {"frameRate": \#(rate)}, "items": []}"#
            let ranges = Linter.lint(Array(text.utf8)).diagnostics.filter { $0.code == "scene.range" }
            #expect(ranges.count == 1 && ranges.first?.message.contains("frameRate") == true, "\(rate): \(ranges)")
        }
        let text = #"{"preview": {"frameRate": 1, "duration": 3600}, "items": []}"#
        #expect(!Linter.lint(Array(text.utf8)).diagnostics.contains { $0.code == "scene.range" })
    }

    @Test func aPreviewOfMoreThanAnHourIsOutOfRange() throws {
        let text = #"{"preview": {"frameRate": 1, "duration": 1e10}, "items": []}"#
        let ranges = Linter.lint(Array(text.utf8)).diagnostics.filter { $0.code == "scene.range" }
        #expect(ranges.count == 1 && ranges.first?.message.contains("duration") == true, "\(ranges)")
    }

    @Test func theRulesAndAPreviewCountFramesAlikeAtTheFrameLimit() throws {
        // 3375.005 s at 64 Hz is 216 000.32 frames, 216 000 to the nearest frame: within the limit for both.
        let within = Linter.lint(Array(#"{"preview": {"frameRate": 64, "duration": 3375.005}, "items": []}"#.utf8))
        #expect(!within.diagnostics.contains { $0.code == "scene.range" }, "\(within.diagnostics)")
        #expect(try SimulationRequest().frameCount(for: #require(within.scene)) == SimulationRequest.frameLimit)
        // 3375.01 s is 216 000.64 frames, 216 001 to the nearest: over the limit for both.
        let over = Linter.lint(Array(#"{"preview": {"frameRate": 64, "duration": 3375.01}, "items": []}"#.utf8))
        let ranges = over.diagnostics.filter { $0.code == "scene.range" }
        #expect(
            ranges.map(\.message) == [
                "a preview of 3375.01 s at 64 Hz is 216001 frames, more than 216 000; shorten the duration or lower the frame rate"
            ])
        let unchecked = Scene(name: "over", preview: Preview(duration: 3375.01, frameRate: 64))
        #expect(throws: SimulationRequestError.tooManyFrames(216_001, frameRate: 64)) {
            try SimulationRequest().frameCount(for: unchecked)
        }
    }

    @Test func aRequestForMoreThanAnHourOfSimulatedTimeIsRefused() throws {
        let scene = try Self.scene(#""preview": {"frameRate": 1.5},"#)
        #expect(try SimulationRequest(frames: 5400).frameCount(for: scene) == 5400)
        #expect(throws: SimulationRequestError.tooLong(5401, frameRate: 1.5)) {
            try SimulationRequest(frames: 5401).frameCount(for: scene)
        }
        #expect(throws: SimulationRequestError.tooLong(5401, frameRate: 1.5)) {
            try SimulationRequest(duration: 3600.5).frameCount(for: scene)
        }
        #expect(SimulationRequestError.tooLong(5401, frameRate: 1.5).description.contains("at most an hour"))
    }

    @Test func aCancelledRunStopsInsideALongFrame() throws {
        // At 1 Hz a frame is 120 sub-steps. The run is asked before it starts, before frame 1, then before each
        // sub-step: cancelled at the third sub-step, it must not finish the frame.
        let scene = try Self.scene(#""preview": {"frameRate": 1},"#)
        var questions = 0
        let run = SceneSimulation.run(
            scene, frames: 1,
            isCancelled: {
                questions += 1
                return questions > 4
            })
        #expect(run == nil)
        #expect(questions < 10)
        // Not cancelled, the same run ends.
        #expect(SceneSimulation.run(scene, frames: 1) != nil)
    }
}
