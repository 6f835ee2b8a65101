import Foundation
import JSON
import Scene
import Testing

@testable import Reporting

/// The preview's json, csv, svg and text formats, from scenes run through the real simulation.
@Suite struct PreviewEncoderTests {
    /// Two items held still by an anchoring dynamicItem behavior that an event removes at 0.02 s (frame 2):
    /// nothing moves, so every number is known.
    static let still = """
        {"name": "tiny", "referenceView": {"width": 100, "height": 100},
         "items": [{"id": "a", "center": [10, 20], "size": [10, 10]}, {"id": "b", "center": [50.5, 60], "size": [10, 10], "angle": 0.1}],
         "behaviors": [{"type": "dynamicItem", "id": "pin", "items": ["a", "b"], "anchored": true}],
         "events": [{"at": 0.02, "remove": "pin"}]}
        """

    /// Two boxes falling into the reference bounds, one on the other, and a third no behavior names.
    static let falling = """
        {"name": "Falling, \\"quoted\\" & <odd>", "referenceView": {"width": 200, "height": 300},
         "items": [{"id": "low", "center": [100, 200], "size": [60, 60]},
                   {"id": "high", "center": [100, 80], "size": [40, 40], "angle": 0.3, "collisionBounds": "ellipse"},
                   {"id": "idle", "center": [30, 30], "size": [20, 20]}],
         "behaviors": [{"type": "gravity", "items": ["low", "high"]},
                       {"type": "collision", "items": ["low", "high"], "translatesReferenceBoundsIntoBoundary": true,
                        "boundaries": [{"id": "ramp", "path": [[0, 250], [60, 300], [0, 300]]}]}]}
        """

    static func preview(_ json: String, _ request: SimulationRequest) throws -> PreviewResult {
        let lint = Linter.lint(Array(json.utf8), fileName: "test.dynamics.json")
        return try #require(try PreviewResult.preview(lint, request))
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static let stillItems =
        #"{"a":{"center":[10,20],"angle":0,"velocity":[0,0],"angularVelocity":0,"resting":true},"b":{"center":[50.5,60],"angle":0.1,"velocity":[0,0],"angularVelocity":0,"resting":true}}"#

    @Test func jsonHoldsEverySampleEventAndTheFinalStateInTheSpecsKeyOrder() throws {
        let preview = try Self.preview(Self.still, SimulationRequest(frames: 2))
        #expect(preview.diagnostics.isEmpty)
        let expected = """
            {"scene":"tiny","frameRate":60,"frames":2,"every":1,"samples":[
            {"frame":0,"time":0,"items":\(Self.stillItems)},
            {"frame":1,"time":0.0166666666666667,"items":\(Self.stillItems)},
            {"frame":2,"time":0.0333333333333333,"items":\(Self.stillItems)}
            ],"events":[
            {"frame":0,"time":0,"type":"paused"},
            {"frame":2,"time":0.0333333333333333,"type":"scripted","index":0}
            ],"pausedAt":{"frame":0,"time":0},"final":\(Self.stillItems),"diagnostics":[]}

            """
        #expect(Self.text(PreviewJSONEncoder().encode(preview)) == expected)
        // The server's value is the same document.
        #expect(
            JSONValue.parse(PreviewJSONEncoder().encode(preview))
                == JSONValue.parse(PreviewJSONEncoder().value(preview).serialized()))
    }

