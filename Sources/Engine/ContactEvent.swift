// Contact events, reported per frame: all `began` (in the order they happened) before all `ended`.

/// What an item touched.
package enum ContactPartner: Hashable, Sendable {
    /// Another item (always the one with the higher id: the event's `body` is the lower).
    case body(BodyID)
    /// A boundary of a collision group: its index in the group's `boundaries`, nil for the reference bounds.
    case boundary(group: CollisionGroupID, index: Int?)
}

package struct ContactEvent: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case began
        case ended
    }

    package var kind: Kind
    package var body: BodyID
    package var partner: ContactPartner
    /// began: the contact point of the largest normal impulse in the sub-step it began; ended: the last
    /// such point while it touched.
    package var point: Vector
    /// The sub-step (counted from 1 since the start) in which it happened; for a contact ended by a
    /// change the caller made between frames (a removal), the number of sub-steps run before it.
    package var substep: Int
}

/// A simulation that stopped being finite, or left the view by more than 10⁶ pt.
package struct Divergence: Hashable, Sendable {
    package var body: BodyID
    /// The sub-step (counted from 1) after which the body's state was found bad.
    package var substep: Int
}

/// What happened during one frame.
package struct FrameReport: Sendable {
    /// Contact events, every `began` before every `ended`.
    package var contactEvents: [ContactEvent] = []
    /// Set when the simulation diverged during this frame (the world stops there).
    package var divergence: Divergence?
}

/// The logical pair a began/ended event is about: a boundary loop (or the reference rectangle) made of
/// several segments counts as one boundary.
struct TouchKey: Hashable {
    var body: Int32
    var group: Int32
    var boundaryIndex: Int32
}

/// The net change of a boundary's touches with one item during a sub-step.
struct TouchChange {
    var key: TouchKey
    var delta: Int
    /// The contact slot that began touching first (its impulses give the began point), or -1.
    var beganSlot: Int32
    /// The last known point of the last contact that ended.
    var endedPoint: Vector
}
