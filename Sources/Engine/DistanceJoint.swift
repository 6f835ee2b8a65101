// Distance joint (UIKit's default attachment, and the four springs of a snap), after Box2D 2.3's
// b2DistanceJoint. Rigid when `frequency` is 0: the rod length is held by an equality impulse and a
// position pass. Soft otherwise: with m the constraint's effective mass, ω = 2πf, stiffness k = m·ω² and
// damping c = 2·m·ζ·ω enter as γ = 1/(h·(c + h·k)) and bias = C·h·k·γ (C the length error); the effective
// mass becomes 1/(1/m + γ), and no position pass is run (the spring is allowed to stretch).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct DistanceJoint: JointSolver {
    var localAnchorA: Vector
    var localAnchorB: Vector
    var length: Double
    var frequency: Double
    var dampingRatio: Double

    var impulse = 0.0
    var gamma = 0.0
    var bias = 0.0
    var mass = 0.0
    var u = Vector.zero
    var rA = Vector.zero
    var rB = Vector.zero

    init(localAnchorA: Vector, localAnchorB: Vector, length: Double, frequency: Double, dampingRatio: Double) {
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.length = length
        self.frequency = frequency
        self.dampingRatio = dampingRatio
    }

    mutating func prepare(_ ctx: JointContext) {
        rA = ctx.armA(localAnchorA)
        rB = ctx.armB(localAnchorB)
        u = ctx.positions[ctx.b].c + rB - ctx.positions[ctx.a].c - rA
        let currentLength = u.length
        u = currentLength > Constants.linearSlop ? (1 / currentLength) * u : .zero

        let crAu = cross(rA, u)
        let crBu = cross(rB, u)
        var inverseMass = ctx.mA + ctx.iA * crAu * crAu + ctx.mB + ctx.iB * crBu * crBu
        mass = inverseMass != 0 ? 1 / inverseMass : 0

        if frequency > 0 && mass > 0 {
            let C = currentLength - length
            let omega = 2 * Double.pi * frequency
            let d = 2 * mass * dampingRatio * omega
            let k = mass * omega * omega
            let h = ctx.h
            gamma = h * (d + h * k)
            gamma = gamma != 0 && gamma.isFinite ? 1 / gamma : 0
            bias = C * h * k * gamma
            if !bias.isFinite { bias = 0 }
            inverseMass += gamma
            mass = inverseMass != 0 ? 1 / inverseMass : 0
        } else {
            gamma = 0
            bias = 0
        }
        ctx.applyVelocity(impulse * u, rA: rA, rB: rB)
    }

    mutating func solveVelocity(_ ctx: JointContext) {
        let vpA = ctx.velocities[ctx.a].v + cross(ctx.velocities[ctx.a].w, rA)
        let vpB = ctx.velocities[ctx.b].v + cross(ctx.velocities[ctx.b].w, rB)
        let cdot = dot(u, vpB - vpA)
        let lambda = -mass * (cdot + bias + gamma * impulse)
        impulse += lambda
        ctx.applyVelocity(lambda * u, rA: rA, rB: rB)
    }

    mutating func solvePosition(_ ctx: JointContext) -> Bool {
        if frequency > 0 { return true }
        let rA = ctx.armA(localAnchorA)
        let rB = ctx.armB(localAnchorB)
        var u = ctx.positions[ctx.b].c + rB - ctx.positions[ctx.a].c - rA
        let currentLength = u.length
        u = currentLength > 0 ? (1 / currentLength) * u : .zero
        let C = min(max(currentLength - length, -Constants.maxLinearCorrection), Constants.maxLinearCorrection)
        let lambda = -mass * C
        ctx.applyPosition(lambda * u, rA: rA, rB: rB)
        return abs(C) < Constants.linearSlop
    }
}
