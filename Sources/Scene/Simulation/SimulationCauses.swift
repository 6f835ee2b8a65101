// What a preview draws beside the items to show why they move: the behaviors alive at each moment, with
// their live values (an attachment's anchor after `set` events, a snap's point, a push's vector and whether
// it is active, the world's one gravity vector, field regions, collision groups).
//
// The run records a `CauseSnapshot` at frame 0 and at every frame where something a picture shows changed:
// a behavior added, removed or `set`, or an instantaneous push that turned itself off after acting. A picture
// shows snapshot k from its frame until the next snapshot's frame. Item positions are not part of it: an
// attachment's ends are computed from the samples (the item's center plus its offset, turned by its angle).
// None of this reaches the preview json, whose bytes are a contract.

/// The causes in force from `frame` on, until the next snapshot.
package struct CauseSnapshot: Equatable, Sendable {
    package var frame: Int
    /// In the order the behaviors were added.
    package var causes: [ShownCause]

    package init(frame: Int, causes: [ShownCause]) {
        self.frame = frame
        self.causes = causes
    }
}

/// A cause and where it comes from: the behavior's place in the order of additions (−1 for gravity, which
/// the world holds once), so that a picture can follow one behavior from snapshot to snapshot.
package struct ShownCause: Equatable, Sendable {
    package var source: Int
    package var cause: Cause

    package init(source: Int, cause: Cause) {
        self.source = source
        self.cause = cause
    }
}

/// A cause shown unchanged over frames `from` ..< `to` (`to` is the run's last frame for the last one).
package struct CauseSpan: Equatable, Sendable {
    package var from: Int
    package var to: Int
    package var cause: Cause
}

extension SimulationRun {
    /// The causes as spans of frames: a cause that stays the same from one snapshot to the next is one span.
    /// In order of first appearance.
    package var causeSpans: [CauseSpan] {
        var spans: [CauseSpan] = []
        var open: [Int: Int] = [:]  // source → index in spans of its span still open
        for (k, snapshot) in causes.enumerated() {
            let end = k + 1 < causes.count ? causes[k + 1].frame : frames
            var stillOpen: [Int: Int] = [:]
            for shown in snapshot.causes {
                if let index = open[shown.source], spans[index].cause == shown.cause, spans[index].to == snapshot.frame
                {
                    spans[index].to = end
                    stillOpen[shown.source] = index
                } else {
                    stillOpen[shown.source] = spans.count
                    spans.append(CauseSpan(from: snapshot.frame, to: end, cause: shown.cause))
                }
            }
            open = stillOpen
        }
        return spans
    }
}

/// One alive behavior as a picture shows it. Items are indices into the run's `itemIDs`.
package enum Cause: Equatable, Sendable {
    case attachment(AttachmentCause)
    /// `acting` is false while several snaps name the item (the animator ignores them all).
    case snap(behavior: String?, item: Int, point: Point, acting: Bool)
    /// A push's vector (UIKit newtons) at its unrotated offset from each item's center.
    case push(behavior: String?, items: [Int], vector: Vector, offset: Vector, instantaneous: Bool, active: Bool)
    /// The world's one gravity vector (UIKit units) and the items that fall.
    case gravity(behavior: String?, items: [Int], vector: Vector)
    case field(behavior: String?, kind: FieldKind, items: [Int], position: Point, region: FieldBehavior.Region?)
    /// `group` numbers the collision behaviors in the order they were first added in the run; it picks the
    /// group's outline style.
    case collision(behavior: String?, group: Int, items: [Int], collision: CollisionBehavior)

    /// The behavior's id, when it has one.
    package var behavior: String? {
        switch self {
        case .attachment(let attachment): attachment.behavior
        case .snap(let behavior, _, _, _), .push(let behavior, _, _, _, _, _), .gravity(let behavior, _, _),
            .field(let behavior, _, _, _, _), .collision(let behavior, _, _, _):
            behavior
        }
    }
}

/// An attachment as drawn: from the item's point to a fixed anchor or another item's point.
package struct AttachmentCause: Equatable, Sendable {
    package var behavior: String?
    package var kind: AttachmentKind
    package var item: Int
    /// offsetFromCenter, in the item's frame (turns with it).
    package var offset: Vector
    /// The fixed anchor, or nil when attached to `attachedTo`.
    package var anchor: Point?
    package var attachedTo: Int?
    package var attachedOffset: Vector
    /// distance: the rod or rest length; limit: the maximum length (the distance at the start when not given).
    package var length: Double?
    /// distance: above 0 it is a spring.
    package var frequency: Double
    /// sliding: the axis in the reference view at the item's starting angle.
    package var axis: Vector?
    /// The item's angle when the attachment was added (a sliding axis turns with the item from there).
    package var startAngle: Double

    /// A distance attachment with a frequency above 0 is a spring; without, a rigid rod.
    package var isSpring: Bool { kind == .distance && frequency > 0 }
}

