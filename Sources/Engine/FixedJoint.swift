// Fixed attachment (a weld), after Box2D 2.4's rigid b2WeldJoint: the point constraint and the relative
// angle are solved together as one 3×3 system (2×2 when neither body can turn).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct FixedJoint: JointSolver {
    var localAnchorA: Vector
    var localAnchorB: Vector
    var referenceAngle: Double

    var impulse = Vector3.zero
    var mass = Matrix3.zero
    var rA = Vector.zero
    var rB = Vector.zero

    init(localAnchorA: Vector, localAnchorB: Vector, referenceAngle: Double) {
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.referenceAngle = referenceAngle
    }

    private static func matrix(_ ctx: JointContext, _ rA: Vector, _ rB: Vector) -> Matrix3 {
        let mA = ctx.mA
        let mB = ctx.mB
        let iA = ctx.iA
        let iB = ctx.iB
        var K = Matrix3.zero
        K.ex.x = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        K.ey.x = -rA.y * rA.x * iA - rB.y * rB.x * iB
        K.ez.x = -rA.y * iA - rB.y * iB
        K.ex.y = K.ey.x
        K.ey.y = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        K.ez.y = rA.x * iA + rB.x * iB
        K.ex.z = K.ez.x
        K.ey.z = K.ez.y
        K.ez.z = iA + iB
        return K
    }

    mutating func prepare(_ ctx: JointContext) {
        rA = ctx.armA(localAnchorA)
        rB = ctx.armB(localAnchorB)
        let K = Self.matrix(ctx, rA, rB)
        mass = K.ez.z == 0 ? K.inverse22 : K.symmetricInverse33
        ctx.applyVelocity(Vector(impulse.x, impulse.y), rA: rA, rB: rB, angularA: impulse.z, angularB: impulse.z)
    }

    mutating func solveVelocity(_ ctx: JointContext) {
        let va = ctx.velocities[ctx.a]
        let vb = ctx.velocities[ctx.b]
        let cdot1 = vb.v + cross(vb.w, rB) - va.v - cross(va.w, rA)
        let cdot2 = vb.w - va.w
        let lambda = -mass.apply(Vector3(x: cdot1.x, y: cdot1.y, z: cdot2))
        impulse = impulse + lambda
        ctx.applyVelocity(Vector(lambda.x, lambda.y), rA: rA, rB: rB, angularA: lambda.z, angularB: lambda.z)
    }

    mutating func solvePosition(_ ctx: JointContext) -> Bool {
        let rA = ctx.armA(localAnchorA)
        let rB = ctx.armB(localAnchorB)
        let K = Self.matrix(ctx, rA, rB)
        let C1 = ctx.positions[ctx.b].c + rB - ctx.positions[ctx.a].c - rA
        let C2 = ctx.positions[ctx.b].a - ctx.positions[ctx.a].a - referenceAngle
        let positionError = C1.length
        let angularError = abs(C2)
        let lambda: Vector3
        if K.ez.z > 0 {
            lambda = -K.solve33(Vector3(x: C1.x, y: C1.y, z: C2))
        } else {
            let l = -K.solve22(C1)
            lambda = Vector3(x: l.x, y: l.y, z: 0)
        }
        ctx.applyPosition(Vector(lambda.x, lambda.y), rA: rA, rB: rB, angularA: lambda.z, angularB: lambda.z)
        return positionError <= Constants.linearSlop && angularError <= Constants.angularSlop
    }
}
