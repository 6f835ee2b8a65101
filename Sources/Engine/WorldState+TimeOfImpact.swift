// Times of impact, after the islands are solved: Box2D 2.3's b2World::SolveTOI and b2Island::SolveTOI, step
// for step.
//
// Which pairs: every contact of a bullet — UIKit makes the items of gravity and push behaviors bullets —
// with any body, static (a boundary, an anchored item) or dynamic. (Box2D also takes every other dynamic
// body against static ones; the scene format's contract, which `sim.tunnels` rests on, gives continuous
// collision to bullets only, so this engine does not.) Contacts come from the sub-step's broad phase, plus
// the pairs a bullet's sweep (where it started ∪ where it ended) newly overlaps, as Box2D's broad phase would
// have them after the solve.
// Before the loop, the proxy bounds of the bodies the islands moved are synchronized over their sweeps, and
// after each impact those of the impact island's bodies, as b2World::Solve and SolveTOI synchronize their
// fixtures (for the second, swept from the bounds' last update, the start of the sub-step or the body's
// previous impact, rather than from the impact: proxy bounds no smaller than Box2D's).
//
// The loop: the earliest time of impact over those contacts (each cached until one of its bodies moves;
// ties go to the newer contact), as a fraction α of the sub-step. Both bodies are moved back to α and the
// contact is updated there — `contactBegan` happens in this sub-step. A contact found not touching is put
// aside for the rest of the sub-step. Otherwise an impact island is made of the two bodies, the contact,
// and the touching contacts of each dynamic body with static bodies and bullets, and, if one of the two is a
// bullet, with every dynamic neighbour (moved back to α too; at most 32 contacts). The island is solved
// for what remains of the sub-step, (1 − α)·h: 20 position iterations that move only the two impact bodies
// (Baumgarte 0.75, done at −1.5 slop); then, from the velocities of before the impact, 8 velocity
// iterations without warm starting — restitution is −e·v of the incoming velocity; then every island body
// moves with its new velocity for the rest of the sub-step. Impulses of an impact are not kept for warm
// starting. The loop ends when no impact remains before 1. A contact that starts within the target
// distance is an impact at α = 0; it is solved at most 9 times per sub-step (b2_maxSubSteps + 1), each
// time with one more position correction.
//
// How it is computed (the same bits, faster): each body keeps the rotations of angles already computed
// (`KnownRotations`, looked up by the angle's bits), which the sweeps' transforms and the moves to an impact
// take instead of computing sine and cosine again. The pairs the sweeps newly overlap come from one sort and sweep
// of the movable shapes at their swept bounds (Box2D's FindNewContacts after the solve, where each moved proxy
// has its swept box), not from a query per bullet; a pair needs a box outside its proxy bounds to be new, so
// when every box is within them (and the sub-step's pair search found every pair) there is nothing to sweep.
// A contact whose shapes cannot come within b2TimeOfImpact's touching band over their sweeps is separated
// without its iterations: by reach boxes, or for two moving discs by lower bounds of their centers' distance
// (`discsStayApart`; most contacts of a pile of balls, and of balls falling side by side). Shapes and bodies
// are read where they lie: a copy of either is a call to memcpy.

extension WorldState {
    /// Whether the body is a bullet (continuous collision against every body). (Static, as `reach` and
    /// `bounds` are: a method reading `self`, called from a mutating one, copied the whole state at each call.)
    private static func isBullet(_ body: Body) -> Bool {
        body.continuousCollision && body.isMovable
    }

