#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

// An item's collision shape at the start, in the reference view, and exact tests on it: overlap of two shapes
// and the shape's extent (for "outside the bounds"). Shapes touching exactly do not overlap.
//
// - Two polygons (rectangles turned by their angle, convex paths): separating axes over every edge normal.
// - An ellipse against anything: an affine map turns the ellipse into the unit circle, keeping the other shape
//   convex (a polygon stays a polygon, an ellipse stays an ellipse) and keeping "overlaps" and "touches"; then
//   the test is the distance from the origin to the other shape, < 1. For an ellipse that distance comes from
//   the closest-point equation solved by bisection (Eberly, "Distance from a Point to an Ellipse").
//
// Comparisons allow a relative slack of 1e-9 so shapes that touch on paper (a square turned by π/4 whose corner
// meets an edge) are not reported over a rounding error.

/// A convex collision shape in the reference view's coordinates (y down, angles clockwise on screen).
enum ConvexShape {
    /// The corners in order (either orientation).
    case polygon([Vector])
    /// Semi-axes `a` along the turned x axis and `b` along the turned y axis.
    case ellipse(center: Vector, angle: Double, a: Double, b: Double)

    private static let slack = 1e-9

    /// What is wrong with a `collisionBounds` path as a convex polygon.
    enum PathProblem: Equatable {
        case tooFewPoints(Int)
        /// Every point on one line (or the same point): no area.
        case noArea
        case notConvex
    }

    /// The shape of an item at its start, nil when its center, size or shape is not usable (already reported).
    init?(item: Item) {
        guard let center = item.center, let size = item.size else { return nil }
        let angle = item.resolvedAngle
        switch item.resolvedCollisionBounds {
        case .rectangle:
            let w = size.width / 2
            let h = size.height / 2
            self = .polygon(
                [Vector(x: -w, y: -h), Vector(x: w, y: -h), Vector(x: w, y: h), Vector(x: -w, y: h)]
                    .map { Self.place($0, center: center, angle: angle) })
        case .ellipse:
            self = .ellipse(center: center, angle: angle, a: size.width / 2, b: size.height / 2)
        case .path(let points):
            guard Self.pathProblem(points) == nil else { return nil }
            self = .polygon(points.map { Self.place($0, center: center, angle: angle) })
        }
    }

    /// A local point (relative to the center, before turning) in the reference view.
    static func place(_ local: Vector, center: Vector, angle: Double) -> Vector {
        if angle == 0 { return Vector(x: center.x + local.x, y: center.y + local.y) }
        let c = cos(angle)
        let s = sin(angle)
        return Vector(x: center.x + c * local.x - s * local.y, y: center.y + s * local.x + c * local.y)
    }

    // MARK: - Paths

    /// Nil when the points make a convex polygon with an area. Points on an edge between two corners
    /// (collinear neighbors) and repeated neighbors are allowed: the shape is still that convex polygon.
    static func pathProblem(_ points: [Vector]) -> PathProblem? {
        guard points.count >= 3 else { return .tooFewPoints(points.count) }
        var p: [Vector] = []
        for point in points where p.last != point { p.append(point) }
        while p.count > 1, p.first == p.last { p.removeLast() }
        guard p.count >= 3 else { return .noArea }
        var area = 0.0
        var scale = 0.0
        for i in p.indices {
            let a = p[i]
            let b = p[(i + 1) % p.count]
            area += a.x * b.y - b.x * a.y
            scale = max(scale, a.x * a.x + a.y * a.y)
        }
        guard abs(area) > slack * max(scale, 1e-300) else { return .noArea }
        let orientation = area > 0 ? 1.0 : -1.0
        var turning = 0.0
        for i in p.indices {
            let a = p[(i + p.count - 1) % p.count]
            let b = p[i]
            let c = p[(i + 1) % p.count]
            let e1 = Vector(x: b.x - a.x, y: b.y - a.y)
            let e2 = Vector(x: c.x - b.x, y: c.y - b.y)
            let cross = e1.x * e2.y - e1.y * e2.x
            let dot = e1.x * e2.x + e1.y * e2.y
            let tolerance = slack * e1.length * e2.length
            if cross * orientation < -tolerance { return .notConvex }
            if abs(cross) <= tolerance && dot < 0 { return .notConvex }  // the path doubles back
            turning += atan2(cross, dot)
        }
        // A convex polygon turns once; a star whose corners all turn one way turns twice or more.
        return abs(turning) < 3 * Double.pi ? nil : .notConvex
    }

    // MARK: - Extent

