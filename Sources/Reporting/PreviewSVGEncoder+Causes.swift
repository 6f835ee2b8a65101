import Scene

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// What the svg draws to show why things move: fields, boundaries, attachments, snaps, pushes, gravity and
// contacts, each visible over the frames it is in force (see PreviewSVGEncoder.swift).
extension SVGPicture {
    static let attachmentColor = "#1d2128"
    static let springColor = "#0f766e"
    static let slidingColor = "#0e7490"
    static let limitColor = "#7c3aed"
    static let snapColor = "#2aa876"
    static let pushColor = "#d9480f"
    static let fieldColor = "#8e5bd0"
    static let contactColor = "#ff3d5c"

    // MARK: Fields

    mutating func fields() {
        // Fields at one position (everywhere-fields default to the view's center) stack their labels.
        var labelsAt: [String: Int] = [:]
        for span in spans {
            guard case .field(let behavior, let kind, _, let position, let region) = span.cause else { continue }
            let (visibility, animation) = shown(from: span.from, to: span.to)
            let name = behavior.map { "\(kind.rawValue) field \($0)" } ?? "\(kind.rawValue) field"
            svg.line(
                "<g visibility=\"\(visibility)\" fill=\"\(Self.fieldColor)\" fill-opacity=\"0.07\" stroke=\"\(Self.fieldColor)\" stroke-dasharray=\"5 4\">\(animation)<title>\(SVGWriter.escaped(name))</title>"
            )
            let top: Double
            switch region {
            case .radius(let radius)?:
                svg.line("<circle cx=\"\(svg.n(position.x))\" cy=\"\(svg.n(position.y))\" r=\"\(svg.n(radius))\"/>")
                top = position.y - radius
            case .size(let size)?:
                svg.line(
                    "<rect x=\"\(svg.n(position.x - size.width / 2))\" y=\"\(svg.n(position.y - size.height / 2))\" width=\"\(svg.n(size.width))\" height=\"\(svg.n(size.height))\"/>"
                )
                top = position.y - size.height / 2
            case nil:
                // Everywhere: a ring at its position.
                svg.line("<circle cx=\"\(svg.n(position.x))\" cy=\"\(svg.n(position.y))\" r=\"7\"/>")
                top = position.y - 7
            }
            let key = "\(svg.n(position.x)),\(svg.n(top))"
            let stacked = labelsAt[key, default: 0]
            labelsAt[key] = stacked + 1
            svg.line(
                "<text x=\"\(svg.n(position.x))\" y=\"\(svg.n(top - 4 - 12 * Double(stacked)))\" font-size=\"10\" text-anchor=\"middle\" stroke=\"none\" fill=\"\(Self.fieldColor)\" fill-opacity=\"1\">\(SVGWriter.escaped(region == nil ? name + " (everywhere)" : name))</text>"
            )
            svg.line("</g>")
        }
    }

    // MARK: Boundaries

    mutating func boundaries() {
        if run != nil {
            for span in spans {
                guard case .collision(_, let group, _, let collision) = span.cause else { continue }
                let (visibility, animation) = shown(from: span.from, to: span.to)
                boundaries(of: collision, group: group, visibility: visibility, animation: animation)
            }
        } else if let scene = preview.scene {
            // Not simulated: the scene's collision behaviors as written.
            var group = 0
            for behavior in scene.behaviors {
                guard case .collision(let collision)? = behavior.kind else { continue }
                boundaries(of: collision, group: group, visibility: "visible", animation: "")
                group += 1
            }
        }
    }