    mutating func solveTimesOfImpact(_ h: Double) {
        bodies.withUnsafeMutableBufferPointer { bodies in
            for i in bodies.indices {
                bodies[i].alpha0 = 0
                bodies[i].islandMark = false
            }
        }
        contacts.withUnsafeMutableBufferPointer { contacts in
            for c in contacts.indices {
                contacts[c].toiValid = false
                contacts[c].toiStale = false
                contacts[c].islandMark = false
                contacts[c].toiCount = 0
                contacts[c].toi = 1
            }
        }
        if impact.knownRotations.count < bodies.count {
            impact.knownRotations.append(
                contentsOf: repeatElement(KnownRotations(), count: bodies.count - impact.knownRotations.count))
        }
        addSweptPairs()
        synchronizeSolvedProxies()
        impact.buildBodyContactLists(bodyCount: bodies.count, contacts, contactKeys)
        impact.heap.removeAll(keepingCapacity: true)
        impact.stale.removeAll(keepingCapacity: true)
        // Box2D scans every contact for the earliest impact after each one, computing the times that are not
        // cached; the same choice comes from a heap of the cached times (only those before the end of the
        // sub-step: the others are never chosen) and, after each impact, computing again only the times the
        // impact made stale, in the same order as the scan would (it has side effects on the sweeps).
        for k in contactKeys.indices { evaluateTimeOfImpact(Int(contactKeys[k].slot)) }
        while true {
            if !impact.stale.isEmpty {
                // Computing a time of impact adds no stale contact.
                Sorting.sort(&impact.stale)
                for k in impact.stale.indices {
                    let slot = Int(impact.stale[k].slot)
                    contacts[slot].toiStale = false
                    evaluateTimeOfImpact(slot)
                }
                impact.stale.removeAll(keepingCapacity: true)
            }
            var chosen = -1
            var alpha = 1.0
            while let top = impact.heap.first {
                impact.heapPop()
                let c = Int(top.slot)
                if contacts[c].toiValid && contacts[c].toiVersion == top.version && contacts[c].enabled
                    && contacts[c].toiCount <= Int32(Constants.maxSubSteps)
                {
                    chosen = c
                    alpha = top.alpha
                    break
                }
            }
            guard chosen >= 0 else { break }
            solveImpact(chosen, alpha: alpha, h)
        }
    }

    /// Caches a contact's time of impact (Box2D's scan step for a contact without a valid one), and puts it on
    /// the heap when it falls within the sub-step.
    private mutating func evaluateTimeOfImpact(_ c: Int) {
        guard contacts[c].alive, contacts[c].enabled, contacts[c].toiCount <= Int32(Constants.maxSubSteps),
            !contacts[c].toiValid
        else { return }
        guard let alpha = computeTimeOfImpact(c) else { return }
        contacts[c].toi = alpha
        contacts[c].toiValid = true
        contacts[c].toiVersion &+= 1
        guard alpha < 1 - 10 * Double(Float.ulpOfOne) else { return }
        impact.heapPush(
            TOIEntry(alpha: alpha, serial: contacts[c].serial, slot: Int32(c), version: contacts[c].toiVersion))
    }

    /// Bounds the shape stays within over its sweep, its skin and a slop included: a static shape's bounds; a
    /// moving one's bounds where the sweep ends (at `end`), widened by how far any of its points can be from there
    /// at another time of the sweep (the center's travel, and the core's extent times the turn). (The body's
    /// fields, and the shape where it lies: a copy of either, at every time of impact, was a tenth of the stage.)
    private static func reach(
        movable: Bool, _ end: Transform, coreExtent: Double, _ shape: UnsafePointer<Shape>, _ sweep: Sweep,
        _ vertices: UnsafeBufferPointer<Vector>
    ) -> AABB {
        let slop = Constants.linearSlop
        guard movable else { return shape.pointee.aabb.expanded(by: slop) }
        let bounds = WorldState.bounds(shape, end, vertices)
        return bounds.expanded(by: travel(coreExtent: coreExtent, sweep) + slop)
    }

    /// What the rejections before b2TimeOfImpact leave for rounding, in points: far more than the error of a
    /// distance of coordinates of a scene's size, far less than the slop.
    private static var roundingMargin: Double { 0.01 }

    /// Whether two moving discs stay apart over their sweeps, by the distance of their cores (their centers),
    /// which reach boxes cannot tell apart on a diagonal: b2TimeOfImpact reports a touch only where the cores
    /// come within its target plus its tolerance, so cores that stay farther apart are separated (a resting pair
    /// of a pile, two balls falling side by side). Two lower bounds of that distance: as the centers of mass move
    /// along straight lines, the relative center's nearest approach to the origin less both core extents (a
    /// disc's center is at most that far from its center of mass); and the gap where the sweeps end less both
    /// bodies' `travel`. A margin covers the rounding of both computations.
    /// (Inlined: built from the body's fields at each call, the two discs are not copied then.)
    @inline(__always)
    static func discsStayApart(_ a: SweptDisc, _ b: SweptDisc) -> Bool {
        let band = TimeOfImpact.touchingDistance(totalRadius: a.radius + b.radius) + roundingMargin
        let approach =
            nearestToOrigin(b.sweep.c0 - a.sweep.c0, b.sweep.c - a.sweep.c).length - a.coreExtent - b.coreExtent
        if approach > band { return true }
        let gap = (b.end.apply(b.center) - a.end.apply(a.center)).length
        return gap - travel(coreExtent: a.coreExtent, a.sweep) - travel(coreExtent: b.coreExtent, b.sweep) > band
    }

