import Scene

/// The caption under the svg's view: the scene's name (ellipsized to the width), the summary (wrapped, never
/// cut), the progress bar with the pauses and scripted events marked (their index and behavior id), the clock,
/// the collision groups' legend and a key of the marks the picture uses. Drawn at the origin; the picture
/// translates it below the view. Widths are estimated from the font size (no text measuring without a browser).
struct SVGCaption {
    let picture: SVGPicture
    /// The height it takes, known once drawn.
    private(set) var height = 0.0
    private var svg = SVGWriter()

    init(picture: SVGPicture) { self.picture = picture }

    /// Characters of `size` px that fit in the view's width (an average glyph is about 0.58 em wide), at least 8
    /// and at most `widestLine` (a view 10²⁰ pt wide fits any text; the count must still be an `Int`).
    private func fitting(_ size: Double) -> Int {
        let characters = picture.width / (size * 0.58)
        guard characters.isFinite, characters < Double(Self.widestLine) else { return Self.widestLine }
        return max(8, Int(characters))
    }

    /// The most characters a caption line is given, however wide the view.
    private static let widestLine = 100_000

    mutating func draw() -> String {
        let preview = picture.preview
        var y = 14.0
        svg.line(
            "<text x=\"0\" y=\"\(svg.n(y))\" font-size=\"14\" font-weight=\"bold\" fill=\"#1d2128\">\(SVGWriter.escaped(SVGWriter.ellipsized(preview.name, limit: fitting(14))))<title>\(SVGWriter.escaped(preview.name))</title></text>"
        )
        guard let run = picture.run else {
            for line in SVGWriter.wrapped("not simulated: the scene has errors", limit: fitting(13)) {
                y += 17
                svg.line(
                    "<text x=\"0\" y=\"\(svg.n(y))\" font-size=\"13\" fill=\"#b42318\">\(SVGWriter.escaped(line))</text>"
                )
            }
            height = y + 10
            return svg.text
        }
        var summary = "\(PreviewTextEncoder.seconds(run.duration)) at \(svg.n(preview.frameRate)) Hz"
        if let pausedAt = run.pausedAt {
            summary += ", at rest from \(PreviewTextEncoder.seconds(run.time(of: pausedAt)))"
        } else {
            summary += ", still moving at the end"
        }
        if let divergence = run.divergence {
            summary += ", diverged at \(PreviewTextEncoder.seconds(run.time(of: divergence.frame)))"
        }
        if preview.every > preview.requestedEvery {
            // Thinned to the item-sample budget before the run (`PreviewFormat.itemSampleBudget`).
            summary +=
                "; every \(preview.every)th frame kept, to stay within \(SimulationRequest.itemSampleLimit) item-samples"
        }
        for line in SVGWriter.wrapped(summary, limit: fitting(13)) {
            y += 17
            svg.line(
                "<text x=\"0\" y=\"\(svg.n(y))\" font-size=\"13\" fill=\"#1d2128\">\(SVGWriter.escaped(line))</text>")
        }
        y += 12
        bar(run, y: y)
        y += 8 + marks(run, barY: y)
        y += 14
        clock(run, y: y)
        y += legend(y: y)
        y += key(y: y)
        height = y + 8
        return svg.text
    }

    /// The progress bar, filling over the run.
    private mutating func bar(_ run: SimulationRun, y: Double) {
        let width = picture.width
        svg.line("<rect x=\"0\" y=\"\(svg.n(y))\" width=\"\(svg.n(width))\" height=\"4\" fill=\"#d3d7dd\"/>")
        guard picture.animates else { return }
        svg.line(
            "<rect x=\"0\" y=\"\(svg.n(y))\" width=\"0\" height=\"4\" fill=\"#2f6fde\"><animate attributeName=\"width\" values=\"0;\(svg.n(width))\" dur=\"\(picture.dur)\" repeatCount=\"indefinite\"/></rect>"
        )
    }

    /// Ticks on the bar for scripted events and pauses, labelled below it in up to two rows (a label that
    /// does not fit keeps its tick and its tooltip). Returns the height of the labels.
    private mutating func marks(_ run: SimulationRun, barY: Double) -> Double {
        let scene = picture.preview.scene
        var rowEnds = [-Double.infinity, -Double.infinity]
        var usedRows = 0
        var placed = Set<String>()
        for event in run.events {
            let label: String
            let color: String
            let title: String
            switch event.kind {
            case .scripted(let index, _):
                let behavior = scene.flatMap { scene in
                    scene.events.indices.contains(index) ? Self.behaviorID(of: scene.events[index]) : nil
                }
                label = "#\(index)" + (behavior.map { " \($0)" } ?? "")
                color = "#2f6fde"
                title =
                    "event \(index)\(behavior.map { " (\($0))" } ?? "") at \(PreviewTextEncoder.seconds(run.time(of: event.frame)))"
            case .paused:
                label = "rest"
                color = "#2aa876"
                title = "paused (everything rests) at \(PreviewTextEncoder.seconds(run.time(of: event.frame)))"
            case .resumed, .contact:
                continue
            }
            // One tick per frame and kind is enough.
            guard placed.insert("\(event.frame) \(label)").inserted else { continue }
            let x = picture.fraction(event.frame) * picture.width
            svg.line(
                "<rect x=\"\(svg.n(x - 1))\" y=\"\(svg.n(barY - 4))\" width=\"2\" height=\"12\" fill=\"\(color)\"><title>\(SVGWriter.escaped(title))</title></rect>"
            )
            let text = SVGWriter.ellipsized(label, limit: 18)
            let textWidth = Double(text.count) * 5.8
            let left = min(max(0, x - 2), picture.width - textWidth)
            guard let row = rowEnds.firstIndex(where: { left >= $0 + 4 }) else { continue }
            rowEnds[row] = left + textWidth
            usedRows = max(usedRows, row + 1)
            svg.line(
                "<text x=\"\(svg.n(left))\" y=\"\(svg.n(barY + 18 + Double(row) * 11))\" font-size=\"10\" fill=\"\(color)\">\(SVGWriter.escaped(text))<title>\(SVGWriter.escaped(title))</title></text>"
            )
        }
        return Double(usedRows) * 11
    }

