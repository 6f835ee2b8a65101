// Collision groups: one per UICollisionBehavior. Items collide only with items and boundaries of a group
// they share, as the group's mode allows.

/// A collision group's handle.
package struct CollisionGroupID: Hashable, Comparable, Sendable {
    package var index: Int
    package init(_ index: Int) { self.index = index }
    package static func < (a: CollisionGroupID, b: CollisionGroupID) -> Bool { a.index < b.index }
}

/// UICollisionBehavior's collisionMode.
package enum CollisionMode: Hashable, Sendable {
    /// Items collide with each other and with the group's boundaries.
    case everything
    /// Items collide with each other only (boundaries are ignored).
    case items
    /// Items collide with the boundaries only (they pass through each other).
    case boundaries

    var allowsItems: Bool { self != .boundaries }
    var allowsBoundaries: Bool { self != .items }
}

/// A boundary of a collision group.
package enum BoundaryShape: Hashable, Sendable {
    /// A straight segment.
    case segment(from: Vector, to: Vector)
    /// A closed loop through the points (a UIBezierPath boundary): the segments between consecutive points
    /// and from the last back to the first.
    case loop([Vector])
}

/// An axis-aligned rectangle in view coordinates.
package struct Rect: Hashable, Sendable {
    package var origin: Vector
    package var size: Vector
    package init(origin: Vector, size: Vector) {
        self.origin = origin
        self.size = size
    }
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Vector(x, y), size: Vector(width, height))
    }
    package var maxX: Double { origin.x + size.x }
    package var maxY: Double { origin.y + size.y }
}

/// What `World.addCollisionGroup` needs.
package struct CollisionGroupDefinition: Hashable, Sendable {
    package var bodies: [BodyID]
    package var mode: CollisionMode
    /// Boundaries in order; events name them by their index here.
    package var boundaries: [BoundaryShape]
    /// The (inset) reference bounds when they are translated into a boundary: the boundary is the
    /// rectangle 1 pt outside them. Events name it with a nil boundary index.
    package var referenceBounds: Rect?

    package init(
        bodies: [BodyID], mode: CollisionMode = .everything, boundaries: [BoundaryShape] = [],
        referenceBounds: Rect? = nil
    ) {
        self.bodies = bodies
        self.mode = mode
        self.boundaries = boundaries
        self.referenceBounds = referenceBounds
    }
}

struct CollisionGroup {
    var definition: CollisionGroupDefinition
    var alive = true
    /// The group's boundary shapes.
    var shapes: [Int32] = []
}

/// The material of every boundary (UIKit gives boundaries no properties of their own).
package enum BoundaryMaterial {
    package static let friction = 0.2
    package static let elasticity = 0.2
}