    /// The point of the segment from `p0` to `p1` nearest the origin.
    private static func nearestToOrigin(_ p0: Vector, _ p1: Vector) -> Vector {
        let d = p1 - p0
        let squared = d.lengthSquared
        guard squared > 0 else { return p0 }
        let t = min(max(-dot(p0, d) / squared, 0), 1)
        return p0 + t * d
    }

    /// How far any point of the body can be over its sweep from where the sweep ends: the center's travel, and
    /// the core's extent times the turn.
    private static func travel(coreExtent: Double, _ sweep: Sweep) -> Double {
        (sweep.c - sweep.c0).length + coreExtent * abs(sweep.a - sweep.a0)
    }

    /// Marks a contact's time of impact for computing again before the next choice.
    private mutating func markStale(_ c: Int) {
        contacts[c].toiValid = false
        contacts[c].islandMark = false
        guard !contacts[c].toiStale else { return }
        contacts[c].toiStale = true
        impact.stale.append(ContactKey(key: contacts[c].key, slot: Int32(c)))
    }

    /// The time of impact of a contact as a fraction of the sub-step, or nil when the contact takes no part
    /// (no awake dynamic body, or no bullet).
    private mutating func computeTimeOfImpact(_ c: Int) -> Double? {
        let a = Int(contacts[c].bodyA)
        let b = Int(contacts[c].bodyB)
        let activeA = bodies[a].isMovable && bodies[a].awake
        let activeB = bodies[b].isMovable && bodies[b].awake
        guard activeA || activeB else { return nil }
        // Box2D would also take a non-bullet dynamic body against a static one; UIKit's contract (scene format:
        // only items of gravity and push behaviors get continuous collision, and `sim.tunnels` warns of the
        // others) keeps impacts to bullets.
        guard WorldState.isBullet(bodies[a]) || WorldState.isBullet(bodies[b]) else { return nil }
        // Both sweeps over the same remaining interval.
        var alpha0 = bodies[a].alpha0
        if bodies[a].alpha0 < bodies[b].alpha0 {
            alpha0 = bodies[b].alpha0
            bodies[a].advanceSweep(to: alpha0)
        } else if bodies[b].alpha0 < bodies[a].alpha0 {
            alpha0 = bodies[a].alpha0
            bodies[b].advanceSweep(to: alpha0)
        }
        let sweepA = bodies[a].sweep
        let sweepB = bodies[b].sweep
        let movableA = bodies[a].isMovable
        let movableB = bodies[b].isMovable
        let endA = bodies[a].transform
        let endB = bodies[b].transform
        let coreA = bodies[a].coreExtent
        let coreB = bodies[b].coreExtent
        let shapeA = Int(contacts[c].shapeA)
        let shapeB = Int(contacts[c].shapeB)
        precondition(shapes.indices.contains(shapeA) && shapes.indices.contains(shapeB))
        let mayTouch = shapes.withUnsafeBufferPointer { shapes in
            vertices.withUnsafeBufferPointer { vertices in
                let sA = shapes.baseAddress! + shapeA
                let sB = shapes.baseAddress! + shapeB
                // Two moving discs: `discsStayApart`. (Reach boxes apart would put the centers farther apart
                // than the radii, both travels and two slops, past the band: its second bound already tells those.)
                if sA.pointee.kind == .circle && sB.pointee.kind == .circle && movableA && movableB {
                    return !WorldState.discsStayApart(
                        SweptDisc(
                            radius: sA.pointee.radius, center: sA.pointee.center, end: endA, coreExtent: coreA,
                            sweep: sweepA),
                        SweptDisc(
                            radius: sB.pointee.radius, center: sB.pointee.center, end: endB, coreExtent: coreB,
                            sweep: sweepB))
                }
                // Shapes whose reaches over the interval stay apart never come within the target separation
                // (less than the sum of their skins): b2TimeOfImpact finds them separated, and so does this,
                // without its iterations. (Most contacts of a pile are of neighbours whose proxy bounds overlap
                // but which do not touch.)
                return WorldState.reach(movable: movableA, endA, coreExtent: coreA, sA, sweepA, vertices).overlaps(
                    WorldState.reach(movable: movableB, endB, coreExtent: coreB, sB, sweepB, vertices))
            }
        }
        guard mayTouch else { return 1 }
        var knownA = impact.knownRotations[a]
        var knownB = impact.knownRotations[b]
        knownA.currentAngle = bodies[a].angle
        knownA.current = bodies[a].rotation
        knownB.currentAngle = bodies[b].angle
        knownB.current = bodies[b].rotation
        let output = shapes.withUnsafeBufferPointer { shapes in
            vertices.withUnsafeBufferPointer { vertices in
                TimeOfImpact.compute(
                    WorldState.proxy(shapes.baseAddress! + shapeA, vertices), sweepA, &knownA,
                    WorldState.proxy(shapes.baseAddress! + shapeB, vertices), sweepB, &knownB)
            }
        }
        impact.knownRotations[a] = knownA
        impact.knownRotations[b] = knownB
        guard output.state == .touching else { return 1 }
        return min(alpha0 + (1 - alpha0) * output.t, 1)
    }

