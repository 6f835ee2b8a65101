import JSON

/// `snap` — UISnapBehavior: pulls the item's center to `point` and its angle to 0.
package struct SnapBehavior: Equatable, Sendable {
    package var pointer: JSONPointer
    package var item: Reference?
    /// snapPoint.
    package var point: Point?
    /// In [0, 1], default 0.5; read once, when the snap is added.
    package var damping: Double?

    package init(pointer: JSONPointer, item: Reference? = nil, point: Point? = nil, damping: Double? = nil) {
        self.pointer = pointer
        self.item = item
        self.point = point
        self.damping = damping
    }

    package var resolvedDamping: Double { damping ?? 0.5 }
}
