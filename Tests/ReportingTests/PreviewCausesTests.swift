import Foundation
import JSON
import Scene
import Testing

@testable import Reporting

/// What the svg and html previews show of why things move, from scenes run through the real simulation.
@Suite struct PreviewCausesTests {
    /// A spring whose anchor moves at 1 s, a pin, a rail, a push turned off at 1.5 s, a snap moved at 2 s, a
    /// field, gravity and two collision groups (3 s at 60 Hz: events at frames 60, 90, 120).
    static let causes = """
        {"name": "causes", "referenceView": {"width": 400, "height": 500},
         "items": [{"id": "bob", "center": [120, 220], "size": [40, 40]},
                   {"id": "hinge", "center": [300, 100], "size": [20, 20]},
                   {"id": "door", "center": [300, 150], "size": [20, 80]},
                   {"id": "puck", "center": [80, 410], "size": [30, 30], "collisionBounds": "ellipse"},
                   {"id": "target", "center": [300, 380], "size": [30, 30]},
                   {"id": "slider", "center": [200, 320], "size": [40, 20]}],
         "behaviors": [{"type": "gravity", "id": "fall", "items": ["bob", "door", "slider"]},
                       {"type": "attachment", "id": "spring", "item": "bob", "anchor": [120, 80], "frequency": 1.5},
                       {"type": "dynamicItem", "id": "fixed", "items": ["hinge"], "anchored": true},
                       {"type": "attachment", "id": "pin", "kind": "pin", "item": "door", "offset": [0, -40], "attachedTo": "hinge", "attachedOffset": [0, 10]},
                       {"type": "attachment", "id": "rail", "kind": "sliding", "item": "slider", "anchor": [200, 320], "axis": [1, 0]},
                       {"type": "push", "id": "kick", "items": ["puck"], "direction": [0.4, -0.3]},
                       {"type": "snap", "id": "home", "item": "target", "point": [330, 420]},
                       {"type": "field", "id": "swirl", "kind": "vortex", "items": ["puck"], "position": [110, 400], "region": {"radius": 60}},
                       {"type": "collision", "id": "low", "items": ["puck", "slider", "target"], "translatesReferenceBoundsIntoBoundary": true,
                        "boundaries": [{"id": "ledge", "from": [0, 470], "to": [180, 480]}]},
                       {"type": "collision", "id": "high", "items": ["door", "bob"], "boundaries": [{"id": "stop", "from": [20, 300], "to": [380, 300]}]}],
         "events": [{"at": 1, "set": "spring", "values": {"anchor": [200, 80]}},
                    {"at": 1.5, "set": "kick", "values": {"active": false}},
                    {"at": 2, "set": "home", "values": {"point": [260, 440]}}],
         "preview": {"duration": 3}}
        """

