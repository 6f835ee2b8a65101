// Contact manifolds as in Box2D 2.x: up to two points in local coordinates, each with a feature id that
// names the vertices/faces that made it, so a point found again in the next sub-step inherits its
// accumulated impulses (warm starting).

enum ManifoldType: UInt8 {
    /// Two discs (or a disc and a polygon vertex): `localPoint` is the center/vertex on A.
    case circles
    /// The normal belongs to a face of A: `localNormal`, `localPoint` (on the face) in A's frame.
    case faceA
    /// The normal belongs to a face of B.
    case faceB
}

/// Which features made a contact point: vertex or face indices of both shapes.
enum ContactFeature {
    static let vertex: UInt64 = 0
    static let face: UInt64 = 1

    static func make(indexA: Int, indexB: Int, typeA: UInt64, typeB: UInt64) -> UInt64 {
        UInt64(truncatingIfNeeded: indexA & 0xFF_FFFF) | (UInt64(truncatingIfNeeded: indexB & 0xFF_FFFF) << 24)
            | (typeA << 48) | (typeB << 56)
    }

    static func indexA(_ id: UInt64) -> Int { Int(id & 0xFF_FFFF) }
    static func indexB(_ id: UInt64) -> Int { Int((id >> 24) & 0xFF_FFFF) }
    static func typeA(_ id: UInt64) -> UInt64 { (id >> 48) & 0xFF }
    static func typeB(_ id: UInt64) -> UInt64 { (id >> 56) & 0xFF }

    /// The same features seen from the other shape.
    static func swapped(_ id: UInt64) -> UInt64 {
        make(indexA: indexB(id), indexB: indexA(id), typeA: typeB(id), typeB: typeA(id))
    }
}

struct ManifoldPoint {
    /// circles/faceA: the point on B in B's frame; faceB: the point on A in A's frame.
    var localPoint: Vector = .zero
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var id: UInt64 = 0
}

struct Manifold {
    var type: ManifoldType = .circles
    var localNormal: Vector = .zero
    var localPoint: Vector = .zero
    var point0 = ManifoldPoint()
    var point1 = ManifoldPoint()
    var pointCount = 0

    subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? point0 : point1 }
        set { if i == 0 { point0 = newValue } else { point1 = newValue } }
    }
}

/// A manifold in world coordinates: the normal from A to B, points midway between the surfaces.
struct WorldManifold {
    var normal: Vector = .zero
    var point0: Vector = .zero
    var point1: Vector = .zero
    var separation0: Double = 0
    var separation1: Double = 0

    func point(_ i: Int) -> Vector { i == 0 ? point0 : point1 }

    init() {}

    init(_ manifold: Manifold, _ xfA: Transform, _ radiusA: Double, _ xfB: Transform, _ radiusB: Double) {
        guard manifold.pointCount > 0 else { return }
        switch manifold.type {
        case .circles:
            var n = Vector(1, 0)
            let pointA = xfA.apply(manifold.localPoint)
            let pointB = xfB.apply(manifold.point0.localPoint)
            if distanceSquared(pointA, pointB) > Double.ulpOfOne * Double.ulpOfOne {
                n = (pointB - pointA).normalized
            }
            normal = n
            let cA = pointA + radiusA * n
            let cB = pointB - radiusB * n
            point0 = 0.5 * (cA + cB)
            separation0 = dot(cB - cA, n)
        case .faceA:
            let n = xfA.q.apply(manifold.localNormal)
            normal = n
            let planePoint = xfA.apply(manifold.localPoint)
            for i in 0..<manifold.pointCount {
                let clipPoint = xfB.apply(manifold[i].localPoint)
                let cA = clipPoint + (radiusA - dot(clipPoint - planePoint, n)) * n
                let cB = clipPoint - radiusB * n
                set(i, point: 0.5 * (cA + cB), separation: dot(cB - cA, n))
            }
        case .faceB:
            let n = xfB.q.apply(manifold.localNormal)
            let planePoint = xfB.apply(manifold.localPoint)
            for i in 0..<manifold.pointCount {
                let clipPoint = xfA.apply(manifold[i].localPoint)
                let cB = clipPoint + (radiusB - dot(clipPoint - planePoint, n)) * n
                let cA = clipPoint - radiusA * n
                set(i, point: 0.5 * (cA + cB), separation: dot(cA - cB, n))
            }
            normal = -n
        }
    }

    private mutating func set(_ i: Int, point: Vector, separation: Double) {
        if i == 0 {
            point0 = point
            separation0 = separation
        } else {
            point1 = point
            separation1 = separation
        }
    }
}
