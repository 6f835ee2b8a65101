import Foundation
import Testing

/// Scenes shown at other sizes than their design size, through the real binary: `impulse preview
/// --reference-size WxH` and `preview.sizes` with `impulse lint --simulate`.
@Suite struct ReferenceSizeTests {
    /// A box falling onto a floor 100 pt above the bottom of a 375×667 view; `floorPin` is the floor's pin,
    /// `boxPin` the box's.
    static func floor(floorPin: String, boxPin: String = #"["top"]"#, extra: String = "") -> String {
        """
        {
          "name": "Floor",
          "referenceView": {"width": 375, "height": 667},
          "items": [{"id": "box", "center": [187, 100], "size": [50, 50], "pin": \(boxPin)}],
          "behaviors": [
            {"type": "gravity", "items": ["box"]},
            {"type": "collision", "items": ["box"],
             "boundaries": [{"id": "floor", "from": [0, 567], "to": [375, 567], "pin": \(floorPin)}]}
          ]\(extra)
        }

        """
    }

    /// The box's center at the end of a preview run with `arguments`.
    static func finalCenter(_ workspace: Workspace, _ arguments: [String]) throws -> (x: Double, y: Double) {
        let run = try Impulse.run(
            ["preview", "floor.dynamics.json", "--format", "json"] + arguments, in: workspace.url)
        #expect(run.status == 0, "\(run.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let final = try #require((root["final"] as? [String: Any])?["box"] as? [String: Any])
        let center = try #require(final["center"] as? [Double])
        return (center[0], center[1])
    }

    @Test func aFloorPinnedToTheBottomHoldsTheBoxAtTheSameDistanceFromTheBottom() throws {
        let workspace = try Workspace(["floor.dynamics.json": Self.floor(floorPin: #"["bottom"]"#)])
        let design = try Self.finalCenter(workspace, [])
        let small = try Self.finalCenter(workspace, ["--reference-size", "320x568"])
        let tall = try Self.finalCenter(workspace, ["--reference-size", "430x932"])
        // The box rests on the floor: at H′ − (H − y) at every height (within the contacts' slop, as it falls
        // from another height), its x unchanged (pinned left).
        #expect(abs(design.y - 542) < 3, "\(design)")
        #expect(abs(small.y - (design.y - (667 - 568))) < 0.5, "\(small) vs \(design)")
        #expect(abs(tall.y - (design.y + (932 - 667))) < 0.5, "\(tall) vs \(design)")
        #expect(small.x == design.x && tall.x == design.x)
    }

    @Test func aScenePinnedToTheBottomRunsTheSameMotionShiftedByTheHeight() throws {
        let scene = Self.floor(floorPin: #"["bottom"]"#, boxPin: #"["bottom"]"#)
        let workspace = try Workspace(["floor.dynamics.json": scene])
        let design = try Self.finalCenter(workspace, [])
        let small = try Self.finalCenter(workspace, ["--reference-size", "320x568"])
        #expect(abs(small.y - (design.y - 99)) < 1e-6, "\(small) vs \(design)")
        #expect(small.x == design.x)
    }

    @Test func withoutAPinTheFloorKeepsItsCoordinates() throws {
        let workspace = try Workspace(["floor.dynamics.json": Self.floor(floorPin: #"["top"]"#)])
        let design = try Self.finalCenter(workspace, [])
        let tall = try Self.finalCenter(workspace, ["--reference-size", "430x932"])
        #expect(abs(tall.y - design.y) < 1e-6, "\(tall) vs \(design)")
    }

    @Test func setEventsAndPansMoveWithTheirBehaviorsPin() throws {
        // A snap pinned to the right edge: its set and its pan land 55 pt further left in a view 55 pt narrower.
        let scene = """
            {"referenceView": {"width": 375, "height": 667},
              "items": [{"id": "box", "center": [300, 100], "size": [40, 40]}],
              "behaviors": [{"type": "snap", "id": "finger", "item": "box", "point": [300, 100], "pin": ["right"]}],
              "events": [{"at": 0.25, "set": "finger", "values": {"point": [350, 200]}},
                {"at": 1, "pan": "finger", "path": [[350, 200], [250, 300]], "duration": 0.5}],
              "preview": {"duration": 4}}

            """
        let workspace = try Workspace(["floor.dynamics.json": scene])
        let design = try Self.finalCenter(workspace, [])
        let small = try Self.finalCenter(workspace, ["--reference-size", "320x568"])
        #expect(abs(design.x - 250) < 1 && abs(design.y - 300) < 1, "\(design)")
        #expect(abs(small.x - (design.x - 55)) < 1e-6, "\(small) vs \(design)")
        #expect(abs(small.y - design.y) < 1e-6, "\(small) vs \(design)")
    }

    @Test func theReferenceBoundsAreTheEdgesOfTheViewItRunsIn() throws {
        let scene = """
            {"referenceView": {"width": 375, "height": 667},
              "items": [{"id": "box", "center": [187, 100], "size": [50, 50]}],
              "behaviors": [{"type": "gravity", "items": ["box"]},
                {"type": "collision", "items": ["box"], "translatesReferenceBoundsIntoBoundary": true}]}

            """
        let workspace = try Workspace(["floor.dynamics.json": scene])
        let design = try Self.finalCenter(workspace, [])
        let tall = try Self.finalCenter(workspace, ["--reference-size", "375x932"])
        #expect(abs(design.y - 642) < 3, "\(design)")
        #expect(abs(tall.y - (design.y + 265)) < 0.5, "\(tall) vs \(design)")
    }

    @Test func aBadReferenceSizeIsAUsageError() throws {
        let workspace = try Workspace(["floor.dynamics.json": Self.floor(floorPin: #"["bottom"]"#)])
        for value in ["0x10", "abc", "-320x568", "320x-1", "infx568", "nanx1", "320", "320x568x2", "x568"] {
            let run = try workspace.impulse("preview", "floor.dynamics.json", "--reference-size=\(value)")
            #expect(run.status == 2, "\(value): \(run.stderr)")
            #expect(run.stdout.isEmpty, "\(value)")
            #expect(
                run.stderr.contains("--reference-size must be a width and a height greater than 0"), "\(run.stderr)")
        }
        #expect(try workspace.impulse("preview", "floor.dynamics.json", "--reference-size", "320.5x568").status == 0)
    }

    @Test func lintSimulateChecksEveryExpectationAtEachListedSize() throws {
        // The expectation's point is not pinned: at 320×568 the box rests 99 pt higher than it says.
        let scene = Self.floor(
            floorPin: #"["bottom"]"#,
            extra: """
                ,
                  "preview": {"sizes": [[375, 667], [320, 568], [430, 932]]},
                  "expect": [{"type": "near", "item": "box", "point": [187, 542], "within": 5, "by": 2}]
                """)
        let workspace = try Workspace(["floor.dynamics.json": scene])
        let run = try workspace.impulse("lint", "--simulate", "floor.dynamics.json")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let failures = run.stdout.split(separator: "\n").filter { $0.contains("expect.failed") }
        #expect(failures.count == 2, "\(run.stdout)")
        #expect(failures.contains { $0.contains("at 320×568: ") }, "\(run.stdout)")
        #expect(failures.contains { $0.contains("at 430×932: ") }, "\(run.stdout)")

        // Pinned like the floor, the expectation holds at every size.
        let pinned = scene.replacingOccurrences(of: #""by": 2}"#, with: #""by": 2, "pin": ["bottom"]}"#)
        try workspace.write(pinned, to: "floor.dynamics.json")
        let clean = try workspace.impulse("lint", "--simulate", "floor.dynamics.json")
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
    }
}
