// A collision shape: a disc or a convex polygon core with a skin, owned by a body. Boundary segments are
// two-vertex polygons on the static ground body. Vertices and normals live in the world's pools.

enum ShapeKind: UInt8 {
    case circle
    /// A convex polygon of 3+ vertices, or a boundary segment (2 vertices).
    case polygon
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
    /// For a boundary: its collision group and its index in the group's boundaries (-1: the reference
    /// bounds). -1 for item shapes.
    var group: Int32 = -1
    var boundaryIndex: Int32 = -1
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