    static func proxy(_ shape: UnsafePointer<Shape>, _ vertices: UnsafeBufferPointer<Vector>) -> DistanceProxy {
        if shape.pointee.kind == .circle {
            return DistanceProxy(
                vertices: UnsafeBufferPointer(start: nil, count: 0), point: shape.pointee.center,
                radius: shape.pointee.radius)
        }
        let range = Int(shape.pointee.vertexStart)..<Int(shape.pointee.vertexStart + shape.pointee.vertexCount)
        return DistanceProxy(
            vertices: UnsafeBufferPointer(rebasing: vertices[range]), point: .zero, radius: shape.pointee.radius)
    }

    /// Moves the contact's bodies back to the impact, updates the contact there, and solves the impact
    /// island for the rest of the sub-step.
    private mutating func solveImpact(_ m: Int, alpha: Double, _ h: Double) {
        let a = Int(contacts[m].bodyA)
        let b = Int(contacts[m].bodyB)
        let backupA = bodies[a].backup
        let backupB = bodies[b].backup
        advanceBody(a, to: alpha)
        advanceBody(b, to: alpha)
        impact.visited.removeAll(keepingCapacity: true)
        visit(a)
        visit(b)
        defer { markWokenStale() }
        updateContact(m)
        contacts[m].toiValid = false
        contacts[m].toiCount += 1
        guard contacts[m].enabled, contacts[m].touching else {
            contacts[m].enabled = false
            bodies[a].restore(backupA)
            bodies[b].restore(backupB)
            return
        }
        wake(a)
        wake(b)

        impact.islandBodies.removeAll(keepingCapacity: true)
        impact.islandContacts.removeAll(keepingCapacity: true)
        impact.islandBodies.append(Int32(a))
        impact.islandBodies.append(Int32(b))
        impact.islandContacts.append(Int32(m))
        bodies[a].islandMark = true
        bodies[b].islandMark = true
        contacts[m].islandMark = true
        let bodyCapacity = 2 * Constants.maxTOIContacts
        for pass in 0..<2 {
            let body = pass == 0 ? a : b
            guard bodies[body].isMovable else { continue }
            for e in Int(impact.bodyContactStart[body])..<Int(impact.bodyContactStart[body + 1]) {
                if impact.islandBodies.count == bodyCapacity || impact.islandContacts.count == Constants.maxTOIContacts
                {
                    break
                }
                let c = Int(impact.bodyContacts[e])
                guard !contacts[c].islandMark else { continue }
                let other = Int(contacts[c].bodyA) == body ? Int(contacts[c].bodyB) : Int(contacts[c].bodyA)
                // Static bodies and bullets only, unless this body is a bullet.
                if bodies[other].isMovable && !WorldState.isBullet(bodies[body]) && !WorldState.isBullet(bodies[other])
                {
                    continue
                }
                visit(other)
                let backup = bodies[other].backup
                if !bodies[other].islandMark { advanceBody(other, to: alpha) }
                updateContact(c)
                guard contacts[c].enabled, contacts[c].touching else {
                    bodies[other].restore(backup)
                    continue
                }
                contacts[c].islandMark = true
                impact.islandContacts.append(Int32(c))
                guard !bodies[other].islandMark else { continue }
                bodies[other].islandMark = true
                if bodies[other].isMovable { wake(other) }
                impact.islandBodies.append(Int32(other))
            }
        }

        solveImpactIsland((1 - alpha) * h, a, b)

        for top in impact.islandBodies {
            let i = Int(top)
            bodies[i].islandMark = false
            guard bodies[i].isMovable else { continue }
            updateBoundsAndProxy(body: i)
            // Every time of impact of a moved body is stale.
            for e in Int(impact.bodyContactStart[i])..<Int(impact.bodyContactStart[i + 1]) {
                markStale(Int(impact.bodyContacts[e]))
            }
        }
    }