    private mutating func boundaries(
        of collision: CollisionBehavior, group: Int, visibility: String, animation: String
    ) {
        guard collision.resolvedMode != .items else { return }
        var style = "stroke=\"\(CollisionGroupStyle.stroke(group))\""
        if let dash = CollisionGroupStyle.dash(group) { style += " stroke-dasharray=\"\(dash)\"" }
        svg.line(
            "<g visibility=\"\(visibility)\" fill=\"none\" \(style) stroke-width=\"2\" stroke-linecap=\"round\">\(animation)"
        )
        if collision.translatesReferenceBoundsIntoBoundary {
            let insets = collision.resolvedInsets
            // The engine puts the reference-bounds boundary 1 pt outside the (inset) bounds.
            let x = insets.left - 1
            let y = insets.top - 1
            let w = width - insets.left - insets.right + 2
            let h = height - insets.top - insets.bottom + 2
            svg.line(
                "<rect x=\"\(svg.n(x))\" y=\"\(svg.n(y))\" width=\"\(svg.n(max(0, w)))\" height=\"\(svg.n(max(0, h)))\" stroke-width=\"1.5\" stroke-opacity=\"0.7\"><title>reference bounds</title></rect>"
            )
        }
        for boundary in collision.boundaries {
            let title = boundary.id.map { "<title>boundary \(SVGWriter.escaped($0))</title>" } ?? ""
            let labelAt: Point
            switch boundary.shape {
            case .segment(let from, let to)?:
                svg.line(
                    "<line x1=\"\(svg.n(from.x))\" y1=\"\(svg.n(from.y))\" x2=\"\(svg.n(to.x))\" y2=\"\(svg.n(to.y))\">\(title)</line>"
                )
                labelAt = Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
            case .path(let points)?:
                guard let first = points.first else { continue }
                svg.line(
                    "<polygon points=\"\(points.map { "\(svg.n($0.x)),\(svg.n($0.y))" }.joined(separator: " "))\">\(title)</polygon>"
                )
                labelAt = first
            case nil:
                continue
            }
            if let id = boundary.id {
                svg.line(
                    "<text x=\"\(svg.n(labelAt.x))\" y=\"\(svg.n(labelAt.y - 5))\" font-size=\"10\" text-anchor=\"middle\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-dasharray=\"none\" paint-order=\"stroke\" fill=\"\(CollisionGroupStyle.stroke(group))\">\(SVGWriter.escaped(id))</text>"
                )
            }
        }
        svg.line("</g>")
    }

    // MARK: What moves with an item

    /// Inside the item's turning group: pin and fixed joints, a sliding axis, the attachment point.
    mutating func turningMarks(of index: Int) {
        for span in spans {
            guard case .attachment(let attachment) = span.cause else { continue }
            let local: Vector
            if attachment.item == index {
                local = attachment.offset
            } else if attachment.attachedTo == index {
                local = attachment.attachedOffset
            } else {
                continue
            }
            let (visibility, animation) = shown(from: span.from, to: span.to)
            let x = svg.n(local.x)
            let y = svg.n(local.y)
            let title = "<title>\(SVGWriter.escaped(Self.describe(attachment)))</title>"
            switch attachment.kind {
            case .pin:
                svg.line(
                    "<g visibility=\"\(visibility)\">\(animation)<circle cx=\"\(x)\" cy=\"\(y)\" r=\"4.5\" fill=\"#ffffff\" stroke=\"\(Self.attachmentColor)\" stroke-width=\"1.5\"/><circle cx=\"\(x)\" cy=\"\(y)\" r=\"1.5\" fill=\"\(Self.attachmentColor)\"/>\(title)</g>"
                )
            case .fixed:
                svg.line(
                    "<g visibility=\"\(visibility)\">\(animation)<rect x=\"\(svg.n(local.x - 3.5))\" y=\"\(svg.n(local.y - 3.5))\" width=\"7\" height=\"7\" fill=\"\(Self.attachmentColor)\" stroke=\"#ffffff\" stroke-width=\"1\"/>\(title)</g>"
                )
            case .sliding where attachment.item == index:
                // The axis, given in the reference view at the start, turns with the item from there.
                let axis = attachment.axis ?? Vector(x: 1, y: 0)
                let length = axis.length
                guard length > 0, length.isFinite else { continue }
                let back = -attachment.startAngle
                let ux = (cos(back) * axis.x - sin(back) * axis.y) / length * 70
                let uy = (sin(back) * axis.x + cos(back) * axis.y) / length * 70
                svg.line(
                    "<g visibility=\"\(visibility)\">\(animation)<line x1=\"\(svg.n(local.x - ux))\" y1=\"\(svg.n(local.y - uy))\" x2=\"\(svg.n(local.x + ux))\" y2=\"\(svg.n(local.y + uy))\" stroke=\"\(Self.slidingColor)\" stroke-width=\"1.5\" stroke-dasharray=\"6 2 1 2\" marker-start=\"url(#arrow)\" marker-end=\"url(#arrow)\"/><circle cx=\"\(x)\" cy=\"\(y)\" r=\"2.5\" fill=\"\(Self.slidingColor)\"/>\(title)</g>"
                )
            default:
                svg.line(
                    "<g visibility=\"\(visibility)\">\(animation)<circle cx=\"\(x)\" cy=\"\(y)\" r=\"2.5\" fill=\"\(Self.attachmentColor)\" stroke=\"#ffffff\" stroke-width=\"0.8\"/>\(title)</g>"
                )
            }
        }
    }

