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
        return .object(
            JSONObject(
                header(preview) + [
                    ("samples", .array(run.map { run in run.samples.map { Self.sample($0, run) } } ?? [])),
                    ("events", .array(run.map { run in run.events.map { Self.event($0, run) } } ?? [])),
                ] + footer(preview)))
    }

    /// The answer as text: compact, one sample, event or diagnostic per line, ending in a newline. The same
    /// value as `value(_:)` and the same bytes jansson would write for it, written piece by piece so a long
    /// run never needs the whole tree at once: jansson writes the structure, strings, events and
    /// diagnostics; the item states (nearly all of the output) are written directly, each number by
    /// `PreviewNumberText.append`, with the item ids as jansson writes them.
    package func encode(_ preview: PreviewResult) -> [UInt8] {
        var whole: [UInt8] = []
        encode(preview, chunkSize: .max) { whole = $0 }
        return whole
    }

    /// The same bytes as `encode(_:)`, handed to `write` in pieces of about `chunkSize` bytes and more (each
    /// piece ends between two samples, events or diagnostics), so that a long run is written out without
    /// ever holding all of its text: the memory stays warm and small. `write` may throw to stop.
    ///
    /// With a `spool`, the run kept no samples (`PreviewResult.preview(_:_:onSample:)` gave them to the spool as
    /// they were made): the samples' text is copied from it, giving the same bytes.
    package func encode<Failure: Error>(
        _ preview: PreviewResult, spool: PreviewSampleSpool? = nil, chunkSize: Int = 1 << 16,
        write: (_ piece: [UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        // `{"scene":…,"every":K` without its closing brace; the other members follow.
        var out = Array(JSONValue.object(JSONObject(header(preview))).serialized().dropLast())
        func member(_ key: String, _ value: [UInt8]) {
            out += Array(",\"\(key)\":".utf8)
            out += value
        }
        func list(_ key: String, _ count: Int, _ element: (Int, inout [UInt8]) -> Void) throws(Failure) {
            out += Array(",\"\(key)\":[".utf8)
            for index in 0..<count {
                if out.count >= chunkSize {
                    try write(out)
                    out.removeAll(keepingCapacity: true)
                }
                out += index == 0 ? [0x0A] : [0x2C, 0x0A]
                element(index, &out)
            }
            if count > 0 { out.append(0x0A) }
            out.append(0x5D)  // ]
        }
        let run = preview.run
        let states = run.map { StateWriter(itemIDs: $0.itemIDs) }
        if let run, let states {
            // About 150 bytes per item state (growing the array as it fills copied it over and over).
            let sample = states.keys.count + 160 * states.members.count
            out.reserveCapacity(min(chunkSize, (run.samples.count + 1) * sample) + sample + 4096)
        }
        if let spool {
            out += Array(",\"samples\":[".utf8)
            try write(out)
            out.removeAll(keepingCapacity: true)
            try spool.replay(write)
            if spool.count > 0 { out.append(0x0A) }
            out.append(0x5D)  // ]
        } else {
            try list("samples", run?.samples.count ?? 0) { index, out in
                guard let run, let states else { return }
                Self.appendSample(run.samples[index], frameRate: run.frameRate, states: states, to: &out)
            }
        }
        var events = run.map(EventWriter.init)
        try list("events", run?.events.count ?? 0) { index, out in
            guard let run else { return }
            events?.append(run.events[index], to: &out)
        }
        for (key, value) in footer(preview).dropLast() {
            if key == "final", let run, let states {
                out += Array(",\"final\":".utf8)
                states.appendItems(run.final, to: &out)
            } else {
                member(key, value.serialized())
            }
        }
        let lineIndex = preview.document.lineIndex
        try list("diagnostics", preview.diagnostics.count) { index, out in
            out += preview.diagnostics[index].lintJSON(lineIndex).serialized()
        }
        out += Array("}\n".utf8)
        try write(out)
    }

    /// Appends one element of `samples`: `{"frame":F,"time":T,"items":{…}}`.
    static func appendSample(
        _ sample: SimulationSample, frameRate: Double, states: StateWriter, to out: inout [UInt8]
    ) {
        out += Array("{\"frame\":".utf8)
        PreviewNumberText.append(Double(sample.frame), to: &out)
        out += Array(",\"time\":".utf8)
        PreviewNumberText.append(SimulationRun.time(of: sample.frame, frameRate: frameRate), to: &out)
        out += Array(",\"items\":".utf8)
        states.appendItems(sample, to: &out)
        out.append(0x7D)  // }
    }

    /// Writes the elements of `events` as `event(_:_:)` builds them, without building them: numbers through
    /// `PreviewNumberText`, each id written by jansson once (a long run has tens of thousands of contact events,
    /// and a jansson value per event was a quarter of such a run's writing).
    struct EventWriter {
        let run: SimulationRun
        /// Each item's id as JSON text, made on first use.
        private var itemTexts: [[UInt8]?]
        private var boundaryTexts: [String: [UInt8]] = [:]

        init(_ run: SimulationRun) {
            self.run = run
            itemTexts = Array(repeating: nil, count: run.itemIDs.count)
        }

        private mutating func itemText(_ item: Int) -> [UInt8] {
            if let known = itemTexts[item] { return known }
            let text = JSONValue.string(run.itemIDs[item]).serialized()
            itemTexts[item] = text
            return text
        }

        private mutating func boundaryText(_ id: String?) -> [UInt8] {
            guard let id else { return Array("null".utf8) }
            if let known = boundaryTexts[id] { return known }
            let text = JSONValue.string(id).serialized()
            boundaryTexts[id] = text
            return text
        }

        /// Appends `event` as compact JSON, the bytes `event(event, run).serialized()` gives.
        mutating func append(_ event: SimulationEvent, to out: inout [UInt8]) {
            out += Array("{\"frame\":".utf8)
            PreviewNumberText.append(Double(event.frame), to: &out)
            out += Array(",\"time\":".utf8)
            PreviewNumberText.append(run.time(of: event.frame), to: &out)
            switch event.kind {
            case .contact(let ended, let item, let partner, let point):
                out += Array((ended ? ",\"type\":\"contactEnded\"" : ",\"type\":\"contactBegan\"").utf8)
                out += Array(",\"item\":".utf8)
                out += itemText(item)
                switch partner {
                case .item(let other):
                    out += Array(",\"with\":{\"item\":".utf8)
                    out += itemText(other)
                case .boundary(let id):
                    out += Array(",\"with\":{\"boundary\":".utf8)
                    out += boundaryText(id)
                }
                out += Array("},\"point\":[".utf8)
                PreviewNumberText.append(point.x, to: &out)
                out.append(0x2C)  // ,
                PreviewNumberText.append(point.y, to: &out)
                out.append(0x5D)  // ]
            case .paused:
                out += Array(",\"type\":\"paused\"".utf8)
            case .resumed:
                out += Array(",\"type\":\"resumed\"".utf8)
            case .scripted(let index, let endFrame):
                out += Array(",\"type\":\"scripted\",\"index\":".utf8)
                PreviewNumberText.append(Double(index), to: &out)
                if let endFrame {
                    out += Array(",\"endFrame\":".utf8)
                    PreviewNumberText.append(Double(endFrame), to: &out)
                    out += Array(",\"endTime\":".utf8)
                    PreviewNumberText.append(run.time(of: endFrame), to: &out)
                }
            }
            out.append(0x7D)  // }
        }
    }

    /// Writes `items` objects of a run as `items(_:_:)` builds them, without building them.
    struct StateWriter {
        /// Per member of the object: its key as jansson writes it followed by `:` (a range of `keys`), and
        /// the item whose state it shows (a repeated id keeps its first place and its last state, as
        /// `JSONObject` does).
        var members: [(key: Range<Int>, item: Int)] = []
        var keys: [UInt8] = []

        init(itemIDs: [String]) {
            var place: [String: Int] = [:]
            for (item, id) in itemIDs.enumerated() {
                if let existing = place[id] {
                    members[existing].item = item
                } else {
                    place[id] = members.count
                    let start = keys.count
                    keys += JSONValue.string(id).serialized()
                    keys.append(0x3A)  // :
                    members.append((start..<keys.count, item))
                }
            }
        }

        func appendItems(_ sample: SimulationSample, to out: inout [UInt8]) {
            // The literals of a state take 79 bytes, its 6 numbers at most 6 × maximumLength.
            let capacity = 2 + keys.count + members.count * (80 + 6 * PreviewNumberText.maximumLength)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                let start = buffer.baseAddress!
                var position = 0
                func put(_ text: StaticString) { position += PreviewNumberText.copy(text, to: start + position) }
                func put(_ number: Double) { position += PreviewNumberText.write(number, to: start + position) }
                keys.withUnsafeBufferPointer { keys in
                    put("{")
                    for (index, member) in members.enumerated() {
                        if index > 0 { put(",") }
                        (start + position).update(
                            from: keys.baseAddress! + member.key.lowerBound, count: member.key.count)
                        position += member.key.count
                        let state = sample.items[member.item]
                        put("{\"center\":[")
                        put(state.center.x)
                        put(",")
                        put(state.center.y)
                        put("],\"angle\":")
                        put(state.angle)
                        put(",\"velocity\":[")
                        put(state.velocity.x)
                        put(",")
                        put(state.velocity.y)
                        put("],\"angularVelocity\":")
                        put(state.angularVelocity)
                        put(state.resting ? ",\"resting\":true}" : ",\"resting\":false}")
                    }
                    put("}")
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<position]))
            }
        }
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
        let pausedAt: JSONValue =
            run.flatMap { run in
                run.pausedAt.map { frame in
                    JSONValue.object(
                        JSONObject([("frame", .number(Double(frame))), ("time", .number(run.time(of: frame)))]))
                }
            } ?? .null
        return [
            ("pausedAt", pausedAt),
            ("final", run.map { Self.items($0.final, $0) } ?? .object(JSONObject())),
            ("diagnostics", .array(preview.diagnostics.map { $0.lintJSON(preview.document.lineIndex) })),
        ]
    }

    static func sample(_ sample: SimulationSample, _ run: SimulationRun) -> JSONValue {
        .object(
            JSONObject([
                ("frame", .number(Double(sample.frame))),
                ("time", .number(run.time(of: sample.frame))),
                ("items", items(sample, run)),
            ]))
    }

    static func items(_ sample: SimulationSample, _ run: SimulationRun) -> JSONValue {
        .object(JSONObject(zip(run.itemIDs, sample.items).map { id, state in (id, self.state(state)) }))
    }

    static func state(_ state: ItemState) -> JSONValue {
        .object(
            JSONObject([
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
        case .scripted(let index, let endFrame):
            members.append(("type", .string("scripted")))
            members.append(("index", .number(Double(index))))
            // A pan runs over several frames: its last one, and that frame's time.
            if let endFrame {
                members.append(("endFrame", .number(Double(endFrame))))
                members.append(("endTime", .number(run.time(of: endFrame))))
            }
        }
        return .object(JSONObject(members))
    }
}
