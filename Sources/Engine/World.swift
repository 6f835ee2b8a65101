// The world: every body, shape, contact, joint and force of a simulation, and the API its caller (the
// Scene layer) drives it with.
//
// # Engine API
//
// Units: points (pt), seconds, radians (positive clockwise on screen), y down; masses in kg
// (density × width × height / 10 000). Forces at this API are in UIKit units: gravity in UIKit gravity units
// (length 1 = 1000 pt/s²), pushes in UIKit newtons (1 N on 1 kg = 100 pt/s²) or newton-seconds (1 N·s on
// 1 kg = 100 pt/s), pin friction torque in N·m (10⁴ kg·pt²/s²), field strengths as in Field.swift. Everything
// is addressed by integer handles returned when added (`BodyID`, `JointID`, `SnapID`, `PushID`, `FieldID`,
// `CollisionGroupID`); bodies are numbered in the order they are added (add items in scene order: the
// lower id of a contact pair is then the item listed first). Invalid handles are ignored.
//
// World
//   init(viewBounds: Rect?)                        the reference view (divergence: > 10⁶ pt from it)
// Bodies (items)
//   addBody(BodyDefinition) -> BodyID              center, size, angle, outline (.rectangle/.ellipse/.path),
//                                                  properties (BodyProperties, UIKit defaults), inSimulation
//   setInSimulation(BodyID, Bool)                  named by a behavior or not; joining starts at rest
//   setProperties(BodyID, BodyProperties)          elasticity, friction, density, resistance,
//   properties(of:) -> BodyProperties               angularResistance, allowsRotation, anchored, charge
//   setAffectedByGravity(BodyID, Bool)             an item of a gravity behavior
//   setContinuousCollision(BodyID, Bool)           an item of a gravity or push behavior
//   addVelocity(BodyID, linear: Vector, angular:)  addLinearVelocity / addAngularVelocity (pt/s, rad/s)
//   wake(BodyID)
//   state(of: BodyID) -> BodyState                 center, angle, velocity, angularVelocity, resting
//   mass(of:), isInSimulation(_:), bodyCount, isPaused (every movable body rests)
// Gravity
//   setGravity(Vector)                             the one world vector (UIKit units), for affected bodies
// Collision
//   addCollisionGroup(CollisionGroupDefinition) -> CollisionGroupID   bodies, mode (.everything/.items/
//                                                  .boundaries), boundaries ([.segment/.loop]), referenceBounds
//   removeCollisionGroup(CollisionGroupID)
// Attachments
//   addJoint(JointDefinition) -> JointID           body + offset, anchor (.point / .body(id, offset)),
//                                                  kind: .distance(length:frequency:damping:), .pin(frictionTorque:
//                                                  range:), .fixed, .sliding(axis:range:), .limit(length:)
//   setJointAnchor(_:_:), setJointLength(_:_:), setJointFrequency(_:_:), setJointDamping(_:_:), removeJoint(_:)
//   addSnap(body:point:damping:) -> SnapID, setSnapPoint(_:_:), removeSnap(_:)
// Pushes and fields
//   addPush(PushDefinition) -> PushID              bodies, mode, force (vector), offset (unrotated), active
//   setPushForce(_:_:), setPushActive(_:_:), isPushActive(_:), removePush(_:)
//   addField(FieldDefinition) -> FieldID, removeField(_:)
// Running
//   static substeps(afterFrames:frameRate:) -> Int     ⌈120·n/f⌉ − 1, in integers
//   advance(toFrame: n, frameRate: f) -> FrameReport   runs the sub-steps up to frame n; returns the
//                                                  frame's ContactEvents (all began, then all ended: body,
//                                                  partner .body(id) / .boundary(group:index:), point,
//                                                  sub-step) and a Divergence(body:substep:) if one happened
//   substepsRun, divergence                        after a divergence the world runs nothing more
//
// Call the mutations between frames (they wake what they touch), then `advance` to the next frame, then
// read the states. Example:
//     let world = World(viewBounds: Rect(x: 0, y: 0, width: 400, height: 600))
//     let box = world.addBody(BodyDefinition(center: Vector(200, 100), size: Vector(100, 100)))
//     world.setAffectedByGravity(box, true); world.setContinuousCollision(box, true)
//     world.setGravity(Vector(0, 1))
//     world.addCollisionGroup(CollisionGroupDefinition(bodies: [box], referenceBounds: Rect(x: 0, y: 0, width: 400, height: 600)))
//     for n in 1...180 { let report = world.advance(toFrame: n, frameRate: 60); … world.state(of: box) … }
//
// Each sub-step: pending instantaneous pushes, continuous forces (pushes, fields), broad phase (sort and
// sweep), narrow phase (manifolds, began/ended), islands of touching or jointed bodies solved one by one
// (gravity, forces and damping into velocities; warm start; 8 velocity iterations of joints then contacts;
// positions; 3 position iterations), resting of islands, times of impact (Box2D 2.3's SolveTOI), divergence
// check.
//
// # How UIKit drives Box2D (what the engine reproduces, checked against pybox2d 2.3.10 in Tests/differential)
//
// - One Box2D world per animator, in metres: 100 pt are 1 m, y points down, and gravity magnitude 1 is
//   10 m/s². Gravity reaches only the items of a gravity behavior.
// - The display clock feeds an accumulator; whole sub-steps of 1/120 s rounded to single precision run
//   while it holds one, each a `Step(h, 8, 3)` with warm starting and sleeping allowed.
// - Items of gravity and push behaviors are bullets: their contacts with every other body take part in the
//   times of impact. (Box2D would also give a dynamic item that is not a bullet times of impact against
//   boundaries and anchored items; the scene format gives continuous collision to bullets only, and so does
//   this engine, so that `sim.tunnels` can warn of a fast item outside those behaviors.)
// - An item's polygon is its full outline, as `b2PolygonShape::SetAsBox` builds it, with Box2D's 1 pt skin
//   (b2_polygonRadius) around it; a square ellipse is a disc of the item's radius, another ellipse a 24-gon
//   around it. Boundaries are edges (a loop: a chain, whose segments know their neighbours) with the same
//   1 pt skin; an edge keeps a polygon's contact points out to 2 pt from its core, and the solvers push the
//   two apart to the sum of their skins less the linear slop (a 100 pt box dropped on a segment at y = 300
//   rests at y = 248.216629, as measured on UIKit).
// - Mass is density × width × height / 10 000 kg for every outline; boundaries have friction 0.2 and
//   elasticity 0.2; friction mixes as √(f₁f₂), elasticity as max(e₁, e₂); resistance is linear damping, a
//   factor 1/(1 + h·c) a sub-step (Box2D 2.3 and UIKit, measured).
// - Waking a body that is already awake (a push, a velocity, a contact) leaves its rest timer running, as
//   b2Body::SetAwake does.