    /// Puts the body at `alpha` of its sweep and starts the sweep's rest there (b2Body::Advance), its
    /// rotation a known one when the angle is.
    private mutating func advanceBody(_ i: Int, to alpha: Double) {
        var s = bodies[i].sweep
        s.advance(to: alpha)
        let rotation = rotation(of: i, s.a0)
        bodies[i].center0 = s.c0
        bodies[i].angle0 = s.a0
        bodies[i].alpha0 = s.alpha0
        bodies[i].center = s.c0
        bodies[i].angle = s.a0
        bodies[i].synchronizeOrigin(rotation: rotation)
    }

    /// `Rotation(angle)` for body `i`: its own rotation when the angle is its own, else a known one, else
    /// computed (and remembered).
    private mutating func rotation(of i: Int, _ angle: Double) -> Rotation {
        WorldState.rotation(bodies[i].angle, bodies[i].rotation, angle, &impact.knownRotations[i])
    }

    /// (The body's angle and rotation rather than the body: a copy of a body is a call to memcpy.)
    private static func rotation(
        _ bodyAngle: Double, _ bodyRotation: Rotation, _ angle: Double, _ known: inout KnownRotations
    ) -> Rotation {
        if angle.bitPattern == bodyAngle.bitPattern { return bodyRotation }
        return known.rotation(angle)
    }

    /// Notes a body an impact touches, and whether it slept, before the impact.
    private mutating func visit(_ i: Int) {
        impact.visited.append(ImpactVisit(body: Int32(i), wasAwake: bodies[i].awake))
    }

    /// A body the impact woke takes part in impacts from now on: its contacts' times are computed again.
    private mutating func markWokenStale() {
        for visit in impact.visited where !visit.wasAwake {
            let i = Int(visit.body)
            guard bodies[i].awake else { continue }
            for e in Int(impact.bodyContactStart[i])..<Int(impact.bodyContactStart[i + 1]) {
                let c = Int(impact.bodyContacts[e])
                if !contacts[c].toiValid && !contacts[c].toiStale {
                    contacts[c].toiStale = true
                    impact.stale.append(ContactKey(key: contacts[c].key, slot: Int32(c)))
                }
            }
        }
    }

