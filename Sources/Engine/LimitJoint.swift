// Limit attachment (a rope), after Box2D 2.3's b2RopeJoint: the distance between the two points never
// exceeds `maxLength`. The impulse only pulls (accumulated impulse ≤ 0); while slack, the constraint is
// speculative (the remaining slack divided by h is allowed as closing speed), so a taut rope catches its
// load in the sub-step it arrives.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct LimitJoint: JointSolver {
    var localAnchorA: Vector
    var localAnchorB: Vector
    var maxLength: Double

    var impulse = 0.0
    var mass = 0.0
    var u = Vector.zero
    var rA = Vector.zero
    var rB = Vector.zero
    var currentLength = 0.0

    init(localAnchorA: Vector, localAnchorB: Vector, maxLength: Double) {
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.maxLength = maxLength
    }

    mutating func prepare(_ ctx: JointContext) {
        rA = ctx.armA(localAnchorA)
        rB = ctx.armB(localAnchorB)
        u = ctx.positions[ctx.b].c + rB - ctx.positions[ctx.a].c - rA
        currentLength = u.length
        if currentLength > Constants.linearSlop {
            u = (1 / currentLength) * u
        } else {
            u = .zero
            mass = 0
            impulse = 0
            return
        }
        let crA = cross(rA, u)
        let crB = cross(rB, u)
        let inverseMass = ctx.mA + ctx.iA * crA * crA + ctx.mB + ctx.iB * crB * crB
        mass = inverseMass != 0 ? 1 / inverseMass : 0
        ctx.applyVelocity(impulse * u, rA: rA, rB: rB)
    }

    mutating func solveVelocity(_ ctx: JointContext) {
        let vpA = ctx.velocities[ctx.a].v + cross(ctx.velocities[ctx.a].w, rA)
        let vpB = ctx.velocities[ctx.b].v + cross(ctx.velocities[ctx.b].w, rB)
        let C = currentLength - maxLength
        var cdot = dot(u, vpB - vpA)
        if C < 0 { cdot += C / ctx.h }
        var lambda = -mass * cdot
        let old = impulse
        impulse = min(0, impulse + lambda)
        lambda = impulse - old
        ctx.applyVelocity(lambda * u, rA: rA, rB: rB)
    }

    mutating func solvePosition(_ ctx: JointContext) -> Bool {
        let rA = ctx.armA(localAnchorA)
        let rB = ctx.armB(localAnchorB)
        var u = ctx.positions[ctx.b].c + rB - ctx.positions[ctx.a].c - rA
        let length = u.length
        u = length > 0 ? (1 / length) * u : .zero
        let C = min(max(length - maxLength, 0), Constants.maxLinearCorrection)
        ctx.applyPosition(-mass * C * u, rA: rA, rB: rB)
        return length - maxLength < Constants.linearSlop
    }
}