/// The engine's world; see the API reference above. A reference type wrapping the value-typed `WorldState`,
/// which documents each member.
package final class World {
    // Each member forwards to `WorldState`'s member of the same name (`state(of:)` and `states(of:)` to
    // `readState(of:)` and `readStates(of:)`), whose doc comment is the one description of what it does.

    var state: WorldState

    package init(viewBounds: Rect? = nil) {
        state = WorldState(viewBounds: viewBounds)
    }

    // MARK: Bodies

    @discardableResult
    package func addBody(_ definition: BodyDefinition) -> BodyID { state.addBody(definition) }

    package func setInSimulation(_ id: BodyID, _ flag: Bool) { state.setInSimulation(id, flag) }

    package func isInSimulation(_ id: BodyID) -> Bool { state.isInSimulation(id) }

    package func setProperties(_ id: BodyID, _ properties: BodyProperties) { state.setProperties(id, properties) }

    package func properties(of id: BodyID) -> BodyProperties { state.properties(of: id) }

    package func mass(of id: BodyID) -> Double { state.mass(of: id) }

    package func setAffectedByGravity(_ id: BodyID, _ flag: Bool) { state.setAffectedByGravity(id, flag) }

    package func setContinuousCollision(_ id: BodyID, _ flag: Bool) { state.setContinuousCollision(id, flag) }

    package func addVelocity(_ id: BodyID, linear: Vector, angular: Double) {
        state.addVelocity(id, linear: linear, angular: angular)
    }

    package func wake(_ id: BodyID) { state.wake(id) }

    package func state(of id: BodyID) -> BodyState { state.readState(of: id) }

    package func states(of ids: [BodyID]) -> [BodyState] { state.readStates(of: ids) }

    package var isPaused: Bool { state.isPaused }

    package var bodyCount: Int { state.bodyCount }

    // MARK: Gravity

    package func setGravity(_ vector: Vector) { state.setGravity(vector) }

    // MARK: Collision groups

    @discardableResult
    package func addCollisionGroup(_ definition: CollisionGroupDefinition) -> CollisionGroupID {
        state.addCollisionGroup(definition)
    }

    package func removeCollisionGroup(_ id: CollisionGroupID) { state.removeCollisionGroup(id) }

    // MARK: Joints

    @discardableResult
    package func addJoint(_ definition: JointDefinition) -> JointID { state.addJoint(definition) }

    package func removeJoint(_ id: JointID) { state.removeJoint(id) }

    package func setJointAnchor(_ id: JointID, _ point: Vector) { state.setJointAnchor(id, point) }

    package func setJointLength(_ id: JointID, _ length: Double) { state.setJointLength(id, length) }

    package func setJointFrequency(_ id: JointID, _ frequency: Double) { state.setJointFrequency(id, frequency) }

    package func setJointDamping(_ id: JointID, _ damping: Double) { state.setJointDamping(id, damping) }

    // MARK: Snaps

    @discardableResult
    package func addSnap(body id: BodyID, point: Vector, damping: Double) -> SnapID {
        state.addSnap(body: id, point: point, damping: damping)
    }

    package func setSnapPoint(_ id: SnapID, _ point: Vector) { state.setSnapPoint(id, point) }

    package func removeSnap(_ id: SnapID) { state.removeSnap(id) }

    // MARK: Pushes

    @discardableResult
    package func addPush(_ definition: PushDefinition) -> PushID { state.addPush(definition) }

    package func removePush(_ id: PushID) { state.removePush(id) }

    package func setPushForce(_ id: PushID, _ force: Vector) { state.setPushForce(id, force) }

    package func setPushActive(_ id: PushID, _ active: Bool) { state.setPushActive(id, active) }

    package func isPushActive(_ id: PushID) -> Bool { state.isPushActive(id) }

    // MARK: Fields

    @discardableResult
    package func addField(_ definition: FieldDefinition) -> FieldID { state.addField(definition) }

    package func removeField(_ id: FieldID) { state.removeField(id) }

    // MARK: Running

    package var substepsRun: Int { state.substepsRun }

    package var divergence: Divergence? { state.divergence }

    package func advance(
        toFrame frame: Int, frameRate: Double, isCancelled: () -> Bool = { false }
    ) -> FrameReport {
        state.advance(toFrame: frame, frameRate: frameRate, isCancelled: isCancelled)
    }
}
