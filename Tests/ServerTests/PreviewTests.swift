import JSON
import RPC
import Testing

@testable import Server

/// Scenes for previews.
enum PreviewScenes {
    static let uri = "file:///preview.dynamics.json"

    /// A ball that falls for the whole run.
    static let falling = #"""
        {"format": 1, "name": "fall", "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}],
          "behaviors": [{"type": "gravity", "items": ["ball"]}, {"type": "dynamicItem", "items": ["ball"], "resistance": 0}]}
        """#

    /// A ball that bounces forever inside the reference view (elasticity 1, no damping): a run never pauses.
    static let bouncing = #"""
        {"format": 1, "name": "bounce", "referenceView": {"width": 400, "height": 400},
          "items": [{"id": "ball", "center": [100, 100], "size": [40, 40], "collisionBounds": "ellipse"}],
          "behaviors": [{"type": "collision", "items": ["ball"], "translatesReferenceBoundsIntoBoundary": true},
                        {"type": "dynamicItem", "items": ["ball"], "elasticity": 1, "friction": 0, "resistance": 0, "angularResistance": 0,
                         "linearVelocity": [300, 170]}],
          "preview": {"duration": 3600}}
        """#

    /// An item no force moves: it rests, and the animator pauses after half a second.
    static let still = #"""
        {"format": 1, "name": "still", "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "box", "center": [100, 100], "size": [40, 40]}],
          "behaviors": [{"type": "dynamicItem", "items": ["box"], "density": 2}]}
        """#

    /// A scene with an error (a snap without its point).
    static let broken = #"""
        {"format": 1, "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "box", "center": [100, 100], "size": [40, 40]}],
          "behaviors": [{"type": "snap", "item": "box"}]}
        """#

    static func session(_ text: String, capabilities: String = "{}") throws -> TestClient {
        let client = try TestClient.initialized(capabilities: capabilities)
        client.open(uri, text)
        _ = client.takeNotifications("textDocument/publishDiagnostics")
        return client
    }
}

extension TestClient {
    /// Sends a background request and waits for its answer.
    func backgroundRequest(_ method: String, _ params: String) -> Result<JSONValue, ResponseError>? {
        let id = send(method, params)
        server.waitForBackgroundWork()
        return takeResponse(id)?.result
    }
}

@Suite("Preview")
struct PreviewTests {
    @Test("impulse/preview answers the preview json: frames 0, K, 2K… up to N, the final frame, events and diagnostics")
    func answer() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        let result = try #require(
            client.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 11, "every": 5}"#)
        ).get()
        let object = try #require(result.objectValue)
        #expect(
            object.keys == [
                "scene", "frameRate", "frames", "every", "samples", "events", "pausedAt", "final", "diagnostics",
            ])
        #expect(object["scene"] == .string("fall"))
        #expect(object["frameRate"] == .number(60))
        #expect(object["frames"] == .number(11))
        #expect(object["every"] == .number(5))
        let samples = try #require(object["samples"]?.arrayValue)
        #expect(samples.map { $0.objectValue?["frame"] } == [.number(0), .number(5), .number(10)])
        // Free fall from rest: after k sub-steps y = y₀ + g·h²·k(k+1)/2; frame 10 is 19 sub-steps.
        let y10 = try #require(
            samples[2].objectValue?["items"]?.objectValue?["ball"]?.objectValue?["center"]?.arrayValue?[1].numberValue)
        let h = 1.0 / 120
        #expect(abs(y10 - (100 + 1000 * h * h * 19 * 20 / 2)) < 0.05)
        #expect(object["final"]?.objectValue?["ball"] != nil)
        #expect(object["pausedAt"] == .null)
        // The run's own diagnostics join the linter's (none here).
        #expect(
            object["diagnostics"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue } == ["sim.neverRests"]
        )
    }

    @Test("steps is an alias of frames; duration counts frames at the scene's frame rate")
    func lengths() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        let steps = try #require(
            client.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "steps": 3}"#)
        ).get()
        #expect(steps.objectValue?["frames"] == .number(3))
        #expect(steps.objectValue?["samples"]?.arrayValue?.count == 4)
        let duration = try #require(
            client.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "duration": 0.5, "every": 10}"#)
        ).get()
        #expect(duration.objectValue?["frames"] == .number(30))
        #expect(duration.objectValue?["samples"]?.arrayValue?.count == 4)
    }

    @Test("frames with duration, a bad every, too many frames and a closed document are −32602, answered at once")
    func badRequests() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        let uri = PreviewScenes.uri
        for params in [
            #""frames": 10, "duration": 1"#, #""steps": 10, "frames": 10"#, #""every": 0"#, #""frames": -1"#,
            #""duration": -2"#, #""frames": 216001"#, #""duration": 3601"#,
        ] {
            let result = client.request("impulse/preview", #"{"textDocument": {"uri": "\#(uri)"}, \#(params)}"#)
            guard case .failure(let error) = result else {
                Issue.record("\(params) was accepted")
                continue
            }
            #expect(error.code == .invalidParams, "\(params)")
        }
        #expect(
            client.request("impulse/preview", #"{"textDocument": {"uri": "\#(uri)"}, "frames": 10, "duration": 1}"#)
                == .failure(.invalidParams("give either a number of frames or a duration, not both")))
        #expect(
            client.request("impulse/preview", #"{"textDocument": {"uri": "file:///closed.dynamics.json"}}"#)
                == .failure(.invalidParams("file:///closed.dynamics.json is not an open scene")))
        #expect(client.server.requestsInFlight.isEmpty)
    }

    @Test(
        "a scene with errors is not simulated: no samples, final {}, pausedAt null, and its diagnostics in lint json form"
    )
    func sceneWithErrors() throws {
        let client = try PreviewScenes.session(PreviewScenes.broken)
        let result = try #require(
            client.backgroundRequest("impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}}"#)
        ).get()
        let object = try #require(result.objectValue)
        #expect(object["samples"] == .array([]))
        #expect(object["events"] == .array([]))
        #expect(object["final"] == .object(JSONObject()))
        #expect(object["pausedAt"] == .null)
        let diagnostics = try #require(object["diagnostics"]?.arrayValue)
        let missing = try #require(
            diagnostics.first { $0.objectValue?["code"] == .string("scene.missingKey") }?.objectValue)
        #expect(missing["severity"] == .string("error"))
        // 1-based lines and columns: the snap's brace on line 3.
        #expect(missing["range"]?.objectValue?["start"]?.objectValue?["line"] == .number(3))
    }

    @Test("the editor's rule settings apply to the answer's diagnostics")
    func ruleSettings() throws {
        let text = PreviewScenes.falling.replacingOccurrencesOnce(
            of: #""name": "fall","#, with: #""name": "fall", "bogus": 1,"#)
        let plain = try PreviewScenes.session(text)
        let codes = try #require(
            plain.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 1}"#)
        ).get()
            .objectValue?["diagnostics"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue }
        #expect(codes == ["sim.neverRests", "scene.unknownKey"])
        let off = try TestClient.initialized(capabilities: "{}")
        off.notify(
            "workspace/didChangeConfiguration", #"{"settings": {"impulse": {"rules": {"scene.unknownKey": "off"}}}}"#)
        off.open(PreviewScenes.uri, text)
        let none = try #require(
            off.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 1}"#)
        ).get()
        #expect(
            none.objectValue?["diagnostics"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue } == [
                "sim.neverRests"
            ])
    }

    @Test("one answer holds at most a million item-samples: every is raised and says so")
    func sizeLimit() throws {
        var items: [String] = []
        for row in 0..<32 {
            for column in 0..<32 {
                items.append(
                    #"{"id": "i\#(row)_\#(column)", "center": [\#(15 + column * 30), \#(15 + row * 30)], "size": [10, 10]}"#
                )
            }
        }
        let text =
            #"{"format": 1, "referenceView": {"width": 1000, "height": 1000}, "items": [\#(items.joined(separator: ", "))]}"#
        let client = try PreviewScenes.session(text)
        let result = try #require(
            client.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 1000}"#)
        ).get()
        // 1024 items: at most 976 samples, so every K with ⌊1000/K⌋ + 1 ≤ 976: K = 2.
        #expect(result.objectValue?["every"] == .number(2))
        let samples = try #require(result.objectValue?["samples"]?.arrayValue)
        #expect(samples.count == 501)
        #expect(samples.count * 1024 <= 1_000_000)
        #expect(result.objectValue?["frames"] == .number(1000))
    }

    @Test("$/progress for a workDoneToken: begin, reports with growing percentages, end")
    func progress() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        _ = try #require(
            client.backgroundRequest(
                "impulse/preview",
                #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 200, "workDoneToken": "p1"}"#)
        ).get()
        let values = client.takeNotifications("$/progress").compactMap { $0.objectValue }
        #expect(values.allSatisfy { $0["token"] == .string("p1") })
        let kinds = values.compactMap { $0["value"]?.objectValue?["kind"]?.stringValue }
        #expect(kinds.first == "begin")
        #expect(kinds.last == "end")
        #expect(kinds.filter { $0 == "report" }.count >= 10)
        let percentages = values.compactMap { $0["value"]?.objectValue?["percentage"]?.numberValue }
        #expect(percentages == percentages.sorted())
        // Without a token: no progress at all.
        _ = client.backgroundRequest(
            "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 200}"#)
        #expect(client.takeNotifications("$/progress").isEmpty)
    }

    @Test("$/cancelRequest stops a long preview: −32800, exactly one answer, and the run ends")
    func cancel() throws {
        let client = try PreviewScenes.session(PreviewScenes.bouncing)
        let id = client.send(
            "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "workDoneToken": 7}"#)
        #expect(client.server.requestsInFlight == [id])
        client.notify("$/cancelRequest", #"{"id": \#(id)}"#)
        #expect(client.takeResponse(id)?.result == .failure(.requestCancelled))
        client.server.waitForBackgroundWork()
        #expect(client.takeResponse(id) == nil)
        #expect(client.server.requestsInFlight.isEmpty)
        // Other requests were never held up, and the server still previews.
        let short = try #require(
            client.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 2}"#)
        ).get()
        #expect(short.objectValue?["frames"] == .number(2))
    }

    @Test("an edit of the document makes a running preview stale: −32801")
    func stale() throws {
        let client = try PreviewScenes.session(PreviewScenes.bouncing)
        let id = client.send("impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}}"#)
        client.change(
            PreviewScenes.uri, version: 2,
            [.init(text: PreviewScenes.bouncing.replacingOccurrencesOnce(of: "bounce", with: "edited"))])
        #expect(client.takeResponse(id)?.result == .failure(.contentModified))
        client.server.waitForBackgroundWork()
        #expect(client.takeResponse(id) == nil)
    }

    @Test(
        "workspace/executeCommand impulse.preview answers the same json; it is announced; unknown commands are −32602")
    func executeCommand() throws {
        let client = TestClient()
        let initialize = try client.request("initialize", #"{"capabilities": {}}"#).get()
        #expect(
            initialize.objectValue?["capabilities"]?.objectValue?["executeCommandProvider"]
                == .object(
                    JSONObject([("commands", .array([.string("impulse.preview"), .string("impulse.generate")]))])))
        client.notify("initialized", "{}")
        client.open(PreviewScenes.uri, PreviewScenes.falling)
        let viaCommand = try #require(
            client.backgroundRequest(
                "workspace/executeCommand",
                #"{"command": "impulse.preview", "arguments": ["\#(PreviewScenes.uri)", {"frames": 6, "every": 3}]}"#)
        ).get()
        let viaRequest = try #require(
            client.backgroundRequest(
                "impulse/preview",
                #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 6, "every": 3}"#)
        ).get()
        #expect(viaCommand == viaRequest)
        let defaultLength = try #require(
            client.backgroundRequest(
                "workspace/executeCommand",
                #"{"command": "impulse.preview", "arguments": ["\#(PreviewScenes.uri)"]}"#)
        ).get()
        #expect(defaultLength.objectValue?["frames"] == .number(180))
        for params in [
            #"{"command": "impulse.nope", "arguments": []}"#, #"{"command": "impulse.preview", "arguments": []}"#,
            #"{"command": "impulse.preview", "arguments": [1]}"#,
            #"{"command": "impulse.preview", "arguments": ["\#(PreviewScenes.uri)", {"frames": 1, "duration": 1}]}"#,
            #"{"command": "impulse.preview", "arguments": ["\#(PreviewScenes.uri)", "fast"]}"#,
        ] {
            guard case .failure(let error) = client.request("workspace/executeCommand", params) else {
                Issue.record("\(params) was accepted")
                continue
            }
            #expect(error.code == .invalidParams, "\(params)")
        }
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced.
    func replacingOccurrencesOnce(of target: String, with replacement: String) -> String {
        guard let found = range(of: target) else { return self }
        return String(self[..<found.lowerBound]) + replacement + String(self[found.upperBound...])
    }
}