    /// Inside the item's moving (not turning) group: push arrows at their offset while active. An
    /// instantaneous push is active for one frame; its arrow shows for `contactShown` seconds so that it can
    /// be seen.
    mutating func pushArrows(on index: Int) {
        guard let run else { return }
        for span in spans {
            guard
                case .push(let behavior, let members, let vector, let offset, let instantaneous, let active) = span
                    .cause,
                active, members.contains(index), vector.length > 0, vector.length.isFinite
            else { continue }
            let minimum = Int((PreviewSVGEncoder.contactShown * run.frameRate).rounded(.up))
            let to = instantaneous ? min(run.frames, max(span.to, span.from + minimum)) : span.to
            let (visibility, animation) = shown(from: span.from, to: to)
            let magnitude = vector.length
            let length = min(80, max(18, 30 * magnitude.squareRoot()))
            let end = Vector(x: offset.x + vector.x / magnitude * length, y: offset.y + vector.y / magnitude * length)
            let name =
                "\(instantaneous ? "instantaneous push" : "push")\(behavior.map { " \($0)" } ?? ""): [\(svg.n(vector.x)), \(svg.n(vector.y))] N"
            svg.line(
                "<g visibility=\"\(visibility)\">\(animation)<line x1=\"\(svg.n(offset.x))\" y1=\"\(svg.n(offset.y))\" x2=\"\(svg.n(end.x))\" y2=\"\(svg.n(end.y))\" stroke=\"\(Self.pushColor)\" stroke-width=\"2.5\" marker-end=\"url(#push-arrow)\"/><title>\(SVGWriter.escaped(name))</title></g>"
            )
        }
    }

    // MARK: Attachments, snaps, gravity, contacts

    mutating func attachments() {
        guard let run else { return }
        for span in spans {
            guard case .attachment(let attachment) = span.cause else { continue }
            let kept = keyframes(from: span.from, to: span.to)
            guard !kept.isEmpty else { continue }
            let (visibility, animation) = shown(from: span.from, to: span.to)
            let ends = kept.map { endPoints(of: attachment, in: $0) }
            let shapes = ends.map { pathData(attachment, from: $0.0, to: $0.1) }
            let stroke: String
            var extra = ""
            switch attachment.kind {
            case .distance: stroke = attachment.isSpring ? Self.springColor : Self.attachmentColor
            case .pin, .fixed: stroke = Self.attachmentColor
            case .sliding: stroke = Self.slidingColor
            case .limit: stroke = Self.limitColor
            }
            let width = attachment.kind == .distance && !attachment.isSpring ? "2.5" : "1.5"
            // A limit is dashed while slack, solid while taut.
            var dashes: [String] = []
            if attachment.kind == .limit, let length = attachment.length {
                dashes = ends.map { pair in
                    Vector(x: pair.1.x - pair.0.x, y: pair.1.y - pair.0.y).length >= length - 0.5 ? "none" : "5 4"
                }
                extra = " stroke-dasharray=\"\(dashes[0])\""
            }
            svg.line(
                "<g visibility=\"\(visibility)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(width)\" stroke-linejoin=\"round\">\(animation)<title>\(SVGWriter.escaped(Self.describe(attachment)))</title>"
            )
            let times = keyTimes(kept).joined(separator: ";")
            var path = "<path d=\"\(shapes[0])\"\(extra)>"
            if animates && kept.count > 1 && shapes.contains(where: { $0 != shapes[0] }) {
                path +=
                    "<animate attributeName=\"d\" calcMode=\"linear\" dur=\"\(dur)\" repeatCount=\"indefinite\" keyTimes=\"\(times)\" values=\"\(shapes.joined(separator: ";"))\"/>"
            }
            if animates && dashes.count > 1 && dashes.contains(where: { $0 != dashes[0] }) {
                path +=
                    "<animate attributeName=\"stroke-dasharray\" calcMode=\"discrete\" dur=\"\(dur)\" repeatCount=\"indefinite\" keyTimes=\"\(times)\" values=\"\(dashes.joined(separator: ";"))\"/>"
            }
            svg.line(path + "</path>")
            if let anchor = attachment.anchor {
                // The fixed anchor: a dark dot with a ring.
                svg.line(
                    "<circle cx=\"\(svg.n(anchor.x))\" cy=\"\(svg.n(anchor.y))\" r=\"3.5\" fill=\"\(stroke)\" stroke=\"#ffffff\" stroke-width=\"1\"/><circle cx=\"\(svg.n(anchor.x))\" cy=\"\(svg.n(anchor.y))\" r=\"6.5\" stroke-width=\"1\"/>"
                )
            }
            svg.line("</g>")
            _ = run
        }
    }