    /// b2Island::SolveTOI over the impact island; only `toiA` and `toiB` move in the position pass.
    private mutating func solveImpactIsland(_ h: Double, _ toiA: Int, _ toiB: Int) {
        for top in impact.islandBodies {
            let i = Int(top)
            let body = bodies[i]
            solver.positions[i] = SolverPosition(c: body.center, a: body.angle, q: body.rotation, qa: body.angle)
            solver.velocities[i] = SolverVelocity(
                v: body.isStatic ? .zero : body.velocity, w: body.isStatic ? 0 : body.angularVelocity)
        }
        let gravity = self.gravity
        withMutableBuffers(&bodies, &solver.positions, &solver.velocities) { bodies, positions, velocities in
            let step = SolverStep(
                h: h, gravity: gravity, bodies: bodies, positions: positions, velocities: velocities,
                solverBodies: solver.bodies, shapes: shapes, joints: joints)
            impact.islandContacts.withUnsafeBufferPointer { islandContacts in
                step.buildConstraints(islandContacts, &solver.constraints, contacts, warmStarting: false)
                solver.constraints.withUnsafeMutableBufferPointer { constraints in
                    for _ in 0..<Constants.toiPositionIterations {
                        var minSeparation = 0.0
                        for k in constraints.indices {
                            minSeparation = min(
                                minSeparation, constraints[k].solveImpactPosition(positions, toiA, toiB))
                        }
                        // b2Island::SolveTOI stops at −1.5 slop. After an impact found on a straight sweep the
                        // first correction leaves exactly that in exact arithmetic; Box2D's single precision
                        // lands on the bound there and stops, so a tie counts as done (see Constants).
                        if minSeparation >= -1.5 * Constants.linearSlop - Constants.separationTie { break }
                    }
                }
                // The sweeps of the impact bodies start where the position pass left them.
                bodies[toiA].center0 = positions[toiA].c
                bodies[toiA].angle0 = positions[toiA].a
                bodies[toiB].center0 = positions[toiB].c
                bodies[toiB].angle0 = positions[toiB].a
                // Velocity constraints at the corrected positions, from the velocities of before the impact.
                step.buildConstraints(islandContacts, &solver.constraints, contacts, warmStarting: false)
            }
            solver.constraints.withUnsafeMutableBufferPointer { constraints in
                for _ in 0..<Constants.velocityIterations {
                    for k in constraints.indices { constraints[k].solveVelocity(velocities) }
                }
            }
            SolverStep.recordEventPoints(solver.constraints, &contacts)
            for top in impact.islandBodies {
                let i = Int(top)
                guard bodies[i].isMovable else { continue }
                let (v, w) = WorldState.clampedVelocity(velocities[i].v, velocities[i].w, h)
                let c = positions[i].c + h * v
                let angle = positions[i].a + h * w
                // The rotation the position pass left (its angle may be the new one).
                impact.knownRotations[i].currentAngle = positions[i].qa
                impact.knownRotations[i].current = positions[i].q
                let rotation = WorldState.rotation(
                    bodies[i].angle, bodies[i].rotation, angle, &impact.knownRotations[i])
                bodies[i].center = c
                bodies[i].angle = angle
                bodies[i].velocity = v
                bodies[i].angularVelocity = w
                bodies[i].synchronizeOrigin(rotation: rotation)
            }
        }
    }

    /// Makes contacts for the pairs that a bullet's sweep newly overlaps, against static and movable shapes.
    /// The proxies of the bodies the islands moved, over their sweep of the sub-step (b2World::Solve's
    /// SynchronizeFixtures); the bounds stay those of the start of the sub-step.
    private mutating func synchronizeSolvedProxies() {
        for i in 1..<bodies.count where bodies[i].isMovable && bodies[i].awake {
            let b = bodies[i]
            let s = Int(b.shape)
            let end = WorldState.bounds(shapes, s, b.transform, vertices)
            synchronizeProxy(shape: s, swept: shapes[s].aabb.union(end), displacement: b.center - b.center0)
        }
    }

    private mutating func addSweptPairs() {
        if broadPhase.staticShapesStale { broadPhase.rebuildStaticShapes(shapes, bodies) }
        let slop = Constants.linearSlop
        if impact.sweptBounds.count < shapes.count {
            impact.sweptBounds.append(
                contentsOf: repeatElement(AABB.empty, count: shapes.count - impact.sweptBounds.count))
        }
        impact.sweptShapes.removeAll(keepingCapacity: true)
        var growth = 0.0
        var finite = true
        for i in 1..<bodies.count where bodies[i].isMovable && bodies[i].awake && bodies[i].continuousCollision {
            let b = bodies[i]
            let motion = (b.center - b.center0).length + abs(b.angle - b.angle0) * b.coreExtent
            let s = Int(b.shape)
            guard motion > slop, motion.isFinite else { continue }
            let start = shapes[s].aabb
            let swept = start.union(WorldState.bounds(shapes, s, b.transform, vertices))
            impact.sweptBounds[s] = swept
            impact.sweptShapes.append(Int32(s))
            finite = finite && swept.lower.isFinite && swept.upper.isFinite
            growth = max(
                growth, start.lower.x - swept.lower.x, start.lower.y - swept.lower.y, swept.upper.x - start.upper.x,
                swept.upper.y - start.upper.y)
        }
        guard !impact.sweptShapes.isEmpty else { return }
        broadPhase.growInSweep(shapeCount: shapes.count)
        for s in impact.sweptShapes { broadPhase.inSweep[Int(s)] = true }
        defer { for s in impact.sweptShapes { broadPhase.inSweep[Int(s)] = false } }
        guard markBoxesOutsideSearchedProxies() else { return }
        let useX = broadPhase.staticEntriesAxis != 2

        impact.newPairKeys.removeAll(keepingCapacity: true)
        let filter = pairFilter
        // Static shapes: those whose running maximum of upper edges reaches the box.
        if broadPhase.staticEntriesAxis != 0 {
            for shape in impact.sweptShapes {
                let s = Int(shape)
                let box = impact.sweptBounds[s]
                var j = BroadPhase.firstStatic(
                    reaching: useX ? box.lower.x : box.lower.y, broadPhase.runningUpper,
                    count: broadPhase.staticEntries.count)
                while j < broadPhase.staticEntries.count
                    && broadPhase.staticEntries[j].lower <= (useX ? box.upper.x : box.upper.y)
                {
                    let t = Int(broadPhase.staticEntries[j].shape)
                    j += 1
                    guard impact.outsideProxy[s] || impact.outsideProxy[t], box.overlaps(shapes[t].aabb),
                        filter.shouldCollide(s, t)
                    else { continue }
                    impact.newPairKeys.append(Contact.key(Int32(s), Int32(t)))
                }
            }
        }
        if finite {
            addSweptMovablePairs(useX: useX)
        } else {
            queryMovablePairs(useX: useX, growth: growth)
        }
        guard !impact.newPairKeys.isEmpty else { return }
        Sorting.sort(&impact.newPairKeys)
        insertContacts(impact.newPairKeys)
    }

