// One sub-step of h = Float(1/120) s, in Box2D 2.3's order (b2World::Step): forces; contacts updated
// (Collide); islands solved (Solve); times of impact (SolveTOI); then this engine's own netting of boundary
// touches into events, and the divergence check. A sub-step in which every movable body rests (and nothing
// changed) skips straight to that end, as Box2D's Step does nothing for sleeping bodies; it also skips the
// divergence check when the previous sub-step of the same `advance` passed it: between the two, no body
// moved (a push or field that changes a body wakes it, which makes the sub-step a full one), and the
// caller changes bodies only between calls of `advance`.

extension WorldState {
    mutating func step() {
        let h = Constants.substep
        substepsRun += 1
        applyForces(h)
        var anyAwake = false
        for i in 1..<bodies.count where bodies[i].isMovable && bodies[i].awake {
            anyAwake = true
            break
        }
        guard anyAwake || structureChanged else {
            restingStep(h)
            return
        }
        updateBroadPhase()
        structureChanged = false
        updateContacts()
        solveIslands(h)
        for i in 1..<bodies.count {
            bodies[i].force = .zero
            bodies[i].torque = 0
        }
        solveTimesOfImpact(h)
        resolveBoundaryTouches()
        resolvePendingBegan()
        checkDivergence()
        time += h
    }

    /// A sub-step in which every movable body rests and nothing changed: contacts are updated, islands
    /// found and times of impact computed only from awake movable bodies, so none of them would run; what
    /// is left is the end of the sub-step.
    private mutating func restingStep(_ h: Double) {
        for i in 1..<bodies.count {
            bodies[i].force = .zero
            bodies[i].torque = 0
        }
        resolveBoundaryTouches()
        resolvePendingBegan()
        if !divergenceCheckHolds { checkDivergence() }
        time += h
    }

    /// Pushes and fields, as forces for this sub-step (or impulses, for instantaneous pushes).
    private mutating func applyForces(_ h: Double) {
        let ppm = Constants.pointsPerMeter
        for p in pushes.indices where pushes[p].alive && pushes[p].definition.active {
            let definition = pushes[p].definition
            let force = ppm * definition.force
            for id in definition.bodies {
                let i = id.index
                guard i > 0, i < bodies.count, bodies[i].isMovable else { continue }
                let point = bodies[i].origin + definition.offset
                let arm = point - bodies[i].center
                switch definition.mode {
                case .instantaneous:
                    guard force != .zero else { continue }
                    wake(i)
                    bodies[i].velocity += bodies[i].inverseMass * force
                    bodies[i].angularVelocity += bodies[i].inverseInertia * cross(arm, force)
                case .continuous:
                    guard force != .zero else { continue }
                    // b2Body::ApplyForce with wake: a body that fell asleep against what it is pushed into
                    // wakes with its rest timer at zero (and sleeps again after 0.5 s). Once every body
                    // rests at the end of a frame the animator pauses and stops stepping, so the push no
                    // longer wakes anything (World+Clock.swift).
                    wake(i)
                    bodies[i].force += force
                    bodies[i].torque += cross(arm, force)
                }
            }
            if definition.mode == .instantaneous { pushes[p].definition.active = false }
        }
        for f in fields.indices where fields[f].alive {
            for id in fields[f].definition.bodies {
                let i = id.index
                guard i > 0, i < bodies.count, bodies[i].isMovable, bodies[i].awake else { continue }
                let b = bodies[i]
                let force = fields[f].force(
                    center: b.center, velocity: b.velocity, mass: b.mass, charge: b.properties.charge, time: time, h: h)
                if force.isFinite { bodies[i].force += force }
            }
        }
    }

    /// Stops the world at the first body whose state is not finite or is more than 10⁶ pt from the view.
    private mutating func checkDivergence() {
        let limit = Constants.divergenceDistance
        let view = viewBounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let minX = view.origin.x - limit
        let maxX = view.maxX + limit
        let minY = view.origin.y - limit
        let maxY = view.maxY + limit
        let diverged = bodies.withUnsafeBufferPointer { bodies -> Int? in
            for i in 1..<bodies.count where bodies[i].isMovable {
                // 0·x is ±0 for a finite x and NaN otherwise, so the sum is 0 exactly when every value is
                // finite (fewer instructions than eight isFinite tests, at every sub-step for every body).
                let b = bodies[i]
                let zeros =
                    0 * b.origin.x + 0 * b.origin.y + 0 * b.angle + 0 * b.velocity.x + 0 * b.velocity.y
                    + 0 * b.angularVelocity + 0 * b.center.x + 0 * b.center.y
                guard zeros == 0 else { return i }
                if b.origin.x < minX || b.origin.x > maxX || b.origin.y < minY || b.origin.y > maxY { return i }
            }
            return nil
        }
        if let i = diverged {
            divergence = Divergence(body: BodyID(i), substep: substepsRun)
        } else {
            divergenceCheckHolds = true
        }
    }

    /// Runs the sub-steps of frames up to `frame` (the caller applies the frame's changes first) and
    /// returns what happened: contact events, every `began` before every `ended` (including those caused
    /// by changes made since the last frame), and the divergence if the simulation stopped being finite.
    /// `isCancelled` is asked before every sub-step: once it answers true the frame stops half done (the
    /// caller then drops the run), so a long frame never keeps a cancelled run busy.
    mutating func advance(toFrame frame: Int, frameRate: Double, isCancelled: () -> Bool = { false }) -> FrameReport {
        let target = World.substeps(afterFrames: frame, frameRate: frameRate)
        var report = FrameReport()
        // The caller may have moved bodies since the last call.
        divergenceCheckHolds = false
        // Changes made since the last frame (a removed item or boundary) end their contacts now, in this
        // frame, even if it runs no sub-step.
        if structureChanged && divergence == nil {
            updateBroadPhase()
            resolveBoundaryTouches()
            structureChanged = false
        }
        // A paused animator runs no sub-steps: UIKit stops stepping once every item rests, until a change
        // wakes one (a continuous push, which would wake its item again, does not).
        if substepsRun < target && fastForwardWhilePaused(toFrame: frame, frameRate: frameRate) {
            return report
        }
        while substepsRun < target && divergence == nil {
            if isCancelled() { break }
            step()
            if let d = divergence { report.divergence = d }
        }
        report.contactEvents.reserveCapacity(beganEvents.count + endedEvents.count)
        report.contactEvents.append(contentsOf: beganEvents)
        report.contactEvents.append(contentsOf: endedEvents)
        beganEvents.removeAll(keepingCapacity: true)
        endedEvents.removeAll(keepingCapacity: true)
        return report
    }
}
