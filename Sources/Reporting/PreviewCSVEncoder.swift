import Scene

/// The preview's `csv` format (RFC 4180, LF line ends): a header
/// `frame,time,item,x,y,angle,vx,vy,angularVelocity,resting`, then one row per item per kept frame (the
/// samples: frames 0, K, 2K, …), items in the scene's order. Numbers print as in the json format; ids are
/// quoted when they hold a comma, a quote or a line break. A scene that was not simulated gives the header alone.
package struct PreviewCSVEncoder: Sendable {
    package init() {}

    package static let header = "frame,time,item,x,y,angle,vx,vy,angularVelocity,resting"

    package func encode(_ preview: PreviewResult) -> [UInt8] {
        var out = Array((Self.header + "\n").utf8)
        guard let run = preview.run else { return out }
        let ids = run.itemIDs.map(Self.field)
        for sample in run.samples { Self.appendRows(sample, ids: ids, frameRate: run.frameRate, to: &out) }
        return out
    }

    /// The rows of one kept frame, one per item; `ids` are the items' ids as fields (`field(_:)`).
    static func appendRows(_ sample: SimulationSample, ids: [String], frameRate: Double, to out: inout [UInt8]) {
        var numbers: [Double] = [
            Double(sample.frame), SimulationRun.time(of: sample.frame, frameRate: frameRate),
        ]
        for state in sample.items {
            numbers += [
                state.center.x, state.center.y, state.angle, state.velocity.x, state.velocity.y,
                state.angularVelocity,
            ]
        }
        let text = PreviewNumberText.format(numbers)
        let prefix = text[0] + "," + text[1] + ","
        for (index, state) in sample.items.enumerated() {
            let values = text[(2 + 6 * index)..<(8 + 6 * index)].joined(separator: ",")
            out += Array((prefix + ids[index] + "," + values + "," + (state.resting ? "true" : "false") + "\n").utf8)
        }
    }

    /// A csv field: quoted (quotes doubled) when it holds a comma, a quote, CR or LF, or starts or ends with a space.
    static func field(_ text: String) -> String {
        let needsQuotes =
            text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || text.first == " " || text.last == " " || text.isEmpty
        guard needsQuotes else { return text }
        return "\"" + text.replacingQuotes() + "\""
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for character in self {
            if character == "\"" { result += "\"\"" } else { result.append(character) }
        }
        return result
    }
}
