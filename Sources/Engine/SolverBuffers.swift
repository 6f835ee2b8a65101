// The solver's arrays of a sub-step, one entry per body, and the contact constraints of the island being
// solved: shared by the island stage and the impact stage, which open them as buffers once per stage
// (`SolverStep`), as box2d v3's b2StepContext holds the solver's arrays apart from the world's.

struct SolverBuffers {
    var positions: [SolverPosition] = []
    var velocities: [SolverVelocity] = []
    var bodies: [SolverBody] = []
    /// The contact constraints of the island being solved.
    var constraints: [ContactConstraint] = []

    /// Every body's solver position, velocity and mass at the start of the sub-step; no body is in an island
    /// yet.
    mutating func load(_ worldBodies: inout [Body]) {
        let bodyCount = worldBodies.count
        if positions.count != bodyCount {
            positions = [SolverPosition](repeating: SolverPosition(c: .zero, a: 0), count: bodyCount)
            velocities = [SolverVelocity](repeating: SolverVelocity(v: .zero, w: 0), count: bodyCount)
            bodies = [SolverBody](
                repeating: SolverBody(inverseMass: 0, inverseInertia: 0, localCenter: .zero), count: bodyCount)
        }
        withMutableBuffers(&worldBodies, &positions, &velocities, &bodies) {
            worldBodies, positions, velocities, bodies in
            for i in worldBodies.indices {
                let b = worldBodies[i]
                positions[i] = SolverPosition(c: b.center, a: b.angle, q: b.rotation, qa: b.angle)
                velocities[i] = SolverVelocity(
                    v: b.isStatic ? .zero : b.velocity, w: b.isStatic ? 0 : b.angularVelocity)
                bodies[i] = SolverBody(
                    inverseMass: b.inverseMass, inverseInertia: b.inverseInertia, localCenter: b.localCenter)
                worldBodies[i].islandMark = false
            }
        }
    }
}
