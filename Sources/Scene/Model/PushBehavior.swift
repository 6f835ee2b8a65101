import JSON

/// `push` — UIPushBehavior. Either `direction` or `angle`/`magnitude` (exclusive), in UIKit Newtons.
package struct PushBehavior: Equatable, Sendable {
    package var pointer: JSONPointer
    package var items: [Reference]
    /// nil when absent (`continuous`) or invalid; fixed once added.
    package var mode: PushMode?
    /// pushDirection.
    package var direction: Vector?
    /// Radians (default 0).
    package var angle: Double?
    /// Default 0.
    package var magnitude: Double?
    /// Default true; an instantaneous push turns itself off once applied.
    package var active: Bool?
    /// targetOffsetFromCenter; not rotated with the item.
    package var offset: Vector?

    package init(
        pointer: JSONPointer, items: [Reference] = [], mode: PushMode? = nil, direction: Vector? = nil,
        angle: Double? = nil, magnitude: Double? = nil, active: Bool? = nil, offset: Vector? = nil
    ) {
        self.pointer = pointer
        self.items = items
        self.mode = mode
        self.direction = direction
        self.angle = angle
        self.magnitude = magnitude
        self.active = active
        self.offset = offset
    }

    package var resolvedMode: PushMode { mode ?? .continuous }
    static let defaultAngle = Catalog.knownDefaultNumber("angle", in: .behavior(.push))
    static let defaultMagnitude = Catalog.knownDefaultNumber("magnitude", in: .behavior(.push))

    /// The force vector: `direction`, else from `angle`/`magnitude` (defaults 0, 0).
    package var resolvedVector: Vector {
        if let direction { return direction }
        return Vector.polar(angle: angle ?? Self.defaultAngle, magnitude: magnitude ?? Self.defaultMagnitude)
    }
}

/// A push's `mode`.
package enum PushMode: String, CaseIterable, Sendable {
    case continuous, instantaneous
}
