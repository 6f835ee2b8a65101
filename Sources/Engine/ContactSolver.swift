// The contact part of the sequential-impulse solver, after Box2D 2.x's b2ContactSolver: friction then
// normal impulses per velocity iteration (the two points of a manifold solved together as a 2×2 linear
// complementarity problem when well conditioned), warm started from the previous sub-step's impulses,
// restitution as a velocity bias above the threshold, and a non-linear Gauss–Seidel position pass with
// Baumgarte factor 0.2 that leaves the linear slop of overlap.

/// The fields are in the order the velocity pass reads them, what only the position pass and the events
/// read last: the solver's working set is then a few cache lines per constraint (the layout changes no
/// arithmetic).
struct ContactConstraintPoint {
    var rA: Vector = .zero
    var rB: Vector = .zero
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var normalMass: Double = 0
    var tangentMass: Double = 0
    var velocityBias: Double = 0
    /// Position pass: the manifold point in its local frame.
    var localPoint: Vector = .zero
    /// The world point at the start of the sub-step (for contact events).
    var point: Vector = .zero
}

struct ContactConstraint {
    // Read by every velocity iteration.
    var bodyA: Int
    var bodyB: Int
    var normal: Vector = .zero
    var inverseMassA: Double
    var inverseMassB: Double
    var inverseInertiaA: Double
    var inverseInertiaB: Double
    var friction: Double
    /// Points solved by the velocity pass (the block solver may fall back to one).
    var velocityPointCount: Int
    var point0 = ContactConstraintPoint()
    var point1 = ContactConstraintPoint()
    var normalMatrix = Matrix2.zero
    var blockMass = Matrix2.zero
    // Read by the position pass and afterwards.
    var contact: Int32
    var localCenterA: Vector
    var localCenterB: Vector
    var radiusA: Double
    var radiusB: Double
    var restitution: Double
    var type: ManifoldType
    var localNormal: Vector
    var localPoint: Vector
    /// Points corrected by the position pass.
    var pointCount: Int
}

extension ContactConstraint {
    /// Builds the velocity and position data from a contact's manifold at the start of a sub-step.
    init(
        contactIndex: Int, _ contact: Contact, friction: Double, restitution: Double, radiusA: Double, radiusB: Double,
        bodyA: SolverBody, bodyB: SolverBody, rotationA qA: Rotation, rotationB qB: Rotation,
        positions: UnsafeMutableBufferPointer<SolverPosition>, velocities: UnsafeMutableBufferPointer<SolverVelocity>
    ) {
        let m = contact.manifold
        let a = Int(contact.bodyA)
        let b = Int(contact.bodyB)
        self.init(
            bodyA: a, bodyB: b,
            inverseMassA: bodyA.inverseMass, inverseMassB: bodyB.inverseMass,
            inverseInertiaA: bodyA.inverseInertia, inverseInertiaB: bodyB.inverseInertia,
            friction: friction, velocityPointCount: m.pointCount, contact: Int32(contactIndex),
            localCenterA: bodyA.localCenter, localCenterB: bodyB.localCenter,
            radiusA: radiusA, radiusB: radiusB, restitution: restitution,
            type: m.type, localNormal: m.localNormal, localPoint: m.localPoint, pointCount: m.pointCount)
        point0.localPoint = m.point0.localPoint
        point1.localPoint = m.point1.localPoint
        point0.normalImpulse = m.point0.normalImpulse
        point0.tangentImpulse = m.point0.tangentImpulse
        point1.normalImpulse = m.point1.normalImpulse
        point1.tangentImpulse = m.point1.tangentImpulse

        // The rotations are the bodies' own, already computed for their current angles.
        let cA = positions[a].c
        let cB = positions[b].c
        let vA = velocities[a].v
        let wA = velocities[a].w
        let vB = velocities[b].v
        let wB = velocities[b].w
        let xfA = Transform(p: cA - qA.apply(localCenterA), q: qA)
        let xfB = Transform(p: cB - qB.apply(localCenterB), q: qB)
        let world = WorldManifold(m, xfA, radiusA, xfB, radiusB)
        normal = world.normal
        let tangent = cross(normal, 1.0)
        let mA = inverseMassA
        let mB = inverseMassB
        let iA = inverseInertiaA
        let iB = inverseInertiaB

        // Each point is filled in place (copied out and back, a point cost more than its arithmetic).
        let normal = self.normal
        let restitution = self.restitution
        func fill(_ p: inout ContactConstraintPoint, _ j: Int) {
            p.point = world.point(j)
            p.rA = world.point(j) - cA
            p.rB = world.point(j) - cB
            let rnA = cross(p.rA, normal)
            let rnB = cross(p.rB, normal)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            p.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let rtA = cross(p.rA, tangent)
            let rtB = cross(p.rB, tangent)
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            p.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            let vRel = dot(normal, vB + cross(wB, p.rB) - vA - cross(wA, p.rA))
            p.velocityBias = vRel < -Constants.velocityThreshold ? -restitution * vRel : 0
        }
        if pointCount > 0 { fill(&point0, 0) }
        if pointCount > 1 { fill(&point1, 1) }

        if pointCount == 2 {
            let rn1A = cross(point0.rA, normal)
            let rn1B = cross(point0.rB, normal)
            let rn2A = cross(point1.rA, normal)
            let rn2B = cross(point1.rB, normal)
            let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
            let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
            let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
            if k11 * k11 < Constants.maxConditionNumber * (k11 * k22 - k12 * k12) {
                normalMatrix = Matrix2(ex: Vector(k11, k12), ey: Vector(k12, k22))
                blockMass = normalMatrix.inverse
            } else {
                // Redundant points: solve one.
                velocityPointCount = 1
            }
        }
    }

