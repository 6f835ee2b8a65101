import Foundation
import Testing

/// `impulse preview` run as a user runs it: the built binary, exit statuses, standard output and error.
@Suite struct PreviewCommandTests {
    /// One box falling onto the reference bounds.
    static let fall = """
        {
          "name": "Fall",
          "referenceView": {"width": 200, "height": 300},
          "items": [{"id": "box", "center": [100, 100], "size": [50, 50]}],
          "behaviors": [
            {"type": "gravity", "items": ["box"]},
            {"type": "collision", "items": ["box"], "translatesReferenceBoundsIntoBoundary": true}
          ]
        }

        """

    /// A continuous push of 1e300 N on an item of density 1e-300: not finite after the first sub-step.
    static let diverging = """
        {
          "referenceView": {"width": 200, "height": 300},
          "items": [{"id": "rocket", "center": [100, 100], "size": [50, 50]}],
          "behaviors": [
            {"type": "push", "items": ["rocket"], "magnitude": 1e300},
            {"type": "dynamicItem", "items": ["rocket"], "density": 1e-300}
          ]
        }

        """

    static let badFormat = fall.replacingOccurrences(of: "\"name\": \"Fall\",", with: "\"format\": 2,")

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theDefaultIsATextSummaryOfTheScenesPreviewDuration() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall])
        let run = try workspace.impulse("preview", "fall.dynamics.json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Fall: 180 frames at 60 Hz (3 s)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("touches the reference bounds"))
        #expect(run.stdout.contains("\"box\"  center [100, "))
        #expect(run.stderr.isEmpty)
    }

    @Test func aPanIsOneScriptedEventWithItsEndFrame() throws {
        let scene = """
            {"referenceView": {"width": 320, "height": 480},
              "items": [{"id": "card", "center": [100, 100], "size": [40, 40]}],
              "behaviors": [{"type": "attachment", "id": "finger", "item": "card", "anchor": [100, 100], "frequency": 3, "damping": 1}],
              "events": [{"at": 0.5, "pan": "finger", "path": [[100, 100], [200, 100]], "duration": 0.25},
                {"at": 1, "set": "finger", "values": {"length": 0}}]}

            """
        let workspace = try Workspace(["pan.dynamics.json": scene])
        let run = try Impulse.run(["preview", "pan.dynamics.json", "--format", "json"], in: workspace.url)
        #expect(run.status == 0, "\(run.stderr)")
        let events = try #require(try Self.json(run.stdout)["events"] as? [[String: Any]])
        let scripted = events.filter { $0["type"] as? String == "scripted" }
        #expect(scripted.count == 2)
        #expect(scripted.first?["index"] as? Int == 0)
        #expect(scripted.first?["frame"] as? Int == 30)
        #expect(scripted.first?["endFrame"] as? Int == 45)
        #expect(scripted.first?["endTime"] as? Double == 0.75)
        #expect(scripted.last?["frame"] as? Int == 60)
        #expect(scripted.last?["endFrame"] == nil)
    }

    @Test func framesStepsAndDurationChooseTheLength() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall])
        for (arguments, frames) in [
            (["--frames", "5"], 5), (["--steps", "7"], 7), (["--duration", "0.1"], 6), (["--duration", "0.0251"], 2),
        ] {
            let run = try Impulse.run(
                ["preview", "fall.dynamics.json", "--format", "json"] + arguments, in: workspace.url)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let root = try Self.json(run.stdout)
            #expect(root["frames"] as? Int == frames, "\(arguments)")
            #expect((root["samples"] as? [Any])?.count == frames + 1)
        }
    }

    @Test func framesWithDurationIsAUsageError() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall])
        let run = try workspace.impulse("preview", "fall.dynamics.json", "--frames", "5", "--duration", "1")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("not both"), "\(run.stderr)")
    }

    @Test func moreThanTheFrameLimitIsRefusedWithExitStatusTwo() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall])
        let run = try workspace.impulse("preview", "fall.dynamics.json", "--frames", "216001")
        #expect(run.status == 2)
        #expect(run.stderr.contains("at most 216000 frames"), "\(run.stderr)")
        #expect(try workspace.impulse("preview", "fall.dynamics.json", "--duration", "3600.01").status == 2)
        #expect(try workspace.impulse("preview", "fall.dynamics.json", "--every", "0").status == 2)
    }

    @Test func everyKeepsEveryKthFrameAndTheFinalFrame() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall])
        let run = try workspace.impulse(
            "preview", "fall.dynamics.json", "--format", "json", "--frames", "10", "--every", "4")
        let root = try Self.json(run.stdout)
        #expect((root["samples"] as? [[String: Any]])?.map { $0["frame"] as? Int } == [0, 4, 8])
        #expect(root["every"] as? Int == 4)
        #expect((root["final"] as? [String: Any])?.keys.sorted() == ["box"])
    }

    @Test func aShortPreviewNeedsNoTemporaryFolderAndALongOneSaysWhichIsMissing() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall])
        let missing = workspace.url.appendingPathComponent("no-such-folder").path
        let short = try workspace.impulse(
            "preview", "fall.dynamics.json", "--format", "json", "--frames", "3", environment: ["TMPDIR": missing])
        #expect(short.status == 0, "\(short.stderr)")
        let expected = try workspace.impulse("preview", "fall.dynamics.json", "--format", "json", "--frames", "3")
        #expect(short.stdout == expected.stdout)
        // 3,000 frames of csv outgrow the spool's buffer: the frames need the folder, and the error names it.
        let long = try workspace.impulse(
            "preview", "fall.dynamics.json", "--format", "csv", "--frames", "3000", environment: ["TMPDIR": missing])
        #expect(long.status == 2)
        #expect(long.stdout.isEmpty)
        #expect(long.stderr.contains("cannot keep the preview's frames"), "\(long.stderr)")
        #expect(long.stderr.contains(missing), "\(long.stderr)")
    }

    @Test func aDashReadsTheSceneFromStandardInput() throws {
        let workspace = try Workspace()
        let run = try workspace.impulse("preview", "-", "--format", "csv", "--frames", "2", input: Self.fall)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == "frame,time,item,x,y,angle,vx,vy,angularVelocity,resting")
        #expect(lines.count == 4)
        #expect(lines[1] == "0,0,box,100,100,0,0,0,0,false")
        // Three sub-steps of gravity, damped by the default resistance 0.1.
        #expect(lines[3].hasPrefix("2,0.0333333333333333,box,100,100.41"), "\(lines[3])")
    }

    @Test func outputGoesToTheFileGivenWithO() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall])
        let run = try workspace.impulse("preview", "fall.dynamics.json", "--format", "svg", "-o", "fall.svg")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let svg = try workspace.read("fall.svg")
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<animateTransform"))
        #expect(try workspace.impulse("preview", "fall.dynamics.json", "-o", "missing/folder/out.txt").status == 2)
    }

    @Test func htmlIsOneSelfContainedPlayerPageAndNothingForAScenesWithErrors() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall, "bad.dynamics.json": Self.badFormat])
        let run = try workspace.impulse("preview", "fall.dynamics.json", "--format", "html", "-o", "fall.html")
        #expect(run.status == 0, "\(run.stderr)")
        let page = try workspace.read("fall.html")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains(#"<script type="application/json" id="preview-data">{"result":{"scene":"#))
        #expect(!page.contains("src=\"player.js\""))
        let again = try workspace.impulse("preview", "fall.dynamics.json", "--format", "html")
        #expect(again.stdout == page, "the same page every time")
        let bad = try workspace.impulse("preview", "bad.dynamics.json", "--format", "html")
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("[scene.format]"))
    }

    @Test func aSceneWithErrorsPrintsItsDiagnosticsAndExitsOne() throws {
        let workspace = try Workspace(["bad.dynamics.json": Self.badFormat])
        let text = try workspace.impulse("preview", "bad.dynamics.json")
        #expect(text.status == 1)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.contains("bad.dynamics.json:2:13: error: "), "\(text.stderr)")
        #expect(text.stderr.contains("[scene.format]"))

        let json = try workspace.impulse("preview", "bad.dynamics.json", "--format", "json")
        #expect(json.status == 1)
        let root = try Self.json(json.stdout)
        #expect((root["samples"] as? [Any])?.isEmpty == true)
        #expect(root["pausedAt"] is NSNull)
        let diagnostics = try #require(root["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["code"] as? String == "scene.format" })
    }

    @Test func aDivergingRunKeepsTheFramesBeforeItAndExitsOne() throws {
        let workspace = try Workspace(["rocket.dynamics.json": Self.diverging])
        let run = try workspace.impulse("preview", "rocket.dynamics.json", "--format", "json", "--frames", "10")
        #expect(run.status == 1)
        #expect(run.stderr.contains("[sim.diverged]"), "\(run.stderr)")
        let root = try Self.json(run.stdout)
        #expect(root["frames"] as? Int == 0)
        #expect((root["samples"] as? [[String: Any]])?.map { $0["frame"] as? Int } == [0])
        let diagnostics = try #require(root["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.contains { $0["code"] as? String == "sim.diverged" })
    }

    @Test func phaseTimingsSeparateParseLintSimulateAndEncodeOnStandardError() throws {
        let workspace = try Workspace(["fall.dynamics.json": Self.fall])
        let arguments = ["preview", "fall.dynamics.json", "--format", "json", "--frames", "30"]
        let plain = try Impulse.run(arguments, in: workspace.url, environment: ["IMPULSE_PHASE_TIMINGS": ""])
        let timed = try Impulse.run(arguments, in: workspace.url, environment: ["IMPULSE_PHASE_TIMINGS": "1"])
        #expect(plain.status == 0 && timed.status == 0, "\(timed.stderr)")
        #expect(plain.stderr.isEmpty)
        #expect(timed.stdout == plain.stdout)
        let lines = timed.stderr.split(separator: "\n").map(String.init)
        let phases = lines.compactMap { line -> String? in
            guard line.hasPrefix("impulse: "), line.hasSuffix(" ms") else { return nil }
            let words = line.dropFirst("impulse: ".count).dropLast(" ms".count).split(separator: " ")
            guard let milliseconds = words.last.flatMap({ Double($0) }), milliseconds >= 0 else { return nil }
            return words.dropLast().joined(separator: " ")
        }
        #expect(phases.count == lines.count, "\(timed.stderr)")
        #expect(phases == ["parse", "decode", "semantic rules", "sort", "simulate", "encode"])
    }

    @Test func aMissingSceneIsExitStatusTwo() throws {
        let workspace = try Workspace()
        let run = try workspace.impulse("preview", "nothing.dynamics.json")
        #expect(run.status == 2)
        #expect(run.stderr.contains("nothing.dynamics.json"))
    }
}
