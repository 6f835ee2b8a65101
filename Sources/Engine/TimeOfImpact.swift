// The time of impact of two moving convex shapes, as Box2D 2.3's b2TimeOfImpact finds it: the local
// separating-axis method of conservative advancement.
//
// Each body sweeps linearly from (c0, a0) to (c, a) over the sub-step's remaining interval, its center of
// mass and angle interpolated. The target is a core distance of max(slop, radii − 3·slop) — shapes closer
// than their radii by a little less than the position solver's allowance — with a tolerance of ±¼ slop: a
// configuration whose core distance lies in that band counts as touching, anything above it as separated.
// From t1 = 0: the distance query (GJK) at t1 either finds the cores touching (done: t1 is the time of
// impact, 0 included) or gives the closest features, which define a separation function along one axis
// (two points, a face of A, or a face of B). On that axis the deepest points at the end of the interval are
// found; if they stay above the band the pair separates; otherwise the time at which they reach the target
// is found by alternating bisection and the secant rule, and the loop moves t1 there and asks GJK again
// (a new axis). It gives up after 20 axes (Box2D's "failed", whose t1 the world still uses).

/// A body's motion over a sub-step: its center of mass and angle at the start (of what remains: `alpha0`)
/// and at the end.
struct Sweep {
    var localCenter: Vector
    var c0: Vector
    var c: Vector
    var a0: Double
    var a: Double
    /// The fraction of the sub-step already behind `c0`, `a0`.
    var alpha0: Double

    /// The body's transform at `beta` of the way from the start to the end, its rotation taken from (and left
    /// in) `known` when its angle is there.
    func transform(at beta: Double, _ known: inout KnownRotations) -> Transform {
        transform(at: beta, rotation: known.rotation(angle(at: beta)))
    }

    /// The same transform, its rotation taken from `known` when its angle is there (`known` left as it is: the
    /// root finder's times are seldom asked for again, but a body that does not turn has one angle throughout).
    func transform(at beta: Double, lookingIn known: KnownRotations) -> Transform {
        let angle = angle(at: beta)
        return transform(at: beta, rotation: known.knownRotation(angle) ?? Rotation(angle))
    }

    private func angle(at beta: Double) -> Double { (1 - beta) * a0 + beta * a }

    /// The transform at `beta`, given the rotation of `angle(at: beta)`.
    private func transform(at beta: Double, rotation q: Rotation) -> Transform {
        let center = (1 - beta) * c0 + beta * c
        return Transform(p: center - q.apply(localCenter), q: q)
    }

    /// Moves the start forward to `alpha` of the whole sub-step.
    mutating func advance(to alpha: Double) {
        let beta = (alpha - alpha0) / (1 - alpha0)
        c0 += beta * (c - c0)
        a0 += beta * (a - a0)
        alpha0 = alpha
    }

    /// Angles brought into [0, 2π) for the start (large angles make the root finder fail).
    mutating func normalize() {
        // A start in [+0, 6] would be shifted by +0, which leaves both angles' bits as they are (a NaN end
        // aside): no need for the floor.
        if a0 >= 0 && a0.sign == .plus && a0 <= 6 && !a.isNaN { return }
        let twoPi = 2 * Double.pi
        let d = twoPi * (a0 / twoPi).rounded(.down)
        a0 -= d
        a -= d
    }
}

/// Rotations of a body's angles already computed, looked up by the angle's bits: `Rotation(angle)` is a
/// function of its argument alone, so a known pair gives the very bits sine and cosine would. A time of
/// impact takes its sweeps' transforms at the start and at the end again and again (each contact of a body,
/// each axis of a contact), for the same few angles; sin and cos were a tenth of a pile's sub-step.
struct KnownRotations {
    /// A true pair the caller sets (the body's current angle and rotation, or the position pass's last);
    /// `rotation(_:)` never replaces it.
    var currentAngle = 0.0
    var current = KnownRotations.ofZero
    private var angle1 = 0.0
    private var rotation1 = KnownRotations.ofZero
    private var angle2 = 0.0
    private var rotation2 = KnownRotations.ofZero
    private var replacesFirst = true

    static let ofZero = Rotation(0)

    /// `Rotation(angle)` if it is known.
    func knownRotation(_ angle: Double) -> Rotation? {
        let bits = angle.bitPattern
        if bits == currentAngle.bitPattern { return current }
        if bits == angle1.bitPattern { return rotation1 }
        if bits == angle2.bitPattern { return rotation2 }
        return nil
    }

