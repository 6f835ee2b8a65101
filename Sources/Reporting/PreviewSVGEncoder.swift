import JSON
import Scene

// The preview's `svg` format: a self-contained animated SVG (SMIL, no script) that replays the run in real
// time, looping, and shows why things move.
//
// Layers, bottom to top: the reference view; field regions with their kind; boundaries in their collision
// group's style, labelled with their ids; trajectories; items (filled in their color — `ItemColor` — outlined
// in their group's style, labelled with their ids), each moved by `<animateTransform>` (a translate on a group,
// a rotate inside it), carrying what moves with it (push arrows at their offset while active, pin and fixed
// joint marks, a sliding axis); attachment lines (rods solid, springs as zigzags, limits dashed while slack);
// snap cross-hairs; the gravity arrow, once; contact marks, each shown for a moment at its point. Below the
// view, a caption: the name (ellipsized), the summary (wrapped), a progress bar with the pauses and scripted
// events marked (index and behavior id), a clock, the collision groups' legend and a key of the marks used.
//
// Timing: every animation spans the run's real duration; key times are fractions of the run printed to 10⁻⁹,
// so that over an hour-long preview each kept frame shows at its own time. What a behavior shows is visible
// over the frames it is in force (`SimulationRun.causeSpans`), by a discrete visibility animation. Long runs
// stay reasonable: at most `keyframeLimit` keyframes and `trajectoryLimit` trajectory points per item (taken
// evenly from the samples, the last frame always included) and `contactLimit` contact marks. Coordinates are
// rounded to hundredths of a point, angles to hundredths of a degree. The bytes are deterministic.

/// The preview's `svg` format (see the design comment above).
package struct PreviewSVGEncoder: Sendable {
    package static let keyframeLimit = 600
    package static let trajectoryLimit = 1500
    /// At most this many contact marks (the first contacts of the run).
    package static let contactLimit = 400
    /// How long a contact mark shows, in seconds.
    static let contactShown = 0.3
    /// Room around the reference view, so items leaving it stay visible a little longer.
    static let margin = 20.0

    package init() {}

    package func encode(_ preview: PreviewResult) -> [UInt8] {
        var picture = SVGPicture(preview: preview)
        return Array(picture.draw().utf8)
    }
}

/// One picture being drawn: the preview, its geometry, the keyframes and the styles of the run.
struct SVGPicture {
    let preview: PreviewResult
    let run: SimulationRun?
    let items: [Item]
    let width: Double
    let height: Double
    /// Kept frames for the animations and for the trajectories.
    let frames: [SimulationSample]
    let path: [SimulationSample]
    /// What the behaviors show, as spans of frames.
    let spans: [CauseSpan]
    /// Each item's collision group (the first it belongs to in the run), nil for none.
    let groupOfItem: [Int?]
    /// The collision groups by number: the behavior's id, the items and the mode.
    let groups: [(behavior: String?, items: [Int], mode: CollisionMode)]
    /// Each item's elasticity, friction and density where they differ from the defaults.
    let materials: [ItemMaterial]
    var svg = SVGWriter()

    init(preview: PreviewResult) {
        self.preview = preview
        let view = preview.scene?.referenceView ?? Size(width: 400, height: 400)
        width = view.width.isFinite && view.width > 0 ? view.width : 400
        height = view.height.isFinite && view.height > 0 ? view.height : 400
        items = preview.scene.map(SceneSimulation.simulatedItems) ?? []
        materials = ItemMaterial.of(items, in: preview.scene)
        let count = items.count
        let run = preview.run.flatMap { $0.itemIDs.count == count ? $0 : nil }
        self.run = run
        frames = run.map { Self.keyframes($0, limit: PreviewSVGEncoder.keyframeLimit) } ?? []
        path = run.map { Self.keyframes($0, limit: PreviewSVGEncoder.trajectoryLimit) } ?? []
        spans = run?.causeSpans ?? []
        var groupOfItem = [Int?](repeating: nil, count: items.count)
        var groups: [(behavior: String?, items: [Int], mode: CollisionMode)] = []
        for span in spans {
            guard case .collision(let behavior, let group, let members, let collision) = span.cause else { continue }
            while groups.count <= group { groups.append((nil, [], .everything)) }
            groups[group] = (behavior, members, collision.resolvedMode)
            for item in members where groupOfItem[item] == nil { groupOfItem[item] = group }
        }
        self.groupOfItem = groupOfItem
        self.groups = groups
    }

