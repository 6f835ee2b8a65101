import JSON

/// `snap` — UISnapBehavior: pulls the item's center to `point` and its angle to 0.
package struct SnapBehavior: Equatable, Sendable, Pinned {
    package var pointer: JSONPointer
    package var item: Reference?
    /// snapPoint.
    package var point: Point?
    /// In [0, 1], default 0.5; read once, when the snap is added.
    package var damping: Double?
    /// The edges `point` keeps its distance to (nil when absent or invalid).
    package var pin: PinEdges?

    package init(
        pointer: JSONPointer, item: Reference? = nil, point: Point? = nil, damping: Double? = nil, pin: PinEdges? = nil
    ) {
        self.pointer = pointer
        self.item = item
        self.point = point
        self.damping = damping
        self.pin = pin
    }

    package var resolvedDamping: Double { damping ?? Self.defaultDamping }
    static let defaultDamping = Catalog.knownDefaultNumber("damping", in: .behavior(.snap))
}
