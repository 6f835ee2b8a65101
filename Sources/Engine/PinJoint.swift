// Pin attachment (a revolute joint), after Box2D 2.4's b2RevoluteJoint: a 2×2 point constraint holds the
// two anchor points together; `frictionTorque` is a motor of speed 0 whose torque is bounded by it (the
// joint turns only when pushed harder); an optional range bounds the relative angle, from the start,
// with separate lower and upper impulses (speculative while inside the range).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct PinJoint: JointSolver {
    var localAnchorA: Vector
    var localAnchorB: Vector
    /// angleB − angleA at the start.
    var referenceAngle: Double
    /// kg·pt²/s².
    var maxFrictionTorque: Double
    var enableLimit: Bool
    var lowerAngle: Double
    var upperAngle: Double

    var impulse = Vector.zero
    var motorImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    var rA = Vector.zero
    var rB = Vector.zero
    var K = Matrix2.zero
    var axialMass = 0.0
    var angle = 0.0
    var fixedRotation = false

    init(
        localAnchorA: Vector, localAnchorB: Vector, referenceAngle: Double, maxFrictionTorque: Double,
        range: ClosedRange<Double>?
    ) {
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.referenceAngle = referenceAngle
        self.maxFrictionTorque = maxFrictionTorque
        enableLimit = range != nil
        lowerAngle = range?.lowerBound ?? 0
        upperAngle = range?.upperBound ?? 0
    }

    mutating func prepare(_ ctx: JointContext) {
        let aA = ctx.positions[ctx.a].a
        let aB = ctx.positions[ctx.b].a
        rA = ctx.armA(localAnchorA)
        rB = ctx.armB(localAnchorB)
        let mA = ctx.mA
        let mB = ctx.mB
        let iA = ctx.iA
        let iB = ctx.iB
        K.ex.x = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        K.ey.x = -rA.y * rA.x * iA - rB.y * rB.x * iB
        K.ex.y = K.ey.x
        K.ey.y = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        axialMass = iA + iB
        fixedRotation = axialMass == 0
        if axialMass > 0 { axialMass = 1 / axialMass }
        angle = aB - aA - referenceAngle
        if maxFrictionTorque <= 0 || fixedRotation { motorImpulse = 0 }
        if !enableLimit || fixedRotation {
            lowerImpulse = 0
            upperImpulse = 0
        }
        let axialImpulse = motorImpulse + lowerImpulse - upperImpulse
        ctx.applyVelocity(impulse, rA: rA, rB: rB, angularA: axialImpulse, angularB: axialImpulse)
    }

    mutating func solveVelocity(_ ctx: JointContext) {
        let iA = ctx.iA
        let iB = ctx.iB
        let h = ctx.h
        if maxFrictionTorque > 0 && !fixedRotation {
            let cdot = ctx.velocities[ctx.b].w - ctx.velocities[ctx.a].w
            var lambda = -axialMass * cdot
            let old = motorImpulse
            let maxImpulse = h * maxFrictionTorque
            motorImpulse = min(max(old + lambda, -maxImpulse), maxImpulse)
            lambda = motorImpulse - old
            ctx.velocities[ctx.a].w -= iA * lambda
            ctx.velocities[ctx.b].w += iB * lambda
        }
        if enableLimit && !fixedRotation {
            do {
                let C = angle - lowerAngle
                let cdot = ctx.velocities[ctx.b].w - ctx.velocities[ctx.a].w
                var lambda = -axialMass * (cdot + max(C, 0) / h)
                let old = lowerImpulse
                lowerImpulse = max(old + lambda, 0)
                lambda = lowerImpulse - old
                ctx.velocities[ctx.a].w -= iA * lambda
                ctx.velocities[ctx.b].w += iB * lambda
            }
            do {
                let C = upperAngle - angle
                let cdot = ctx.velocities[ctx.a].w - ctx.velocities[ctx.b].w
                var lambda = -axialMass * (cdot + max(C, 0) / h)
                let old = upperImpulse
                upperImpulse = max(old + lambda, 0)
                lambda = upperImpulse - old
                ctx.velocities[ctx.a].w += iA * lambda
                ctx.velocities[ctx.b].w -= iB * lambda
            }
        }
        let va = ctx.velocities[ctx.a]
        let vb = ctx.velocities[ctx.b]
        let cdot = vb.v + cross(vb.w, rB) - va.v - cross(va.w, rA)
        let lambda = K.solve(-cdot)
        impulse += lambda
        ctx.applyVelocity(lambda, rA: rA, rB: rB)
    }

    mutating func solvePosition(_ ctx: JointContext) -> Bool {
        var angularError = 0.0
        let iA = ctx.iA
        let iB = ctx.iB
        let mA = ctx.mA
        let mB = ctx.mB
        if enableLimit && !fixedRotation {
            let angle = ctx.positions[ctx.b].a - ctx.positions[ctx.a].a - referenceAngle
            var C = 0.0
            if abs(upperAngle - lowerAngle) < 2 * Constants.angularSlop {
                C = min(max(angle - lowerAngle, -Constants.maxAngularCorrection), Constants.maxAngularCorrection)
            } else if angle <= lowerAngle {
                C = min(max(angle - lowerAngle + Constants.angularSlop, -Constants.maxAngularCorrection), 0)
            } else if angle >= upperAngle {
                C = min(max(angle - upperAngle - Constants.angularSlop, 0), Constants.maxAngularCorrection)
            }
            let limitImpulse = -axialMass * C
            ctx.positions[ctx.a].a -= iA * limitImpulse
            ctx.positions[ctx.b].a += iB * limitImpulse
            angularError = abs(C)
        }
        let rA = ctx.armA(localAnchorA)
        let rB = ctx.armB(localAnchorB)
        let C = ctx.positions[ctx.b].c + rB - ctx.positions[ctx.a].c - rA
        let positionError = C.length
        var K = Matrix2.zero
        K.ex.x = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
        K.ex.y = -iA * rA.x * rA.y - iB * rB.x * rB.y
        K.ey.x = K.ex.y
        K.ey.y = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        let lambda = -K.solve(C)
        ctx.applyPosition(lambda, rA: rA, rB: rB)
        return positionError <= Constants.linearSlop && angularError <= Constants.angularSlop
    }
}
