// Joints: the storage every kind shares and the solver interface. One file per kind implements the
// constraint (DistanceJoint, PinJoint, FixedJoint, SlidingJoint, LimitJoint), after Box2D 2.x's
// formulations: `prepare` computes the effective masses at the start of a sub-step and applies the
// warm-start impulses, `solveVelocity` runs in each velocity iteration before the contacts, and
// `solvePosition` corrects drift in the position iterations and says whether the error is within slop.

/// A joint's handle.
package struct JointID: Hashable, Comparable, Sendable {
    package var index: Int
    package init(_ index: Int) { self.index = index }
    package static func < (a: JointID, b: JointID) -> Bool { a.index < b.index }
}

/// What the body of a joint's far end is: a fixed point in the reference view, or a point of another body.
package enum JointAnchor: Hashable, Sendable {
    /// A fixed point (a static anchor), in view coordinates.
    case point(Vector)
    /// A point of another body: its center plus `offset` (turning with it).
    case body(BodyID, offset: Vector)
}

/// The kinds of joint, with their own parameters (UIKit's attachment factories).
package enum JointKind: Hashable, Sendable {
    /// A rod (frequency 0) or a spring of `frequency` Hz and damping ratio `damping`; `length` nil keeps
    /// the distance at the start.
    case distance(length: Double?, frequency: Double, damping: Double)
    /// A revolute joint at the item's point. `frictionTorque` in UIKit units (N·m: 1 N·m = 10⁴ kg·pt²/s²);
    /// `range` limits the relative angle (radians, from the start), nil for none.
    case pin(frictionTorque: Double, range: ClosedRange<Double>?)
    /// A weld: the two points and the relative angle are held.
    case fixed
    /// A prismatic joint: the item slides along `axis` (given in view coordinates at the start, turning
    /// with the item) and keeps its angle relative to the anchor; `range` limits the travel (pt, from the start).
    case sliding(axis: Vector, range: ClosedRange<Double>?)
    /// A rope: the distance never exceeds `length` (nil: the distance at the start).
    case limit(length: Double?)
}

/// What `World.addJoint` needs: the item (`body`) and its point (`offset` from its center, turning with
/// it), the far end, and the kind.
package struct JointDefinition: Hashable, Sendable {
    package var body: BodyID
    package var offset: Vector
    package var anchor: JointAnchor
    package var kind: JointKind

    package init(body: BodyID, offset: Vector = .zero, anchor: JointAnchor, kind: JointKind) {
        self.body = body
        self.offset = offset
        self.anchor = anchor
        self.kind = kind
    }
}

/// What a joint sees of the solver during a sub-step.
struct JointContext {
    var positions: UnsafeMutableBufferPointer<SolverPosition>
    var velocities: UnsafeMutableBufferPointer<SolverVelocity>
    var h: Double
    var a: Int
    var b: Int
    var bodyA: SolverBody
    var bodyB: SolverBody

    var mA: Double { bodyA.inverseMass }
    var mB: Double { bodyB.inverseMass }
    var iA: Double { bodyA.inverseInertia }
    var iB: Double { bodyB.inverseInertia }
}

protocol JointSolver {
    mutating func prepare(_ context: JointContext)
    mutating func solveVelocity(_ context: JointContext)
    mutating func solvePosition(_ context: JointContext) -> Bool
}

/// A joint's constraint with its parameters, as `addJoint` builds it; stored in `JointModels`.
enum JointModel {
    case distance(DistanceJoint)
    case pin(PinJoint)
    case fixed(FixedJoint)
    case sliding(SlidingJoint)
    case limit(LimitJoint)
}

/// Which array of `JointModels` holds a joint's constraint.
enum JointType: UInt8 {
    case distance, pin, fixed, sliding, limit
}

