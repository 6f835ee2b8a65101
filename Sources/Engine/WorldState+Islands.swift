// Islands: bodies connected by touching contacts or joints, found by a depth-first search from each awake
// movable body (static bodies join no island and connect nothing), solved one after another as Box2D 2.x's
// b2Island does, and put to rest together: when every body of an island has stayed below 1 pt/s and 2°/s
// for 0.5 s (and the position pass converged), the whole island sleeps. A sleeping body touched by an
// awake island is woken by the search.
//
// For speed (the same islands, solved in the same order, with the same arithmetic): every island of the
// sub-step is found first, into flat lists with one end per island, and then solved; the search writes
// through buffers, and the solver's arrays are taken out of `self` once for all islands rather than per
// island; an island without contacts (a body in free fall) skips the contact stages, which would run over
// no constraints.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an island ends in the sub-step's island lists (where the next begins).
struct IslandEnd {
    var bodies: Int32
    var contacts: Int32
    var joints: Int32
}

extension WorldState {
    /// A joint takes part while it is alive and joins two different bodies in the simulation.
    func isActive(joint j: Int) -> Bool {
        let joint = joints[j]
        return joint.alive && joint.bodyA != joint.bodyB && bodies[joint.bodyA].enabled && bodies[joint.bodyB].enabled
    }