    /// Evenly spaced samples, at most `limit`, the first and the last frame always included.
    static func keyframes(_ run: SimulationRun, limit: Int) -> [SimulationSample] {
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

    /// Whether the picture animates: a run of some length.
    var animates: Bool { (run?.frames ?? 0) > 0 && !frames.isEmpty }

    /// The `dur` of every animation: the run's real duration.
    var dur: String { "\(SVGWriter.fixed(run?.duration ?? 0, decimals: 6))s" }

    /// The fraction of the run at a frame.
    func fraction(_ frame: Int) -> Double {
        guard let run, run.frames > 0 else { return 0 }
        return min(1, max(0, Double(frame) / Double(run.frames)))
    }

    mutating func draw() -> String {
        let m = PreviewSVGEncoder.margin
        var caption = SVGCaption(picture: self)
        let captionText = caption.draw()
        let totalWidth = width + 2 * m
        let totalHeight = height + 2 * m + caption.height
        svg.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        svg.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(svg.n(-m)) \(svg.n(-m)) \(svg.n(totalWidth)) \(svg.n(totalHeight))\" width=\"\(svg.n(totalWidth))\" height=\"\(svg.n(totalHeight))\" font-family=\"-apple-system, Helvetica, Arial, sans-serif\">"
        )
        svg.line("<title>\(SVGWriter.escaped(preview.name))</title>")
        svg.line(
            "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"context-stroke\"/></marker><marker id=\"push-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#d9480f\"/></marker><marker id=\"gravity-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"#495057\"/></marker></defs>"
        )
        svg.line(
            "<rect x=\"\(svg.n(-m))\" y=\"\(svg.n(-m))\" width=\"\(svg.n(totalWidth))\" height=\"\(svg.n(totalHeight))\" fill=\"#eceef1\"/>"
        )
        svg.line(
            "<rect x=\"0\" y=\"0\" width=\"\(svg.n(width))\" height=\"\(svg.n(height))\" fill=\"#ffffff\" stroke=\"#9aa1ab\" stroke-width=\"1\"/>"
        )
        fields()
        boundaries()
        trajectories()
        if let run {
            for index in items.indices { item(index, id: run.itemIDs[index]) }
        } else {
            for index in items.indices { item(index, id: items[index].id ?? "") }
        }
        attachments()
        snaps()
        gravity()
        contacts()
        svg.line("<g transform=\"translate(0,\(svg.n(height + m)))\">")
        svg.line(captionText.trimmingSuffix("\n"))
        svg.line("</g>")
        svg.line("</svg>")
        return svg.text
    }

    // MARK: Visibility over time

    /// The `visibility` attribute and animation that show an element over frames `from` ..< `to` only (to
    /// the end when `to` is the run's last frame). Without animation support the start is shown.
    func shown(from: Int, to: Int) -> (attribute: String, animation: String) {
        guard animates, let run else { return (from == 0 ? "visible" : "hidden", "") }
        let start = fraction(from)
        let end = to >= run.frames ? 1.0 : fraction(to)
        let values: String
        let times: String
        switch (from <= 0, end >= 1) {
        case (true, true): return ("visible", "")
        case (true, false): (values, times) = ("visible;hidden", "0;\(svg.t(end))")
        case (false, true): (values, times) = ("hidden;visible", "0;\(svg.t(start))")
        case (false, false): (values, times) = ("hidden;visible;hidden", "0;\(svg.t(start));\(svg.t(end))")
        }
        return (
            from <= 0 ? "visible" : "hidden",
            "<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"\(values)\" keyTimes=\"\(times)\" dur=\"\(dur)\" repeatCount=\"indefinite\"/>"
        )
    }

    /// The keyframes within frames `from` ... `to`, with the nearest one before and after, so that an element
    /// shown over that span follows its items there.
    func keyframes(from: Int, to: Int) -> [SimulationSample] {
        guard !frames.isEmpty else { return [] }
        var first = 0
        while first + 1 < frames.count && frames[first + 1].frame <= from { first += 1 }
        var last = first
        while last + 1 < frames.count && frames[last].frame < to { last += 1 }
        return Array(frames[first...last])
    }

    /// `keyTimes` for keyframes, the first at 0 and the last at 1 (the values hold outside them).
    func keyTimes(_ kept: [SimulationSample]) -> [String] {
        kept.indices.map { index in
            index == 0 ? "0" : index == kept.count - 1 ? "1" : svg.t(fraction(kept[index].frame))
        }
    }

    // MARK: Items

    func color(_ index: Int) -> String {
        ItemColor.color(id: items[index].id ?? "", sceneColor: items[index].color?.hex)
    }

