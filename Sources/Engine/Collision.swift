// The narrow phase, after Box2D 2.x's b2CollideCircles, b2CollidePolygonAndCircle and b2CollidePolygons
// (separating axis test on both polygons' faces, then the incident edge clipped against the reference
// face's side planes). A manifold point is kept while the surfaces (core + skin) are apart by less than
// nothing, i.e. while the cores are closer than the sum of the skins. Boundary segments are two-vertex
// polygons, so the polygon routines serve them too.

enum Collision {
    /// Two discs.
    static func circles(
        _ m: inout Manifold, centerA: Vector, radiusA: Double, _ xfA: Transform,
        centerB: Vector, radiusB: Double, _ xfB: Transform
    ) {
        m.pointCount = 0
        let pA = xfA.apply(centerA)
        let pB = xfB.apply(centerB)
        let r = radiusA + radiusB
        guard distanceSquared(pA, pB) <= r * r else { return }
        m.type = .circles
        m.localPoint = centerA
        m.localNormal = .zero
        m.pointCount = 1
        m.point0.localPoint = centerB
        m.point0.id = 0
    }

    /// A polygon (A) and a disc (B).
    static func polygonAndCircle(
        _ m: inout Manifold, _ polygon: PolygonView, _ xfA: Transform,
        centerB: Vector, radiusB: Double, _ xfB: Transform
    ) {
        m.pointCount = 0
        let c = xfB.apply(centerB)
        let cLocal = xfA.applyInverse(c)
        let radius = polygon.radius + radiusB
        let count = polygon.count
        var normalIndex = 0
        var separation = -Double.greatestFiniteMagnitude
        for i in 0..<count {
            let s = dot(polygon.normals[i], cLocal - polygon.vertices[i])
            if s > radius { return }
            if s > separation {
                separation = s
                normalIndex = i
            }
        }
        let v1 = polygon.vertices[normalIndex]
        let v2 = polygon.vertices[normalIndex + 1 < count ? normalIndex + 1 : 0]
        m.pointCount = 1
        m.point0.localPoint = centerB
        m.point0.id = 0
        if separation < Double.ulpOfOne {
            // The center is inside the core.
            m.type = .faceA
            m.localNormal = polygon.normals[normalIndex]
            m.localPoint = 0.5 * (v1 + v2)
            return
        }
        let u1 = dot(cLocal - v1, v2 - v1)
        let u2 = dot(cLocal - v2, v1 - v2)
        if u1 <= 0 {
            guard distanceSquared(cLocal, v1) <= radius * radius else {
                m.pointCount = 0
                return
            }
            m.type = .faceA
            m.localNormal = (cLocal - v1).normalized
            m.localPoint = v1
        } else if u2 <= 0 {
            guard distanceSquared(cLocal, v2) <= radius * radius else {
                m.pointCount = 0
                return
            }
            m.type = .faceA
            m.localNormal = (cLocal - v2).normalized
            m.localPoint = v2
        } else {
            let faceCenter = 0.5 * (v1 + v2)
            guard dot(cLocal - faceCenter, polygon.normals[normalIndex]) <= radius else {
                m.pointCount = 0
                return
            }
            m.type = .faceA
            m.localNormal = polygon.normals[normalIndex]
            m.localPoint = faceCenter
        }
    }

    /// The face of poly1 along which poly2 is farthest out, and that distance (negative: overlap).
    private static func maxSeparation(
        _ poly1: PolygonView, _ xf1: Transform, _ poly2: PolygonView, _ xf2: Transform
    ) -> (Int, Double) {
        let xf = Transform.relative(xf2, xf1)
        var bestIndex = 0
        var maxSeparation = -Double.greatestFiniteMagnitude
        for i in 0..<poly1.count {
            let n = xf.q.apply(poly1.normals[i])
            let v1 = xf.apply(poly1.vertices[i])
            var si = Double.greatestFiniteMagnitude
            for j in 0..<poly2.count {
                let sij = dot(n, poly2.vertices[j] - v1)
                if sij < si { si = sij }
            }
            if si > maxSeparation {
                maxSeparation = si
                bestIndex = i
            }
        }
        return (bestIndex, maxSeparation)
    }