    /// `Rotation(angle)`: a known one, or computed and remembered (in place of the older of two).
    mutating func rotation(_ angle: Double) -> Rotation {
        if let q = knownRotation(angle) { return q }
        let q = Rotation(angle)
        if replacesFirst {
            angle1 = angle
            rotation1 = q
        } else {
            angle2 = angle
            rotation2 = q
        }
        replacesFirst.toggle()
        return q
    }
}

enum TimeOfImpact {
    enum State {
        case unknown
        case failed
        case overlapped
        case touching
        case separated
    }

    static let maxIterations = 20
    static let maxRootIterations = 50
    /// b2_maxPolygonVertices: the bound on deepest-point push-backs per axis.
    static let maxPushBacks = 8

    private enum AxisKind {
        case points
        case faceA
        case faceB
    }

    /// The separation of the two shapes along one axis, as a function of time.
    private struct SeparationFunction {
        let proxyA: DistanceProxy
        let proxyB: DistanceProxy
        let sweepA: Sweep
        let sweepB: Sweep
        var kind = AxisKind.points
        var localPoint = Vector.zero
        var axis = Vector.zero

        /// - Parameters: xfA, xfB: the sweeps' transforms at the time the axis is taken.
        init(
            _ cache: SimplexCache, _ proxyA: DistanceProxy, _ sweepA: Sweep, _ proxyB: DistanceProxy, _ sweepB: Sweep,
            _ xfA: Transform, _ xfB: Transform
        ) {
            self.proxyA = proxyA
            self.proxyB = proxyB
            self.sweepA = sweepA
            self.sweepB = sweepB
            if cache.count == 1 {
                kind = .points
                let pointA = xfA.apply(proxyA.vertex(cache.indexA.0))
                let pointB = xfB.apply(proxyB.vertex(cache.indexB.0))
                axis = (pointB - pointA).normalized
            } else if cache.indexA.0 == cache.indexA.1 {
                // Two vertices of B and one of A: B's face.
                kind = .faceB
                let b1 = proxyB.vertex(cache.indexB.0)
                let b2 = proxyB.vertex(cache.indexB.1)
                axis = cross(b2 - b1, 1.0).normalized
                let normal = xfB.q.apply(axis)
                localPoint = 0.5 * (b1 + b2)
                let pointB = xfB.apply(localPoint)
                let pointA = xfA.apply(proxyA.vertex(cache.indexA.0))
                if dot(pointA - pointB, normal) < 0 { axis = -axis }
            } else {
                // Two vertices of A (and one or two of B): A's face.
                kind = .faceA
                let a1 = proxyA.vertex(cache.indexA.0)
                let a2 = proxyA.vertex(cache.indexA.1)
                axis = cross(a2 - a1, 1.0).normalized
                let normal = xfA.q.apply(axis)
                localPoint = 0.5 * (a1 + a2)
                let pointA = xfA.apply(localPoint)
                let pointB = xfB.apply(proxyB.vertex(cache.indexB.0))
                if dot(pointB - pointA, normal) < 0 { axis = -axis }
            }
        }

        /// The deepest points along the axis at the sweeps' transforms `xfA`, `xfB`, and their separation.
        func minSeparation(_ xfA: Transform, _ xfB: Transform) -> (indexA: Int, indexB: Int, separation: Double) {
            switch kind {
            case .points:
                let indexA = proxyA.support(xfA.q.applyInverse(axis))
                let indexB = proxyB.support(xfB.q.applyInverse(-axis))
                let pointA = xfA.apply(proxyA.vertex(indexA))
                let pointB = xfB.apply(proxyB.vertex(indexB))
                return (indexA, indexB, dot(pointB - pointA, axis))
            case .faceA:
                let normal = xfA.q.apply(axis)
                let pointA = xfA.apply(localPoint)
                let indexB = proxyB.support(xfB.q.applyInverse(-normal))
                let pointB = xfB.apply(proxyB.vertex(indexB))
                return (-1, indexB, dot(pointB - pointA, normal))
            case .faceB:
                let normal = xfB.q.apply(axis)
                let pointB = xfB.apply(localPoint)
                let indexA = proxyA.support(xfA.q.applyInverse(-normal))
                let pointA = xfA.apply(proxyA.vertex(indexA))
                return (indexA, -1, dot(pointA - pointB, normal))
            }
        }

        /// The separation of the given points along the axis, at the sweeps' transforms `xfA`, `xfB`.
        func separation(_ indexA: Int, _ indexB: Int, _ xfA: Transform, _ xfB: Transform) -> Double {
            switch kind {
            case .points:
                let pointA = xfA.apply(proxyA.vertex(indexA))
                let pointB = xfB.apply(proxyB.vertex(indexB))
                return dot(pointB - pointA, axis)
            case .faceA:
                let normal = xfA.q.apply(axis)
                let pointA = xfA.apply(localPoint)
                let pointB = xfB.apply(proxyB.vertex(indexB))
                return dot(pointB - pointA, normal)
            case .faceB:
                let normal = xfB.q.apply(axis)
                let pointB = xfB.apply(localPoint)
                let pointA = xfA.apply(proxyA.vertex(indexA))
                return dot(pointA - pointB, normal)
            }
        }
    }