struct Joint {
    /// A is the item, B the other body or the ground.
    var bodyA: Int
    var bodyB: Int
    /// The constraint: `JointModels`' array of this type, at `slot`.
    var type: JointType
    var slot: Int
    /// The far end as given, in B's frame (the anchor point for a joint to the ground).
    var anchor: Vector
    var alive = true
    /// The snap this joint belongs to, or -1.
    var snap: Int32 = -1
}

extension Joint {
    /// A joint takes part while it is alive and joins two different bodies in the simulation.
    func isActive(_ bodies: [Body]) -> Bool {
        alive && bodyA != bodyB && bodies[bodyA].enabled && bodies[bodyB].enabled
    }
}

/// The constraints of every joint, one array per kind: the solver mutates them in place (an enum of the
/// kinds would be copied out and back, ~240 bytes each way, at every call of every iteration).
struct JointModels {
    var distance: [DistanceJoint] = []
    var pin: [PinJoint] = []
    var fixed: [FixedJoint] = []
    var sliding: [SlidingJoint] = []
    var limit: [LimitJoint] = []

    /// Stores a constraint; returns where.
    mutating func append(_ model: JointModel) -> (type: JointType, slot: Int) {
        switch model {
        case .distance(let j):
            distance.append(j)
            return (.distance, distance.count - 1)
        case .pin(let j):
            pin.append(j)
            return (.pin, pin.count - 1)
        case .fixed(let j):
            fixed.append(j)
            return (.fixed, fixed.count - 1)
        case .sliding(let j):
            sliding.append(j)
            return (.sliding, sliding.count - 1)
        case .limit(let j):
            limit.append(j)
            return (.limit, limit.count - 1)
        }
    }

    mutating func prepare(_ joint: Joint, _ context: JointContext) {
        switch joint.type {
        case .distance: distance[joint.slot].prepare(context)
        case .pin: pin[joint.slot].prepare(context)
        case .fixed: fixed[joint.slot].prepare(context)
        case .sliding: sliding[joint.slot].prepare(context)
        case .limit: limit[joint.slot].prepare(context)
        }
    }

    mutating func solveVelocity(_ joint: Joint, _ context: JointContext) {
        switch joint.type {
        case .distance: distance[joint.slot].solveVelocity(context)
        case .pin: pin[joint.slot].solveVelocity(context)
        case .fixed: fixed[joint.slot].solveVelocity(context)
        case .sliding: sliding[joint.slot].solveVelocity(context)
        case .limit: limit[joint.slot].solveVelocity(context)
        }
    }

    mutating func solvePosition(_ joint: Joint, _ context: JointContext) -> Bool {
        switch joint.type {
        case .distance: distance[joint.slot].solvePosition(context)
        case .pin: pin[joint.slot].solvePosition(context)
        case .fixed: fixed[joint.slot].solvePosition(context)
        case .sliding: sliding[joint.slot].solvePosition(context)
        case .limit: limit[joint.slot].solvePosition(context)
        }
    }
}

/// Helpers shared by the joint kinds.
extension JointContext {
    /// The anchor's offset from the center of mass, in world axes, at the current angle.
    func armA(_ localAnchor: Vector) -> Vector { positions.rotation(a).apply(localAnchor - bodyA.localCenter) }
    func armB(_ localAnchor: Vector) -> Vector { positions.rotation(b).apply(localAnchor - bodyB.localCenter) }

    /// Applies the linear impulse P at the arms and the angular impulses LA, LB.
    func applyVelocity(_ P: Vector, rA: Vector, rB: Vector, angularA: Double = 0, angularB: Double = 0) {
        velocities[a].v -= mA * P
        velocities[a].w -= iA * (cross(rA, P) + angularA)
        velocities[b].v += mB * P
        velocities[b].w += iB * (cross(rB, P) + angularB)
    }

    func applyPosition(_ P: Vector, rA: Vector, rB: Vector, angularA: Double = 0, angularB: Double = 0) {
        positions[a].c -= mA * P
        positions[a].a -= iA * (cross(rA, P) + angularA)
        positions[b].c += mB * P
        positions[b].a += iB * (cross(rB, P) + angularB)
    }
}
