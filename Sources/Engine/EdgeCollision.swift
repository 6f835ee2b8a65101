// Boundary segments against items, taking the neighbouring segments of a loop into account (Box2D 2.3's
// smooth edge collision, which UIKit's path boundaries get from chain shapes). A segment of a loop knows
// the vertex before it (v0) and after it (v3). Without them, an item sliding across the joint of two
// segments would catch on the second segment's end ("ghost" collisions).
//
// Disc: a disc in the end region of a segment whose neighbour owns that region (it lies past the
// neighbour's own end) is left to the neighbour.
//
// Polygon: (1) each end of the segment is convex or concave by the turn to the neighbour; (2) the polygon's
// centroid decides whether it is in front of the segment (on its normal's side) or behind, which fixes the
// segment normal used and the range of normals the contact may take (widened across a convex end to the
// neighbour's normal, closed at a concave one); (3) the segment's axis and the polygon's faces are the
// candidate separating axes, a polygon face being admitted only when its normal lies in the range (within
// the angular slop); (4) the polygon's face wins over the segment's only when clearly better (hysteresis
// 0.98·s + 0.1 pt); (5) the incident edge is clipped to the reference face's sides.

struct EdgeView {
    var v0: Vector
    var v1: Vector
    var v2: Vector
    var v3: Vector
    var hasV0: Bool
    var hasV3: Bool
    var radius: Double
}

enum EdgeCollision {
    /// A boundary segment (A) and a disc (B).
    static func edgeAndCircle(
        _ m: inout Manifold, _ edge: EdgeView, _ xfA: Transform,
        centerB: Vector, radiusB: Double, _ xfB: Transform
    ) {
        m.pointCount = 0
        let q = xfA.applyInverse(xfB.apply(centerB))
        let a = edge.v1
        let b = edge.v2
        let e = b - a
        let u = dot(e, b - q)
        let v = dot(e, q - a)
        let radius = edge.radius + radiusB

        func vertexContact(_ p: Vector, index: Int) {
            m.type = .circles
            m.localNormal = .zero
            m.localPoint = p
            m.pointCount = 1
            m.point0 = ManifoldPoint(
                localPoint: centerB, normalImpulse: 0, tangentImpulse: 0,
                id: ContactFeature.make(
                    indexA: index, indexB: 0, typeA: ContactFeature.vertex, typeB: ContactFeature.vertex))
        }

        if v <= 0 {
            guard distanceSquared(q, a) <= radius * radius else { return }
            // The previous segment owns the region past its end.
            if edge.hasV0 && dot(a - edge.v0, a - q) > 0 { return }
            vertexContact(a, index: 0)
            return
        }
        if u <= 0 {
            guard distanceSquared(q, b) <= radius * radius else { return }
            if edge.hasV3 && dot(edge.v3 - b, q - b) > 0 { return }
            vertexContact(b, index: 1)
            return
        }
        let den = dot(e, e)
        guard den > 0 else { return }
        let p = (1 / den) * (u * a + v * b)
        guard distanceSquared(q, p) <= radius * radius else { return }
        var n = Vector(-e.y, e.x)
        if dot(n, q - a) < 0 { n = -n }
        m.type = .faceA
        m.localNormal = n.normalized
        m.localPoint = a
        m.pointCount = 1
        m.point0 = ManifoldPoint(
            localPoint: centerB, normalImpulse: 0, tangentImpulse: 0,
            id: ContactFeature.make(indexA: 0, indexB: 0, typeA: ContactFeature.face, typeB: ContactFeature.vertex))
    }

