import JSON

/// `gravity` — UIGravityBehavior. Either `direction` or `angle`/`magnitude` (exclusive).
package struct GravityBehavior: Equatable, Sendable {
    package var pointer: JSONPointer
    package var items: [Reference]
    /// gravityDirection; length 1.0 = 1000 pt/s².
    package var direction: Vector?
    /// Radians (default π/2, straight down).
    package var angle: Double?
    /// Default 1.0.
    package var magnitude: Double?

    package init(
        pointer: JSONPointer, items: [Reference] = [], direction: Vector? = nil, angle: Double? = nil,
        magnitude: Double? = nil
    ) {
        self.pointer = pointer
        self.items = items
        self.direction = direction
        self.angle = angle
        self.magnitude = magnitude
    }

    /// The gravity vector the behavior gives (length 1 = 1000 pt/s²): `direction`, else from `angle`/`magnitude`
    /// with their defaults (π/2, 1.0), i.e. `[0, 1]` when nothing is given.
    static let defaultAngle = Catalog.knownDefaultNumber("angle", in: .behavior(.gravity))
    static let defaultMagnitude = Catalog.knownDefaultNumber("magnitude", in: .behavior(.gravity))

    package var resolvedVector: Vector {
        if let direction { return direction }
        if angle == nil && magnitude == nil { return Vector(x: 0, y: 1) }
        return Vector.polar(angle: angle ?? Self.defaultAngle, magnitude: magnitude ?? Self.defaultMagnitude)
    }
}
