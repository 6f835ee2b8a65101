// Sliding attachment (a prismatic joint), after Box2D 2.4's b2PrismaticJoint. Body A is the item: the axis
// is fixed in its frame (given in view coordinates at the start), so it turns with the item. A 2×2 block
// holds the far point on the axis line through the item's point and keeps the relative angle; an optional
// range bounds the item's travel along the axis, measured from the start (positive along the axis), with
// lower and upper impulses (3×3 position block while a limit is active).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct SlidingJoint: JointSolver {
    var localAnchorA: Vector
    var localAnchorB: Vector
    var localXAxisA: Vector
    var localYAxisA: Vector
    var referenceAngle: Double
    var enableLimit: Bool
    /// Bounds of `dot(axis, pB − pA)`.
    var lowerTranslation: Double
    var upperTranslation: Double

    var impulse = Vector.zero
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    var axis = Vector.zero
    var perp = Vector.zero
    var s1 = 0.0, s2 = 0.0, a1 = 0.0, a2 = 0.0
    var K = Matrix2.zero
    var axialMass = 0.0
    var translation = 0.0

    /// `range` bounds the item's travel along the axis from its place at the start, given the start
    /// translation `dot(axis, pB − pA)`: the item moving by +s along the axis lowers the translation by s.
    init(
        localAnchorA: Vector, localAnchorB: Vector, localAxisA: Vector, referenceAngle: Double,
        startTranslation: Double, range: ClosedRange<Double>?
    ) {
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        localXAxisA = localAxisA.normalized
        localYAxisA = cross(1.0, localXAxisA)
        self.referenceAngle = referenceAngle
        enableLimit = range != nil
        lowerTranslation = startTranslation - (range?.upperBound ?? 0)
        upperTranslation = startTranslation - (range?.lowerBound ?? 0)
    }

    mutating func prepare(_ ctx: JointContext) {
        let cA = ctx.positions[ctx.a].c
        let cB = ctx.positions[ctx.b].c
        let qA = ctx.positions.rotation(ctx.a)
        let rA = ctx.armA(localAnchorA)
        let rB = ctx.armB(localAnchorB)
        let d = cB - cA + rB - rA
        let mA = ctx.mA
        let mB = ctx.mB
        let iA = ctx.iA
        let iB = ctx.iB

        axis = qA.apply(localXAxisA)
        a1 = cross(d + rA, axis)
        a2 = cross(rB, axis)
        axialMass = mA + mB + iA * a1 * a1 + iB * a2 * a2
        if axialMass > 0 { axialMass = 1 / axialMass }

        perp = qA.apply(localYAxisA)
        s1 = cross(d + rA, perp)
        s2 = cross(rB, perp)
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 }
        K = Matrix2(ex: Vector(k11, k12), ey: Vector(k12, k22))

        if enableLimit {
            translation = dot(axis, d)
        } else {
            lowerImpulse = 0
            upperImpulse = 0
        }
        let axialImpulse = lowerImpulse - upperImpulse
        let P = impulse.x * perp + axialImpulse * axis
        let LA = impulse.x * s1 + impulse.y + axialImpulse * a1
        let LB = impulse.x * s2 + impulse.y + axialImpulse * a2
        apply(ctx, P, LA, LB)
    }

    private func apply(_ ctx: JointContext, _ P: Vector, _ LA: Double, _ LB: Double) {
        ctx.velocities[ctx.a].v -= ctx.mA * P
        ctx.velocities[ctx.a].w -= ctx.iA * LA
        ctx.velocities[ctx.b].v += ctx.mB * P
        ctx.velocities[ctx.b].w += ctx.iB * LB
    }

    mutating func solveVelocity(_ ctx: JointContext) {
        let h = ctx.h
        if enableLimit {
            do {
                let C = translation - lowerTranslation
                let va = ctx.velocities[ctx.a]
                let vb = ctx.velocities[ctx.b]
                let cdot = dot(axis, vb.v - va.v) + a2 * vb.w - a1 * va.w
                var lambda = -axialMass * (cdot + max(C, 0) / h)
                let old = lowerImpulse
                lowerImpulse = max(old + lambda, 0)
                lambda = lowerImpulse - old
                apply(ctx, lambda * axis, lambda * a1, lambda * a2)
            }
            do {
                let C = upperTranslation - translation
                let va = ctx.velocities[ctx.a]
                let vb = ctx.velocities[ctx.b]
                let cdot = dot(axis, va.v - vb.v) + a1 * va.w - a2 * vb.w
                var lambda = -axialMass * (cdot + max(C, 0) / h)
                let old = upperImpulse
                upperImpulse = max(old + lambda, 0)
                lambda = upperImpulse - old
                apply(ctx, -lambda * axis, -lambda * a1, -lambda * a2)
            }
        }
        let va = ctx.velocities[ctx.a]
        let vb = ctx.velocities[ctx.b]
        let cdot = Vector(dot(perp, vb.v - va.v) + s2 * vb.w - s1 * va.w, vb.w - va.w)
        let df = K.solve(-cdot)
        impulse += df
        apply(ctx, df.x * perp, df.x * s1 + df.y, df.x * s2 + df.y)
    }

    mutating func solvePosition(_ ctx: JointContext) -> Bool {
        let cA = ctx.positions[ctx.a].c
        let aA = ctx.positions[ctx.a].a
        let cB = ctx.positions[ctx.b].c
        let aB = ctx.positions[ctx.b].a
        let qA = ctx.positions.rotation(ctx.a)
        let mA = ctx.mA
        let mB = ctx.mB
        let iA = ctx.iA
        let iB = ctx.iB
        let rA = ctx.armA(localAnchorA)
        let rB = ctx.armB(localAnchorB)
        let d = cB + rB - cA - rA
        let axis = qA.apply(localXAxisA)
        let a1 = cross(d + rA, axis)
        let a2 = cross(rB, axis)
        let perp = qA.apply(localYAxisA)
        let s1 = cross(d + rA, perp)
        let s2 = cross(rB, perp)

        let C1 = Vector(dot(perp, d), aB - aA - referenceAngle)
        var linearError = abs(C1.x)
        let angularError = abs(C1.y)
        var active = false
        var C2 = 0.0
        if enableLimit {
            let translation = dot(axis, d)
            if abs(upperTranslation - lowerTranslation) < 2 * Constants.linearSlop {
                C2 = translation - lowerTranslation
                linearError = max(linearError, abs(C2))
                active = true
            } else if translation <= lowerTranslation {
                C2 = min(translation - lowerTranslation, 0)
                linearError = max(linearError, lowerTranslation - translation)
                active = true
            } else if translation >= upperTranslation {
                C2 = max(translation - upperTranslation, 0)
                linearError = max(linearError, translation - upperTranslation)
                active = true
            }
            C2 = min(max(C2, -Constants.maxLinearCorrection), Constants.maxLinearCorrection)
        }

        var lambda = Vector3.zero
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 }
        if active {
            let k13 = iA * s1 * a1 + iB * s2 * a2
            let k23 = iA * a1 + iB * a2
            let k33 = mA + mB + iA * a1 * a1 + iB * a2 * a2
            let K3 = Matrix3(
                ex: Vector3(x: k11, y: k12, z: k13), ey: Vector3(x: k12, y: k22, z: k23),
                ez: Vector3(x: k13, y: k23, z: k33))
            lambda = K3.solve33(-Vector3(x: C1.x, y: C1.y, z: C2))
        } else {
            let K2 = Matrix2(ex: Vector(k11, k12), ey: Vector(k12, k22))
            let l = K2.solve(-C1)
            lambda = Vector3(x: l.x, y: l.y, z: 0)
        }
        let P = lambda.x * perp + lambda.z * axis
        let LA = lambda.x * s1 + lambda.y + lambda.z * a1
        let LB = lambda.x * s2 + lambda.y + lambda.z * a2
        ctx.positions[ctx.a].c -= mA * P
        ctx.positions[ctx.a].a -= iA * LA
        ctx.positions[ctx.b].c += mB * P
        ctx.positions[ctx.b].a += iB * LB
        return linearError <= Constants.linearSlop && angularError <= Constants.angularSlop
    }
}