    /// An attachment's two points in a kept frame: the item's and the anchor or the other item's.
    private func endPoints(of attachment: AttachmentCause, in sample: SimulationSample) -> (Vector, Vector) {
        let state = sample.items[attachment.item]
        let from = SceneSimulation.point(of: state.center, angle: state.angle, offset: attachment.offset)
        if let anchor = attachment.anchor { return (from, anchor) }
        if let other = attachment.attachedTo {
            let otherState = sample.items[other]
            return (
                from,
                SceneSimulation.point(of: otherState.center, angle: otherState.angle, offset: attachment.attachedOffset)
            )
        }
        return (from, from)
    }

    /// A straight line, or for a spring a zigzag of 6 coils between straight ends (always the same commands,
    /// so that the path can be animated).
    private func pathData(_ attachment: AttachmentCause, from p: Vector, to q: Vector) -> String {
        guard attachment.isSpring else { return "M\(svg.n(p.x)) \(svg.n(p.y))L\(svg.n(q.x)) \(svg.n(q.y))" }
        let dx = q.x - p.x
        let dy = q.y - p.y
        let length = (dx * dx + dy * dy).squareRoot()
        let (nx, ny) = length > 0 ? (-dy / length, dx / length) : (0, 0)
        var text = "M\(svg.n(p.x)) \(svg.n(p.y))"
        let zigs = 12
        for k in 0...zigs {
            let f = 0.15 + 0.7 * Double(k) / Double(zigs)
            let side = k == 0 || k == zigs ? 0.0 : (k % 2 == 0 ? -5.0 : 5.0)
            text += "L\(svg.n(p.x + dx * f + nx * side)) \(svg.n(p.y + dy * f + ny * side))"
        }
        text += "L\(svg.n(q.x)) \(svg.n(q.y))"
        return text
    }

    static func describe(_ attachment: AttachmentCause) -> String {
        let kind: String
        switch attachment.kind {
        case .distance: kind = attachment.isSpring ? "spring attachment" : "rod attachment"
        case .pin: kind = "pin attachment"
        case .fixed: kind = "fixed attachment"
        case .sliding: kind = "sliding attachment"
        case .limit: kind = "limit attachment"
        }
        return attachment.behavior.map { "\(kind) \($0)" } ?? kind
    }

    mutating func snaps() {
        for span in spans {
            guard case .snap(let behavior, _, let point, let acting) = span.cause else { continue }
            let (visibility, animation) = shown(from: span.from, to: span.to)
            let x = point.x
            let y = point.y
            let color = acting ? Self.snapColor : "#9aa1ab"
            let name =
                "snap\(behavior.map { " \($0)" } ?? "")\(acting ? "" : " (ignored: several snaps name the item)")"
            svg.line(
                "<g visibility=\"\(visibility)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\">\(animation)<circle cx=\"\(svg.n(x))\" cy=\"\(svg.n(y))\" r=\"6\"/><line x1=\"\(svg.n(x - 10))\" y1=\"\(svg.n(y))\" x2=\"\(svg.n(x + 10))\" y2=\"\(svg.n(y))\"/><line x1=\"\(svg.n(x))\" y1=\"\(svg.n(y - 10))\" x2=\"\(svg.n(x))\" y2=\"\(svg.n(y + 10))\"/><title>\(SVGWriter.escaped(name))</title></g>"
            )
        }
    }

