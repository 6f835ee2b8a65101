import JSON

/// One event of the timeline: at `at` seconds, exactly one action.
package struct Event: Equatable, Sendable {
    /// `/events/N`.
    package var pointer: JSONPointer
    /// Seconds ≥ 0; nil when missing or invalid.
    package var at: Double?
    /// nil when the event has no valid action (none, several, or an invalid one).
    package var action: Action?

    package init(pointer: JSONPointer, at: Double? = nil, action: Action? = nil) {
        self.pointer = pointer
        self.at = at
        self.action = action
    }

    package enum Action: Equatable, Sendable {
        /// `{"set": "behaviorId", "values": {...}}`: changes live properties.
        case set(Reference, LiveValues)
        /// `{"add": {behavior}}`, as `addBehavior:`.
        case add(Behavior)
        /// `{"remove": "behaviorId"}`, as `removeBehavior:`.
        case remove(Reference)
    }
}

/// The `values` of a `set` event: the properties that can change live, each nil when not given (or invalid).
///
/// Which ones apply depends on the target: an attachment takes `anchor`, `length`, `damping`, `frequency`;
/// a snap `point`; a push `active`, `direction`, `angle`, `magnitude`; a gravity `direction`, `angle`, `magnitude`.
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

    package init(
        pointer: JSONPointer, keys: [String] = [], anchor: Point? = nil, length: Double? = nil, damping: Double? = nil,
        frequency: Double? = nil, point: Point? = nil, active: Bool? = nil, direction: Vector? = nil,
        angle: Double? = nil, magnitude: Double? = nil
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
    }
}