extension SceneSimulation {
    /// The causes of the behaviors alive now, in the order they were added.
    func causeSnapshot(frame: Int) -> CauseSnapshot {
        var causes: [ShownCause] = []
        var groupNumber = 0
        var gravityShown = false
        for (source, entry) in entries.enumerated() {
            func show(_ cause: Cause) { causes.append(ShownCause(source: source, cause: cause)) }
            let isCollision: Bool
            if case .collision? = entry.behavior.kind { isCollision = true } else { isCollision = false }
            defer { if isCollision { groupNumber += 1 } }
            guard entry.alive else { continue }
            let id = entry.behavior.id
            switch (entry.behavior.kind, entry.handle) {
            case (.gravity?, _):
                // The world holds one vector: drawn once, with the items of every gravity behavior.
                let items = entries.filter { $0.alive && $0.behavior.type == .gravity }.flatMap(\.items)
                if !gravityShown {
                    gravityShown = true
                    causes.append(
                        ShownCause(source: -1, cause: .gravity(behavior: id, items: items, vector: gravityVector)))
                }
            case (.collision(let collision)?, _):
                show(.collision(behavior: id, group: groupNumber, items: entry.items, collision: collision))
            case (.attachment?, .joint):
                if let attachment = entry.attachment { show(.attachment(attachment)) }
            case (.snap?, .snap(let snap)):
                guard let item = entry.items.first else { continue }
                show(.snap(behavior: id, item: item, point: entry.vector, acting: snap != nil))
            case (.push(let push)?, .push):
                show(
                    .push(
                        behavior: id, items: entry.items, vector: entry.vector, offset: push.offset ?? .zero,
                        instantaneous: push.resolvedMode == .instantaneous, active: entry.active))
            case (.field(let field)?, .field):
                guard let kind = field.kind else { continue }
                let view = scene.referenceView ?? Size(width: 0, height: 0)
                show(
                    .field(
                        behavior: id, kind: kind, items: entry.items,
                        position: field.position ?? Vector(x: view.width / 2, y: view.height / 2),
                        region: field.region))
            default:
                continue
            }
        }
        return CauseSnapshot(frame: frame, causes: causes)
    }

    /// The attachment an entry holds as drawn, built when it is added (its starting angle and length).
    func attachmentCause(_ attachment: AttachmentBehavior, behavior: String?) -> AttachmentCause? {
        guard let reference = attachment.item, let item = itemIndex[reference.id.exactId] else { return nil }
        var other: Int?
        if attachment.anchor == nil {
            guard let target = attachment.attachedTo, let index = itemIndex[target.id.exactId], index != item else {
                return nil
            }
            other = index
        }
        let kind = attachment.resolvedKind
        let offset = attachment.offset ?? .zero
        let attachedOffset = attachment.attachedOffset ?? .zero
        let state = world.state(of: bodies[item])
        var cause = AttachmentCause(
            behavior: behavior, kind: kind, item: item, offset: offset, anchor: attachment.anchor,
            attachedTo: other, attachedOffset: attachedOffset, length: attachment.length,
            frequency: attachment.resolvedFrequency, axis: attachment.axis, startAngle: state.angle)
        if cause.length == nil, kind == .distance || kind == .limit {
            let from = Self.point(of: Vector(state.center), angle: state.angle, offset: offset)
            let to: Vector
            if let anchor = attachment.anchor {
                to = anchor
            } else if let other {
                let otherState = world.state(of: bodies[other])
                to = Self.point(of: Vector(otherState.center), angle: otherState.angle, offset: attachedOffset)
            } else {
                to = from
            }
            cause.length = Vector(x: to.x - from.x, y: to.y - from.y).length
        }
        return cause
    }

    /// A point of an item: its center plus its offset turned by its angle (clockwise on screen, y down).
    package static func point(of center: Vector, angle: Double, offset: Vector) -> Vector {
        let c = cos(angle)
        let s = sin(angle)
        return Vector(x: center.x + c * offset.x - s * offset.y, y: center.y + s * offset.x + c * offset.y)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
