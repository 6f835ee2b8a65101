import JSON

/// `attachment` — UIAttachmentBehavior: joins a point of `item` (its center plus `offset`, turning with the item)
/// to a fixed `anchor` or to a point of another item (`attachedTo` at `attachedOffset`).
package struct AttachmentBehavior: Equatable, Sendable, Pinned {
    package var pointer: JSONPointer
    /// The attached item.
    package var item: Reference?
    /// offsetFromCenter.
    package var offset: Vector?
    /// A fixed point in the reference view (exclusive with `attachedTo`).
    package var anchor: Point?
    /// The other item (exclusive with `anchor`).
    package var attachedTo: Reference?
    /// The point in `attachedTo` (only with it).
    package var attachedOffset: Vector?
    /// nil when absent (`distance`) or invalid.
    package var kind: AttachmentKind?
    /// ≥ 0: distance: the rod or rest length; limit: the maximum length (default: the distance at start).
    package var length: Double?
    /// ≥ 0; distance only.
    package var damping: Double?
    /// ≥ 0, Hz; distance only; 0 is a rigid rod.
    package var frequency: Double?
    /// ≥ 0; pin only.
    package var frictionTorque: Double?
    /// min ≤ 0 ≤ max; pin (radians) and sliding (points) only.
    package var range: Interval?
    /// Non-zero; sliding only (required there).
    package var axis: Vector?
    /// The edges `anchor` keeps its distance to (nil when absent or invalid).
    package var pin: PinEdges?

    package init(
        pointer: JSONPointer, item: Reference? = nil, offset: Vector? = nil, anchor: Point? = nil,
        attachedTo: Reference? = nil, attachedOffset: Vector? = nil, kind: AttachmentKind? = nil,
        length: Double? = nil, damping: Double? = nil, frequency: Double? = nil, frictionTorque: Double? = nil,
        range: Interval? = nil, axis: Vector? = nil, pin: PinEdges? = nil
    ) {
        self.pointer = pointer
        self.item = item
        self.offset = offset
        self.anchor = anchor
        self.attachedTo = attachedTo
        self.attachedOffset = attachedOffset
        self.kind = kind
        self.length = length
        self.damping = damping
        self.frequency = frequency
        self.frictionTorque = frictionTorque
        self.range = range
        self.axis = axis
        self.pin = pin
    }

    package var resolvedKind: AttachmentKind { kind ?? .distance }
    /// The frequency with its default (the catalog's) applied.
    package var resolvedFrequency: Double { frequency ?? Self.defaultFrequency }
    /// The damping with its default (the catalog's) applied.
    package var resolvedDamping: Double { damping ?? Self.defaultDamping }
    /// The friction torque with its default (the catalog's) applied.
    package var resolvedFrictionTorque: Double { frictionTorque ?? Self.defaultFrictionTorque }

    package static let defaultFrequency = Catalog.knownDefaultNumber("frequency", in: .behavior(.attachment))
    package static let defaultDamping = Catalog.knownDefaultNumber("damping", in: .behavior(.attachment))
    static let defaultFrictionTorque = Catalog.knownDefaultNumber("frictionTorque", in: .behavior(.attachment))

    /// A spring (a distance attachment with a frequency above 0) with damping 0 (given or by default): it never
    /// settles (`attachment.undamped`).
    package var isUndampedSpring: Bool {
        resolvedKind == .distance && resolvedFrequency > 0 && resolvedDamping == 0
    }
}

/// An attachment's `kind`, the iOS 9 factories.
package enum AttachmentKind: String, CaseIterable, Sendable {
    case distance, pin, fixed, sliding, limit
}
