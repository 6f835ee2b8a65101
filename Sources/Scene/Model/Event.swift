import JSON

/// One event of the timeline: exactly one action, applied at `at` seconds or, for a reaction, after each
/// contact event that `on` describes.
package struct Event: Equatable, Sendable {
    /// `/events/N`.
    package var pointer: JSONPointer
    /// Seconds ≥ 0; nil when missing or invalid (always nil for a reaction).
    package var at: Double?
    /// A reaction's trigger (`on`); nil for an event at a time, or when `on` is invalid.
    package var on: ContactTrigger?
    /// `once: true`: a reaction applies at its first contact event only.
    package var once: Bool
    /// nil when the event has no valid action (none, several, or an invalid one).
    package var action: Action?

    package init(
        pointer: JSONPointer, at: Double? = nil, on: ContactTrigger? = nil, once: Bool = false, action: Action? = nil
    ) {
        self.pointer = pointer
        self.at = at
        self.on = on
        self.once = once
        self.action = action
    }

    /// Whether the event is a reaction (it has `on`, valid or not, instead of `at`).
    package var isReaction: Bool { on != nil }

    package enum Action: Equatable, Sendable {
        /// `{"set": "behaviorId", "values": {...}}`: changes live properties.
        case set(Reference, LiveValues)
        /// `{"add": {behavior}}`, as `addBehavior:`.
        case add(Behavior)
        /// `{"remove": "behaviorId"}`, as `removeBehavior:`.
        case remove(Reference)
        /// `{"pan": "behaviorId", "path": [...], "duration": d}`: a finger moving an attachment's anchor or a
        /// snap's point along a polyline.
        case pan(Reference, Pan)

        /// The behavior the action names (`set`, `remove`, `pan`); nil for `add`.
        package var target: Reference? {
            switch self {
            case .set(let target, _), .remove(let target), .pan(let target, _): target
            case .add: nil
            }
        }
    }
}

/// A pan gesture: the anchor (or point) of a behavior follows `path` at constant speed for `duration` seconds.
///
/// On every frame from the event's start to start + duration, the anchor is where the finger is at that frame's
/// time (as `set` events at each frame would place it): at time t the finger has covered the fraction
/// (t − start) / duration of the path's length.
package struct Pan: Equatable, Sendable {
    /// The polyline, 1 or more points (`/events/N/path`).
    package var path: [Point]
    /// Seconds ≥ 0 (0: the anchor jumps to the path's end at once).
    package var duration: Double

    package init(path: [Point], duration: Double) {
        self.path = path
        self.duration = duration
    }

    /// Where the finger is after `fraction` (clamped to [0, 1]) of the gesture: the point at that fraction of the
    /// path's length.
    package func point(atFraction fraction: Double) -> Point {
        guard let first = path.first else { return .zero }
        let f = min(1, max(0, fraction.isNaN ? 1 : fraction))
        var lengths: [Double] = []
        var total = 0.0
        for k in path.indices.dropFirst() {
            let d = Vector(x: path[k].x - path[k - 1].x, y: path[k].y - path[k - 1].y).length
            lengths.append(d)
            total += d
        }
        guard total > 0 else { return f >= 1 ? path[path.count - 1] : first }
        if f >= 1 { return path[path.count - 1] }
        var remaining = f * total
        for (k, length) in lengths.enumerated() {
            if remaining <= length, length > 0 {
                let t = remaining / length
                let a = path[k]
                let b = path[k + 1]
                return Vector(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            remaining -= length
        }
        return path[path.count - 1]
    }
}

/// A reaction's `on`: which contact events apply it.
package struct ContactTrigger: Equatable, Sendable {
    /// `/events/N/on`.
    package var pointer: JSONPointer
    /// Whether the event is `contactEnded` (else `contactBegan`).
    package var ended: Bool
    /// The pair; nil when the filter is invalid (already reported).
    package var filter: ContactFilter?

    package init(pointer: JSONPointer, ended: Bool, filter: ContactFilter?) {
        self.pointer = pointer
        self.ended = ended
        self.filter = filter
    }
}

/// A pair that a contact event is about: `{"item": id, "with": {"item": id} | {"boundary": id | null}}`, in
/// reactions and in `contact`/`noContact` expectations. The pair matches a contact whichever item the preview
/// lists first.
package struct ContactFilter: Equatable, Sendable {
    /// The object holding `item` and `with`.
    package var pointer: JSONPointer
    package var item: Reference
    package var partner: Partner

    package init(pointer: JSONPointer, item: Reference, partner: Partner) {
        self.pointer = pointer
        self.item = item
        self.partner = partner
    }

    /// What the item touches.
    package enum Partner: Equatable, Sendable {
        /// Another item.
        case item(Reference)
        /// A boundary by id (its pointer is that of the `boundary` value); a nil id is the reference bounds.
        case boundary(String?, pointer: JSONPointer)
    }
}

/// The `values` of a `set` event: the properties that can change live, each nil when not given (or invalid).
///
/// Which ones apply depends on the target: an attachment takes `anchor`, `length`, `damping`, `frequency`;
/// a snap `point`; a push `active`, `direction`, `angle`, `magnitude`; a gravity `direction`, `angle`, `magnitude`;
/// a gravity, collision, push, dynamicItem or field `items` (as `addItem:`/`removeItem:`).
package struct LiveValues: Equatable, Sendable {
    /// `/events/N/values`.
    package var pointer: JSONPointer
    /// The keys given that can change live for the target, in text order.
    package var keys: [String]
    package var anchor: Point?
    package var length: Double?
    package var damping: Double?
    package var frequency: Double?
    package var point: Point?
    package var active: Bool?
    package var direction: Vector?
    package var angle: Double?
    package var magnitude: Double?
    /// The behavior's new item list; nil when not given (or invalid).
    package var items: [Reference]?

    package init(
        pointer: JSONPointer, keys: [String] = [], anchor: Point? = nil, length: Double? = nil, damping: Double? = nil,
        frequency: Double? = nil, point: Point? = nil, active: Bool? = nil, direction: Vector? = nil,
        angle: Double? = nil, magnitude: Double? = nil, items: [Reference]? = nil
    ) {
        self.pointer = pointer
        self.keys = keys
        self.anchor = anchor
        self.length = length
        self.damping = damping
        self.frequency = frequency
        self.point = point
        self.active = active
        self.direction = direction
        self.angle = angle
        self.magnitude = magnitude
        self.items = items
    }
}