    /// The id of the behavior an event sets, removes or adds.
    static func behaviorID(of event: Event) -> String? {
        switch event.action {
        case .set(let target, _)?: target.id
        case .remove(let target)?: target.id
        case .pan(let target, _)?: target.id
        case .add(let behavior)?: behavior.id ?? behavior.type?.rawValue
        case nil: nil
        }
    }

    /// The clock: one label per tick, each visible during its tick only.
    private mutating func clock(_ run: SimulationRun, y: Double) {
        let duration = run.duration
        guard picture.animates, duration > 0 else {
            svg.line("<text x=\"0\" y=\"\(svg.n(y))\" font-size=\"13\" fill=\"#4a515c\">t = 0 s</text>")
            return
        }
        let steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600]
        let step = steps.first { duration / $0 <= 100 } ?? 3600
        let ticks = Int((duration / step).rounded(.down))
        for tick in 0...ticks {
            let start = Double(tick) * step / duration
            let end = min(1, Double(tick + 1) * step / duration)
            guard start < 1 || tick == 0 else { break }
            let label = PreviewTextEncoder.seconds(Double(tick) * step)
            svg.line(
                "<text x=\"0\" y=\"\(svg.n(y))\" font-size=\"13\" fill=\"#4a515c\" visibility=\"\(tick == 0 ? "visible" : "hidden")\">t = \(label)<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"hidden;visible;hidden\" keyTimes=\"0;\(svg.t(start));\(svg.t(end))\" dur=\"\(picture.dur)\" repeatCount=\"indefinite\"/></text>"
            )
        }
    }

    /// One line per collision group: a swatch in its style, its behavior, its items and mode.
    private mutating func legend(y: Double) -> Double {
        guard !picture.groups.isEmpty else { return 0 }
        var height = 0.0
        let ids = picture.run?.itemIDs ?? []
        for (number, group) in picture.groups.enumerated() {
            height += 15
            let lineY = y + height
            var style = "stroke=\"\(CollisionGroupStyle.stroke(number))\" stroke-width=\"2\""
            if let dash = CollisionGroupStyle.dash(number) { style += " stroke-dasharray=\"\(dash)\"" }
            svg.line(
                "<rect x=\"1\" y=\"\(svg.n(lineY - 9))\" width=\"16\" height=\"10\" fill=\"none\" \(style)/>")
            let members = group.items.map { ids.indices.contains($0) ? ids[$0] : "?" }
            var text = "collision group \(number + 1)"
            if let behavior = group.behavior { text += " \(behavior)" }
            if group.mode != .everything { text += " (\(group.mode.rawValue))" }
            text += ": " + (members.isEmpty ? "no items" : members.joined(separator: ", "))
            svg.line(
                "<text x=\"24\" y=\"\(svg.n(lineY))\" font-size=\"11\" fill=\"#1d2128\">\(SVGWriter.escaped(SVGWriter.ellipsized(text, limit: fitting(11) - 4)))<title>\(SVGWriter.escaped(text))</title></text>"
            )
        }
        return height
    }

    /// The marks the picture uses, wrapped.
    private mutating func key(y: Double) -> Double {
        var entries: [String] = []
        func add(_ entry: String) { if !entries.contains(entry) { entries.append(entry) } }
        for span in picture.spans {
            switch span.cause {
            case .attachment(let attachment):
                switch attachment.kind {
                case .distance: add(attachment.isSpring ? "zigzag: spring" : "thick line: rod")
                case .pin: add("ring: pin")
                case .fixed: add("square: fixed joint")
                case .sliding: add("dash-dot arrows: sliding axis")
                case .limit: add("violet line: limit (dashed while slack)")
                }
                if attachment.anchor != nil { add("ringed dot: anchor") }
            case .snap: add("cross-hair: snap point")
            case .push: add("orange arrow: push")
            case .gravity: add("gray arrow: gravity")
            case .field: add("dashed violet: field region")
            case .collision: break
            }
        }
        if picture.run?.events.contains(where: { if case .contact = $0.kind { true } else { false } }) == true {
            add("red dot: contact")
        }
        guard !entries.isEmpty else { return 0 }
        var height = 0.0
        for line in SVGWriter.wrapped(entries.joined(separator: " · "), limit: fitting(11)) {
            height += 14
            svg.line(
                "<text x=\"0\" y=\"\(svg.n(y + height))\" font-size=\"11\" fill=\"#4a515c\">\(SVGWriter.escaped(line))</text>"
            )
        }
        return height
    }
}
