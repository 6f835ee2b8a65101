// Distance between two convex cores in world coordinates (a point, a segment, or a convex polygon with
// positive orientation), for continuous collision. Small vertex counts make the direct method fine: zero
// when an edge of one crosses an edge of the other or one contains the other, else the least distance
// from a vertex of one to an edge of the other.

enum ConvexDistance {
    /// The closest point of segment [p, q] to x.
    private static func closestPoint(on p: Vector, _ q: Vector, to x: Vector) -> Vector {
        let e = q - p
        let ee = e.lengthSquared
        guard ee > 0 else { return p }
        let t = min(max(dot(x - p, e) / ee, 0), 1)
        return p + t * e
    }

    private static func crosses(_ a1: Vector, _ a2: Vector, _ b1: Vector, _ b2: Vector) -> Bool {
        let d1 = cross(b2 - b1, a1 - b1)
        let d2 = cross(b2 - b1, a2 - b1)
        let d3 = cross(a2 - a1, b1 - a1)
        let d4 = cross(a2 - a1, b2 - a1)
        return d1 * d2 < 0 && d3 * d4 < 0
    }

    private static func contains(_ polygon: UnsafeBufferPointer<Vector>, _ x: Vector) -> Bool {
        guard polygon.count >= 3 else { return false }
        for i in 0..<polygon.count {
            let p = polygon[i]
            let q = polygon[(i + 1) % polygon.count]
            if cross(q - p, x - p) < 0 { return false }
        }
        return true
    }

    private static func edgeCount(_ n: Int) -> Int { n >= 3 ? n : 1 }

    private static func edge(_ s: UnsafeBufferPointer<Vector>, _ i: Int) -> (Vector, Vector) {
        s.count == 1 ? (s[0], s[0]) : (s[i], s[(i + 1) % s.count])
    }

    /// The distance between the cores and the unit direction from B's closest point to A's (zero when
    /// they overlap).
    static func distance(
        _ a: UnsafeBufferPointer<Vector>, _ b: UnsafeBufferPointer<Vector>
    ) -> (distance: Double, normal: Vector) {
        guard a.count > 0, b.count > 0 else { return (.infinity, .zero) }
        if a.count >= 2 && b.count >= 2 {
            for i in 0..<edgeCount(a.count) {
                let (a1, a2) = edge(a, i)
                for j in 0..<edgeCount(b.count) {
                    let (b1, b2) = edge(b, j)
                    if crosses(a1, a2, b1, b2) { return (0, .zero) }
                }
            }
        }
        if contains(a, b[0]) || contains(b, a[0]) { return (0, .zero) }
        var best = Double.infinity
        var pointA = Vector.zero
        var pointB = Vector.zero
        for i in 0..<a.count {
            for j in 0..<edgeCount(b.count) {
                let (b1, b2) = edge(b, j)
                let c = closestPoint(on: b1, b2, to: a[i])
                let d = distanceSquared(a[i], c)
                if d < best {
                    best = d
                    pointA = a[i]
                    pointB = c
                }
            }
        }
        for j in 0..<b.count {
            for i in 0..<edgeCount(a.count) {
                let (a1, a2) = edge(a, i)
                let c = closestPoint(on: a1, a2, to: b[j])
                let d = distanceSquared(b[j], c)
                if d < best {
                    best = d
                    pointA = c
                    pointB = b[j]
                }
            }
        }
        return (best.squareRoot(), (pointA - pointB).normalized)
    }
}
