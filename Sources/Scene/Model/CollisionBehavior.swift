import JSON

/// `collision` — UICollisionBehavior.
package struct CollisionBehavior: Equatable, Sendable {
    package var pointer: JSONPointer
    package var items: [Reference]
    /// collisionMode; nil when absent (`everything`) or invalid.
    package var mode: CollisionMode?
    /// Whether the (inset) reference bounds are a boundary. An explicit `false` is the same as absent.
    package var translatesReferenceBoundsIntoBoundary: Bool
    /// nil when absent (all 0) or invalid.
    package var insets: Insets?
    /// The explicit boundaries in file order.
    package var boundaries: [Boundary]

    package init(
        pointer: JSONPointer, items: [Reference] = [], mode: CollisionMode? = nil,
        translatesReferenceBoundsIntoBoundary: Bool = false, insets: Insets? = nil, boundaries: [Boundary] = []
    ) {
        self.pointer = pointer
        self.items = items
        self.mode = mode
        self.translatesReferenceBoundsIntoBoundary = translatesReferenceBoundsIntoBoundary
        self.insets = insets
        self.boundaries = boundaries
    }

    package var resolvedMode: CollisionMode { mode ?? .everything }
    package var resolvedInsets: Insets { insets ?? Insets(pointer: pointer.appending("insets"), given: { _ in nil }) }
}

/// A collision behavior's `mode`.
package enum CollisionMode: String, CaseIterable, Sendable {
    /// Items collide with items and boundaries.
    case everything
    /// Items collide only with items; boundaries are ignored.
    case items
    /// Items collide only with boundaries; they pass through each other.
    case boundaries
}

/// `insets` of the reference-bounds boundary, in points (a side that is absent has its catalog default).
package struct Insets: Equatable, Sendable {
    package var pointer: JSONPointer
    package var top: Double
    package var left: Double
    package var bottom: Double
    package var right: Double

    /// The sides `given` returns by name, the catalog's defaults for the others.
    package init(pointer: JSONPointer, given: (String) -> Double?) {
        func side(_ name: String) -> Double { given(name) ?? Catalog.knownDefaultNumber(name, in: .insets) }
        self.pointer = pointer
        top = side("top")
        left = side("left")
        bottom = side("bottom")
        right = side("right")
    }
}

/// An explicit boundary of a collision behavior: a segment `{"id", "from", "to"}` or a closed path `{"id", "path"}`.
package struct Boundary: Equatable, Sendable, Pinned {
    /// `/behaviors/N/boundaries/M`.
    package var pointer: JSONPointer
    /// Unique within its behavior; nil when missing or invalid.
    package var id: String?
    /// nil when the boundary's shape keys are missing or invalid.
    package var shape: Shape?
    /// The edges every point of the boundary keeps its distance to (nil when absent or invalid).
    package var pin: PinEdges?

    package init(pointer: JSONPointer, id: String? = nil, shape: Shape? = nil, pin: PinEdges? = nil) {
        self.pointer = pointer
        self.id = id
        self.shape = shape
        self.pin = pin
    }

    package enum Shape: Equatable, Sendable {
        case segment(from: Point, to: Point)
        /// A closed loop through the points (like a UIBezierPath boundary).
        case path([Point])
    }
}
