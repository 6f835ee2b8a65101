import JSON
import Scene

/// The preview's `json` format (interfaces.md), also the result of the language server's `impulse/preview`:
///
///     {"scene", "frameRate", "frames", "every", "samples": [{"frame", "time", "items": {ID: state}}],
///      "events": [...], "pausedAt": {"frame", "time"} | null, "final": {ID: state}, "diagnostics": [...]}
///
/// with each state `{"center": [x, y], "angle", "velocity": [vx, vy], "angularVelocity", "resting"}`.
/// Numbers print through `JSONValue.serialized` (simply: `0.1`, `60`). A scene that was not simulated has
/// `samples: []`, `events: []`, `pausedAt: null` and `final: {}`. The diagnostics use the lint json form.
package struct PreviewJSONEncoder: Sendable {
    package init() {}

    /// The whole answer as one value (what the language server returns).
    package func value(_ preview: PreviewResult) -> JSONValue {
        let run = preview.run
        return .object(JSONObject(header(preview) + [
            ("samples", .array(run.map { run in run.samples.map { Self.sample($0, run) } } ?? [])),
            ("events", .array(run.map { run in run.events.map { Self.event($0, run) } } ?? [])),
        ] + footer(preview)))
    }

    /// The answer as text: compact, one sample, event or diagnostic per line, ending in a newline. The same
    /// value as `value(_:)`, written piece by piece so a long run never needs the whole tree at once.
    package func encode(_ preview: PreviewResult) -> [UInt8] {
        // `{"scene":…,"every":K` without its closing brace; the other members follow.
        var out = Array(JSONValue.object(JSONObject(header(preview))).serialized().dropLast())
        func member(_ key: String, _ value: [UInt8]) {
            out += Array(",\"\(key)\":".utf8)
            out += value
        }
        func list(_ key: String, _ elements: [[UInt8]]) {
            var bytes: [UInt8] = [0x5B]  // [
            for (index, element) in elements.enumerated() {
                bytes += index == 0 ? [0x0A] : [0x2C, 0x0A]
                bytes += element
            }
            if !elements.isEmpty { bytes.append(0x0A) }
            bytes.append(0x5D)  // ]
            member(key, bytes)
        }
        let run = preview.run
        list("samples", run.map { run in run.samples.map { Self.sample($0, run).serialized() } } ?? [])
        list("events", run.map { run in run.events.map { Self.event($0, run).serialized() } } ?? [])
        for (key, value) in footer(preview).dropLast() { member(key, value.serialized()) }
        list("diagnostics", preview.diagnostics.map { $0.lintJSON(preview.document.lineIndex).serialized() })
        out += Array("}\n".utf8)
        return out
    }

    private func header(_ preview: PreviewResult) -> [(key: String, value: JSONValue)] {
        [
            ("scene", .string(preview.name)),
            ("frameRate", .number(preview.frameRate)),
            ("frames", .number(Double(preview.frames))),
            ("every", .number(Double(preview.every))),
        ]
    }

    private func footer(_ preview: PreviewResult) -> [(key: String, value: JSONValue)] {
        let run = preview.run
        let pausedAt: JSONValue = run.flatMap { run in
            run.pausedAt.map { frame in
                JSONValue.object(JSONObject([("frame", .number(Double(frame))), ("time", .number(run.time(of: frame)))]))
            }
        } ?? .null
        return [
            ("pausedAt", pausedAt),
            ("final", run.map { Self.items($0.final, $0) } ?? .object(JSONObject())),
            ("diagnostics", .array(preview.diagnostics.map { $0.lintJSON(preview.document.lineIndex) })),
        ]
    }

    static func sample(_ sample: SimulationSample, _ run: SimulationRun) -> JSONValue {
        .object(JSONObject([
            ("frame", .number(Double(sample.frame))),
            ("time", .number(run.time(of: sample.frame))),
            ("items", items(sample, run)),
        ]))
    }

    static func items(_ sample: SimulationSample, _ run: SimulationRun) -> JSONValue {
        .object(JSONObject(zip(run.itemIDs, sample.items).map { id, state in (id, self.state(state)) }))
    }

    static func state(_ state: ItemState) -> JSONValue {
        .object(JSONObject([
            ("center", point(state.center)),
            ("angle", .number(state.angle)),
            ("velocity", point(state.velocity)),
            ("angularVelocity", .number(state.angularVelocity)),
            ("resting", .bool(state.resting)),
        ]))
    }

    static func point(_ vector: Vector) -> JSONValue { .array([.number(vector.x), .number(vector.y)]) }

    static func event(_ event: SimulationEvent, _ run: SimulationRun) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("frame", .number(Double(event.frame))),
            ("time", .number(run.time(of: event.frame))),
        ]
        switch event.kind {
        case .contact(let ended, let item, let partner, let point):
            members.append(("type", .string(ended ? "contactEnded" : "contactBegan")))
            members.append(("item", .string(run.itemIDs[item])))
            switch partner {
            case .item(let other):
                members.append(("with", .object(JSONObject([("item", .string(run.itemIDs[other]))]))))
            case .boundary(let id):
                members.append(("with", .object(JSONObject([("boundary", id.map(JSONValue.string) ?? .null)]))))
            }
            members.append(("point", self.point(point)))
        case .paused:
            members.append(("type", .string("paused")))
        case .resumed:
            members.append(("type", .string("resumed")))
        case .scripted(let index):
            members.append(("type", .string("scripted")))
            members.append(("index", .number(Double(index))))
        }
        return .object(JSONObject(members))
    }
}