    func warmStart(_ velocities: UnsafeMutableBufferPointer<SolverVelocity>) {
        let tangent = cross(normal, 1.0)
        var vA = velocities[bodyA].v
        var wA = velocities[bodyA].w
        var vB = velocities[bodyB].v
        var wB = velocities[bodyB].w
        for j in 0..<pointCount {
            let p = j == 0 ? point0 : point1
            let impulse = p.normalImpulse * normal + p.tangentImpulse * tangent
            wA -= inverseInertiaA * cross(p.rA, impulse)
            vA -= inverseMassA * impulse
            wB += inverseInertiaB * cross(p.rB, impulse)
            vB += inverseMassB * impulse
        }
        velocities[bodyA] = SolverVelocity(v: vA, w: wA)
        velocities[bodyB] = SolverVelocity(v: vB, w: wB)
    }

    /// One velocity iteration of the constraint. Written in components (the same operations in the same
    /// order as the vector expressions of b2ContactSolver::SolveVelocityConstraints, noted beside them): as
    /// vectors, the compiler paired the components in registers and spent as many instructions shuffling
    /// them as computing.
    mutating func solveVelocity(_ velocities: UnsafeMutableBufferPointer<SolverVelocity>) {
        var vAx = velocities[bodyA].v.x
        var vAy = velocities[bodyA].v.y
        var wA = velocities[bodyA].w
        var vBx = velocities[bodyB].v.x
        var vBy = velocities[bodyB].v.y
        var wB = velocities[bodyB].w
        let mA = inverseMassA
        let mB = inverseMassB
        let iA = inverseInertiaA
        let iB = inverseInertiaB
        let nx = normal.x
        let ny = normal.y
        // tangent = cross(normal, 1) = (1·ny, -1·nx), exactly (ny, -nx).
        let tx = ny
        let ty = -nx
        let friction = self.friction

        // dv = vB + cross(wB, rB) - vA - cross(wA, rA), the relative velocity at a point.
        func relativeVelocity(_ p: ContactConstraintPoint) -> (x: Double, y: Double) {
            (vBx + -wB * p.rB.y - vAx - -wA * p.rA.y, vBy + wB * p.rB.x - vAy - wA * p.rA.x)
        }

        // The impulse P = (px, py) at a point: −P on A, +P on B.
        func apply(_ px: Double, _ py: Double, at p: ContactConstraintPoint) {
            vAx -= mA * px
            vAy -= mA * py
            wA -= iA * (p.rA.x * py - p.rA.y * px)
            vBx += mB * px
            vBy += mB * py
            wB += iB * (p.rB.x * py - p.rB.y * px)
        }

        // Friction first: it is bounded by the normal impulse of the previous iteration. (Each point is
        // updated in place: copying a whole point out and back cost more than its arithmetic.)
        func solveFriction(_ p: inout ContactConstraintPoint) {
            let dv = relativeVelocity(p)
            let vt = dv.x * tx + dv.y * ty
            var lambda = p.tangentMass * -vt
            let maxFriction = friction * p.normalImpulse
            let newImpulse = min(max(p.tangentImpulse + lambda, -maxFriction), maxFriction)
            lambda = newImpulse - p.tangentImpulse
            p.tangentImpulse = newImpulse
            apply(lambda * tx, lambda * ty, at: p)
        }
        if velocityPointCount > 0 { solveFriction(&point0) }
        if velocityPointCount > 1 { solveFriction(&point1) }

        if velocityPointCount == 1 {
            let dv = relativeVelocity(point0)
            let vn = dv.x * nx + dv.y * ny
            var lambda = -point0.normalMass * (vn - point0.velocityBias)
            let newImpulse = max(point0.normalImpulse + lambda, 0)
            lambda = newImpulse - point0.normalImpulse
            point0.normalImpulse = newImpulse
            apply(lambda * nx, lambda * ny, at: point0)
        } else if velocityPointCount == 2 {
            // Block solver: find x ≥ 0 with vn = A x + b ≥ 0 and xᵢ·vnᵢ = 0, trying the four cases in turn.
            let ax = point0.normalImpulse
            let ay = point1.normalImpulse
            let dv1 = relativeVelocity(point0)
            let dv2 = relativeVelocity(point1)
            // b = (dot(dv1, n) - bias1, dot(dv2, n) - bias2) - K a
            var bx = dv1.x * nx + dv1.y * ny - point0.velocityBias
            var by = dv2.x * nx + dv2.y * ny - point1.velocityBias
            let k = normalMatrix
            let kax = k.ex.x * ax + k.ey.x * ay
            let kay = k.ex.y * ax + k.ey.y * ay
            bx = bx - kax
            by = by - kay
            var xx: Double
            var xy: Double
            var solved = false
            // Both points active: x = -(K⁻¹ b).
            let m = blockMass
            xx = -(m.ex.x * bx + m.ey.x * by)
            xy = -(m.ex.y * bx + m.ey.y * by)
            if xx >= 0 && xy >= 0 {
                solved = true
            }
            if !solved {
                // Only the first point.
                xx = -point0.normalMass * bx
                xy = 0
                let vn2 = k.ex.y * xx + by
                if xx >= 0 && vn2 >= 0 { solved = true }
            }
            if !solved {
                // Only the second point.
                xx = 0
                xy = -point1.normalMass * by
                let vn1 = k.ey.x * xy + bx
                if xy >= 0 && vn1 >= 0 { solved = true }
            }
            if !solved {
                // Neither.
                xx = 0
                xy = 0
                if bx >= 0 && by >= 0 { solved = true }
            }
            if solved {
                let dx = xx - ax
                let dy = xy - ay
                let p1x = dx * nx
                let p1y = dx * ny
                let p2x = dy * nx
                let p2y = dy * ny
                // vA -= mA (p1 + p2); wA -= iA (cross(rA1, p1) + cross(rA2, p2)); B likewise with +.
                vAx -= mA * (p1x + p2x)
                vAy -= mA * (p1y + p2y)
                wA -= iA * ((point0.rA.x * p1y - point0.rA.y * p1x) + (point1.rA.x * p2y - point1.rA.y * p2x))
                vBx += mB * (p1x + p2x)
                vBy += mB * (p1y + p2y)
                wB += iB * ((point0.rB.x * p1y - point0.rB.y * p1x) + (point1.rB.x * p2y - point1.rB.y * p2x))
                point0.normalImpulse = xx
                point1.normalImpulse = xy
            }
        }

        velocities[bodyA] = SolverVelocity(v: Vector(vAx, vAy), w: wA)
        velocities[bodyB] = SolverVelocity(v: Vector(vBx, vBy), w: wB)
    }

