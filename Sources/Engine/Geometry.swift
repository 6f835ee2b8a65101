// Convex geometry for collision shapes: hulls, polygon cores, mass properties.
//
// An item's polygon is its full outline, as Box2D's `b2PolygonShape::SetAsBox` and `Set` build it, with
// Box2D's polygon radius (a 1 pt skin) around it, as UIKit does (a 100 pt box dropped on a segment rests
// with its center at y = 248.216629, measured). Every polygon core is stored with positive signed area
// (x_i·y_{i+1} − x_{i+1}·y_i summed > 0) and outward normals n_i = perp(v_{i+1} − v_i) = (e.y, −e.x)
// normalized.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An axis-aligned box.
struct AABB: Sendable {
    var lower: Vector
    var upper: Vector

    /// (Computed, not stored: a stored static is initialized lazily, behind a `swift_once` call at every read.)
    static var empty: AABB { AABB(lower: Vector(.infinity, .infinity), upper: Vector(-.infinity, -.infinity)) }

    func overlaps(_ other: AABB) -> Bool {
        !(other.lower.x > upper.x || other.lower.y > upper.y || lower.x > other.upper.x || lower.y > other.upper.y)
    }

    /// Whether `other` lies within this box (edges may touch), as b2AABB::Contains.
    func contains(_ other: AABB) -> Bool {
        lower.x <= other.lower.x && lower.y <= other.lower.y && other.upper.x <= upper.x && other.upper.y <= upper.y
    }

    func union(_ other: AABB) -> AABB {
        AABB(lower: minimum(lower, other.lower), upper: maximum(upper, other.upper))
    }

    func expanded(by margin: Double) -> AABB {
        AABB(lower: Vector(lower.x - margin, lower.y - margin), upper: Vector(upper.x + margin, upper.y + margin))
    }
}

/// The core of a collision shape in its body's frame, before it is stored.
struct CoreGeometry {
    /// `true` for a disc (`vertices` empty, `center` its center).
    var isCircle: Bool
    /// `true` for a boundary segment (two vertices).
    var isEdge = false
    var center: Vector
    var radius: Double
    var vertices: [Vector]
    var normals: [Vector]
}

/// Mass properties of an outline, per unit mass.
struct UnitMassProperties {
    /// The center of mass in the body's frame (the item's center is the origin).
    var centroid: Vector
    /// Rotational inertia about the centroid divided by the mass.
    var inertiaPerMass: Double
}

enum Geometry {
    /// The vertices of the ellipse approximation (a convex polygon of this many vertices).
    static let ellipseVertexCount = 24
    /// A path's hull keeps at most this many vertices (evenly picked), so collision cost stays bounded.
    static let maxPolygonVertices = 64

    /// The convex hull of `points` by the monotone chain, positive orientation, no collinear points.
    /// Fewer than 3 points back when the points are (nearly) collinear.
    static func convexHull(_ points: [Vector]) -> [Vector] {
        let finite = points.filter { $0.isFinite }
        guard finite.count >= 3 else { return finite }
        let sorted = finite.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        var extent = 0.0
        for p in sorted { extent = max(extent, abs(p.x), abs(p.y)) }
        // Twice the area of a sliver below this counts as collinear.
        let tolerance = extent * extent * 1e-12
        var hull: [Vector] = []
        hull.reserveCapacity(sorted.count + 1)
        for p in sorted {
            while hull.count >= 2
                && cross(hull[hull.count - 1] - hull[hull.count - 2], p - hull[hull.count - 2]) <= tolerance
            {
                hull.removeLast()
            }
            hull.append(p)
        }
        let lowerCount = hull.count + 1
        for p in sorted.reversed().dropFirst() {
            while hull.count >= lowerCount
                && cross(hull[hull.count - 1] - hull[hull.count - 2], p - hull[hull.count - 2]) <= tolerance
            {
                hull.removeLast()
            }
            hull.append(p)
        }
        hull.removeLast()
        return hull
    }

    static func normals(of vertices: [Vector]) -> [Vector] {
        var normals: [Vector] = []
        normals.reserveCapacity(vertices.count)
        for i in vertices.indices {
            let e = vertices[(i + 1) % vertices.count] - vertices[i]
            normals.append(Vector(e.y, -e.x).normalized)
        }
        return normals
    }

