// A collision shape: a disc or a convex polygon core with a skin, owned by a body. Boundary segments are
// two-vertex polygons on the static ground body. Vertices and normals live in the world's pools.

enum ShapeKind: UInt8 {
    case circle
    /// A convex polygon of 3+ vertices.
    case polygon
    /// A boundary segment (2 vertices), maybe with neighbours in a loop.
    case edge
}

struct Shape {
    var kind: ShapeKind
    var body: Int32
    /// The disc's radius or the polygon's skin.
    var radius: Double
    /// The disc's center in the body frame.
    var center: Vector
    var vertexStart: Int32
    var vertexCount: Int32
    /// World bounds including the skin, refreshed as the body moves.
    var aabb: AABB = .empty
    /// The broad phase's bounds: Box2D's fat proxy bounds, `aabb` (swept over the last sub-step) with a
    /// margin, kept until the shape leaves them (`WorldState.synchronizeProxy`). Pairs of shapes whose proxy
    /// bounds overlap have a contact, as in Box2D's broad phase.
    var proxyBounds: AABB = .empty
    /// For a boundary: its collision group and its index in the group's boundaries (-1: the reference
    /// bounds). -1 for item shapes.
    var group: Int32 = -1
    var boundaryIndex: Int32 = -1
    /// The polygon core's centroid in the body frame.
    var centroid: Vector = .zero
    /// A segment's neighbouring vertices in its loop (the vertex before its start, after its end).
    var ghost0: Vector = .zero
    var ghost3: Vector = .zero
    var hasGhost0 = false
    var hasGhost3 = false
    /// Still in the world (a removed boundary leaves a dead slot).
    var alive = true
    /// Takes part in the broad phase (alive, and its body in the simulation).
    var active = true

    var isBoundary: Bool { group >= 0 }
}

/// A read-only view of a polygon core for the narrow phase.
struct PolygonView {
    var vertices: UnsafeBufferPointer<Vector>
    var normals: UnsafeBufferPointer<Vector>
    var radius: Double
    var count: Int { vertices.count }
}
