// What a stage's solve works through, opened once per stage: buffers over the world's bodies and the
// solver's positions and velocities, and the arrays it only reads. The island stage
// (SolverStep+Island.swift) and the impact stage (WorldState+TimeOfImpact.swift) build their contact
// constraints and record their event points here; the constraints, contacts and joint models they change
// are passed `inout` to each call.

struct SolverStep {
    /// The sub-step, or what remains of it after an impact.
    let h: Double
    let gravity: Vector
    let bodies: UnsafeMutableBufferPointer<Body>
    let positions: UnsafeMutableBufferPointer<SolverPosition>
    let velocities: UnsafeMutableBufferPointer<SolverVelocity>
    let solverBodies: [SolverBody]
    let shapes: [Shape]
    let joints: [Joint]

    private static func material(_ shape: Shape, _ p: BodyProperties) -> (friction: Double, restitution: Double) {
        if shape.isBoundary { return (BoundaryMaterial.friction, BoundaryMaterial.elasticity) }
        return (max(0, p.friction), max(0, p.elasticity))
    }

    /// The contact constraints of `contactList` into `constraints`, from the bodies' solver positions and
    /// velocities; without warm starting, their impulses start at zero.
    func buildConstraints(
        _ contactList: UnsafeBufferPointer<Int32>, _ constraints: inout [ContactConstraint], _ contacts: [Contact],
        warmStarting: Bool
    ) {
        constraints.removeAll(keepingCapacity: true)
        for top in contactList {
            let c = Int(top)
            var contact = contacts[c]
            if !warmStarting {
                contact.manifold.point0.normalImpulse = 0
                contact.manifold.point0.tangentImpulse = 0
                contact.manifold.point1.normalImpulse = 0
                contact.manifold.point1.tangentImpulse = 0
            }
            let sA = shapes[Int(contact.shapeA)]
            let sB = shapes[Int(contact.shapeB)]
            let mA = SolverStep.material(sA, bodies[Int(sA.body)].properties)
            let mB = SolverStep.material(sB, bodies[Int(sB.body)].properties)
            constraints.append(
                ContactConstraint(
                    contactIndex: c, contact, friction: (mA.friction * mB.friction).squareRoot(),
                    restitution: max(mA.restitution, mB.restitution), radiusA: sA.radius, radiusB: sB.radius,
                    bodyA: solverBodies[Int(contact.bodyA)], bodyB: solverBodies[Int(contact.bodyB)],
                    rotationA: positions.rotation(Int(contact.bodyA)),
                    rotationB: positions.rotation(Int(contact.bodyB)),
                    positions: positions, velocities: velocities))
        }
    }

    /// Each solved contact's point of largest normal impulse, for its events.
    static func recordEventPoints(_ constraints: [ContactConstraint], _ contacts: inout [Contact]) {
        for k in constraints.indices {
            let cc = constraints[k]
            guard cc.pointCount > 0 else { continue }
            contacts[Int(cc.contact)].lastPoint =
                cc.pointCount == 2 && cc.point1.normalImpulse > cc.point0.normalImpulse
                ? cc.point1.point : cc.point0.point
        }
    }

    func jointContext(_ joint: Joint) -> JointContext {
        let a = joint.bodyA
        let b = joint.bodyB
        return JointContext(
            positions: positions, velocities: velocities, h: h, a: a, b: b, bodyA: solverBodies[a],
            bodyB: solverBodies[b])
    }
}