    /// Area, centroid and polar moment (about the origin) of a positively oriented polygon.
    static func polygonMoments(_ vertices: [Vector]) -> (area: Double, centroid: Vector, polarMoment: Double) {
        var area = 0.0
        var center = Vector.zero
        var moment = 0.0
        // Triangles fanned from the first vertex keep the sums well conditioned.
        let origin = vertices[0]
        for i in 1..<(vertices.count - 1) {
            let e1 = vertices[i] - origin
            let e2 = vertices[i + 1] - origin
            let d = cross(e1, e2)
            let triangleArea = 0.5 * d
            area += triangleArea
            center += (triangleArea / 3) * (e1 + e2)
            let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
            let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
            moment += (0.25 / 3 * d) * (intx2 + inty2)
        }
        guard area > 0 else { return (0, origin, 0) }
        center = (1 / area) * center
        // Moment about `origin`, shifted to the centroid and then to the body origin.
        let aboutCentroid = moment - area * center.lengthSquared
        let centroid = origin + center
        return (area, centroid, aboutCentroid + area * centroid.lengthSquared)
    }

    /// The core of a rectangle of `size` centered on the origin.
    static func rectangle(size: Vector) -> CoreGeometry {
        let hx = 0.5 * size.x
        let hy = 0.5 * size.y
        let vertices = [Vector(-hx, -hy), Vector(hx, -hy), Vector(hx, hy), Vector(-hx, hy)]
        let normals = [Vector(0, -1), Vector(1, 0), Vector(0, 1), Vector(-1, 0)]
        return CoreGeometry(
            isCircle: false, center: .zero, radius: Constants.polygonRadius, vertices: vertices, normals: normals)
    }

    /// The core of an ellipse inscribed in `size`: a disc when the size is square.
    static func ellipse(size: Vector) -> CoreGeometry {
        if size.x == size.y {
            return CoreGeometry(isCircle: true, center: .zero, radius: 0.5 * size.x, vertices: [], normals: [])
        }
        // Vertices a little outside the ellipse, so the polygon's edges straddle it.
        let n = ellipseVertexCount
        let scale = 0.5 * (1 + 1 / cos(Double.pi / Double(n)))
        var outline: [Vector] = []
        for k in 0..<n {
            let t = 2 * Double.pi * Double(k) / Double(n)
            outline.append(Vector(scale * 0.5 * size.x * cos(t), scale * 0.5 * size.y * sin(t)))
        }
        return polygon(outline: outline, fallbackSize: size)
    }

    /// The core of a convex outline (hull taken); a rectangle of `fallbackSize` when degenerate.
    static func polygon(outline: [Vector], fallbackSize: Vector) -> CoreGeometry {
        var hull = convexHull(outline)
        if hull.count > maxPolygonVertices {
            let step = Double(hull.count) / Double(maxPolygonVertices)
            hull = (0..<maxPolygonVertices).map { hull[Int(Double($0) * step)] }
        }
        guard hull.count >= 3 else { return rectangle(size: fallbackSize) }
        let normals = normals(of: hull)
        let centroid = polygonMoments(hull).centroid
        var inradius = Double.infinity
        for i in hull.indices { inradius = min(inradius, dot(normals[i], hull[i] - centroid)) }
        guard inradius > 0, inradius.isFinite else { return rectangle(size: fallbackSize) }
        return CoreGeometry(
            isCircle: false, center: .zero, radius: Constants.polygonRadius, vertices: hull, normals: normals)
    }

    /// A boundary segment: a two-vertex polygon (normals n and −n) with the boundary skin; a small disc
    /// when the segment has no length.
    static func segment(from a: Vector, to b: Vector) -> CoreGeometry {
        let e = b - a
        if e.length <= 1e-9 * max(1, a.length) {
            return CoreGeometry(isCircle: true, center: a, radius: Constants.boundaryRadius, vertices: [], normals: [])
        }
        let n = Vector(e.y, -e.x).normalized
        return CoreGeometry(
            isCircle: false, isEdge: true, center: .zero, radius: Constants.boundaryRadius, vertices: [a, b],
            normals: [n, -n])
    }

    /// Mass properties of an item outline of the given kind.
    static func unitMass(rectangle size: Vector) -> UnitMassProperties {
        UnitMassProperties(centroid: .zero, inertiaPerMass: (size.x * size.x + size.y * size.y) / 12)
    }

    static func unitMass(ellipse size: Vector) -> UnitMassProperties {
        let a = 0.5 * size.x
        let b = 0.5 * size.y
        return UnitMassProperties(centroid: .zero, inertiaPerMass: (a * a + b * b) / 4)
    }

    static func unitMass(outline: [Vector], fallbackSize: Vector) -> UnitMassProperties {
        let hull = convexHull(outline)
        guard hull.count >= 3 else { return unitMass(rectangle: fallbackSize) }
        let m = polygonMoments(hull)
        guard m.area > 0 else { return unitMass(rectangle: fallbackSize) }
        return UnitMassProperties(
            centroid: m.centroid, inertiaPerMass: m.polarMoment / m.area - m.centroid.lengthSquared)
    }
}
