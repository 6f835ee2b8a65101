// Pushes (UIPushBehavior). A continuous push is a force of `force` UIKit newtons applied in every
// sub-step at `offset` from the item's center (the offset does not turn with the item, so an offset push
// makes torque); 1 N on a 1 kg item gives 100 pt/s². An instantaneous push is one impulse of `force`
// N·s, applied in the next sub-step that runs and then turned off; magnitude 1 gives a 1 kg item 100 pt/s.

/// A push's handle.
package struct PushID: Hashable, Comparable, Sendable {
    package var index: Int
    package init(_ index: Int) { self.index = index }
    package static func < (a: PushID, b: PushID) -> Bool { a.index < b.index }
}

package enum PushMode: Hashable, Sendable {
    case continuous
    case instantaneous
}

package struct PushDefinition: Hashable, Sendable {
    package var bodies: [BodyID]
    package var mode: PushMode
    /// UIKit newtons (continuous) or newton-seconds (instantaneous).
    package var force: Vector
    /// From the item's center, in view axes (not turning with the item).
    package var offset: Vector
    package var active: Bool

    package init(
        bodies: [BodyID], mode: PushMode = .continuous, force: Vector = .zero, offset: Vector = .zero,
        active: Bool = true
    ) {
        self.bodies = bodies
        self.mode = mode
        self.force = force
        self.offset = offset
        self.active = active
    }
}

struct Push {
    var definition: PushDefinition
    var alive = true
}