    /// The center of the gravity badge (a 30 pt circle and its label, 110 × 36 pt from the corner): the corner of
    /// the view that the items cover least over the run (counted at every keyframe, each item as the circle
    /// around it), in the order top-left, top-right, bottom-left, bottom-right on ties, so that the badge does
    /// not hide an item. The player picks its corner the same way at each moment (player.js `gravityCorner`).
    func gravityCorner() -> (x: Double, y: Double) {
        let corners = [(0.0, 0.0), (width - 110, 0), (0, height - 36), (width - 110, height - 36)]
        let radii = items.map { item in
            (item.size.map { ($0.width * $0.width + $0.height * $0.height).squareRoot() } ?? 0) / 2
        }
        let states: [[Vector]] =
            frames.isEmpty ? [items.map { $0.center ?? .zero }] : frames.map { $0.items.map(\.center) }
        var best = corners[0]
        var bestCount = Int.max
        for corner in corners {
            var count = 0
            for centers in states {
                for (index, center) in centers.enumerated() where index < radii.count {
                    let r = radii[index]
                    if center.x - r < corner.0 + 110 && center.x + r > corner.0 && center.y - r < corner.1 + 36
                        && center.y + r > corner.1
                    {
                        count += 1
                    }
                }
            }
            if count < bestCount { (best, bestCount) = (corner, count) }
        }
        return (best.0 + 22, best.1 + 22)
    }

    /// The world's one gravity vector, once, in the corner of the view the items cover least.
    mutating func gravity() {
        for span in spans {
            guard case .gravity(let behavior, _, let vector) = span.cause else { continue }
            let magnitude = vector.length
            guard magnitude > 0, magnitude.isFinite else { continue }
            let (visibility, animation) = shown(from: span.from, to: span.to)
            let ux = vector.x / magnitude
            let uy = vector.y / magnitude
            let (cx, cy) = gravityCorner()
            let label = magnitude == 1 ? "gravity" : "gravity ×\(svg.n(magnitude))"
            svg.line(
                "<g visibility=\"\(visibility)\">\(animation)<circle cx=\"\(svg.n(cx))\" cy=\"\(svg.n(cy))\" r=\"15\" fill=\"#ffffff\" fill-opacity=\"0.8\" stroke=\"#adb5bd\"/><line x1=\"\(svg.n(cx - ux * 11))\" y1=\"\(svg.n(cy - uy * 11))\" x2=\"\(svg.n(cx + ux * 11))\" y2=\"\(svg.n(cy + uy * 11))\" stroke=\"#495057\" stroke-width=\"2.5\" marker-end=\"url(#gravity-arrow)\"/><text x=\"\(svg.n(cx + 18))\" y=\"\(svg.n(cy + 4))\" font-size=\"11\" fill=\"#495057\">\(label)</text><title>\(SVGWriter.escaped("gravity\(behavior.map { " \($0)" } ?? ""): [\(svg.n(vector.x)), \(svg.n(vector.y))]"))</title></g>"
            )
        }
    }

    /// Each contact that began, as a dot at its point for `contactShown` seconds.
    mutating func contacts() {
        guard let run else { return }
        let shownFrames = Int((PreviewSVGEncoder.contactShown * run.frameRate).rounded(.up))
        var count = 0
        svg.line("<g fill=\"\(Self.contactColor)\" stroke=\"#ffffff\" stroke-width=\"1\">")
        for event in run.events {
            guard case .contact(false, let item, let partner, let point) = event.kind else { continue }
            guard count < PreviewSVGEncoder.contactLimit, point.x.isFinite, point.y.isFinite else { continue }
            count += 1
            let (visibility, animation) = shown(from: event.frame, to: min(run.frames, event.frame + shownFrames))
            let other: String
            switch partner {
            case .item(let index): other = run.itemIDs[index]
            case .boundary(let id?): other = "boundary \(id)"
            case .boundary(nil): other = "the reference bounds"
            }
            let title =
                "\(run.itemIDs[item]) touches \(other) at \(PreviewTextEncoder.seconds(run.time(of: event.frame)))"
            svg.line(
                "<circle cx=\"\(svg.n(point.x))\" cy=\"\(svg.n(point.y))\" r=\"4\" visibility=\"\(visibility)\">\(animation)<title>\(SVGWriter.escaped(title))</title></circle>"
            )
        }
        svg.line("</g>")
    }
}
