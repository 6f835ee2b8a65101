import JSON
import Scene

/// The preview's `text` format, for people: what ran, the events in order (the first 100), the final state
/// of every item, whether the scene came to rest, and the preview's diagnostics. Positions are rounded to
/// hundredths of a point and times to milliseconds; ids are written as JSON strings.
package struct PreviewTextEncoder: Sendable {
    /// At most this many events are listed; the json format has them all.
    package static let eventLimit = 100

    package init() {}

    package func encode(_ preview: PreviewResult) -> [UInt8] {
        var lines: [String] = []
        let rate = Self.number(preview.frameRate, 3)
        guard let run = preview.run else {
            lines.append("\(TerminalText.visible(preview.name)): not simulated: the scene has errors")
            lines += diagnosticLines(preview)
            return Array((lines.joined(separator: "\n") + "\n").utf8)
        }
        lines.append(
            "\(TerminalText.visible(run.sceneName)): \(run.frames) \(run.frames == 1 ? "frame" : "frames") at \(rate) Hz (\(Self.seconds(run.duration)))"
        )

        if run.events.isEmpty {
            lines.append("No events.")
        } else {
            lines.append("Events:")
            for event in run.events.prefix(Self.eventLimit) {
                lines.append("  \(Self.when(event.frame, run)): \(describe(event, run))")
            }
            if run.events.count > Self.eventLimit {
                lines.append("  … and \(run.events.count - Self.eventLimit) more (--format json lists them all)")
            }
        }

        lines.append("Final state (\(Self.when(run.final.frame, run))):")
        let ids = run.itemIDs.map(Self.quoted)
        let width = ids.map(\.count).max() ?? 0
        for (id, state) in zip(ids, run.final.items) {
            let padding = String(repeating: " ", count: width - id.count)
            lines.append(
                "  \(id)\(padding)  center \(Self.point(state.center))  angle \(Self.number(state.angle, 3))  velocity \(Self.point(state.velocity))  \(Self.motion(state))"
            )
        }
        if let divergence = run.divergence {
            lines.append("Diverged at \(Self.when(divergence.frame, run)): the run stops at the frame before.")
        } else if let pausedAt = run.pausedAt {
            lines.append("Paused at \(Self.when(pausedAt, run)): everything rests.")
        } else {
            lines.append("Still moving at the end.")
        }
        lines += diagnosticLines(preview)
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func diagnosticLines(_ preview: PreviewResult) -> [String] {
        guard !preview.diagnostics.isEmpty else { return [] }
        var lines = ["Diagnostics:"]
        for diagnostic in preview.diagnostics {
            let (line, column) = preview.document.lineIndex.cliPosition(of: diagnostic.range.lowerBound)
            lines.append(
                "  \(line):\(column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]")
        }
        return lines
    }

    private func describe(_ event: SimulationEvent, _ run: SimulationRun) -> String {
        switch event.kind {
        case .contact(let ended, let item, let partner, let point):
            let other: String
            switch partner {
            case .item(let index): other = Self.quoted(run.itemIDs[index])
            case .boundary(let id?): other = "boundary \(Self.quoted(id))"
            case .boundary(nil): other = "the reference bounds"
            }
            return
                "\(Self.quoted(run.itemIDs[item])) \(ended ? "stops touching" : "touches") \(other) at \(Self.point(point))"
        case .paused: return "paused (everything rests)"
        case .resumed: return "resumed"
        case .scripted(let index, nil): return "event \(index) applies"
        case .scripted(let index, let endFrame?):
            return "event \(index) applies (a pan, to \(Self.when(endFrame, run)))"
        }
    }

    static func when(_ frame: Int, _ run: SimulationRun) -> String {
        "frame \(frame), \(seconds(run.time(of: frame)))"
    }

    static func seconds(_ value: Double) -> String { "\(number(value, 3)) s" }

    /// How an item moves, in words that agree with the velocity printed beside them: `resting` (the engine put it
    /// to sleep), `moving` (a velocity that shows at hundredths), `turning` (only its angle changes), or `not yet
    /// resting` (too slow to show, but the engine still steps it).
    static func motion(_ state: ItemState) -> String {
        if state.resting { return "resting" }
        let still = { (value: Double, decimals: Int) in PreviewNumberText.rounded(value, decimals: decimals) == 0 }
        if !still(state.velocity.x, 2) || !still(state.velocity.y, 2) { return "moving" }
        return still(state.angularVelocity, 3) ? "not yet resting" : "turning"
    }

    static func point(_ vector: Vector) -> String { "[\(number(vector.x, 2)), \(number(vector.y, 2))]" }

    static func number(_ value: Double, _ decimals: Int) -> String {
        PreviewNumberText.format(PreviewNumberText.rounded(value, decimals: decimals))
    }

    static func quoted(_ id: String) -> String { JSONValue.string(id).serializedString() }
}