    /// b2TimeOfImpact's target distance of the cores: the shapes' skins less three slops, one slop at least.
    static func targetDistance(totalRadius: Double) -> Double {
        max(Constants.linearSlop, totalRadius - 3 * Constants.linearSlop)
    }

    /// b2TimeOfImpact's tolerance around its target distance.
    static var touchingTolerance: Double { 0.25 * Constants.linearSlop }

    /// The distance of the cores below which `compute` reports a touch (its target plus its tolerance): it
    /// reports one only at a time where the cores' distance, or their separation on an axis at that time, is
    /// below it, so cores that stay farther apart are never touching.
    static func touchingDistance(totalRadius: Double) -> Double {
        targetDistance(totalRadius: totalRadius) + touchingTolerance
    }

    /// The first time in [0, tMax] at which the cores come within the target distance.
    /// The rotations of the sweeps' ends are taken from and left in `knownA` and `knownB`.
    static func compute(
        _ proxyA: DistanceProxy, _ sweepA: Sweep, _ knownA: inout KnownRotations, _ proxyB: DistanceProxy,
        _ sweepB: Sweep, _ knownB: inout KnownRotations, tMax: Double = 1
    ) -> (state: State, t: Double) {
        var sweepA = sweepA
        var sweepB = sweepB
        sweepA.normalize()
        sweepB.normalize()
        let totalRadius = proxyA.radius + proxyB.radius
        let target = targetDistance(totalRadius: totalRadius)
        let tolerance = touchingTolerance
        var t1 = 0.0
        var cache = SimplexCache()

        // The sweeps' transforms at t1 (kept from where t1 was found).
        var xfA = sweepA.transform(at: t1, &knownA)
        var xfB = sweepB.transform(at: t1, &knownB)
        for _ in 0..<maxIterations {
            let d = GJK.distance(proxyA, xfA, proxyB, xfB, cache: &cache)
            // Cores overlapping: continuous collision gives up.
            if d.distance <= 0 { return (.overlapped, 0) }
            if d.distance < target + tolerance { return (.touching, t1) }

            // The axis and the separation at t1 reuse the transforms at t1 (the same bits: sin and cos of
            // the interpolated angles were a tenth of a pile's sub-step).
            let function = SeparationFunction(cache, proxyA, sweepA, proxyB, sweepB, xfA, xfB)
            // Resolve the deepest points on this axis, one after another.
            var t2 = tMax
            var xfA2 = sweepA.transform(at: t2, &knownA)
            var xfB2 = sweepB.transform(at: t2, &knownB)
            for _ in 0..<maxPushBacks {
                let deepest = function.minSeparation(xfA2, xfB2)
                let indexA = deepest.indexA
                let indexB = deepest.indexB
                var s2 = deepest.separation
                if s2 > target + tolerance { return (.separated, tMax) }
                if s2 > target - tolerance {
                    // These points reach the band at t2: a new axis from there.
                    t1 = t2
                    xfA = xfA2
                    xfB = xfB2
                    break
                }
                var s1 = function.separation(indexA, indexB, xfA, xfB)
                // Already past the band at t1 (the root finder ran out of iterations).
                if s1 < target - tolerance { return (.failed, t1) }
                if s1 <= target + tolerance { return (.touching, t1) }

                // The root of s(t) = target on [t1, t2], bracketed.
                var a1 = t1
                var a2 = t2
                for iteration in 0..<maxRootIterations {
                    let t = iteration & 1 == 1 ? a1 + (target - s1) * (a2 - a1) / (s2 - s1) : 0.5 * (a1 + a2)
                    let xfAt = sweepA.transform(at: t, lookingIn: knownA)
                    let xfBt = sweepB.transform(at: t, lookingIn: knownB)
                    let s = function.separation(indexA, indexB, xfAt, xfBt)
                    if abs(s - target) < tolerance {
                        t2 = t
                        xfA2 = xfAt
                        xfB2 = xfBt
                        break
                    }
                    if s > target {
                        a1 = t
                        s1 = s
                    } else {
                        a2 = t
                        s2 = s
                    }
                }
            }
        }
        // The root finder got stuck: Box2D's semi-victory.
        return (.failed, t1)
    }
}