    mutating func trajectories() {
        guard let run else { return }
        svg.line("<g fill=\"none\" stroke-width=\"1.5\" stroke-opacity=\"0.45\" stroke-linejoin=\"round\">")
        for index in items.indices {
            let points = path.map { $0.items[index].center }
            guard points.contains(where: { $0 != points[0] }) else { continue }
            svg.line(
                "<polyline stroke=\"\(color(index))\" points=\"\(points.map { "\(svg.n($0.x)),\(svg.n($0.y))" }.joined(separator: " "))\"><title>trajectory of \(SVGWriter.escaped(run.itemIDs[index]))</title></polyline>"
            )
        }
        svg.line("</g>")
    }

    mutating func item(_ index: Int, id: String) {
        let item = items[index]
        let size = item.size ?? Size(width: 0, height: 0)
        let first =
            frames.first?.items[index]
            ?? ItemState(
                center: item.center ?? .zero, angle: item.resolvedAngle, velocity: .zero, angularVelocity: 0,
                resting: true)
        let moves = frames.contains { $0.items[index].center != first.center }
        let turns = frames.contains { $0.items[index].angle != first.angle }
        let idle = run.map { isIdle(index, $0) } ?? false
        let degrees = 180 / Double.pi
        svg.line("<g transform=\"translate(\(svg.n(first.center.x)),\(svg.n(first.center.y)))\">")
        let times = animates && (moves || turns) ? keyTimes(frames).joined(separator: ";") : ""
        if animates && moves {
            let values = frames.map { "\(svg.n($0.items[index].center.x)),\(svg.n($0.items[index].center.y))" }
                .joined(separator: ";")
            svg.line(
                "<animateTransform attributeName=\"transform\" type=\"translate\" calcMode=\"linear\" dur=\"\(dur)\" repeatCount=\"indefinite\" keyTimes=\"\(times)\" values=\"\(values)\"/>"
            )
        }
        svg.line("<g transform=\"rotate(\(svg.n(first.angle * degrees)))\">")
        if animates && turns {
            let values = frames.map { svg.n($0.items[index].angle * degrees) }.joined(separator: ";")
            svg.line(
                "<animateTransform attributeName=\"transform\" type=\"rotate\" calcMode=\"linear\" dur=\"\(dur)\" repeatCount=\"indefinite\" keyTimes=\"\(times)\" values=\"\(values)\"/>"
            )
        }
        var outline = "stroke=\"#6b7280\" stroke-width=\"1\""
        if let group = groupOfItem[index] {
            outline = "stroke=\"\(CollisionGroupStyle.stroke(group))\" stroke-width=\"2\""
            if let dash = CollisionGroupStyle.dash(group) { outline += " stroke-dasharray=\"\(dash)\"" }
        }
        let style = "fill=\"\(color(index))\" fill-opacity=\"\(idle ? "0.4" : "0.85")\" \(outline)"
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
        turningMarks(of: index)
        svg.line("</g>")
        pushArrows(on: index)
        // The label sits on the item and does not turn: readable, and stacked items keep their labels apart.
        let fontSize = max(7, min(12, max(size.width, size.height) / 3))
        svg.line(
            "<text x=\"0\" y=\"\(svg.n(fontSize * 0.35))\" font-size=\"\(svg.n(fontSize))\" text-anchor=\"middle\" fill=\"#1d2128\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-opacity=\"0.8\" paint-order=\"stroke\">\(SVGWriter.escaped(id))</text>"
        )
        // Elasticity, friction and density where they differ from the defaults: a badge under the item.
        let material = materials[index]
        if let badge = material.badge(svg.n) {
            svg.line(
                "<text class=\"material\" x=\"0\" y=\"\(svg.n(max(size.width, size.height) / 2 + 10))\" font-size=\"9\" text-anchor=\"middle\" fill=\"#1d2128\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-opacity=\"0.8\" paint-order=\"stroke\">\(SVGWriter.escaped(badge))</text>"
            )
        }
        let title = material.differing.isEmpty ? id : "\(id) — \(material.sentence(svg.n))"
        svg.line("<title>\(SVGWriter.escaped(title))</title>")
        svg.line("</g>")
    }

    /// An item that no behavior ever moved: resting at every kept frame and never displaced.
    private func isIdle(_ index: Int, _ run: SimulationRun) -> Bool {
        guard let start = run.samples.first?.items[index] else { return true }
        return (run.samples + [run.final]).allSatisfy {
            $0.items[index].resting && $0.items[index].velocity == .zero && $0.items[index] == start
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}