    /// The smallest axis-aligned box holding the shape: (minX, minY, maxX, maxY).
    var extent: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        switch self {
        case .polygon(let corners):
            // Folded as `Sequence.min()`/`max()` fold (first value, then `<`/`>`), without arrays of coordinates.
            var (minX, minY, maxX, maxY) = (corners[0].x, corners[0].y, corners[0].x, corners[0].y)
            for corner in corners.dropFirst() {
                if corner.x < minX { minX = corner.x }
                if corner.y < minY { minY = corner.y }
                if corner.x > maxX { maxX = corner.x }
                if corner.y > maxY { maxY = corner.y }
            }
            return (minX, minY, maxX, maxY)
        case .ellipse(let center, let angle, let a, let b):
            let c = cos(angle)
            let s = sin(angle)
            let ex = angle == 0 ? a : (a * a * c * c + b * b * s * s).squareRoot()
            let ey = angle == 0 ? b : (a * a * s * s + b * b * c * c).squareRoot()
            return (center.x - ex, center.y - ey, center.x + ex, center.y + ey)
        }
    }

    /// `ConvexShape(item:)?.extent`, the same numbers, without building the shape (the geometry rules sweep the
    /// extents of every item and build shapes only for the pairs whose extents meet).
    static func extent(of item: Item) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard let center = item.center, let size = item.size else { return nil }
        let angle = item.resolvedAngle
        // Folded as `Sequence.min()`/`max()` fold the corners (first value, then `<`/`>`), so that even NaNs
        // come out as the shape's `extent` gives them.
        var minX = 0.0
        var minY = 0.0
        var maxX = 0.0
        var maxY = 0.0
        var first = true
        func add(_ local: Vector) {
            let p = place(local, center: center, angle: angle)
            if first {
                (minX, maxX, minY, maxY, first) = (p.x, p.x, p.y, p.y, false)
                return
            }
            if p.x < minX { minX = p.x }
            if p.x > maxX { maxX = p.x }
            if p.y < minY { minY = p.y }
            if p.y > maxY { maxY = p.y }
        }
        switch item.resolvedCollisionBounds {
        case .rectangle:
            let w = size.width / 2
            let h = size.height / 2
            add(Vector(x: -w, y: -h))
            add(Vector(x: w, y: -h))
            add(Vector(x: w, y: h))
            add(Vector(x: -w, y: h))
        case .ellipse:
            return ConvexShape.ellipse(center: center, angle: angle, a: size.width / 2, b: size.height / 2).extent
        case .path(let points):
            guard pathProblem(points) == nil else { return nil }
            for point in points { add(point) }
        }
        return (minX, minY, maxX, maxY)
    }

    /// The slack for comparing coordinates of this size.
    static func tolerance(_ values: Double...) -> Double {
        slack * max(1, values.map(abs).max() ?? 1)
    }

    // MARK: - Overlap

    /// Whether the shapes share interior (touching is not overlapping).
    func overlaps(_ other: ConvexShape) -> Bool {
        // Boxes apart (or touching): the shapes are too. A cheap first test for scenes with many items.
        let a = extent
        let b = other.extent
        if a.maxX <= b.minX || b.maxX <= a.minX || a.maxY <= b.minY || b.maxY <= a.minY { return false }
        switch (self, other) {
        case (.polygon(let a), .polygon(let b)):
            return Self.polygonsOverlap(a, b)
        case (.ellipse(let center, let angle, let a, let b), _):
            return Self.unitCircleOverlaps(other.mapped(toUnitCircleOf: center, angle: angle, a: a, b: b))
        case (.polygon, .ellipse(let center, let angle, let a, let b)):
            return Self.unitCircleOverlaps(mapped(toUnitCircleOf: center, angle: angle, a: a, b: b))
        }
    }

    /// The shape under the affine map that takes the given ellipse to the unit circle at the origin.
    private func mapped(toUnitCircleOf center: Vector, angle: Double, a: Double, b: Double) -> Mapped {
        let c = cos(angle)
        let s = sin(angle)
        func map(_ p: Vector) -> Vector {
            let dx = p.x - center.x
            let dy = p.y - center.y
            return Vector(x: (c * dx + s * dy) / a, y: (-s * dx + c * dy) / b)
        }
        switch self {
        case .polygon(let corners):
            return .polygon(corners.map(map))
        case .ellipse(let otherCenter, let otherAngle, let oa, let ob):
            // Points otherCenter + R(otherAngle)·diag(oa, ob)·u, |u| ≤ 1, mapped: center' + N·u.
            let oc = cos(otherAngle)
            let os = sin(otherAngle)
            let columns = [Vector(x: oc * oa, y: os * oa), Vector(x: -os * ob, y: oc * ob)].map { v in
                Vector(x: (c * v.x + s * v.y) / a, y: (-s * v.x + c * v.y) / b)
            }
            return .ellipse(center: map(otherCenter), columns: (columns[0], columns[1]))
        }
    }

    private enum Mapped {
        case polygon([Vector])
        /// center + N·u for |u| ≤ 1, N's columns given.
        case ellipse(center: Vector, columns: (Vector, Vector))
    }

    private static func unitCircleOverlaps(_ shape: Mapped) -> Bool {
        switch shape {
        case .polygon(let corners):
            if contains(corners, Vector.zero) { return true }
            var closest = Double.infinity
            for i in corners.indices {
                closest = min(closest, distanceToSegment(from: corners[i], to: corners[(i + 1) % corners.count]))
            }
            return closest < 1 - slack
        case .ellipse(let center, let columns):
            return distanceFromOrigin(toEllipse: center, columns: columns) < 1 - slack
        }
    }

    private static func polygonsOverlap(_ a: [Vector], _ b: [Vector]) -> Bool {
        var scale = 1.0
        for point in a { scale = max(scale, abs(point.x), abs(point.y)) }
        for point in b { scale = max(scale, abs(point.x), abs(point.y)) }
        let tolerance = slack * scale
        for polygon in 0..<2 {
            let polygon = polygon == 0 ? a : b
            for i in polygon.indices {
                let p = polygon[i]
                let q = polygon[(i + 1) % polygon.count]
                let edge = Vector(x: q.x - p.x, y: q.y - p.y)
                let length = edge.length
                guard length > 0 else { continue }
                let normal = Vector(x: -edge.y / length, y: edge.x / length)
                let (minA, maxA) = project(a, on: normal)
                let (minB, maxB) = project(b, on: normal)
                if maxA <= minB + tolerance || maxB <= minA + tolerance { return false }
            }
        }
        return true
    }

    private static func project(_ points: [Vector], on axis: Vector) -> (Double, Double) {
        var low = Double.infinity
        var high = -Double.infinity
        for p in points {
            let d = p.x * axis.x + p.y * axis.y
            low = min(low, d)
            high = max(high, d)
        }
        return (low, high)
    }

    /// Whether a convex polygon holds the point (its edges included).
    private static func contains(_ corners: [Vector], _ point: Vector) -> Bool {
        var sign = 0.0
        for i in corners.indices {
            let p = corners[i]
            let q = corners[(i + 1) % corners.count]
            let cross = (q.x - p.x) * (point.y - p.y) - (q.y - p.y) * (point.x - p.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross > 0 ? 1 : -1 } else if cross * sign < 0 { return false }
        }
        return true
    }

    /// The distance from the origin to the segment.
    private static func distanceToSegment(from p: Vector, to q: Vector) -> Double {
        let d = Vector(x: q.x - p.x, y: q.y - p.y)
        let lengthSquared = d.x * d.x + d.y * d.y
        var t = lengthSquared > 0 ? -(p.x * d.x + p.y * d.y) / lengthSquared : 0
        t = min(1, max(0, t))
        return Vector(x: p.x + t * d.x, y: p.y + t * d.y).length
    }

    /// The distance from the origin to the filled ellipse center + N·u, |u| ≤ 1 (0 inside it).
    private static func distanceFromOrigin(toEllipse center: Vector, columns: (Vector, Vector)) -> Double {
        // The ellipse's axes: N·Nᵀ = [[p, q], [q, r]] has eigenvalues σ² along the principal directions.
        let (c0, c1) = columns
        let p = c0.x * c0.x + c1.x * c1.x
        let r = c0.y * c0.y + c1.y * c1.y
        let q = c0.x * c0.y + c1.x * c1.y
        let mean = (p + r) / 2
        let spread = (((p - r) / 2) * ((p - r) / 2) + q * q).squareRoot()
        let major = (mean + spread).squareRoot()
        let minor = max(mean - spread, 0).squareRoot()
        guard minor > 0 else { return Double.infinity }
        let theta = 0.5 * atan2(2 * q, p - r)
        let u = Vector(x: cos(theta), y: sin(theta))
        let v = Vector(x: -sin(theta), y: cos(theta))
        // The origin in the ellipse's frame, folded into the first quadrant.
        let z0 = abs(-(center.x * u.x + center.y * u.y))
        let z1 = abs(-(center.x * v.x + center.y * v.y))
        if (z0 / major) * (z0 / major) + (z1 / minor) * (z1 / minor) <= 1 { return 0 }
        // Outside: the closest point is x_i = e_i² z_i / (t + e_i²) for the root t > 0 of
        // F(t) = Σ (e_i z_i / (t + e_i²))² − 1, which decreases from F(0) > 0 to F(major·|z|) ≤ 0.
        let e0 = major
        let e1 = minor
        func f(_ t: Double) -> Double {
            let a = e0 * z0 / (t + e0 * e0)
            let b = e1 * z1 / (t + e1 * e1)
            return a * a + b * b - 1
        }
        var low = 0.0
        var high = e0 * (z0 * z0 + z1 * z1).squareRoot()
        for _ in 0..<200 {
            let middle = (low + high) / 2
            guard middle > low, middle < high else { break }
            if f(middle) > 0 { low = middle } else { high = middle }
        }
        let t = (low + high) / 2
        let x0 = e0 * e0 * z0 / (t + e0 * e0)
        let x1 = e1 * e1 * z1 / (t + e1 * e1)
        return Vector(x: z0 - x0, y: z1 - x1).length
    }
}