    @Test func csvHasOneRowPerItemPerKeptFrame() throws {
        let preview = try Self.preview(Self.still, SimulationRequest(frames: 3, every: 2))
        #expect(
            Self.text(PreviewCSVEncoder().encode(preview)) == """
                frame,time,item,x,y,angle,vx,vy,angularVelocity,resting
                0,0,a,10,20,0,0,0,0,true
                0,0,b,50.5,60,0.1,0,0,0,true
                2,0.0333333333333333,a,10,20,0,0,0,0,true
                2,0.0333333333333333,b,50.5,60,0.1,0,0,0,true

                """)
    }

    @Test func csvQuotesIdsThatNeedIt() {
        #expect(PreviewCSVEncoder.field("plain") == "plain")
        #expect(PreviewCSVEncoder.field("a,b") == "\"a,b\"")
        #expect(PreviewCSVEncoder.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(PreviewCSVEncoder.field("two\nlines") == "\"two\nlines\"")
    }

    @Test func textSummarizesEventsFinalStateAndThePause() throws {
        let preview = try Self.preview(Self.still, SimulationRequest(frames: 2))
        #expect(
            Self.text(PreviewTextEncoder().encode(preview)) == """
                tiny: 2 frames at 60 Hz (0.033 s)
                Events:
                  frame 0, 0 s: paused (everything rests)
                  frame 2, 0.033 s: event 0 applies
                Final state (frame 2, 0.033 s):
                  "a"  center [10, 20]  angle 0  velocity [0, 0]  resting
                  "b"  center [50.5, 60]  angle 0.1  velocity [0, 0]  resting
                Paused at frame 0, 0 s: everything rests.

                """)
    }

    @Test func jsonNumbersReadBackWithinOneBillionthOfTheRun() throws {
        let preview = try Self.preview(Self.falling, SimulationRequest(frames: 40, every: 3))
        let run = try #require(preview.run)
        let root = try #require(JSONValue.parse(PreviewJSONEncoder().encode(preview))?.objectValue)
        let samples = try #require(root["samples"]?.arrayValue)
        #expect(samples.count == run.samples.count)
        #expect(root["frames"] == .number(40) && root["every"] == .number(3))
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }
        for (sample, expected) in zip(samples, run.samples) {
            let items = try #require(sample.objectValue?["items"]?.objectValue)
            #expect(items.keys == ["low", "high", "idle"])
            for (id, state) in zip(run.itemIDs, expected.items) {
                let item = try #require(items[id]?.objectValue)
                let center = (item["center"]?.arrayValue ?? []).compactMap(\.numberValue)
                try #require(center.count == 2)
                #expect(close(center[0], state.center.x) && close(center[1], state.center.y))
                #expect(close(try #require(item["angle"]?.numberValue), state.angle))
                let velocity = (item["velocity"]?.arrayValue ?? []).compactMap(\.numberValue)
                try #require(velocity.count == 2)
                #expect(close(velocity[0], state.velocity.x) && close(velocity[1], state.velocity.y))
                #expect(item["resting"] == .bool(state.resting))
            }
        }
        let final = try #require(root["final"]?.objectValue)
        #expect(
            final["high"]?.objectValue?["center"]?.arrayValue?.last?.numberValue.map {
                close($0, run.final.items[1].center.y)
            } == true)
    }

    @Test func contactEventsNameItemsAndBoundariesAsTheSpecShows() throws {
        let preview = try Self.preview(Self.falling, SimulationRequest(frames: 90))
        let root = try #require(JSONValue.parse(PreviewJSONEncoder().encode(preview))?.objectValue)
        let events = (root["events"]?.arrayValue ?? []).compactMap(\.objectValue)
        let began = events.filter { $0["type"] == .string("contactBegan") }
        #expect(
            began.contains { $0["item"] == .string("low") && $0["with"] == .object(JSONObject([("boundary", .null)])) })
        #expect(
            began.contains {
                $0["item"] == .string("low") && $0["with"] == .object(JSONObject([("item", .string("high"))]))
            })
        for event in began {
            #expect(event.keys == ["frame", "time", "type", "item", "with", "point"])
            #expect(event["point"]?.arrayValue?.count == 2)
        }
    }

    @Test func theSameSceneGivesTheSameBytesInEveryFormat() throws {
        for format in PreviewFormat.allCases {
            let first = format.encode(try Self.preview(Self.falling, SimulationRequest(frames: 60)))
            let second = format.encode(try Self.preview(Self.falling, SimulationRequest(frames: 60)))
            #expect(first == second, "\(format)")
        }
    }

    @Test func aSceneWithErrorsHasNoSamplesAndItsDiagnosticsInJSON() throws {
        let preview = try Self.preview(
            #"{"format": 2, "referenceView": {"width": 100, "height": 100}, "items": []}"#, SimulationRequest())
        let root = try #require(JSONValue.parse(PreviewJSONEncoder().encode(preview))?.objectValue)
        #expect(root["samples"] == .array([]) && root["events"] == .array([]))
        #expect(root["final"] == .object(JSONObject()) && root["pausedAt"] == .null)
        let diagnostics = try #require(root["diagnostics"]?.arrayValue)
        #expect(diagnostics == preview.diagnostics.map { $0.lintJSON(preview.document.lineIndex) })
        #expect(diagnostics.contains { $0.objectValue?["code"] == .string("scene.format") })
    }

    @Test func svgIsWellFormedAndAnimatesEveryMovingItem() throws {
        let preview = try Self.preview(Self.falling, SimulationRequest(frames: 120))
        let svg = Self.text(PreviewSVGEncoder().encode(preview))
        let summary = try Self.inspectSVG(svg)
        // Two moving items: each a translate, and a rotate for the one that turns; the idle one is still.
        #expect(summary["root"] == "{http://www.w3.org/2000/svg}svg")
        #expect(summary["translate"] == "2")
        #expect(summary["indefinite"] == summary["animations"])
        #expect(summary["keyTimesMatchValues"] == "true")
        #expect(summary["polylines"] == "2")
        #expect(summary["script"] == "0")
        #expect(summary["title"] == #"Falling, "quoted" & <odd>"#)
        #expect(svg.contains("dur=\"2s\""))
    }

    @Test func svgDrawsAnItemInItsColorAndItsTrajectoryToo() throws {
        let colored = Self.falling.replacingOccurrences(
            of: #""size": [60, 60]}"#, with: #""size": [60, 60], "color": "tomato"}"#)
        let svg = Self.text(PreviewSVGEncoder().encode(try Self.preview(colored, SimulationRequest(frames: 120))))
        #expect(svg.contains(##"<polyline stroke="#ff6347""##))
        #expect(svg.contains(##"fill="#ff6347" fill-opacity="0.85""##))
        // The others keep the palette: without a color, the SVG is what it was.
        let plain = Self.text(
            PreviewSVGEncoder().encode(try Self.preview(Self.falling, SimulationRequest(frames: 120))))
        #expect(!plain.contains("#ff6347"))
        #expect(plain.contains(#"fill="\#(ItemColor.color(id: "high"))""#))
    }

    @Test func svgKeepsLongRunsSmall() throws {
        let preview = try Self.preview(Self.falling, SimulationRequest(frames: 3000))
        let bytes = PreviewSVGEncoder().encode(preview)
        #expect(bytes.count < 150_000, "\(bytes.count) bytes")
        let summary = try Self.inspectSVG(Self.text(bytes))
        #expect(summary["keyTimesMatchValues"] == "true")
        #expect(summary["maximumKeyframes"].flatMap { Int($0) }.map { $0 <= PreviewSVGEncoder.keyframeLimit } == true)
    }

    /// Parses the SVG with python3's xml.etree (a real XML parser) and reports its structure.
    static func inspectSVG(_ svg: String) throws -> [String: String] {
        let script = """
            import sys, xml.etree.ElementTree as ET
            root = ET.fromstring(sys.stdin.buffer.read())
            ns = '{http://www.w3.org/2000/svg}'
            anims = root.findall('.//' + ns + 'animateTransform') + root.findall('.//' + ns + 'animate')
            match = all(len(a.get('keyTimes').split(';')) == len(a.get('values').split(';')) and a.get('keyTimes').split(';')[0] == '0'
                        for a in anims if a.get('keyTimes') is not None)
            ends = all(a.get('keyTimes').split(';')[-1] == '1' for a in root.findall('.//' + ns + 'animateTransform'))
            print('root=' + root.tag)
            print('translate=%d' % len([a for a in root.findall('.//' + ns + 'animateTransform') if a.get('type') == 'translate']))
            print('animations=%d' % len(anims))
            print('indefinite=%d' % len([a for a in anims if a.get('repeatCount') == 'indefinite']))
            print('keyTimesMatchValues=' + ('true' if match and ends else 'false'))
            print('maximumKeyframes=%d' % max([len(a.get('values').split(';')) for a in anims] + [0]))
            print('polylines=%d' % len(root.findall('.//' + ns + 'polyline')))
            print('script=%d' % len(root.findall('.//' + ns + 'script')))
            print('title=' + root.find(ns + 'title').text)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(svg.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the SVG is not well-formed XML")
        var result: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            result[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return result
    }
}