    static func preview(_ json: String, _ request: SimulationRequest = SimulationRequest()) throws -> PreviewResult {
        let lint = Linter.lint(Array(json.utf8), fileName: "test.dynamics.json")
        #expect(!lint.hasErrors, "\(lint.diagnostics.map(\.message))")
        return try #require(try PreviewResult.preview(lint, request))
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func theRunRecordsWhatEachBehaviorShowsAndWhenItChanges() throws {
        let run = try #require(try Self.preview(Self.causes).run)
        #expect(run.causes.map(\.frame) == [0, 60, 90, 120])
        let spans = run.causeSpans
        let anchors = spans.compactMap { span -> [Int]? in
            guard case .attachment(let a) = span.cause, a.behavior == "spring", let anchor = a.anchor else {
                return nil
            }
            return [span.from, span.to, Int(anchor.x)]
        }
        #expect(anchors == [[0, 60, 120], [60, 180, 200]])
        let pushes = spans.compactMap { span -> [Int]? in
            guard case .push(_, _, _, _, _, let active) = span.cause else { return nil }
            return [span.from, span.to, active ? 1 : 0]
        }
        #expect(pushes == [[0, 90, 1], [90, 180, 0]])
        let snaps = spans.compactMap { span -> [Int]? in
            guard case .snap(_, _, let point, let acting) = span.cause, acting else { return nil }
            return [span.from, span.to, Int(point.x)]
        }
        #expect(snaps == [[0, 120, 330], [120, 180, 260]])
        // Gravity once; two groups, numbered in the order they were added; what does not change is one span.
        #expect(spans.filter { if case .gravity = $0.cause { true } else { false } }.count == 1)
        let groups = spans.compactMap { span -> Int? in
            if case .collision(_, let group, _, _) = span.cause { group } else { nil }
        }
        #expect(groups == [0, 1])
        let pin = spans.first { if case .attachment(let a) = $0.cause { a.kind == .pin } else { false } }
        #expect(pin.map { [$0.from, $0.to] } == [0, 180])
    }

    @Test func anInstantaneousPushShowsActiveUntilItHasActed() throws {
        let scene = """
            {"referenceView": {"width": 200, "height": 200},
             "items": [{"id": "a", "center": [100, 100], "size": [20, 20]}],
             "behaviors": [{"type": "push", "id": "tap", "mode": "instantaneous", "items": ["a"], "magnitude": 1, "angle": 0}]}
            """
        let run = try #require(try Self.preview(scene, SimulationRequest(frames: 10)).run)
        let pushes = run.causeSpans.compactMap { span -> [Int]? in
            guard case .push(_, _, _, _, true, let active) = span.cause else { return nil }
            return [span.from, span.to, active ? 1 : 0]
        }
        // It acts in the first sub-step of frame 1.
        #expect(pushes == [[0, 1, 1], [1, 10, 0]])
    }

    @Test func theSVGDrawsEveryCauseWithItsName() throws {
        let svg = Self.text(PreviewSVGEncoder().encode(try Self.preview(Self.causes)))
        for title in [
            "<title>spring attachment spring</title>", "<title>pin attachment pin</title>",
            "<title>sliding attachment rail</title>", "<title>snap home</title>", "<title>vortex field swirl</title>",
            "<title>boundary ledge</title>", "<title>boundary stop</title>", "<title>reference bounds</title>",
        ] {
            #expect(svg.contains(title), "no \(title)")
        }
        #expect(svg.contains("push kick: [0.4, -0.3] N"))
        #expect(svg.contains(">gravity</text>"))
        #expect(svg.contains(">ledge</text>") && svg.contains(">stop</text>"))
        #expect(svg.contains("collision group 1 low: puck, slider, target"))
        #expect(svg.contains("collision group 2 high: door, bob"))
        #expect(svg.contains(">#0 spring<") && svg.contains(">#1 kick<") && svg.contains(">#2 home<"))
        // Items are outlined in their group's style: the second group is dashed.
        #expect(svg.contains("stroke=\"\(CollisionGroupStyle.stroke(1))\" stroke-width=\"2\" stroke-dasharray=\"6 3\""))
        let summary = try PreviewEncoderTests.inspectSVG(svg)
        #expect(summary["keyTimesMatchValues"] == "true")
    }

    @Test func whatChangesShowsOverItsFramesOnly() throws {
        let svg = Self.text(PreviewSVGEncoder().encode(try Self.preview(Self.causes)))
        // The spring's first anchor shows until frame 60 of 180, the second from there; the push until 1.5 s.
        let hidden = #"values="visible;hidden" keyTimes="0;0.333333333""#
        let shown = #"values="hidden;visible" keyTimes="0;0.333333333""#
        #expect(svg.components(separatedBy: hidden).count - 1 >= 1)
        #expect(svg.components(separatedBy: shown).count - 1 >= 1)
        #expect(svg.contains(#"values="visible;hidden" keyTimes="0;0.5""#))
    }

    @Test func longRunsKeepEveryKeyframeAtItsOwnTime() throws {
        // Ten minutes: 36 000 frames, 600 keyframes 60 frames apart (0.0017 of the run: 2 decimals would merge them).
        let scene = """
            {"referenceView": {"width": 200, "height": 200},
             "items": [{"id": "a", "center": [100, 100], "size": [20, 20]}],
             "behaviors": [{"type": "push", "items": ["a"], "magnitude": 0.001, "angle": 0},
                           {"type": "dynamicItem", "items": ["a"], "resistance": 0}]}
            """
        let preview = try Self.preview(scene, SimulationRequest(duration: 600))
        let svg = Self.text(PreviewSVGEncoder().encode(preview))
        let translate = try #require(svg.split(separator: "\n").first { $0.contains("type=\"translate\"") })
        let keyTimes = try #require(translate.firstMatch(of: /keyTimes="([^"]*)"/)).1.split(separator: ";")
        let times = keyTimes.compactMap { Double($0) }
        #expect(times.count == keyTimes.count && times.count > 500)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "key times not strictly increasing")
        // Each key time is its frame's fraction of the run to 1e-9.
        let frames = PreviewSVGEncoderTestsSupport.keyframeNumbers(preview)
        #expect(frames.count == times.count)
        for (frame, time) in zip(frames, times) {
            #expect(abs(time - Double(frame) / 36_000) <= 5e-10)
        }
    }

    @Test func longCaptionsAreCutWithAnEllipsisAndTheSummaryStaysWhole() throws {
        let name = String(repeating: "a long scene name ", count: 8)
        let scene = Self.causes.replacingOccurrences(of: #""name": "causes""#, with: "\"name\": \"\(name)\"")
        let svg = Self.text(PreviewSVGEncoder().encode(try Self.preview(scene)))
        #expect(svg.contains("…<title>\(name)</title>"))
        #expect(svg.contains(">3 s at 60 Hz, still moving at the end</text>"))
    }

    @Test func anItemKeepsItsColorWhateverItsPlace() throws {
        let two = """
            {"referenceView": {"width": 200, "height": 200},
             "items": [{"id": "first", "center": [50, 50], "size": [20, 20]}, {"id": "second", "center": [150, 50], "size": [20, 20]}],
             "behaviors": [{"type": "gravity", "items": ["first", "second"]}]}
            """
        let swapped = two.replacingOccurrences(of: "first", with: "tmp").replacingOccurrences(
            of: "second", with: "first"
        )
        .replacingOccurrences(of: "tmp", with: "second")
        for scene in [two, swapped] {
            let svg = Self.text(PreviewSVGEncoder().encode(try Self.preview(scene, SimulationRequest(frames: 10))))
            for id in ["first", "second"] {
                #expect(svg.contains("<polyline stroke=\"\(ItemColor.color(id: id))\" points=") == true)
            }
        }
        #expect(ItemColor.color(id: "first", sceneColor: "red") == "red")
        #expect(ItemColor.color(id: "first", sceneColor: "#0a0") == "#0a0")
        #expect(ItemColor.color(id: "first", sceneColor: "\"/><script>") == ItemColor.color(id: "first"))
        #expect(ItemColor.hash("a") == 3_826_002_220)
    }

    @Test func theHTMLPageIsTheSelfContainedPlayerWithTheRunEmbedded() throws {
        let scene = Self.causes.replacingOccurrences(of: #""name": "causes""#, with: #""name": "</script><b>""#)
        let preview = try Self.preview(scene)
        let page = Self.text(PreviewHTMLEncoder().encode(preview))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(!page.contains("src=\"") && !page.contains("<link "))
        #expect(page.contains("ImpulsePreview.mount") && page.contains("function sceneGeometry"))
        // Three scripts (data, player, page logic) and the inline one of the page: the name cannot close any.
        #expect(page.components(separatedBy: "</script>").count - 1 == 4)
        let start = try #require(page.range(of: #"<script type="application/json" id="preview-data">"#))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try #require(JSONValue.parse(Array(page[start.upperBound..<end.lowerBound].utf8))?.objectValue)
        #expect(data["result"] == JSONValue.parse(PreviewJSONEncoder().encode(preview)))
        #expect(data["scene"]?.objectValue?["name"] == .string("</script><b>"))
        #expect(data["causes"] == PreviewCausesEncoder().value(preview))
        #expect(PreviewHTMLEncoder().encode(preview) == Array(page.utf8), "the same bytes every time")
    }
}

/// The frames the svg keeps as keyframes, as the encoder picks them.
enum PreviewSVGEncoderTestsSupport {
    static func keyframeNumbers(_ preview: PreviewResult) -> [Int] {
        guard let run = preview.run else { return [] }
        return SVGPicture.keyframes(run, limit: PreviewSVGEncoder.keyframeLimit).map(\.frame)
    }
}
