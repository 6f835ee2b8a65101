import JSON
import Scene

/// The preview's `svg` format: a self-contained animated SVG (SMIL, no script) that replays the run in real
/// time, looping: the reference view, the boundaries of every collision behavior (segments, closed paths, the
/// reference bounds 1 pt outside their insets, dashed), each item drawn by its collision shape and moved by
/// `<animateTransform>` (a translate on a group, a rotate inside it) over `values`/`keyTimes` spanning the run's
/// real duration, each item's trajectory as a polyline, and a caption with the scene's name, a running clock
/// and a progress bar. Without animation support it shows the start with the trajectories.
///
/// Sizes stay reasonable for long runs: at most `keyframeLimit` keyframes and `trajectoryLimit` trajectory
/// points per item (taken evenly from the samples, the last frame always included); coordinates are rounded to
/// hundredths of a point and angles to hundredths of a degree. The bytes are deterministic.
package struct PreviewSVGEncoder: Sendable {
    package static let keyframeLimit = 600
    package static let trajectoryLimit = 1500
    /// Room around the reference view, so items leaving it stay visible a little longer.
    static let margin = 20.0
    static let captionHeight = 48.0
    static let palette = ["#2f6fde", "#e0533d", "#2aa876", "#d79b00", "#8e5bd0", "#1f9bb5", "#c43d86", "#6b8e23"]

    package init() {}

    package func encode(_ preview: PreviewResult) -> [UInt8] {
        var svg = SVGWriter()
        let view = preview.scene?.referenceView ?? Size(width: 400, height: 400)
        let width = view.width.isFinite && view.width > 0 ? view.width : 400
        let height = view.height.isFinite && view.height > 0 ? view.height : 400
        let m = Self.margin
        let totalWidth = width + 2 * m
        let totalHeight = height + 2 * m + Self.captionHeight
        svg.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        svg.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(svg.n(-m)) \(svg.n(-m)) \(svg.n(totalWidth)) \(svg.n(totalHeight))\" width=\"\(svg.n(totalWidth))\" height=\"\(svg.n(totalHeight))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\">"
        )
        svg.line("<title>\(SVGWriter.escaped(preview.name))</title>")
        svg.line(
            "<rect x=\"\(svg.n(-m))\" y=\"\(svg.n(-m))\" width=\"\(svg.n(totalWidth))\" height=\"\(svg.n(totalHeight))\" fill=\"#eceef1\"/>"
        )
        svg.line(
            "<rect x=\"0\" y=\"0\" width=\"\(svg.n(width))\" height=\"\(svg.n(height))\" fill=\"#ffffff\" stroke=\"#9aa1ab\" stroke-width=\"1\"/>"
        )

        if let scene = preview.scene { boundaries(scene, view: Size(width: width, height: height), into: &svg) }

        let run = preview.run
        let items = preview.scene.map(SceneSimulation.simulatedItems) ?? []
        if let run, items.count == run.itemIDs.count {
            let duration = run.duration
            let frames = keyframes(run, limit: Self.keyframeLimit)
            let path = keyframes(run, limit: Self.trajectoryLimit)
            svg.line("<g fill=\"none\" stroke-width=\"1.5\" stroke-opacity=\"0.45\" stroke-linejoin=\"round\">")
            for index in items.indices {
                let points = path.map { $0.items[index].center }
                guard points.contains(where: { $0 != points[0] }) else { continue }
                svg.line(
                    "<polyline stroke=\"\(items[index].color?.hex ?? Self.color(index))\" points=\"\(points.map { "\(svg.n($0.x)),\(svg.n($0.y))" }.joined(separator: " "))\"/>"
                )
            }
            svg.line("</g>")
            for (index, item) in items.enumerated() {
                self.item(
                    item, index: index, id: run.itemIDs[index], frames: frames, run: run, duration: duration, into: &svg
                )
            }
            caption(preview, run: run, width: width, height: height, into: &svg)
        } else {
            for (index, item) in items.enumerated() {
                let state = ItemState(
                    center: item.center ?? .zero, angle: item.resolvedAngle, velocity: .zero, angularVelocity: 0,
                    resting: true)
                self.item(
                    item, index: index, id: item.id ?? "",
                    frames: [SimulationSample(frame: 0, items: Array(repeating: state, count: items.count))],
                    run: nil, duration: 0, into: &svg)
            }
            svg.line(
                "<text x=\"0\" y=\"\(svg.n(height + m + 16))\" font-size=\"14\" fill=\"#333\">\(SVGWriter.escaped(preview.name)) — not simulated: the scene has errors</text>"
            )
        }
        svg.line("</svg>")
        return Array(svg.text.utf8)
    }

    static func color(_ index: Int) -> String { palette[index % palette.count] }

    /// Evenly spaced samples, at most `limit`, the first and the last frame always included.
    private func keyframes(_ run: SimulationRun, limit: Int) -> [SimulationSample] {
        var samples = run.samples
        if samples.last?.frame != run.final.frame { samples.append(run.final) }
        guard samples.count > limit, limit >= 2 else { return samples }
        let stride = (samples.count - 2) / (limit - 1) + 1
        var kept: [SimulationSample] = []
        var index = 0
        while index < samples.count - 1 {
            kept.append(samples[index])
            index += stride
        }
        kept.append(samples[samples.count - 1])
        return kept
    }

    private func boundaries(_ scene: Scene, view: Size, into svg: inout SVGWriter) {
        var behaviors = scene.behaviors
        for event in scene.events { if case .add(let behavior)? = event.action { behaviors.append(behavior) } }
        svg.line("<g fill=\"none\" stroke=\"#3b414a\" stroke-width=\"2\" stroke-linecap=\"round\">")
        for behavior in behaviors {
            guard case .collision(let collision)? = behavior.kind else { continue }
            if collision.translatesReferenceBoundsIntoBoundary {
                let insets = collision.resolvedInsets
                let x = insets.left - 1
                let y = insets.top - 1
                let w = view.width - insets.left - insets.right + 2
                let h = view.height - insets.top - insets.bottom + 2
                svg.line(
                    "<rect x=\"\(svg.n(x))\" y=\"\(svg.n(y))\" width=\"\(svg.n(max(0, w)))\" height=\"\(svg.n(max(0, h)))\" stroke-dasharray=\"6 4\" stroke-width=\"1.5\"><title>reference bounds</title></rect>"
                )
            }
            for boundary in collision.boundaries {
                let title = boundary.id.map { "<title>\(SVGWriter.escaped($0))</title>" } ?? ""
                switch boundary.shape {
                case .segment(let from, let to)?:
                    svg.line(
                        "<line x1=\"\(svg.n(from.x))\" y1=\"\(svg.n(from.y))\" x2=\"\(svg.n(to.x))\" y2=\"\(svg.n(to.y))\">\(title)</line>"
                    )
                case .path(let points)?:
                    svg.line(
                        "<polygon points=\"\(points.map { "\(svg.n($0.x)),\(svg.n($0.y))" }.joined(separator: " "))\">\(title)</polygon>"
                    )
                case nil:
                    continue
                }
            }
        }
        svg.line("</g>")
    }

    private func item(
        _ item: Item, index: Int, id: String, frames: [SimulationSample], run: SimulationRun?, duration: Double,
        into svg: inout SVGWriter
    ) {
        let size = item.size ?? Size(width: 0, height: 0)
        let first = frames[0].items[index]
        let moves = frames.contains { $0.items[index].center != first.center }
        let turns = frames.contains { $0.items[index].angle != first.angle }
        let animated = run != nil && duration > 0 && (moves || turns)
        // An item's own `color`; without one, items that nothing moves are gray.
        let color = item.color?.hex ?? (run.map { isIdle(index, $0) } == true ? "#9aa1ab" : Self.color(index))
        let degrees = 180 / Double.pi
        svg.line("<g transform=\"translate(\(svg.n(first.center.x)),\(svg.n(first.center.y)))\">")
        if animated, let run {
            let keyTimes = frames.map {
                svg.n(PreviewNumberText.rounded(Double($0.frame) / Double(run.frames), decimals: 6))
            }.joined(separator: ";")
            let dur = "\(svg.n(PreviewNumberText.rounded(duration, decimals: 6)))s"
            if moves {
                let values = frames.map { "\(svg.n($0.items[index].center.x)),\(svg.n($0.items[index].center.y))" }
                    .joined(separator: ";")
                svg.line(
                    "<animateTransform attributeName=\"transform\" type=\"translate\" calcMode=\"linear\" dur=\"\(dur)\" repeatCount=\"indefinite\" keyTimes=\"\(keyTimes)\" values=\"\(values)\"/>"
                )
            }
            svg.line("<g transform=\"rotate(\(svg.n(first.angle * degrees)))\">")
            if turns {
                let values = frames.map { svg.n($0.items[index].angle * degrees) }.joined(separator: ";")
                svg.line(
                    "<animateTransform attributeName=\"transform\" type=\"rotate\" calcMode=\"linear\" dur=\"\(dur)\" repeatCount=\"indefinite\" keyTimes=\"\(keyTimes)\" values=\"\(values)\"/>"
                )
            }
        } else {
            svg.line("<g transform=\"rotate(\(svg.n(first.angle * degrees)))\">")
        }
        let style = "fill=\"\(color)\" fill-opacity=\"0.85\" stroke=\"#1d2128\" stroke-width=\"1\""
        switch item.resolvedCollisionBounds {
        case .rectangle:
            svg.line(
                "<rect x=\"\(svg.n(-size.width / 2))\" y=\"\(svg.n(-size.height / 2))\" width=\"\(svg.n(size.width))\" height=\"\(svg.n(size.height))\" \(style)/>"
            )
        case .ellipse:
            svg.line(
                "<ellipse cx=\"0\" cy=\"0\" rx=\"\(svg.n(size.width / 2))\" ry=\"\(svg.n(size.height / 2))\" \(style)/>"
            )
        case .path(let points):
            svg.line(
                "<polygon points=\"\(points.map { "\(svg.n($0.x)),\(svg.n($0.y))" }.joined(separator: " "))\" \(style)/>"
            )
        }
        // A mark from the center to the right edge shows the rotation.
        svg.line(
            "<line x1=\"0\" y1=\"0\" x2=\"\(svg.n(size.width / 2))\" y2=\"0\" stroke=\"#ffffff\" stroke-width=\"1.5\" stroke-opacity=\"0.9\"/>"
        )
        let fontSize = max(6, min(12, min(size.width, size.height) / 3))
        svg.line(
            "<text x=\"0\" y=\"\(svg.n(-fontSize * 0.6))\" font-size=\"\(svg.n(fontSize))\" text-anchor=\"middle\" fill=\"#ffffff\">\(SVGWriter.escaped(id))</text>"
        )
        svg.line("<title>\(SVGWriter.escaped(id))</title>")
        svg.line("</g>")
        svg.line("</g>")
    }

    /// An item that no behavior ever moved: resting at every kept frame and never displaced.
    private func isIdle(_ index: Int, _ run: SimulationRun) -> Bool {
        (run.samples + [run.final]).allSatisfy {
            $0.items[index].resting && $0.items[index].velocity == .zero
                && $0.items[index] == run.samples[0].items[index]
        }
    }

    private func caption(
        _ preview: PreviewResult, run: SimulationRun, width: Double, height: Double, into svg: inout SVGWriter
    ) {
        let y = height + Self.margin
        let rate = svg.n(preview.frameRate)
        var summary = "\(PreviewTextEncoder.seconds(run.duration)) at \(rate) Hz"
        if let pausedAt = run.pausedAt {
            summary += ", at rest from \(PreviewTextEncoder.seconds(run.time(of: pausedAt)))"
        }
        if let divergence = run.divergence {
            summary += ", diverged at \(PreviewTextEncoder.seconds(run.time(of: divergence.frame)))"
        }
        svg.line(
            "<text x=\"0\" y=\"\(svg.n(y + 4))\" font-size=\"14\" fill=\"#1d2128\"><tspan font-weight=\"bold\">\(SVGWriter.escaped(preview.name))</tspan> — \(SVGWriter.escaped(summary))</text>"
        )
        let barY = y + 14
        svg.line("<rect x=\"0\" y=\"\(svg.n(barY))\" width=\"\(svg.n(width))\" height=\"4\" fill=\"#d3d7dd\"/>")
        let duration = run.duration
        guard duration > 0 else { return }
        let dur = "\(svg.n(PreviewNumberText.rounded(duration, decimals: 6)))s"
        svg.line(
            "<rect x=\"0\" y=\"\(svg.n(barY))\" width=\"0\" height=\"4\" fill=\"#2f6fde\"><animate attributeName=\"width\" values=\"0;\(svg.n(width))\" dur=\"\(dur)\" repeatCount=\"indefinite\"/></rect>"
        )
        // The clock: one label per tick, each visible during its tick only.
        let steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600]
        let step = steps.first { duration / $0 <= 100 } ?? 3600
        let ticks = Int((duration / step).rounded(.down))
        for tick in 0...ticks {
            let start = Double(tick) * step / duration
            let end = min(1, Double(tick + 1) * step / duration)
            guard start < 1 || tick == 0 else { break }
            let label = PreviewTextEncoder.seconds(Double(tick) * step)
            let times =
                "0;\(svg.n(PreviewNumberText.rounded(start, decimals: 6)));\(svg.n(PreviewNumberText.rounded(end, decimals: 6)))"
            svg.line(
                "<text x=\"0\" y=\"\(svg.n(barY + 20))\" font-size=\"13\" fill=\"#4a515c\" visibility=\"\(tick == 0 ? "visible" : "hidden")\">t = \(label)<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"hidden;visible;hidden\" keyTimes=\"\(times)\" dur=\"\(dur)\" repeatCount=\"indefinite\"/></text>"
            )
        }
    }
}

/// Builds the SVG text line by line, numbers rounded to hundredths and printed as json prints them.
struct SVGWriter {
    private(set) var text = ""

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    /// A coordinate or angle rounded to hundredths (`12.35`, `0`, `-3.1`).
    func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return PreviewNumberText.format(PreviewNumberText.rounded(value, decimals: 2))
    }

    /// Text and attribute content with `&`, `<`, `>`, `"` and `'` escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{9}", "\u{A}", "\u{D}": result.unicodeScalars.append(scalar)
            default:
                // XML 1.0 cannot hold other control characters: show them as U+FFFD.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