    /// Marks the boxes `addSweptPairs` tests (a bullet's sweep, any other shape's bounds) that are not within the
    /// proxy bounds of this sub-step's pair search; returns whether there is one. Where that search found every
    /// pair (`BroadPhase.searchedAll`), two boxes within their proxies overlap only if the proxies do, so their
    /// pair has a contact already: only a box outside its proxy can make a new pair. (Otherwise every box is
    /// marked.)
    private mutating func markBoxesOutsideSearchedProxies() -> Bool {
        if impact.outsideProxy.count < shapes.count {
            impact.outsideProxy.append(contentsOf: repeatElement(true, count: shapes.count - impact.outsideProxy.count))
        }
        var any = false
        for shape in impact.sweptShapes {
            let s = Int(shape)
            let outside = !broadPhase.searchedProxyHolds(s, impact.sweptBounds[s])
            impact.outsideProxy[s] = outside
            any = any || outside
        }
        for e in broadPhase.sweepEntries where !broadPhase.inSweep[Int(e.shape)] {
            let s = Int(e.shape)
            let outside = !broadPhase.searchedProxyHolds(s, shapes[s].aabb)
            impact.outsideProxy[s] = outside
            any = any || outside
        }
        for e in broadPhase.staticEntries {
            let s = Int(e.shape)
            let outside = !broadPhase.searchedProxyHolds(s, shapes[s].aabb)
            impact.outsideProxy[s] = outside
            any = any || outside
        }
        return any
    }

