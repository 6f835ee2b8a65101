import JSON

/// One entry of the top-level `expect` array: something the designer wants the animation to do, checked when
/// the scene is simulated (`expect.failed`). Without a simulation only its shape is checked.
package struct Expectation: Equatable, Sendable, Pinned {
    /// `/expect/N`.
    package var pointer: JSONPointer
    /// nil when `type` or a key its type requires is missing or invalid (already reported).
    package var kind: Kind?
    /// With `near`: the edges `point` keeps its distance to (nil when absent or invalid).
    package var pin: PinEdges?

    package init(pointer: JSONPointer, kind: Kind? = nil, pin: PinEdges? = nil) {
        self.pointer = pointer
        self.kind = kind
        self.pin = pin
    }

    package enum Kind: Equatable, Sendable {
        /// `{"type": "rests", "item": id, "by": t}`: the item is resting at time t.
        case rests(item: Reference, by: Double)
        /// `{"type": "near", "item": id, "point": [x, y], "within": r, "by": t, "angleWithin"?: a}`: from time t
        /// to the end, the center stays within r pt of the point (and the angle within a rad of 0).
        case near(item: Reference, point: Point, within: Double, by: Double, angleWithin: Double?)
        /// `{"type": "contact", "item": id, "with": {...}, "before": t}`: such a contact begins before time t.
        case contact(ContactFilter, before: Double)
        /// `{"type": "noContact", "item": id, "with": {...}}`: such a contact never begins.
        case noContact(ContactFilter)
        /// `{"type": "pauses", "by": t}`: the animator is paused at time t.
        case pauses(by: Double)
    }

    /// The item the expectation is about, when it names one.
    package var item: Reference? {
        switch kind {
        case .rests(let item, _), .near(let item, _, _, _, _): item
        case .contact(let filter, _), .noContact(let filter): filter.item
        case .pauses, nil: nil
        }
    }
}

/// The `type` of an expectation.
package enum ExpectationType: String, CaseIterable, Sendable {
    case rests, near, contact, noContact, pauses
}