    /// One non-linear Gauss–Seidel pass; returns the smallest separation seen. (`mutating` only so that the
    /// caller passes the constraint in place: as a value, its ~460 bytes were copied at every call.)
    mutating func solvePosition(_ positions: UnsafeMutableBufferPointer<SolverPosition>, baumgarte: Double) -> Double {
        correctPositions(
            positions, baumgarte: baumgarte, inverseMassA, inverseInertiaA, inverseMassB, inverseInertiaB)
    }

    /// The position pass of an impact (b2ContactSolver::SolveTOIPositionConstraints): only the two impact
    /// bodies move, with the larger Baumgarte factor of impacts.
    mutating func solveImpactPosition(
        _ positions: UnsafeMutableBufferPointer<SolverPosition>, _ toiA: Int, _ toiB: Int
    )
        -> Double
    {
        let movesA = bodyA == toiA || bodyA == toiB
        let movesB = bodyB == toiA || bodyB == toiB
        return correctPositions(
            positions, baumgarte: Constants.toiBaumgarte, movesA ? inverseMassA : 0, movesA ? inverseInertiaA : 0,
            movesB ? inverseMassB : 0, movesB ? inverseInertiaB : 0)
    }

    private mutating func correctPositions(
        _ positions: UnsafeMutableBufferPointer<SolverPosition>, baumgarte: Double, _ mA: Double, _ iA: Double,
        _ mB: Double, _ iB: Double
    ) -> Double {
        var cA = positions[bodyA].c
        var aA = positions[bodyA].a
        var cB = positions[bodyB].c
        var aB = positions[bodyB].a
        var minSeparation = 0.0
        // The rotations of the current angles (Box2D computes them per point; a point that moves nothing
        // leaves the angles, and so the rotations, as they were).
        var qA = positions.rotation(bodyA)
        var qB = positions.rotation(bodyB)
        var angleOfA = aA
        var angleOfB = aB
        for j in 0..<pointCount {
            if aA.bitPattern != angleOfA.bitPattern {
                qA = Rotation(aA)
                angleOfA = aA
            }
            if aB.bitPattern != angleOfB.bitPattern {
                qB = Rotation(aB)
                angleOfB = aB
            }
            let xfA = Transform(p: cA - qA.apply(localCenterA), q: qA)
            let xfB = Transform(p: cB - qB.apply(localCenterB), q: qB)
            let localP = j == 0 ? point0.localPoint : point1.localPoint
            var normal: Vector
            var point: Vector
            var separation: Double
            switch type {
            case .circles:
                let pointA = xfA.apply(localPoint)
                let pointB = xfB.apply(point0.localPoint)
                normal = (pointB - pointA).normalized
                if normal == .zero { normal = Vector(1, 0) }
                point = 0.5 * (pointA + pointB)
                separation = dot(pointB - pointA, normal) - radiusA - radiusB
            case .faceA:
                normal = xfA.q.apply(localNormal)
                let planePoint = xfA.apply(localPoint)
                let clipPoint = xfB.apply(localP)
                separation = dot(clipPoint - planePoint, normal) - radiusA - radiusB
                point = clipPoint
            case .faceB:
                normal = xfB.q.apply(localNormal)
                let planePoint = xfB.apply(localPoint)
                let clipPoint = xfA.apply(localP)
                separation = dot(clipPoint - planePoint, normal) - radiusA - radiusB
                point = clipPoint
                normal = -normal
            }
            let rA = point - cA
            let rB = point - cB
            minSeparation = min(minSeparation, separation)
            let C = min(max(baumgarte * (separation + Constants.linearSlop), -Constants.maxLinearCorrection), 0)
            let rnA = cross(rA, normal)
            let rnB = cross(rB, normal)
            let K = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let impulse = K > 0 ? -C / K : 0
            let P = impulse * normal
            cA -= mA * P
            aA -= iA * cross(rA, P)
            cB += mB * P
            aB += iB * cross(rB, P)
        }
        positions[bodyA] = SolverPosition(c: cA, a: aA, q: qA, qa: angleOfA)
        positions[bodyB] = SolverPosition(c: cB, a: aB, q: qB, qa: angleOfB)
        return minSeparation
    }
}
