// Islands: bodies connected by touching contacts or joints, found by a depth-first search from each awake
// movable body (static bodies join no island and connect nothing), solved one after another as Box2D 2.x's
// b2Island does, and put to rest together: when every body of an island has stayed below 1 pt/s and 2°/s
// for 0.5 s (and the position pass converged), the whole island sleeps. A sleeping body touched by an
// awake island is woken by the search.
//
// For speed (the same islands, solved in the same order, with the same arithmetic): every island of the
// sub-step is found first, into flat lists with one end per island (`IslandBuffers`), and then solved
// (`SolverStep+Island.swift`) through buffers opened once for all islands.

extension WorldState {
    mutating func solveIslands(_ h: Double) {
        solver.load(&bodies)
        islands.buildAdjacency(bodies, contacts, joints)
        // Finding them all before solving any finds the same islands: solving an island changes only its own
        // bodies, which the search has already marked.
        islands.find(&bodies, &contacts, joints)
        let gravity = self.gravity
        withMutableBuffers(&bodies, &solver.positions, &solver.velocities) { bodies, positions, velocities in
            let step = SolverStep(
                h: h, gravity: gravity, bodies: bodies, positions: positions, velocities: velocities,
                solverBodies: solver.bodies, shapes: shapes, joints: joints)
            islands.forEachIsland { island in step.solve(island, &solver.constraints, &contacts, &jointModels) }
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
}