    /// A boundary segment (A) and a polygon (B).
    static func edgeAndPolygon(
        _ m: inout Manifold, _ edge: EdgeView, _ xfA: Transform,
        _ polygon: PolygonView, centroidB: Vector, _ xfB: Transform
    ) {
        m.pointCount = 0
        // Work in the segment's frame.
        let xf = Transform.relative(xfA, xfB)
        let count = polygon.count
        func vertexB(_ i: Int) -> Vector { xf.apply(polygon.vertices[i]) }
        func normalB(_ i: Int) -> Vector { xf.q.apply(polygon.normals[i]) }
        let centroid = xf.apply(centroidB)

        let v0 = edge.v0
        let v1 = edge.v1
        let v2 = edge.v2
        let v3 = edge.v3
        let edge1 = (v2 - v1).normalized
        let normal1 = Vector(edge1.y, -edge1.x)
        let offset1 = dot(normal1, centroid - v1)
        var normal0 = Vector.zero
        var normal2 = Vector.zero
        var offset0 = 0.0
        var offset2 = 0.0
        var convex1 = false
        var convex2 = false
        if edge.hasV0 {
            let edge0 = (v1 - v0).normalized
            normal0 = Vector(edge0.y, -edge0.x)
            convex1 = cross(edge0, edge1) >= 0
            offset0 = dot(normal0, centroid - v0)
        }
        if edge.hasV3 {
            let edge2 = (v3 - v2).normalized
            normal2 = Vector(edge2.y, -edge2.x)
            convex2 = cross(edge1, edge2) > 0
            offset2 = dot(normal2, centroid - v2)
        }

        // Front or back, the normal, and the range of admissible contact normals.
        let front: Bool
        var lower: Vector
        var upper: Vector
        switch (edge.hasV0, edge.hasV3) {
        case (true, true):
            if convex1 && convex2 {
                front = offset0 >= 0 || offset1 >= 0 || offset2 >= 0
                (lower, upper) = front ? (normal0, normal2) : (-normal1, -normal1)
            } else if convex1 {
                front = offset0 >= 0 || (offset1 >= 0 && offset2 >= 0)
                (lower, upper) = front ? (normal0, normal1) : (-normal2, -normal1)
            } else if convex2 {
                front = offset2 >= 0 || (offset0 >= 0 && offset1 >= 0)
                (lower, upper) = front ? (normal1, normal2) : (-normal1, -normal0)
            } else {
                front = offset0 >= 0 && offset1 >= 0 && offset2 >= 0
                (lower, upper) = front ? (normal1, normal1) : (-normal2, -normal0)
            }
        case (true, false):
            if convex1 {
                front = offset0 >= 0 || offset1 >= 0
                (lower, upper) = front ? (normal0, -normal1) : (normal1, -normal1)
            } else {
                front = offset0 >= 0 && offset1 >= 0
                (lower, upper) = front ? (normal1, -normal1) : (normal1, -normal0)
            }
        case (false, true):
            if convex2 {
                front = offset1 >= 0 || offset2 >= 0
                (lower, upper) = front ? (-normal1, normal2) : (-normal1, normal1)
            } else {
                front = offset1 >= 0 && offset2 >= 0
                (lower, upper) = front ? (-normal1, normal1) : (-normal2, normal1)
            }
        case (false, false):
            front = offset1 >= 0
            (lower, upper) = front ? (-normal1, -normal1) : (normal1, normal1)
        }
        let normal = front ? normal1 : -normal1
        // Box2D's edge–polygon collider keeps points out to twice the polygon radius, whatever the shapes'
        // own radii (the solvers use those).
        let radius = Constants.edgeDetectionRadius

        // The segment's axis.
        var edgeSeparation = Double.greatestFiniteMagnitude
        for i in 0..<count { edgeSeparation = min(edgeSeparation, dot(normal, vertexB(i) - v1)) }
        if edgeSeparation > radius { return }

        // The polygon's admissible faces.
        var polygonIndex = -1
        var polygonSeparation = -Double.greatestFiniteMagnitude
        let perp = Vector(-normal.y, normal.x)
        for i in 0..<count {
            let n = -normalB(i)
            let vi = vertexB(i)
            let s = min(dot(n, vi - v1), dot(n, vi - v2))
            if s > radius { return }
            if dot(n, perp) >= 0 {
                if dot(n - upper, normal) < -Constants.angularSlop { continue }
            } else {
                if dot(n - lower, normal) < -Constants.angularSlop { continue }
            }
            if s > polygonSeparation {
                polygonSeparation = s
                polygonIndex = i
            }
        }

        let usePolygon = polygonIndex >= 0 && polygonSeparation > 0.98 * edgeSeparation + 0.1
        var incident: (ClipVertex, ClipVertex)
        var refI1: Int
        var refI2: Int
        var refV1: Vector
        var refV2: Vector
        var refNormal: Vector
        if !usePolygon {
            m.type = .faceA
            // The polygon face most anti-parallel to the segment normal.
            var best = 0
            var bestValue = dot(normal, normalB(0))
            for i in 1..<count {
                let value = dot(normal, normalB(i))
                if value < bestValue {
                    bestValue = value
                    best = i
                }
            }
            let i1 = best
            let i2 = best + 1 < count ? best + 1 : 0
            incident = (
                ClipVertex(
                    v: vertexB(i1),
                    id: ContactFeature.make(
                        indexA: 0, indexB: i1, typeA: ContactFeature.face, typeB: ContactFeature.vertex)),
                ClipVertex(
                    v: vertexB(i2),
                    id: ContactFeature.make(
                        indexA: 0, indexB: i2, typeA: ContactFeature.face, typeB: ContactFeature.vertex))
            )
            if front {
                refI1 = 0
                refI2 = 1
                refV1 = v1
                refV2 = v2
                refNormal = normal1
            } else {
                refI1 = 1
                refI2 = 0
                refV1 = v2
                refV2 = v1
                refNormal = -normal1
            }
        } else {
            m.type = .faceB
            incident = (
                ClipVertex(
                    v: v1,
                    id: ContactFeature.make(
                        indexA: 0, indexB: polygonIndex, typeA: ContactFeature.vertex, typeB: ContactFeature.face)),
                ClipVertex(
                    v: v2,
                    id: ContactFeature.make(
                        indexA: 1, indexB: polygonIndex, typeA: ContactFeature.vertex, typeB: ContactFeature.face))
            )
            refI1 = polygonIndex
            refI2 = polygonIndex + 1 < count ? polygonIndex + 1 : 0
            refV1 = vertexB(refI1)
            refV2 = vertexB(refI2)
            refNormal = normalB(refI1)
        }

        let sideNormal1 = Vector(refNormal.y, -refNormal.x)
        let sideNormal2 = -sideNormal1
        let clip1 = ClipVertex.clipSegment(
            incident, normal: sideNormal1, offset: dot(sideNormal1, refV1), vertexIndexA: refI1)
        if clip1.2 < 2 { return }
        let clip2 = ClipVertex.clipSegment(
            (clip1.0, clip1.1), normal: sideNormal2, offset: dot(sideNormal2, refV2), vertexIndexA: refI2)
        if clip2.2 < 2 { return }

        if usePolygon {
            m.localNormal = polygon.normals[refI1]
            m.localPoint = polygon.vertices[refI1]
        } else {
            m.localNormal = refNormal
            m.localPoint = refV1
        }
        var points = 0
        for k in 0..<2 {
            let cv = k == 0 ? clip2.0 : clip2.1
            guard dot(refNormal, cv.v - refV1) <= radius else { continue }
            var point = ManifoldPoint()
            if usePolygon {
                // The segment's vertex, in the segment's (A's) frame.
                point.localPoint = cv.v
                point.id = ContactFeature.swapped(cv.id)
            } else {
                point.localPoint = xf.applyInverse(cv.v)
                point.id = cv.id
            }
            m[points] = point
            points += 1
        }
        m.pointCount = points
    }
}
