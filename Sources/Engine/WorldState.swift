// The simulation's state and its mutations: a value type, so the hot loops of a sub-step reach its
// arrays without the dynamic exclusivity checks a class's stored properties would cost. `World` (a
// class) owns one and forwards its API to it. Each stage of a sub-step keeps its own arrays in a value of
// its own (`broadPhase`, `islands`, `solver`, `impact`), passed to it with the world's arrays it reads and
// writes: distinct stored properties, so the stage writes through their buffers without moving them out.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct WorldState {
    // MARK: Storage

    var bodies: [Body] = []
    var shapes: [Shape] = []
    /// Polygon vertices and normals of every shape (appended when a shape is made, never changed). Stored
    /// properties of the value, so reading them costs no dynamic exclusivity check (they were a class's,
    /// checked at every manifold, bound and time of impact: 3 % of a pile's sub-step).
    var vertices: [Vector] = []
    var normals: [Vector] = []
    /// Contact slots (some free); `contactKeys` lists the live ones sorted by pair.
    var contacts: [Contact] = []
    var contactKeys: [ContactKey] = []
    var contactKeyScratch: [ContactKey] = []
    var freeContacts: [Int32] = []
    /// The serial of the last contact made.
    var contactSerial = 0
    var joints: [Joint] = []
    var jointModels = JointModels()
    var snaps: [Snap] = []
    var pushes: [Push] = []
    var fields: [Field] = []
    var groups: [CollisionGroup] = []
    /// Per body, `maskWords` words of bits: the groups whose items it collides with, and the groups whose
    /// boundaries it collides with.
    var maskWords = 1
    var itemMasks: [UInt64] = []
    var boundaryMasks: [UInt64] = []
    /// pt/s².
    var gravity = Vector.zero
    let viewBounds: Rect?

    /// Sub-steps run since the start.
    var substepsRun = 0
    /// Set once the simulation stopped being finite.
    var divergence: Divergence?
    /// The last divergence check passed and no body has moved since, within the current `advance` (a
    /// resting sub-step then skips the check: it would find the same bodies in the same state).
    var divergenceCheckHolds = false
    /// Simulated time, for the noise fields.
    var time = 0.0
    /// Something changed that the broad phase must see even if every body rests.
    var structureChanged = true

    // Events of the frame being run.
    var touchCounts: [TouchKey: Int] = [:]
    /// Boundary touches begun or ended in this sub-step, netted per boundary, in first-touch order.
    var touchChanges: [TouchChange] = []
    var touchChangeIndex: [TouchKey: Int] = [:]
    var beganEvents: [ContactEvent] = []
    /// Some contact's `pendingBegan` is set (so `resolvePendingBegan` has work).
    var pendingBeganSet = false
    var endedEvents: [ContactEvent] = []

    // Each stage's own arrays, kept between sub-steps so a step does not allocate (box2d v3's b2StepContext).
    var broadPhase = BroadPhase()
    var islands = IslandBuffers()
    var solver = SolverBuffers()
    var impact = ImpactBuffers()

    static let ground = 0

    /// - Parameter viewBounds: the reference view, for the divergence check (a body more than 10⁶ pt
    ///   from it has diverged); nil measures from the origin.
    init(viewBounds: Rect?) {
        self.viewBounds = viewBounds
        var ground = Body(
            kind: .staticBody, enabled: true, awake: false, origin: .zero, angle: 0, rotation: .identity,
            localCenter: .zero, center: .zero, center0: .zero, angle0: 0, size: .zero,
            unitMass: Geometry.unitMass(rectangle: .zero),
            properties: BodyProperties())
        ground.properties.anchored = true
        bodies.append(ground)
        itemMasks = [UInt64](repeating: 0, count: maskWords)
        boundaryMasks = itemMasks
    }

    // MARK: Bodies

    /// Adds an item's body. Bodies are numbered in the order they are added.
    @discardableResult
    mutating func addBody(_ definition: BodyDefinition) -> BodyID {
        let index = bodies.count
        let size = Vector(sanitized(definition.size.x), sanitized(definition.size.y))
        let rotation = Rotation(definition.angle)
        var body = Body(
            kind: .dynamicBody, enabled: definition.inSimulation, awake: definition.inSimulation,
            origin: definition.center, angle: definition.angle, rotation: rotation,
            localCenter: .zero, center: definition.center, center0: definition.center,
            angle0: definition.angle, size: size,
            unitMass: Body.unitMass(definition.outline, size: size), properties: definition.properties)
        body.updateMass()
        if body.isStatic { body.awake = false }
        body.center0 = body.center
        let core: CoreGeometry
        switch definition.outline {
        case .rectangle: core = Geometry.rectangle(size: size)
        case .ellipse: core = Geometry.ellipse(size: size)
        case .path(let points): core = Geometry.polygon(outline: points, fallbackSize: size)
        }
        body.shape = Int32(addShape(core, body: index))
        body.coreExtent = coreExtent(shape: Int(body.shape), localCenter: body.localCenter)
        bodies.append(body)
        itemMasks.append(contentsOf: repeatElement(0, count: maskWords))
        boundaryMasks.append(contentsOf: repeatElement(0, count: maskWords))
        shapes[Int(body.shape)].active = body.enabled
        placeBounds(shape: Int(body.shape))
        structureChanged = true
        broadPhase.staticShapesStale = true
        return BodyID(index)
    }

    private func sanitized(_ length: Double) -> Double {
        length.isFinite && length > 0 ? length : 0
    }

    mutating func addShape(_ core: CoreGeometry, body: Int, group: Int = -1, boundaryIndex: Int = -1) -> Int {
        let start = vertices.count
        vertices.append(contentsOf: core.vertices)
        normals.append(contentsOf: core.normals)
        var shape = Shape(
            kind: core.isCircle ? .circle : core.isEdge ? .edge : .polygon, body: Int32(body), radius: core.radius,
            center: core.center, vertexStart: Int32(start), vertexCount: Int32(core.vertices.count))
        if !core.vertices.isEmpty {
            var sum = Vector.zero
            for v in core.vertices { sum += v }
            shape.centroid = (1 / Double(core.vertices.count)) * sum
            if core.vertices.count >= 3 { shape.centroid = Geometry.polygonMoments(core.vertices).centroid }
        } else {
            shape.centroid = core.center
        }
        shape.group = Int32(group)
        shape.boundaryIndex = Int32(boundaryIndex)
        shapes.append(shape)
        return shapes.count - 1
    }

    private func coreExtent(shape index: Int, localCenter: Vector) -> Double {
        let shape = shapes[index]
        if shape.kind == .circle { return (shape.center - localCenter).length }
        var extent = 0.0
        for i in Int(shape.vertexStart)..<Int(shape.vertexStart + shape.vertexCount) {
            extent = max(extent, (vertices[i] - localCenter).length)
        }
        return extent
    }

    /// Refreshes a shape's world bounds from its body's transform.
    mutating func updateBounds(shape index: Int) {
        let transform = bodies[Int(shapes[index].body)].transform
        shapes[index].aabb = WorldState.bounds(shapes, index, transform, vertices)
    }

    /// Bounds where the shape is, and proxy bounds around them with the margin alone (b2Fixture::CreateProxies;
    /// also for a shape whose body was put somewhere, not moved there by a sub-step).
    mutating func placeBounds(shape index: Int) {
        updateBounds(shape: index)
        shapes[index].proxyBounds = shapes[index].aabb.expanded(by: Constants.proxyMargin)
    }

    /// Bounds where the body's shape now is, and its proxy synchronized over its motion since the bounds were
    /// last updated (the start of the sub-step, or the body's previous impact).
    mutating func updateBoundsAndProxy(body i: Int) {
        let s = Int(bodies[i].shape)
        let start = shapes[s].aabb
        updateBounds(shape: s)
        synchronizeProxy(
            shape: s, swept: start.union(shapes[s].aabb), displacement: bodies[i].center - bodies[i].center0)
    }

    /// Box2D's b2Fixture::Synchronize and b2DynamicTree::MoveProxy: proxy bounds that still hold the shape's
    /// bounds swept over its last motion are kept, otherwise they are made again around them, with the margin
    /// and reaching `proxyLookahead` times the body's displacement ahead.
    mutating func synchronizeProxy(shape index: Int, swept box: AABB, displacement: Vector) {
        if shapes[index].proxyBounds.contains(box) { return }
        var fat = box.expanded(by: Constants.proxyMargin)
        let d = Constants.proxyLookahead * displacement
        if d.x < 0 { fat.lower.x += d.x } else { fat.upper.x += d.x }
        if d.y < 0 { fat.lower.y += d.y } else { fat.upper.y += d.y }
        shapes[index].proxyBounds = fat
    }

    private func checkBody(_ id: BodyID) -> Int? {
        id.index > 0 && id.index < bodies.count ? id.index : nil
    }

    /// Puts a body in or out of the simulation. A body that joins starts at rest where it is (zero
    /// velocity, awake); one that leaves loses its contacts (ended events) and no longer moves.
    mutating func setInSimulation(_ id: BodyID, _ flag: Bool) {
        guard let i = checkBody(id), bodies[i].enabled != flag else { return }
        bodies[i].enabled = flag
        bodies[i].velocity = .zero
        bodies[i].angularVelocity = 0
        bodies[i].force = .zero
        bodies[i].torque = 0
        bodies[i].sleepTime = 0
        bodies[i].awake = flag && !bodies[i].isStatic
        shapes[Int(bodies[i].shape)].active = flag
        placeBounds(shape: Int(bodies[i].shape))
        wakeJointPartners(of: i)
        structureChanged = true
        broadPhase.staticShapesStale = true
    }

    func isInSimulation(_ id: BodyID) -> Bool {
        guard let i = checkBody(id) else { return false }
        return bodies[i].enabled
    }

    /// Replaces an item's properties (UIDynamicItemBehavior): mass from density, anchoring, damping, …
    mutating func setProperties(_ id: BodyID, _ properties: BodyProperties) {
        guard let i = checkBody(id) else { return }
        let wasStatic = bodies[i].isStatic
        bodies[i].properties = properties
        bodies[i].updateMass()
        bodies[i].coreExtent = coreExtent(shape: Int(bodies[i].shape), localCenter: bodies[i].localCenter)
        if bodies[i].isStatic {
            bodies[i].awake = false
            bodies[i].sleepTime = 0
        } else {
            bodies[i].setAwake(bodies[i].enabled)
        }
        if wasStatic != bodies[i].isStatic {
            structureChanged = true
            broadPhase.staticShapesStale = true
            wakeContacts(of: i)
        }
        wakeJointPartners(of: i)
    }

    func properties(of id: BodyID) -> BodyProperties {
        guard let i = checkBody(id) else { return BodyProperties() }
        return bodies[i].properties
    }

    /// The body's mass in kg (0 for an anchored body).
    func mass(of id: BodyID) -> Double {
        guard let i = checkBody(id) else { return 0 }
        return bodies[i].mass
    }

    /// Whether world gravity acts on the body (it is an item of a gravity behavior).
    mutating func setAffectedByGravity(_ id: BodyID, _ flag: Bool) {
        guard let i = checkBody(id), bodies[i].affectedByGravity != flag else { return }
        bodies[i].affectedByGravity = flag
        wake(i)
    }

    /// Continuous collision against boundaries and anchored items (items of gravity and push behaviors).
    mutating func setContinuousCollision(_ id: BodyID, _ flag: Bool) {
        guard let i = checkBody(id) else { return }
        bodies[i].continuousCollision = flag
    }

    /// addLinearVelocity / addAngularVelocity: pt/s and rad/s added to the body's velocity.
    mutating func addVelocity(_ id: BodyID, linear: Vector, angular: Double) {
        guard let i = checkBody(id), bodies[i].isMovable else { return }
        bodies[i].velocity += linear
        if bodies[i].inverseInertia > 0 { bodies[i].angularVelocity += angular }
        if linear != .zero || angular != 0 { wake(i) }
    }

    /// Wakes a body (and with it, next sub-step, everything it touches).
    mutating func wake(_ id: BodyID) {
        guard let i = checkBody(id) else { return }
        wake(i)
    }

    /// b2Body::SetAwake(true): a sleeping body wakes with its rest timer at zero; an awake body keeps its
    /// timer.
    mutating func wake(_ i: Int) {
        guard bodies[i].isMovable else { return }
        bodies[i].setAwake(true)
    }

    private mutating func wakeJointPartners(of i: Int) {
        for j in joints.indices where joints[j].alive && (joints[j].bodyA == i || joints[j].bodyB == i) {
            wake(joints[j].bodyA)
            wake(joints[j].bodyB)
        }
    }

    private mutating func wakeContacts(of i: Int) {
        for c in contacts where c.touching && (Int(c.bodyA) == i || Int(c.bodyB) == i) {
            wake(Int(c.bodyA))
            wake(Int(c.bodyB))
        }
    }

    /// What the caller reads after a frame.
    func state(of id: BodyID) -> BodyState {
        guard let i = checkBody(id) else {
            return BodyState(center: .zero, angle: 0, velocity: .zero, angularVelocity: 0, resting: true)
        }
        let b = bodies[i]
        return BodyState(
            center: b.origin, angle: b.angle, velocity: b.velocity, angularVelocity: b.angularVelocity,
            resting: !(b.isMovable && b.awake))
    }

    /// `state(of:)` reached through the world's stored `simulation` in place: a non-mutating call on a class's
    /// struct property takes a copy of the whole struct (a retain of every array in it) per call, which was a
    /// third of a 500-box preview. Changes nothing.
    mutating func readState(of id: BodyID) -> BodyState { state(of: id) }

    /// `readState(of:)` of several bodies, in one access (a frame's read of every item).
    mutating func readStates(of ids: [BodyID]) -> [BodyState] {
        var states: [BodyState] = []
        states.reserveCapacity(ids.count)
        for id in ids { states.append(state(of: id)) }
        return states
    }

    /// Every body that can move (in the simulation and not anchored) rests.
    var isPaused: Bool {
        for i in 1..<bodies.count where bodies[i].isMovable && bodies[i].awake { return false }
        return true
    }

    /// Number of item bodies added so far.
    var bodyCount: Int { bodies.count - 1 }

    // MARK: Gravity

    /// The world's gravity in UIKit units (length 1 = 1000 pt/s²), acting on bodies affected by gravity,
    /// independent of their mass. Wakes them when it changes.
    mutating func setGravity(_ vector: Vector) {
        let g = 1000 * vector
        guard g != gravity else { return }
        gravity = g
        for i in 1..<bodies.count where bodies[i].affectedByGravity { wake(i) }
    }

    // MARK: Collision groups

    @discardableResult
    mutating func addCollisionGroup(_ definition: CollisionGroupDefinition) -> CollisionGroupID {
        let g = groups.count
        var group = CollisionGroup(definition: definition)
        let ground = WorldState.ground
        for (k, boundary) in definition.boundaries.enumerated() {
            switch boundary {
            case .segment(let a, let b):
                group.shapes.append(
                    Int32(addShape(Geometry.segment(from: a, to: b), body: ground, group: g, boundaryIndex: k)))
            case .loop(let points):
                addLoop(points, group: g, boundaryIndex: k, into: &group.shapes)
            }
        }
        if let r = definition.referenceBounds {
            let x0 = r.origin.x - 1
            let y0 = r.origin.y - 1
            let x1 = r.maxX + 1
            let y1 = r.maxY + 1
            addLoop(
                [Vector(x0, y0), Vector(x1, y0), Vector(x1, y1), Vector(x0, y1)], group: g, boundaryIndex: -1,
                into: &group.shapes)
        }
        for s in group.shapes { placeBounds(shape: Int(s)) }
        groups.append(group)
        rebuildMasks()
        for b in definition.bodies { if let i = checkBody(b) { wake(i) } }
        structureChanged = true
        broadPhase.staticShapesStale = true
        return CollisionGroupID(g)
    }

    mutating func removeCollisionGroup(_ id: CollisionGroupID) {
        guard groups.indices.contains(id.index), groups[id.index].alive else { return }
        groups[id.index].alive = false
        for s in groups[id.index].shapes {
            shapes[Int(s)].alive = false
            shapes[Int(s)].active = false
        }
        rebuildMasks()
        for b in groups[id.index].definition.bodies { if let i = checkBody(b) { wake(i) } }
        structureChanged = true
        broadPhase.staticShapesStale = true
    }

    /// A closed loop of segments, each knowing its neighbours' far vertices (smooth collision across joints).
    /// Repeated points are dropped; a loop of one point is a small disc, of two points one segment.
    private mutating func addLoop(_ points: [Vector], group g: Int, boundaryIndex k: Int, into list: inout [Int32]) {
        var loop: [Vector] = []
        for p in points where p.isFinite {
            if let last = loop.last, (p - last).length <= 1e-9 * max(1, p.length) { continue }
            loop.append(p)
        }
        while loop.count > 2, let first = loop.first, let last = loop.last,
            (first - last).length <= 1e-9 * max(1, first.length)
        {
            loop.removeLast()
        }
        let ground = WorldState.ground
        switch loop.count {
        case 0:
            return
        case 1:
            list.append(
                Int32(addShape(Geometry.segment(from: loop[0], to: loop[0]), body: ground, group: g, boundaryIndex: k)))
        case 2:
            list.append(
                Int32(addShape(Geometry.segment(from: loop[0], to: loop[1]), body: ground, group: g, boundaryIndex: k)))
        default:
            let n = loop.count
            for i in 0..<n {
                let shape = addShape(
                    Geometry.segment(from: loop[i], to: loop[(i + 1) % n]), body: ground, group: g, boundaryIndex: k)
                shapes[shape].ghost0 = loop[(i + n - 1) % n]
                shapes[shape].ghost3 = loop[(i + 2) % n]
                shapes[shape].hasGhost0 = true
                shapes[shape].hasGhost3 = true
                list.append(Int32(shape))
            }
        }
    }

    mutating func rebuildMasks() {
        maskWords = max(1, (groups.count + 63) / 64)
        itemMasks = [UInt64](repeating: 0, count: bodies.count * maskWords)
        boundaryMasks = itemMasks
        for (g, group) in groups.enumerated() where group.alive {
            let word = g / 64
            let bit = UInt64(1) << UInt64(g % 64)
            for b in group.definition.bodies {
                guard let i = checkBody(b) else { continue }
                if group.definition.mode.allowsItems { itemMasks[i * maskWords + word] |= bit }
                if group.definition.mode.allowsBoundaries { boundaryMasks[i * maskWords + word] |= bit }
            }
        }
    }

    /// What decides whether two shapes may touch.
    var pairFilter: PairFilter {
        PairFilter(
            shapes: shapes, bodies: bodies, itemMasks: itemMasks, boundaryMasks: boundaryMasks, maskWords: maskWords)
    }

    // MARK: Joints

    /// Adds a joint (an attachment). A rigid distance joint without a length whose item point lies within
    /// 1 pt of its far end acts as a pin; a sliding joint's rail runs along its axis through the item's point.
    @discardableResult
    mutating func addJoint(_ definition: JointDefinition) -> JointID {
        let a = definition.body.index
        let b: Int
        let localAnchorB: Vector
        switch definition.anchor {
        case .point(let p):
            b = WorldState.ground
            localAnchorB = p
        case .body(let other, let offset):
            b = other.index
            localAnchorB = offset
        }
        guard checkBody(definition.body) != nil, b == WorldState.ground || checkBody(BodyID(b)) != nil else {
            let (type, slot) = jointModels.append(
                .fixed(FixedJoint(localAnchorA: .zero, localAnchorB: .zero, referenceAngle: 0)))
            joints.append(Joint(bodyA: 0, bodyB: 0, type: type, slot: slot, anchor: .zero, alive: false))
            return JointID(joints.count - 1)
        }
        let bodyA = bodies[a]
        let bodyB = bodies[b]
        let localAnchorA = definition.offset
        let pA = bodyA.transform.apply(localAnchorA)
        let pB = bodyB.transform.apply(localAnchorB)
        let distance = (pB - pA).length
        let referenceAngle = bodyB.angle - bodyA.angle
        let model: JointModel
        switch definition.kind {
        case .distance(let length, let frequency, let damping):
            if length == nil && frequency == 0 && distance <= 1 {
                model = .pin(
                    PinJoint(
                        localAnchorA: localAnchorA, localAnchorB: localAnchorB, referenceAngle: referenceAngle,
                        maxFrictionTorque: 0, range: nil))
            } else {
                model = .distance(
                    DistanceJoint(
                        localAnchorA: localAnchorA, localAnchorB: localAnchorB,
                        length: max(0, length ?? distance), frequency: max(0, frequency), dampingRatio: max(0, damping))
                )
            }
        case .pin(let frictionTorque, let range):
            model = .pin(
                PinJoint(
                    localAnchorA: localAnchorA, localAnchorB: localAnchorB, referenceAngle: referenceAngle,
                    maxFrictionTorque: max(0, frictionTorque) * 10_000, range: range))
        case .fixed:
            model = .fixed(
                FixedJoint(localAnchorA: localAnchorA, localAnchorB: localAnchorB, referenceAngle: referenceAngle))
        case .sliding(let axis, let range):
            // The far point is taken on the axis line through the item's point (its projection), so the
            // item starts on its rail and slides from where it is, as Box2D's prismatic Initialize does.
            let worldAxis = axis.normalized == .zero ? Vector(1, 0) : axis.normalized
            let translation = dot(worldAxis, pB - pA)
            let onAxis = bodyB.transform.applyInverse(pA + translation * worldAxis)
            model = .sliding(
                SlidingJoint(
                    localAnchorA: localAnchorA, localAnchorB: onAxis,
                    localAxisA: bodyA.rotation.applyInverse(worldAxis), referenceAngle: referenceAngle,
                    startTranslation: translation, range: range))
        case .limit(let length):
            model = .limit(
                LimitJoint(
                    localAnchorA: localAnchorA, localAnchorB: localAnchorB, maxLength: max(0, length ?? distance)))
        }
        let (type, slot) = jointModels.append(model)
        joints.append(Joint(bodyA: a, bodyB: b, type: type, slot: slot, anchor: localAnchorB))
        wake(a)
        wake(b)
        return JointID(joints.count - 1)
    }

    private func liveJoint(_ id: JointID) -> Int? {
        joints.indices.contains(id.index) && joints[id.index].alive && joints[id.index].snap < 0 ? id.index : nil
    }

    mutating func removeJoint(_ id: JointID) {
        guard let j = liveJoint(id) else { return }
        joints[j].alive = false
        wake(joints[j].bodyA)
        wake(joints[j].bodyB)
    }

    /// Moves the fixed far end of a joint anchored to a point (an attachment's anchorPoint).
    /// A sliding joint's rail moves with its anchor.
    mutating func setJointAnchor(_ id: JointID, _ point: Vector) {
        guard let j = liveJoint(id), joints[j].bodyB == WorldState.ground, point.isFinite else { return }
        let delta = point - joints[j].anchor
        joints[j].anchor = point
        let slot = joints[j].slot
        switch joints[j].type {
        case .distance: jointModels.distance[slot].localAnchorB = point
        case .pin: jointModels.pin[slot].localAnchorB = point
        case .fixed: jointModels.fixed[slot].localAnchorB = point
        case .sliding: jointModels.sliding[slot].localAnchorB += delta
        case .limit: jointModels.limit[slot].localAnchorB = point
        }
        wake(joints[j].bodyA)
    }

    /// A distance joint's length or a limit's maximum length.
    mutating func setJointLength(_ id: JointID, _ length: Double) {
        guard let j = liveJoint(id), length.isFinite else { return }
        let slot = joints[j].slot
        switch joints[j].type {
        case .distance: jointModels.distance[slot].length = max(0, length)
        case .limit: jointModels.limit[slot].maxLength = max(0, length)
        default: return
        }
        wake(joints[j].bodyA)
        wake(joints[j].bodyB)
    }

    /// A distance joint's frequency (Hz; 0 makes it rigid).
    mutating func setJointFrequency(_ id: JointID, _ frequency: Double) {
        guard let j = liveJoint(id), joints[j].type == .distance, frequency.isFinite else { return }
        jointModels.distance[joints[j].slot].frequency = max(0, frequency)
        wake(joints[j].bodyA)
        wake(joints[j].bodyB)
    }

    /// A distance joint's damping ratio.
    mutating func setJointDamping(_ id: JointID, _ damping: Double) {
        guard let j = liveJoint(id), joints[j].type == .distance, damping.isFinite else { return }
        jointModels.distance[joints[j].slot].dampingRatio = max(0, damping)
        wake(joints[j].bodyA)
        wake(joints[j].bodyB)
    }

    // MARK: Snaps

    /// Snaps a body to a point (UISnapBehavior); `damping` is the springs' damping ratio.
    @discardableResult
    mutating func addSnap(body id: BodyID, point: Vector, damping: Double) -> SnapID {
        let s = snaps.count
        guard let i = checkBody(id) else {
            snaps.append(Snap(body: 0, point: point, damping: damping, joints: [], alive: false))
            return SnapID(s)
        }
        var snap = Snap(body: i, point: point, damping: damping, joints: [])
        for (corner, offset) in Snap.anchors(size: bodies[i].size) {
            let joint = DistanceJoint(
                localAnchorA: corner, localAnchorB: point + offset, length: Snap.restLength,
                frequency: Snap.frequency, dampingRatio: max(0, damping))
            let (type, slot) = jointModels.append(.distance(joint))
            joints.append(
                Joint(
                    bodyA: i, bodyB: WorldState.ground, type: type, slot: slot, anchor: point + offset, snap: Int32(s)))
            snap.joints.append(joints.count - 1)
        }
        snaps.append(snap)
        wake(i)
        return SnapID(s)
    }

    mutating func setSnapPoint(_ id: SnapID, _ point: Vector) {
        guard snaps.indices.contains(id.index), snaps[id.index].alive else { return }
        let snap = snaps[id.index]
        snaps[id.index].point = point
        for (k, (_, offset)) in Snap.anchors(size: bodies[snap.body].size).enumerated() {
            let joint = joints[snap.joints[k]]
            if joint.type == .distance { jointModels.distance[joint.slot].localAnchorB = point + offset }
        }
        wake(snap.body)
    }

    mutating func removeSnap(_ id: SnapID) {
        guard snaps.indices.contains(id.index), snaps[id.index].alive else { return }
        snaps[id.index].alive = false
        for j in snaps[id.index].joints { joints[j].alive = false }
        wake(snaps[id.index].body)
    }

    // MARK: Pushes

    @discardableResult
    mutating func addPush(_ definition: PushDefinition) -> PushID {
        pushes.append(Push(definition: definition))
        wakePushed(pushes.count - 1)
        return PushID(pushes.count - 1)
    }

    private mutating func wakePushed(_ p: Int) {
        guard pushes[p].definition.active else { return }
        for b in pushes[p].definition.bodies { if let i = checkBody(b) { wake(i) } }
    }

    mutating func removePush(_ id: PushID) {
        guard pushes.indices.contains(id.index) else { return }
        pushes[id.index].alive = false
    }

    /// UIKit newtons (continuous) or newton-seconds (instantaneous).
    mutating func setPushForce(_ id: PushID, _ force: Vector) {
        guard pushes.indices.contains(id.index), pushes[id.index].alive else { return }
        pushes[id.index].definition.force = force
        wakePushed(id.index)
    }

    /// Turning an instantaneous push on again applies it once more, in the next sub-step.
    mutating func setPushActive(_ id: PushID, _ active: Bool) {
        guard pushes.indices.contains(id.index), pushes[id.index].alive else { return }
        pushes[id.index].definition.active = active
        wakePushed(id.index)
    }

    func isPushActive(_ id: PushID) -> Bool {
        pushes.indices.contains(id.index) && pushes[id.index].alive && pushes[id.index].definition.active
    }

    // MARK: Fields

    @discardableResult
    mutating func addField(_ definition: FieldDefinition) -> FieldID {
        fields.append(Field(definition: definition))
        for b in definition.bodies { if let i = checkBody(b) { wake(i) } }
        return FieldID(fields.count - 1)
    }

    mutating func removeField(_ id: FieldID) {
        guard fields.indices.contains(id.index), fields[id.index].alive else { return }
        fields[id.index].alive = false
        for b in fields[id.index].definition.bodies { if let i = checkBody(b) { wake(i) } }
    }
}
