// The `preview` tool: runs a scene as `impulse preview` does, within the same bounds (at most 216 000 frames
// and an hour of simulated time, `SimulationRequest`), and answers what an assistant needs to judge it: the
// final state of every item, which rest, the pauses and resumes, the contacts and scripted events in order,
// whether each `expect` held, and the diagnostics. The frames themselves are kept only for the SVG: without
// it the run keeps frame 0 alone, so a long run costs no memory. The run checks its cancellation before every
// frame (`notifications/cancelled`).
import JSON
import Reporting
import Scene

extension MCPTool {
    /// At most this many events are answered (the first ones); `eventsOmitted` counts the rest.
    static let eventLimit = 1000

    static let preview = MCPTool(
        name: "preview", title: "Run a scene",
        description: """
            Runs a scene on Impulse's engine (UIKit Dynamics' Box2D-style solver) and returns what happens: the \
            final state of every item, which items rest, when the animator pauses and resumes, the contacts and \
            scripted events in order, whether each "expect" held, and the diagnostics. "frames" or "duration" \
            (not both; default: the scene's "preview", \(Catalog.previewDefaultsText); at most \(SimulationRequest.frameLimit) frames or an hour). \
            "referenceSize": [width, height] runs it in a view of that size (every point placed by its pin, as \
            `impulse preview --reference-size`). "svg": true adds the animated SVG replay as an embedded resource; "output" writes it to a file \
            inside the workspace.
            """,
        inputSchema: """
            {"type": "object", "properties": {
              "path": {"type": "string", "description": "A scene file, relative to the workspace."},
              "text": {"type": "string", "description": "The scene's JSON text, instead of a path."},
              "frames": {"type": "integer", "minimum": 0, "description": "Frames to run (one animator step each)."},
              "duration": {"type": "number", "minimum": 0, "description": "Seconds to run, instead of frames."},
              "every": {"type": "integer", "minimum": 1, "description": "Keep every K-th frame in the SVG."},
              "referenceSize": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2,
                "description": "[width, height]: run the scene in a view of this size, every point placed by its pin."},
              "svg": {"type": "boolean", "description": "Return the SVG replay as an embedded resource."},
              "output": {"type": "string", "description": "Write the SVG replay to this file (inside the workspace)."}},
             "additionalProperties": false}
            """,
        outputSchema: """
            {"type": "object", "required": ["scene", "simulated", "frameRate", "frames", "duration", "pausedAt",
              "final", "resting", "rests", "resumes", "contacts", "events", "eventsOmitted", "expectations",
              "diverged", "diagnostics"], "properties": {
              "scene": {"type": "string"}, "simulated": {"type": "boolean"},
              "frameRate": {"type": "number"}, "frames": {"type": "integer"}, "duration": {"type": "number"},
              "pausedAt": {"oneOf": [{"type": "null"}, \(momentSchema)]},
              "final": {"type": "object", "additionalProperties": {"type": "object",
                "required": ["center", "angle", "velocity", "angularVelocity", "resting"]}},
              "resting": {"type": "array", "items": {"type": "string"}},
              "rests": {"type": "array", "items": \(momentSchema)},
              "resumes": {"type": "array", "items": \(momentSchema)},
              "contacts": {"type": "integer"},
              "events": {"type": "array", "items": {"type": "object", "required": ["frame", "time", "type"]}},
              "eventsOmitted": {"type": "integer"},
              "expectations": {"type": "array", "items": {"type": "object", "required": ["index", "held", "message"],
                "properties": {"index": {"type": "integer"}, "held": {"type": "boolean"}, "message": {"type": "string"}}}},
              "diverged": {"oneOf": [{"type": "null"}, {"type": "object", "required": ["frame", "time", "item"]}]},
              "diagnostics": {"type": "array", "items": \(diagnosticSchema)},
              "written": {"type": "string"}}}
            """
    ) { call throws(ToolError) in try runPreview(call) }

    static let momentSchema = """
        {"type": "object", "required": ["frame", "time"], "properties": {"frame": {"type": "integer"}, "time": {"type": "number"}}}
        """

