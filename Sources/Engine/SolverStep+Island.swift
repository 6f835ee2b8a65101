// One island's solve, as b2Island::Solve does, in its stages (the islands and their rest are described in
// WorldState+Islands.swift). An island without contacts (a body in free fall) skips the contact stages,
// which would run over no constraints.

extension SolverStep {
    /// Solves one island for the sub-step.
    func solve(
        _ island: Island, _ constraints: inout [ContactConstraint], _ contacts: inout [Contact],
        _ jointModels: inout JointModels
    ) {
        integrateVelocities(island.bodies)
        let hasContacts = !island.contacts.isEmpty
        if !hasContacts {
            if !constraints.isEmpty { constraints.removeAll(keepingCapacity: true) }
        } else {
            buildConstraints(island.contacts, &constraints, contacts, warmStarting: true)
            constraints.withUnsafeMutableBufferPointer { constraints in
                for k in constraints.indices { constraints[k].warmStart(velocities) }
            }
        }
        for top in island.joints {
            let j = Int(top)
            jointModels.prepare(joints[j], jointContext(joints[j]))
        }
        solveVelocities(island.joints, &constraints, &jointModels)
        if hasContacts { SolverStep.storeImpulses(constraints, &contacts) }
        integratePositions(island.bodies)
        let positionSolved = solvePositions(island.joints, &constraints, &jointModels)
        for top in island.bodies {
            let i = Int(top)
            bodies[i].center = positions[i].c
            bodies[i].angle = positions[i].a
            bodies[i].velocity = velocities[i].v
            bodies[i].angularVelocity = velocities[i].w
            bodies[i].synchronizeOrigin(rotation: positions.rotation(i))
        }
        updateRest(island.bodies, positionSolved: positionSolved)
    }

    /// Gravity, forces and damping into the solver's velocities; the sweeps start where the bodies are.
    private func integrateVelocities(_ islandBodies: UnsafeBufferPointer<Int32>) {
        for top in islandBodies {
            let i = Int(top)
            let b = bodies[i]
            var v = b.velocity
            var w = b.angularVelocity
            var acceleration = b.inverseMass * b.force
            if b.affectedByGravity { acceleration += gravity }
            v += h * acceleration
            w += h * b.inverseInertia * b.torque
            // Damping as Box2D 2.3 and UIKit (measured) do it: a factor 1/(1 + h·c), which never reverses or
            // stops a body whatever c is (pybox2d 2.3.10 clamps 1 − h·c instead; its driver is given the c′
            // with 1 − h·c′ = 1/(1 + h·c)).
            v = (1 / (1 + h * max(0, b.properties.resistance))) * v
            w *= 1 / (1 + h * max(0, b.properties.angularResistance))
            velocities[i] = SolverVelocity(v: v, w: w)
            bodies[i].center0 = b.center
            bodies[i].angle0 = b.angle
        }
    }

    /// The velocity iterations: joints, then contacts.
    private func solveVelocities(
        _ islandJoints: UnsafeBufferPointer<Int32>, _ constraints: inout [ContactConstraint],
        _ jointModels: inout JointModels
    ) {
        // A body in free fall: nothing to iterate.
        guard !islandJoints.isEmpty || !constraints.isEmpty else { return }
        constraints.withUnsafeMutableBufferPointer { constraints in
            for _ in 0..<Constants.velocityIterations {
                for top in islandJoints {
                    let j = Int(top)
                    jointModels.solveVelocity(joints[j], jointContext(joints[j]))
                }
                for k in constraints.indices { constraints[k].solveVelocity(velocities) }
            }
        }
    }

    /// Keeps the impulses for warm starting, and the points for the contact events.
    private static func storeImpulses(_ constraints: [ContactConstraint], _ contacts: inout [Contact]) {
        for k in constraints.indices {
            let cc = constraints[k]
            let c = Int(cc.contact)
            contacts[c].manifold.point0.normalImpulse = cc.point0.normalImpulse
            contacts[c].manifold.point0.tangentImpulse = cc.point0.tangentImpulse
            contacts[c].manifold.point1.normalImpulse = cc.point1.normalImpulse
            contacts[c].manifold.point1.tangentImpulse = cc.point1.tangentImpulse
        }
        recordEventPoints(constraints, &contacts)
    }

    /// Positions from velocities, with at most 200 pt and 90° of motion per sub-step.
    private func integratePositions(_ islandBodies: UnsafeBufferPointer<Int32>) {
        for top in islandBodies {
            let i = Int(top)
            let (v, w) = WorldState.clampedVelocity(velocities[i].v, velocities[i].w, h)
            positions[i].c += h * v
            positions[i].a += h * w
            velocities[i] = SolverVelocity(v: v, w: w)
        }
    }

    /// The position iterations, contacts then joints; whether they converged.
    private func solvePositions(
        _ islandJoints: UnsafeBufferPointer<Int32>, _ constraints: inout [ContactConstraint],
        _ jointModels: inout JointModels
    ) -> Bool {
        for _ in 0..<Constants.positionIterations {
            // Without contacts the smallest separation is the starting 0.
            let minSeparation =
                constraints.isEmpty
                ? 0.0
                : constraints.withUnsafeMutableBufferPointer { constraints in
                    var minSeparation = 0.0
                    for k in constraints.indices {
                        minSeparation = min(
                            minSeparation, constraints[k].solvePosition(positions, baumgarte: Constants.baumgarte))
                    }
                    return minSeparation
                }
            let contactsOkay = minSeparation >= -3 * Constants.linearSlop
            var jointsOkay = true
            for top in islandJoints {
                let j = Int(top)
                let okay = jointModels.solvePosition(joints[j], jointContext(joints[j]))
                jointsOkay = jointsOkay && okay
            }
            if contactsOkay && jointsOkay { return true }
        }
        return false
    }

    /// Rest: when every body of the island has stayed slow for `timeToSleep` (and the position pass
    /// converged), the whole island sleeps.
    private func updateRest(_ islandBodies: UnsafeBufferPointer<Int32>, positionSolved: Bool) {
        var minSleepTime = Float.greatestFiniteMagnitude
        let step = Float(h)
        let linearTolerance = Constants.linearSleepTolerance * Constants.linearSleepTolerance
        let angularTolerance = Constants.angularSleepTolerance * Constants.angularSleepTolerance
        for top in islandBodies {
            let i = Int(top)
            let b = bodies[i]
            if b.angularVelocity * b.angularVelocity > angularTolerance
                || b.velocity.lengthSquared > linearTolerance
            {
                bodies[i].sleepTime = 0
                minSleepTime = 0
            } else {
                bodies[i].sleepTime += step
                minSleepTime = min(minSleepTime, bodies[i].sleepTime)
            }
        }
        if minSleepTime >= Float(Constants.timeToSleep) && positionSolved {
            for top in islandBodies { bodies[Int(top)].setAwake(false) }
        }
    }
}