    /// Two polygons (either may be a boundary segment).
    static func polygons(
        _ m: inout Manifold, _ polyA: PolygonView, _ xfA: Transform, _ polyB: PolygonView, _ xfB: Transform
    ) {
        m.pointCount = 0
        let totalRadius = polyA.radius + polyB.radius
        let (edgeA, separationA) = maxSeparation(polyA, xfA, polyB, xfB)
        if separationA > totalRadius { return }
        let (edgeB, separationB) = maxSeparation(polyB, xfB, polyA, xfA)
        if separationB > totalRadius { return }

        let poly1: PolygonView
        let poly2: PolygonView
        let xf1: Transform
        let xf2: Transform
        let edge1: Int
        let flip: Bool
        // Prefer A's face unless B's is clearly better (keeps the reference face stable).
        let tolerance = 0.1 * Constants.linearSlop
        if separationB > separationA + tolerance {
            poly1 = polyB
            poly2 = polyA
            xf1 = xfB
            xf2 = xfA
            edge1 = edgeB
            m.type = .faceB
            flip = true
        } else {
            poly1 = polyA
            poly2 = polyB
            xf1 = xfA
            xf2 = xfB
            edge1 = edgeA
            m.type = .faceA
            flip = false
        }

        // The incident edge: the face of poly2 most anti-parallel to the reference normal.
        let normal1 = xf2.q.applyInverse(xf1.q.apply(poly1.normals[edge1]))
        var index = 0
        var minDot = Double.greatestFiniteMagnitude
        for i in 0..<poly2.count {
            let d = dot(normal1, poly2.normals[i])
            if d < minDot {
                minDot = d
                index = i
            }
        }
        let i1 = index
        let i2 = index + 1 < poly2.count ? index + 1 : 0
        let incident = (
            ClipVertex(
                v: xf2.apply(poly2.vertices[i1]),
                id: ContactFeature.make(
                    indexA: edge1, indexB: i1, typeA: ContactFeature.face, typeB: ContactFeature.vertex)),
            ClipVertex(
                v: xf2.apply(poly2.vertices[i2]),
                id: ContactFeature.make(
                    indexA: edge1, indexB: i2, typeA: ContactFeature.face, typeB: ContactFeature.vertex))
        )

        let iv1 = edge1
        let iv2 = edge1 + 1 < poly1.count ? edge1 + 1 : 0
        var v11 = poly1.vertices[iv1]
        var v12 = poly1.vertices[iv2]
        let localTangent = (v12 - v11).normalized
        let localNormal = cross(localTangent, 1.0)
        let planePoint = 0.5 * (v11 + v12)
        let tangent = xf1.q.apply(localTangent)
        let normal = cross(tangent, 1.0)
        v11 = xf1.apply(v11)
        v12 = xf1.apply(v12)
        let frontOffset = dot(normal, v11)
        let sideOffset1 = -dot(tangent, v11) + totalRadius
        let sideOffset2 = dot(tangent, v12) + totalRadius

        let clip1 = ClipVertex.clipSegment(incident, normal: -tangent, offset: sideOffset1, vertexIndexA: iv1)
        if clip1.2 < 2 { return }
        let clip2 = ClipVertex.clipSegment((clip1.0, clip1.1), normal: tangent, offset: sideOffset2, vertexIndexA: iv2)
        if clip2.2 < 2 { return }

        m.localNormal = localNormal
        m.localPoint = planePoint
        var count = 0
        for k in 0..<2 {
            let cv = k == 0 ? clip2.0 : clip2.1
            let separation = dot(normal, cv.v) - frontOffset
            guard separation <= totalRadius else { continue }
            var point = ManifoldPoint()
            point.localPoint = xf2.applyInverse(cv.v)
            point.id = flip ? ContactFeature.swapped(cv.id) : cv.id
            m[count] = point
            count += 1
        }
        m.pointCount = count
    }
}
