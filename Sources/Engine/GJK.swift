// The distance between two convex cores by the Gilbert–Johnson–Keerthi method, as Box2D 2.3's b2Distance
// runs it for its time of impact: a simplex of up to three support-point differences (wB − wA) is moved
// toward the origin; the barycentric weights of its closest point give the witness points on both cores.
// The search stops when the simplex holds the origin (overlap), when a support point repeats, or after 20
// iterations. A `SimplexCache` carries the simplex's vertex indices from one query to the next (the time of
// impact asks for the distance again and again along a sweep), and tells the separating-axis function which
// features are closest: one vertex on each (points), two on A (face A) or two on B (face B).
//
// Box2D works in metres and single precision; its epsilons here are scaled to points.

/// A convex core for the distance query: a disc's center (one vertex), a segment's two vertices, or a
/// polygon's vertices, in the body's frame, and the skin radius around them.
struct DistanceProxy {
    let vertices: UnsafeBufferPointer<Vector>
    /// The one vertex of a disc (when `vertices` is empty).
    let point: Vector
    let radius: Double

    var count: Int { vertices.isEmpty ? 1 : vertices.count }

    func vertex(_ i: Int) -> Vector { vertices.isEmpty ? point : vertices[i] }

    /// The index of the vertex farthest along `d` (the first of equals).
    func support(_ d: Vector) -> Int {
        if vertices.isEmpty { return 0 }
        var best = 0
        var bestValue = dot(vertices[0], d)
        for i in 1..<vertices.count {
            let value = dot(vertices[i], d)
            if value > bestValue {
                best = i
                bestValue = value
            }
        }
        return best
    }
}

/// What a distance query leaves for the next one along the same pair.
struct SimplexCache {
    var count = 0
    var indexA: (Int, Int, Int) = (0, 0, 0)
    var indexB: (Int, Int, Int) = (0, 0, 0)
    /// Length or area of the simplex, to tell whether the cached one is still usable.
    var metric = 0.0
}

enum GJK {
    /// b2_epsilon (single precision) scaled from metres to points. (Computed, as `AABB.empty` is.)
    static var epsilon: Double { 100 * Double(Float.ulpOfOne) }
    static let maxIterations = 20

    private struct SimplexVertex {
        var wA = Vector.zero
        var wB = Vector.zero
        var w = Vector.zero
        /// Barycentric weight of the closest point.
        var a = 0.0
        var indexA = 0
        var indexB = 0
    }

    private struct Simplex {
        var v1 = SimplexVertex()
        var v2 = SimplexVertex()
        var v3 = SimplexVertex()
        var count = 0

        subscript(i: Int) -> SimplexVertex {
            get { i == 0 ? v1 : i == 1 ? v2 : v3 }
            set {
                if i == 0 {
                    v1 = newValue
                } else if i == 1 {
                    v2 = newValue
                } else {
                    v3 = newValue
                }
            }
        }

        var metric: Double {
            switch count {
            case 2: return (v2.w - v1.w).length
            case 3: return cross(v2.w - v1.w, v3.w - v1.w)
            default: return 0
            }
        }

        var closestPoint: Vector {
            switch count {
            case 1: return v1.w
            case 2: return v1.a * v1.w + v2.a * v2.w
            default: return .zero
            }
        }

        var searchDirection: Vector {
            if count == 1 { return -v1.w }
            let e12 = v2.w - v1.w
            // Toward the origin from the segment's line.
            return cross(e12, -v1.w) > 0 ? cross(1.0, e12) : cross(e12, 1.0)
        }

        var witnessPoints: (Vector, Vector) {
            switch count {
            case 1: return (v1.wA, v1.wB)
            case 2: return (v1.a * v1.wA + v2.a * v2.wA, v1.a * v1.wB + v2.a * v2.wB)
            default:
                let p = v1.a * v1.wA + v2.a * v2.wA + v3.a * v3.wA
                return (p, p)
            }
        }

        /// Closest point of a segment simplex to the origin: a vertex region or the interior.
        mutating func solve2() {
            let w1 = v1.w
            let w2 = v2.w
            let e12 = w2 - w1
            let d12B = -dot(w1, e12)
            if d12B <= 0 {
                v1.a = 1
                count = 1
                return
            }
            let d12A = dot(w2, e12)
            if d12A <= 0 {
                v2.a = 1
                count = 1
                v1 = v2
                return
            }
            let inverse = 1 / (d12A + d12B)
            v1.a = d12A * inverse
            v2.a = d12B * inverse
            count = 2
        }