    /// The movable pairs of `addSweptPairs` by one sort and sweep: every movable shape of the broad phase at its
    /// sweep's bounds (a bullet's) or its bounds (any other), sorted again by lower edge (the bullets' edges moved
    /// by at most their sweep, so the broad phase's order is nearly sorted), then the pairs that overlap and hold
    /// a bullet that swept and an active shape. The same pairs as a query per bullet (`queryMovablePairs`), each
    /// found once instead of from both sides, and with no window widened by the largest sweep and shape.
    private mutating func addSweptMovablePairs(useX: Bool) {
        impact.sweptEntries.removeAll(keepingCapacity: true)
        for e in broadPhase.sweepEntries {
            let t = Int(e.shape)
            guard broadPhase.inSweep[t] else {
                impact.sweptBounds[t] = shapes[t].aabb
                impact.sweptEntries.append(e)
                continue
            }
            let box = impact.sweptBounds[t]
            impact.sweptEntries.append(
                SweepEntry(
                    lower: useX ? box.lower.x : box.lower.y, upper: useX ? box.upper.x : box.upper.y, shape: e.shape))
        }
        Sorting.sort(&impact.sweptEntries)
        let n = impact.sweptEntries.count
        if impact.sweptReach.count < n {
            impact.sweptReach.append(contentsOf: repeatElement(0, count: n - impact.sweptReach.count))
        }
        var running = -Double.infinity
        for k in 0..<n {
            running = max(running, impact.sweptEntries[k].upper)
            impact.sweptReach[k] = running
        }
        let filter = pairFilter
        let inSweep = broadPhase.inSweep
        let outside = impact.outsideProxy
        var keys: [UInt64] = []
        swap(&keys, &impact.newPairKeys)
        defer { swap(&keys, &impact.newPairKeys) }
        // Only a pair with a box outside its proxy can be new (`markBoxesOutsideSearchedProxies`): each such
        // entry against the entries after it that start before it ends, and against those before it that reach
        // it and are not outside (a pair of two is found from the first).
        impact.sweptEntries.withUnsafeBufferPointer { entries in
            impact.sweptReach.withUnsafeBufferPointer { reach in
                impact.sweptBounds.withUnsafeBufferPointer { bounds in
                    shapes.withUnsafeBufferPointer { shapes in
                        func pair(_ sa: Int, _ sb: Int) {
                            guard (inSweep[sa] && shapes[sb].active) || (inSweep[sb] && shapes[sa].active),
                                bounds[sa].overlaps(bounds[sb]), filter.shouldCollide(sa, sb)
                            else { return }
                            keys.append(Contact.key(Int32(sa), Int32(sb)))
                        }
                        for k in 0..<n where outside[Int(entries[k].shape)] {
                            let a = entries[k]
                            let sa = Int(a.shape)
                            var j = k + 1
                            while j < n && entries[j].lower <= a.upper {
                                pair(sa, Int(entries[j].shape))
                                j += 1
                            }
                            j = BroadPhase.firstStatic(reaching: a.lower, reach, count: k)
                            while j < k {
                                let sb = Int(entries[j].shape)
                                j += 1
                                if !outside[sb] { pair(sa, sb) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The movable pairs of `addSweptPairs` by a query per bullet that swept, among the broad phase's entries
    /// in a window widened by the largest sweep and shape: the general way, for sweeps whose bounds are not
    /// finite (where a sort by lower edge orders nothing).
    private mutating func queryMovablePairs(useX: Bool, growth: Double) {
        func lower(_ box: AABB) -> Double { useX ? box.lower.x : box.lower.y }
        func upper(_ box: AABB) -> Double { useX ? box.upper.x : box.upper.y }
        var widest = 0.0
        for e in broadPhase.sweepEntries { widest = max(widest, e.upper - e.lower) }
        let filter = pairFilter
        for shape in impact.sweptShapes {
            let s = Int(shape)
            let box = impact.sweptBounds[s]
            // Candidates by the start-of-step order, checked on their sweeps.
            let from = lower(box) - growth - widest
            let to = upper(box) + growth
            var lo = 0
            var hi = broadPhase.sweepEntries.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if broadPhase.sweepEntries[mid].lower < from { lo = mid + 1 } else { hi = mid }
            }
            var j = lo
            while j < broadPhase.sweepEntries.count && broadPhase.sweepEntries[j].lower <= to {
                let t = Int(broadPhase.sweepEntries[j].shape)
                j += 1
                guard t != s, shapes[t].active else { continue }
                let other = broadPhase.inSweep[t] ? impact.sweptBounds[t] : shapes[t].aabb
                guard box.overlaps(other), filter.shouldCollide(s, t) else { continue }
                impact.newPairKeys.append(Contact.key(Int32(s), Int32(t)))
            }
        }
    }

    /// The bounds of the shape at `shapes[index]` at a transform. (Static, with its inputs spelled out: a method
    /// reading `self`, called from a mutating one, took a copy of the whole state — a retain and a release of every
    /// array in it; and the shape read where it lies: a copy of a shape is a call to memcpy.)
    static func bounds(_ shapes: [Shape], _ index: Int, _ xf: Transform, _ vertices: [Vector]) -> AABB {
        precondition(shapes.indices.contains(index))
        return shapes.withUnsafeBufferPointer { shapes in
            vertices.withUnsafeBufferPointer { vertices in bounds(shapes.baseAddress! + index, xf, vertices) }
        }
    }

    static func bounds(
        _ shape: UnsafePointer<Shape>, _ xf: Transform, _ vertices: UnsafeBufferPointer<Vector>
    )
        -> AABB
    {
        var box = AABB.empty
        if shape.pointee.kind == .circle {
            let c = xf.apply(shape.pointee.center)
            box = AABB(lower: c, upper: c)
        } else {
            for k in Int(shape.pointee.vertexStart)..<Int(shape.pointee.vertexStart + shape.pointee.vertexCount) {
                let v = xf.apply(vertices[k])
                box.lower = minimum(box.lower, v)
                box.upper = maximum(box.upper, v)
            }
        }
        return box.expanded(by: shape.pointee.radius)
    }
}