    mutating func solveIslands(_ h: Double) {
        let bodyCount = bodies.count
        if solverPositions.count != bodyCount {
            solverPositions = [SolverPosition](repeating: SolverPosition(c: .zero, a: 0), count: bodyCount)
            solverVelocities = [SolverVelocity](repeating: SolverVelocity(v: .zero, w: 0), count: bodyCount)
            solverBodies = [SolverBody](
                repeating: SolverBody(inverseMass: 0, inverseInertia: 0, localCenter: .zero), count: bodyCount)
        }
        loadSolverBodies()
        buildAdjacency()
        findIslands()

        // What the island solver only reads, through one reference each for the whole sub-step (read
        // through `self` per island, they were retained and released around every island). The solver's
        // arrays are taken out of `self` while the islands (methods of `self`) are solved on them.
        let solverBodies = self.solverBodies
        let joints = self.joints
        let islandBodies = self.islandBodies
        let islandContacts = self.islandContacts
        let islandJoints = self.islandJoints
        let islandEnds = self.islandEnds
        var solverPositions = self.solverPositions
        var solverVelocities = self.solverVelocities
        var bodies = self.bodies
        self.solverPositions = []
        self.solverVelocities = []
        self.bodies = []
        defer {
            self.solverPositions = solverPositions
            self.solverVelocities = solverVelocities
            self.bodies = bodies
        }
        bodies.withUnsafeMutableBufferPointer { bodies in
            solverPositions.withUnsafeMutableBufferPointer { positions in
                solverVelocities.withUnsafeMutableBufferPointer { velocities in
                    islandBodies.withUnsafeBufferPointer { islandBodies in
                        islandContacts.withUnsafeBufferPointer { islandContacts in
                            islandJoints.withUnsafeBufferPointer { islandJoints in
                                var start = IslandEnd(bodies: 0, contacts: 0, joints: 0)
                                for end in islandEnds {
                                    solveIsland(
                                        h,
                                        UnsafeBufferPointer(
                                            rebasing: islandBodies[Int(start.bodies)..<Int(end.bodies)]),
                                        UnsafeBufferPointer(
                                            rebasing: islandContacts[Int(start.contacts)..<Int(end.contacts)]),
                                        UnsafeBufferPointer(
                                            rebasing: islandJoints[Int(start.joints)..<Int(end.joints)]),
                                        solverBodies, joints, positions, velocities, bodies)
                                    start = end
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every body's solver position, velocity and mass at the start of the sub-step; no body is in an island
    /// yet. (Through buffers over arrays moved out of `self`: a write through `self` checked uniqueness.)
    private mutating func loadSolverBodies() {
        var bodies = self.bodies
        var solverPositions = self.solverPositions
        var solverVelocities = self.solverVelocities
        var solverBodies = self.solverBodies
        self.bodies = []
        self.solverPositions = []
        self.solverVelocities = []
        self.solverBodies = []
        bodies.withUnsafeMutableBufferPointer { bodies in
            solverPositions.withUnsafeMutableBufferPointer { positions in
                solverVelocities.withUnsafeMutableBufferPointer { velocities in
                    solverBodies.withUnsafeMutableBufferPointer { solverBodies in
                        for i in bodies.indices {
                            let b = bodies[i]
                            positions[i] = SolverPosition(c: b.center, a: b.angle, q: b.rotation, qa: b.angle)
                            velocities[i] = SolverVelocity(
                                v: b.isStatic ? .zero : b.velocity, w: b.isStatic ? 0 : b.angularVelocity)
                            solverBodies[i] = SolverBody(
                                inverseMass: b.inverseMass, inverseInertia: b.inverseInertia, localCenter: b.localCenter
                            )
                            bodies[i].islandMark = false
                        }
                    }
                }
            }
        }
        self.bodies = bodies
        self.solverPositions = solverPositions
        self.solverVelocities = solverVelocities
        self.solverBodies = solverBodies
    }

    /// Every island of the sub-step, in the order Box2D finds them (by seed body, then depth first), into
    /// `islandBodies`, `islandContacts` and `islandJoints` one after another, and where each ends into
    /// `islandEnds`. Finding them all before solving any finds the same islands: solving an island changes
    /// only its own bodies, which the search has already marked.
    private mutating func findIslands() {
        let bodyCount = bodies.count
        jointIslandMarks.removeAll(keepingCapacity: true)
        jointIslandMarks.append(contentsOf: repeatElement(false, count: joints.count))
        // A body, contact or joint is in at most one island; the stack holds each body at most once.
        islandBodies.removeAll(keepingCapacity: true)
        islandBodies.append(contentsOf: repeatElement(0, count: bodyCount))
        islandContacts.removeAll(keepingCapacity: true)
        islandContacts.append(contentsOf: repeatElement(0, count: contacts.count))
        islandJoints.removeAll(keepingCapacity: true)
        islandJoints.append(contentsOf: repeatElement(0, count: joints.count))
        islandStack.removeAll(keepingCapacity: true)
        islandStack.append(contentsOf: repeatElement(0, count: bodyCount))
        islandEnds.removeAll(keepingCapacity: true)
        // Moved out of `self` so that the search writes through buffers, without a uniqueness check per write.
        var bodies = self.bodies
        var contacts = self.contacts
        var jointIslandMarks = self.jointIslandMarks
        var islandBodies = self.islandBodies
        var islandContacts = self.islandContacts
        var islandJoints = self.islandJoints
        var islandStack = self.islandStack
        self.bodies = []
        self.contacts = []
        self.jointIslandMarks = []
        self.islandBodies = []
        self.islandContacts = []
        self.islandJoints = []
        self.islandStack = []
        let joints = self.joints
        let contactEdgeStart = self.contactEdgeStart
        let contactEdges = self.contactEdges
        let jointEdgeStart = self.jointEdgeStart
        let jointEdges = self.jointEdges
        var bodyCountFound = 0
        var contactCountFound = 0
        var jointCountFound = 0
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for c in contacts.indices { contacts[c].islandMark = false }
                jointIslandMarks.withUnsafeMutableBufferPointer { jointMarks in
                    islandBodies.withUnsafeMutableBufferPointer { islandBodies in
                        islandContacts.withUnsafeMutableBufferPointer { islandContacts in
                            islandJoints.withUnsafeMutableBufferPointer { islandJoints in
                                islandStack.withUnsafeMutableBufferPointer { stack in
                                    // Seeds newest first, as Box2D's body list runs: an island's order
                                    // starts from its newest body (WorldState+ContactOrder.swift).
                                    for seed in stride(from: bodyCount - 1, to: 0, by: -1) {
                                        guard bodies[seed].isMovable, bodies[seed].awake, !bodies[seed].islandMark
                                        else { continue }
                                        var stackCount = 1
                                        stack[0] = Int32(seed)
                                        bodies[seed].islandMark = true
                                        while stackCount > 0 {
                                            stackCount -= 1
                                            let top = stack[stackCount]
                                            let b = Int(top)
                                            islandBodies[bodyCountFound] = top
                                            bodyCountFound += 1
                                            if !bodies[b].awake { bodies[b].awake = true }
                                            for e in Int(contactEdgeStart[b])..<Int(contactEdgeStart[b + 1]) {
                                                let c = Int(contactEdges[e])
                                                guard !contacts[c].islandMark else { continue }
                                                contacts[c].islandMark = true
                                                islandContacts[contactCountFound] = Int32(c)
                                                contactCountFound += 1
                                                let other =
                                                    Int(contacts[c].bodyA) == b
                                                    ? Int(contacts[c].bodyB) : Int(contacts[c].bodyA)
                                                guard bodies[other].isMovable, !bodies[other].islandMark else {
                                                    continue
                                                }
                                                bodies[other].islandMark = true
                                                stack[stackCount] = Int32(other)
                                                stackCount += 1
                                            }
                                            for e in Int(jointEdgeStart[b])..<Int(jointEdgeStart[b + 1]) {
                                                let j = Int(jointEdges[e])
                                                guard !jointMarks[j] else { continue }
                                                jointMarks[j] = true
                                                islandJoints[jointCountFound] = Int32(j)
                                                jointCountFound += 1
                                                let other = joints[j].bodyA == b ? joints[j].bodyB : joints[j].bodyA
                                                guard bodies[other].isMovable, !bodies[other].islandMark else {
                                                    continue
                                                }
                                                bodies[other].islandMark = true
                                                stack[stackCount] = Int32(other)
                                                stackCount += 1
                                            }
                                        }
                                        islandEnds.append(
                                            IslandEnd(
                                                bodies: Int32(bodyCountFound), contacts: Int32(contactCountFound),
                                                joints: Int32(jointCountFound)))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        islandBodies.removeLast(islandBodies.count - bodyCountFound)
        islandContacts.removeLast(islandContacts.count - contactCountFound)
        islandJoints.removeLast(islandJoints.count - jointCountFound)
        self.bodies = bodies
        self.contacts = contacts
        self.jointIslandMarks = jointIslandMarks
        self.islandBodies = islandBodies
        self.islandContacts = islandContacts
        self.islandJoints = islandJoints
        self.islandStack = islandStack
    }

    /// Touching contacts and active joints per movable body, as compressed rows.
    private mutating func buildAdjacency() {
        let n = bodies.count
        contactEdgeStart.removeAll(keepingCapacity: true)
        contactEdgeStart.append(contentsOf: repeatElement(0, count: n + 1))
        jointEdgeStart.removeAll(keepingCapacity: true)
        jointEdgeStart.append(contentsOf: repeatElement(0, count: n + 1))
        for c in contacts where c.touching {
            contactEdgeStart[Int(c.bodyA) + 1] += 1
            contactEdgeStart[Int(c.bodyB) + 1] += 1
        }
        for j in joints.indices where isActive(joint: j) {
            jointEdgeStart[joints[j].bodyA + 1] += 1
            jointEdgeStart[joints[j].bodyB + 1] += 1
        }
        for i in 0..<n {
            contactEdgeStart[i + 1] += contactEdgeStart[i]
            jointEdgeStart[i + 1] += jointEdgeStart[i]
        }
        contactEdges.removeAll(keepingCapacity: true)
        contactEdges.append(contentsOf: repeatElement(0, count: Int(contactEdgeStart[n])))
        jointEdges.removeAll(keepingCapacity: true)
        jointEdges.append(contentsOf: repeatElement(0, count: Int(jointEdgeStart[n])))
        // Fill with a moving cursor per body (the start array is restored afterwards).
        for c in contacts.indices where contacts[c].touching {
            let a = Int(contacts[c].bodyA)
            let b = Int(contacts[c].bodyB)
            contactEdges[Int(contactEdgeStart[a])] = Int32(c)
            contactEdgeStart[a] += 1
            contactEdges[Int(contactEdgeStart[b])] = Int32(c)
            contactEdgeStart[b] += 1
        }
        for j in joints.indices where isActive(joint: j) {
            let a = joints[j].bodyA
            let b = joints[j].bodyB
            jointEdges[Int(jointEdgeStart[a])] = Int32(j)
            jointEdgeStart[a] += 1
            jointEdges[Int(jointEdgeStart[b])] = Int32(j)
            jointEdgeStart[b] += 1
        }
        for i in stride(from: n, to: 0, by: -1) {
            contactEdgeStart[i] = contactEdgeStart[i - 1]
            jointEdgeStart[i] = jointEdgeStart[i - 1]
        }
        contactEdgeStart[0] = 0
        jointEdgeStart[0] = 0
        // Box2D's lists run newest first (WorldState+ContactOrder.swift); joints are numbered as they are made.
        WorldState.sortNewestFirst(&contactEdges, rows: contactEdgeStart, of: contacts)
        WorldState.reverseRows(&jointEdges, rows: jointEdgeStart)
    }

    private static func material(_ shape: Shape, _ p: BodyProperties) -> (friction: Double, restitution: Double) {
        if shape.isBoundary { return (BoundaryMaterial.friction, BoundaryMaterial.elasticity) }
        return (max(0, p.friction), max(0, p.elasticity))
    }

    /// Solves one island for the sub-step, as b2Island::Solve does, in its stages.
    private mutating func solveIsland(
        _ h: Double, _ islandBodies: UnsafeBufferPointer<Int32>, _ islandContacts: UnsafeBufferPointer<Int32>,
        _ islandJoints: UnsafeBufferPointer<Int32>, _ solverBodies: [SolverBody], _ joints: [Joint],
        _ positions: UnsafeMutableBufferPointer<SolverPosition>,
        _ velocities: UnsafeMutableBufferPointer<SolverVelocity>, _ bodies: UnsafeMutableBufferPointer<Body>
    ) {
        integrateVelocities(h, islandBodies, velocities, bodies)
        // An island without contacts (a body in free fall) builds no constraints.
        let hasContacts = !islandContacts.isEmpty
        if !hasContacts {
            if !constraints.isEmpty { constraints.removeAll(keepingCapacity: true) }
        } else {
            buildConstraints(
                islandContacts, solverBodies, positions, velocities, UnsafeBufferPointer(bodies), warmStarting: true)
            constraints.withUnsafeMutableBufferPointer { constraints in
                for k in constraints.indices { constraints[k].warmStart(velocities) }
            }
        }
        for top in islandJoints {
            let j = Int(top)
            jointModels.prepare(joints[j], WorldState.jointContext(joints[j], solverBodies, positions, velocities, h))
        }
        solveVelocities(h, islandJoints, solverBodies, joints, positions, velocities)
        if hasContacts { storeImpulses() }
        integratePositions(h, islandBodies, positions, velocities)
        let positionSolved = solvePositions(h, islandJoints, solverBodies, joints, positions, velocities)
        for top in islandBodies {
            let i = Int(top)
            bodies[i].center = positions[i].c
            bodies[i].angle = positions[i].a
            bodies[i].velocity = velocities[i].v
            bodies[i].angularVelocity = velocities[i].w
            bodies[i].synchronizeOrigin(rotation: positions.rotation(i))
        }
        updateRest(h, islandBodies, bodies, positionSolved: positionSolved)
    }

    /// Gravity, forces and damping into the solver's velocities; the sweeps start where the bodies are.
    private func integrateVelocities(
        _ h: Double, _ islandBodies: UnsafeBufferPointer<Int32>,
        _ velocities: UnsafeMutableBufferPointer<SolverVelocity>, _ bodies: UnsafeMutableBufferPointer<Body>
    ) {
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

    /// The contact constraints of `contactList` into `constraints`, from the bodies' solver positions and
    /// velocities; without warm starting, their impulses start at zero.
    mutating func buildConstraints(
        _ contactList: [Int32], _ solverBodies: [SolverBody], _ positions: UnsafeMutableBufferPointer<SolverPosition>,
        _ velocities: UnsafeMutableBufferPointer<SolverVelocity>, warmStarting: Bool
    ) {
        let bodies = self.bodies
        bodies.withUnsafeBufferPointer { bodies in
            contactList.withUnsafeBufferPointer { contactList in
                buildConstraints(contactList, solverBodies, positions, velocities, bodies, warmStarting: warmStarting)
            }
        }
    }

    private mutating func buildConstraints(
        _ contactList: UnsafeBufferPointer<Int32>, _ solverBodies: [SolverBody],
        _ positions: UnsafeMutableBufferPointer<SolverPosition>,
        _ velocities: UnsafeMutableBufferPointer<SolverVelocity>, _ bodies: UnsafeBufferPointer<Body>,
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
            let mA = WorldState.material(sA, bodies[Int(sA.body)].properties)
            let mB = WorldState.material(sB, bodies[Int(sB.body)].properties)
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

    /// The velocity iterations: joints, then contacts.
    private mutating func solveVelocities(
        _ h: Double, _ islandJoints: UnsafeBufferPointer<Int32>, _ solverBodies: [SolverBody], _ joints: [Joint],
        _ positions: UnsafeMutableBufferPointer<SolverPosition>,
        _ velocities: UnsafeMutableBufferPointer<SolverVelocity>
    ) {
        // A body in free fall: nothing to iterate.
        guard !islandJoints.isEmpty || !constraints.isEmpty else { return }
        constraints.withUnsafeMutableBufferPointer { constraints in
            for _ in 0..<Constants.velocityIterations {
                for top in islandJoints {
                    let j = Int(top)
                    let context = WorldState.jointContext(joints[j], solverBodies, positions, velocities, h)
                    jointModels.solveVelocity(joints[j], context)
                }
                for k in constraints.indices { constraints[k].solveVelocity(velocities) }
            }
        }
    }

    /// Keeps the impulses for warm starting, and the points for the contact events.
    private mutating func storeImpulses() {
        for k in constraints.indices {
            let cc = constraints[k]
            let c = Int(cc.contact)
            contacts[c].manifold.point0.normalImpulse = cc.point0.normalImpulse
            contacts[c].manifold.point0.tangentImpulse = cc.point0.tangentImpulse
            contacts[c].manifold.point1.normalImpulse = cc.point1.normalImpulse
            contacts[c].manifold.point1.tangentImpulse = cc.point1.tangentImpulse
        }
        recordEventPoints()
    }

    /// Each solved contact's point of largest normal impulse, for its events.
    mutating func recordEventPoints() {
        for k in constraints.indices {
            let cc = constraints[k]
            guard cc.pointCount > 0 else { continue }
            contacts[Int(cc.contact)].lastPoint =
                cc.pointCount == 2 && cc.point1.normalImpulse > cc.point0.normalImpulse
                ? cc.point1.point : cc.point0.point
        }
    }

    /// A velocity limited to `maxTranslation` and `maxRotation` per sub-step of `h`.
    static func clampedVelocity(_ velocity: Vector, _ angularVelocity: Double, _ h: Double) -> (Vector, Double) {
        var v = velocity
        var w = angularVelocity
        let translation = h * v
        if translation.lengthSquared > Constants.maxTranslation * Constants.maxTranslation {
            // Scaled so a valid but huge velocity (|v| ≳ 1e154) does not overflow to a zero factor.
            let scale = max(abs(translation.x), abs(translation.y))
            let length = scale * Vector(translation.x / scale, translation.y / scale).length
            v = (Constants.maxTranslation / length) * v
        }
        let rotation = h * w
        if rotation * rotation > Constants.maxRotation * Constants.maxRotation {
            w *= Constants.maxRotation / abs(rotation)
        }
        return (v, w)
    }

    /// Positions from velocities, with at most 200 pt and 90° of motion per sub-step.
    private func integratePositions(
        _ h: Double, _ islandBodies: UnsafeBufferPointer<Int32>,
        _ positions: UnsafeMutableBufferPointer<SolverPosition>,
        _ velocities: UnsafeMutableBufferPointer<SolverVelocity>
    ) {
        for top in islandBodies {
            let i = Int(top)
            let (v, w) = WorldState.clampedVelocity(velocities[i].v, velocities[i].w, h)
            positions[i].c += h * v
            positions[i].a += h * w
            velocities[i] = SolverVelocity(v: v, w: w)
        }
    }

    /// The position iterations, contacts then joints; whether they converged.
    private mutating func solvePositions(
        _ h: Double, _ islandJoints: UnsafeBufferPointer<Int32>, _ solverBodies: [SolverBody], _ joints: [Joint],
        _ positions: UnsafeMutableBufferPointer<SolverPosition>,
        _ velocities: UnsafeMutableBufferPointer<SolverVelocity>
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
                let context = WorldState.jointContext(joints[j], solverBodies, positions, velocities, h)
                let okay = jointModels.solvePosition(joints[j], context)
                jointsOkay = jointsOkay && okay
            }
            if contactsOkay && jointsOkay { return true }
        }
        return false
    }

    /// Rest: when every body of the island has stayed slow for `timeToSleep` (and the position pass
    /// converged), the whole island sleeps.
    private func updateRest(
        _ h: Double, _ islandBodies: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutableBufferPointer<Body>,
        positionSolved: Bool
    ) {
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

    private static func jointContext(
        _ joint: Joint, _ solverBodies: [SolverBody], _ positions: UnsafeMutableBufferPointer<SolverPosition>,
        _ velocities: UnsafeMutableBufferPointer<SolverVelocity>, _ h: Double
    ) -> JointContext {
        let a = joint.bodyA
        let b = joint.bodyB
        return JointContext(
            positions: positions, velocities: velocities, h: h, a: a, b: b, bodyA: solverBodies[a],
            bodyB: solverBodies[b])
    }
}