        /// Closest point of a triangle simplex to the origin, by its Voronoi regions.
        mutating func solve3() {
            let w1 = v1.w
            let w2 = v2.w
            let w3 = v3.w
            let e12 = w2 - w1
            let d12A = dot(w2, e12)
            let d12B = -dot(w1, e12)
            let e13 = w3 - w1
            let d13A = dot(w3, e13)
            let d13B = -dot(w1, e13)
            let e23 = w3 - w2
            let d23A = dot(w3, e23)
            let d23B = -dot(w2, e23)
            let n123 = cross(e12, e13)
            let d123A = n123 * cross(w2, w3)
            let d123B = n123 * cross(w3, w1)
            let d123C = n123 * cross(w1, w2)

            if d12B <= 0 && d13B <= 0 {
                v1.a = 1
                count = 1
            } else if d12A > 0 && d12B > 0 && d123C <= 0 {
                let inverse = 1 / (d12A + d12B)
                v1.a = d12A * inverse
                v2.a = d12B * inverse
                count = 2
            } else if d13A > 0 && d13B > 0 && d123B <= 0 {
                let inverse = 1 / (d13A + d13B)
                v1.a = d13A * inverse
                v3.a = d13B * inverse
                count = 2
                v2 = v3
            } else if d12A <= 0 && d23B <= 0 {
                v2.a = 1
                count = 1
                v1 = v2
            } else if d13A <= 0 && d23A <= 0 {
                v3.a = 1
                count = 1
                v1 = v3
            } else if d23A > 0 && d23B > 0 && d123A <= 0 {
                let inverse = 1 / (d23A + d23B)
                v2.a = d23A * inverse
                v3.a = d23B * inverse
                count = 2
                v1 = v3
            } else {
                let inverse = 1 / (d123A + d123B + d123C)
                v1.a = d123A * inverse
                v2.a = d123B * inverse
                v3.a = d123C * inverse
                count = 3
            }
        }
    }

    private static func element(_ t: (Int, Int, Int), _ i: Int) -> Int { i == 0 ? t.0 : i == 1 ? t.1 : t.2 }

    private static func makeVertex(
        _ proxyA: DistanceProxy, _ xfA: Transform, _ indexA: Int, _ proxyB: DistanceProxy, _ xfB: Transform,
        _ indexB: Int
    ) -> SimplexVertex {
        let wA = xfA.apply(proxyA.vertex(indexA))
        let wB = xfB.apply(proxyB.vertex(indexB))
        return SimplexVertex(wA: wA, wB: wB, w: wB - wA, a: 0, indexA: indexA, indexB: indexB)
    }

    /// The distance between the two cores (radii not included) and the witness points on A and on B.
    static func distance(
        _ proxyA: DistanceProxy, _ xfA: Transform, _ proxyB: DistanceProxy, _ xfB: Transform,
        cache: inout SimplexCache
    ) -> (distance: Double, pointA: Vector, pointB: Vector) {
        var simplex = Simplex()
        // Start from the cached simplex unless it changed shape too much.
        simplex.count = cache.count
        for i in 0..<simplex.count {
            simplex[i] = makeVertex(proxyA, xfA, element(cache.indexA, i), proxyB, xfB, element(cache.indexB, i))
        }
        if simplex.count > 1 {
            let old = cache.metric
            let new = simplex.metric
            if new < 0.5 * old || 2 * old < new || new < epsilon { simplex.count = 0 }
        }
        if simplex.count == 0 {
            simplex.v1 = makeVertex(proxyA, xfA, 0, proxyB, xfB, 0)
            simplex.v1.a = 1
            simplex.count = 1
        }

        var iteration = 0
        while iteration < maxIterations {
            // The support points of the simplex before solving it (only their indices are compared).
            let savedCount = simplex.count
            let savedA = (simplex.v1.indexA, simplex.v2.indexA, simplex.v3.indexA)
            let savedB = (simplex.v1.indexB, simplex.v2.indexB, simplex.v3.indexB)
            switch simplex.count {
            case 2: simplex.solve2()
            case 3: simplex.solve3()
            default: break
            }
            if simplex.count == 3 { break }
            let d = simplex.searchDirection
            if d.lengthSquared < epsilon * epsilon { break }
            let indexA = proxyA.support(xfA.q.applyInverse(-d))
            let indexB = proxyB.support(xfB.q.applyInverse(d))
            let vertex = makeVertex(proxyA, xfA, indexA, proxyB, xfB, indexB)
            iteration += 1
            // A support point seen before: no more progress.
            var duplicate = false
            for i in 0..<savedCount where element(savedA, i) == indexA && element(savedB, i) == indexB {
                duplicate = true
                break
            }
            if duplicate { break }
            simplex[simplex.count] = vertex
            simplex.count += 1
        }

        let (pointA, pointB) = simplex.witnessPoints
        cache.metric = simplex.metric
        cache.count = simplex.count
        cache.indexA = (simplex.v1.indexA, simplex.v2.indexA, simplex.v3.indexA)
        cache.indexB = (simplex.v1.indexB, simplex.v2.indexB, simplex.v3.indexB)
        return ((pointB - pointA).length, pointA, pointB)
    }
}