    private static func runPreview(_ call: Call) throws(ToolError) -> Output {
        let arguments = call.arguments
        let frames = try arguments.integer("frames", in: 0...Int.max)
        let duration = try arguments.number("duration")
        let every = try arguments.integer("every", in: 1...Int.max) ?? 1
        let referenceSize = try arguments.size("referenceSize")
        let svg = try arguments.bool("svg") ?? false
        let output = try arguments.string("output")
        let source = try SceneSource.read(call)
        var target: String?
        if let output { target = try call.workspace.fileToWrite(output) }
        let drawing = svg || target != nil
        // Without a drawing only frame 0 is kept (one item-sample per item); with one, as the server caps it.
        let request = SimulationRequest(
            frames: frames, duration: duration, every: every,
            maximumItemSamples: drawing ? SimulationRequest.itemSampleLimit : 1, referenceSize: referenceSize)
        let lint = source.lint()
        var preview: PreviewResult
        do {
            guard
                let result = try PreviewResult.preview(lint, request, isCancelled: { call.cancellation.isCancelled })
            else { throw ToolError("the preview was cancelled") }
            preview = result
        } catch let error as SimulationRequestError {
            throw ToolError(error.description)
        } catch {
            throw error as? ToolError ?? ToolError("\(error)")
        }
        preview.diagnostics = RuleSettings(overrides: source.configuration.rules).apply(preview.diagnostics)

        var structured = summary(preview)
        var extra: [JSONValue] = []
        var text = String(decoding: PreviewTextEncoder().encode(preview), as: UTF8.self)
        if let run = preview.run, !run.expectations.isEmpty {
            let held = run.expectations.filter(\.held).count
            text += "Expectations: \(held) of \(run.expectations.count) held.\n"
        }
        if drawing, preview.wasSimulated {
            let bytes = PreviewFormat.svg.encode(preview)
            if svg {
                extra.append(
                    .object(
                        JSONObject([
                            ("type", .string("resource")),
                            (
                                "resource",
                                .object(
                                    JSONObject([
                                        ("uri", .string("impulse://preview/\(percentEncoded(preview.name)).svg")),
                                        ("mimeType", .string("image/svg+xml")),
                                        ("text", .string(String(decoding: bytes, as: UTF8.self))),
                                    ]))
                            ),
                        ])))
            }
            if let target, let output {
                try call.workspace.write(bytes, to: target, shown: output)
                structured["written"] = .string(output)
                text += "Wrote the SVG replay to \(output).\n"
            }
        }
        return Output(text: text, structured: structured, extraContent: extra)
    }

    /// The structured answer: the preview json's `pausedAt`, `final` and (capped) `events`, and what an assistant
    /// would otherwise dig out of them.
    private static func summary(_ preview: PreviewResult) -> JSONObject {
        let encoded = PreviewJSONEncoder().value(preview).objectValue ?? JSONObject()
        let run = preview.run
        let events = encoded["events"]?.arrayValue ?? []
        func moment(_ frame: Int, _ run: SimulationRun) -> JSONValue {
            .object(JSONObject([("frame", .number(Double(frame))), ("time", .number(run.time(of: frame)))]))
        }
        var rests: [JSONValue] = []
        var resumes: [JSONValue] = []
        var contacts = 0
        for event in run?.events ?? [] {
            switch event.kind {
            case .paused: rests.append(moment(event.frame, run!))
            case .resumed: resumes.append(moment(event.frame, run!))
            case .contact(let ended, _, _, _): if !ended { contacts += 1 }
            case .scripted: break
            }
        }
        let resting = run.map { run in
            zip(run.itemIDs, run.final.items).filter { $0.1.resting }.map { JSONValue.string($0.0) }
        }
        let diverged: JSONValue =
            run.flatMap { run in
                run.divergence.map { divergence in
                    .object(
                        JSONObject([
                            ("frame", .number(Double(divergence.frame))),
                            ("time", .number(run.time(of: divergence.frame))),
                            ("item", .string(run.itemIDs[divergence.item])),
                        ]))
                }
            } ?? .null
        return JSONObject([
            ("scene", .string(preview.name)),
            ("simulated", .bool(preview.wasSimulated)),
            ("frameRate", .number(preview.frameRate)),
            ("frames", .number(Double(preview.frames))),
            ("duration", .number(run?.duration ?? Double(preview.frames) / preview.frameRate)),
            ("pausedAt", encoded["pausedAt"] ?? .null),
            ("final", encoded["final"] ?? .object(JSONObject())),
            ("resting", .array(resting ?? [])),
            ("rests", .array(rests)),
            ("resumes", .array(resumes)),
            ("contacts", .number(Double(contacts))),
            ("events", .array(Array(events.prefix(eventLimit)))),
            ("eventsOmitted", .number(Double(max(0, events.count - eventLimit)))),
            (
                "expectations",
                .array(
                    (run?.expectations ?? []).map { outcome in
                        .object(
                            JSONObject([
                                ("index", .number(Double(outcome.expectation))), ("held", .bool(outcome.held)),
                                ("message", .string(outcome.message)),
                            ]))
                    })
            ),
            ("diverged", diverged),
            ("diagnostics", .array(preview.diagnostics.map { $0.toolJSON(preview.document.lineIndex) })),
        ])
    }

    /// `text` with everything but unreserved URI characters percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
