// Where a boundary lies with respect to the reference view, for `boundary.outside` and the advice of
// `sim.escapes`. A boundary is outside when no point of it lies in the view (edges included) and, for a closed
// path, when the loop does not go around the view either (a loop around the view holds the items in, as the
// reference-bounds boundary does from 1 pt outside).

extension Boundary {
    /// Whether the boundary lies entirely outside a `view` of this size (origin at its top-left corner), without
    /// surrounding it. False for a boundary without a usable shape or without length (`boundary.degenerate`).
    package func liesOutside(_ view: Size) -> Bool {
        switch shape {
        case .segment(let from, let to)?:
            return from != to && !Boundary.segment(from, to, meets: view)
        case .path(let points)?:
            guard points.count >= 2, points.contains(where: { $0 != points[0] }) else { return false }
            for index in points.indices
            where Boundary.segment(points[index], points[(index + 1) % points.count], meets: view) {
                return false
            }
            return !Boundary.point(Vector(x: view.width / 2, y: view.height / 2), isInside: points)
        case nil:
            return false
        }
    }

    /// Whether the segment from `a` to `b` has a point in the rectangle [0, width] × [0, height] (Liang–Barsky
    /// clipping: the parameter interval that stays inside every edge's half-plane is not empty).
    static func segment(_ a: Point, _ b: Point, meets view: Size) -> Bool {
        var low = 0.0
        var high = 1.0
        let dx = b.x - a.x
        let dy = b.y - a.y
        // Each edge as p·t ≤ q.
        for (p, q) in [(-dx, a.x), (dx, view.width - a.x), (-dy, a.y), (dy, view.height - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                if low > high { return false }
            }
        }
        return true
    }

    /// Whether `point` lies inside the closed polygon through `points` (even-odd rule).
    static func point(_ point: Point, isInside points: [Point]) -> Bool {
        var inside = false
        var j = points.count - 1
        for i in points.indices {
            let a = points[i]
            let b = points[j]
            if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x {
                inside.toggle()
            }
            j = i
        }
        return inside
    }
}
