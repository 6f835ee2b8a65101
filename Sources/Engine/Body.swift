// A rigid body as the engine stores it: one value in `World.bodies`, flat and copyable.
//
// Positions: `origin` is the item's center (what UIKit reports), `center` the center of mass, which differs
// from the origin only for a path outline whose centroid is off-center. Velocities are those of the center of
// mass. Static bodies (anchored items, the ground that holds boundaries and fixed anchors) have no mass.

/// A body's handle: its index in the world, in the order bodies were added.
package struct BodyID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var index: Int
    package init(_ index: Int) { self.index = index }
    package static func < (a: BodyID, b: BodyID) -> Bool { a.index < b.index }
    package var description: String { "body \(index)" }
}

/// The collision outline of an item, relative to its center.
package enum CollisionOutline: Hashable, Sendable {
    case rectangle
    /// A disc when width = height, otherwise a convex polygon of 24 vertices.
    case ellipse
    /// A convex path relative to the center (its hull is taken; a degenerate path falls back to the rectangle).
    case path([Vector])
}

/// The physical properties of an item (UIDynamicItemBehavior), with UIKit's defaults.
package struct BodyProperties: Hashable, Sendable {
    // UIKit's defaults, applied to every item (also items no dynamicItem behavior names).
    package static let defaultElasticity = 0.2
    package static let defaultFriction = 0.2
    package static let defaultDensity = 1.0
    package static let defaultResistance = 0.1
    package static let defaultAngularResistance = 0.1
    package static let defaultAllowsRotation = true
    package static let defaultAnchored = false
    package static let defaultCharge = 0.0

    package var elasticity = BodyProperties.defaultElasticity
    package var friction = BodyProperties.defaultFriction
    package var density = BodyProperties.defaultDensity
    /// Linear damping c: velocity is multiplied by 1/(1 + h·c) per sub-step.
    package var resistance = BodyProperties.defaultResistance
    package var angularResistance = BodyProperties.defaultAngularResistance
    package var allowsRotation = BodyProperties.defaultAllowsRotation
    /// A fixed body: infinite mass, never moves, still collides.
    package var anchored = BodyProperties.defaultAnchored
    /// Electric charge, for electric and magnetic fields.
    package var charge = BodyProperties.defaultCharge

    package init() {}
}

/// What `World.addBody` needs to make an item's body.
package struct BodyDefinition: Sendable {
    package var center: Vector
    package var size: Vector
    package var angle: Double = 0
    package var outline: CollisionOutline = .rectangle
    package var properties = BodyProperties()
    /// Whether the body takes part in the simulation (a behavior names it). A body outside it never moves,
    /// collides with nothing and is always resting.
    package var inSimulation: Bool = true

    package init(center: Vector, size: Vector, angle: Double = 0, outline: CollisionOutline = .rectangle) {
        self.center = center
        self.size = size
        self.angle = angle
        self.outline = outline
    }
}

/// What the caller reads of a body after a frame.
package struct BodyState: Hashable, Sendable {
    /// The item's center (pt).
    package var center: Vector
    /// Its rotation (radians, clockwise on screen).
    package var angle: Double
    /// The velocity of its center of mass (pt/s).
    package var velocity: Vector
    /// rad/s, clockwise positive.
    package var angularVelocity: Double
    /// Asleep, anchored, or not in the simulation.
    package var resting: Bool
}

enum BodyKind: UInt8 {
    /// Never moves: anchored items, the ground.
    case staticBody
    case dynamicBody
}

struct Body {
    var kind: BodyKind
    /// In the simulation (false: no contacts, no motion).
    var enabled: Bool
    var awake: Bool
    /// How long the body has been slow, in single precision as Box2D keeps it (b2Body::m_sleepTime): 60
    /// sub-steps of h add up to just under 0.5 s there, so a body rests after 61, not 60.
    var sleepTime: Float = 0
    /// The item's center and angle.
    var origin: Vector
    var angle: Double
    var rotation: Rotation
    /// Center of mass in the body frame and in the world.
    var localCenter: Vector
    var center: Vector
    /// The start of the body's sweep (Box2D's `m_sweep.c0`, `a0`): where the current sub-step started, or,
    /// after a time of impact moved it, where the rest of the sub-step started (at `alpha0` of it).
    var center0: Vector
    var angle0: Double
    var alpha0 = 0.0
    var velocity: Vector = .zero
    var angularVelocity: Double = 0
    /// Accumulated this sub-step, in kg·pt/s² and kg·pt²/s².
    var force: Vector = .zero
    var torque: Double = 0
    var mass: Double = 0
    var inverseMass: Double = 0
    var inertia: Double = 0
    var inverseInertia: Double = 0
    var size: Vector
    /// Mass properties of the outline per unit mass.
    var unitMass: UnitMassProperties
    var properties: BodyProperties
    var affectedByGravity = false
    /// Continuous collision against static geometry.
    var continuousCollision = false
    /// The body's one shape (-1 for the ground, whose boundary shapes point at it instead).
    var shape: Int32 = -1
    /// The largest distance from the center of mass to the shape's core (continuous collision bound).
    var coreExtent: Double = 0
    var islandMark = false

    var transform: Transform { Transform(p: origin, q: rotation) }
    var isStatic: Bool { kind == .staticBody }
    /// Moves and can be put to rest.
    var isMovable: Bool { kind == .dynamicBody && enabled }

    mutating func setAwake(_ flag: Bool) {
        if flag {
            if !awake { sleepTime = 0 }
            awake = true
        } else {
            awake = false
            sleepTime = 0
            velocity = .zero
            angularVelocity = 0
            force = .zero
            torque = 0
        }
    }

    /// The body's motion over the sub-step, for the time of impact.
    var sweep: Sweep {
        Sweep(localCenter: localCenter, c0: center0, c: center, a0: angle0, a: angle, alpha0: alpha0)
    }

    /// Moves the start of the sweep forward to `alpha` of the sub-step; the body stays where it is.
    mutating func advanceSweep(to alpha: Double) {
        var s = sweep
        s.advance(to: alpha)
        center0 = s.c0
        angle0 = s.a0
        alpha0 = s.alpha0
    }

    /// The sweep and the rotation of its end angle, saved before a tentative `advance`.
    var backup: SweepBackup { SweepBackup(sweep: sweep, rotation: rotation) }

    /// Restores a sweep saved before a tentative `advance` (its rotation is `Rotation(angle)` of then: the
    /// same bits without computing sine and cosine again).
    mutating func restore(_ backup: SweepBackup) {
        let s = backup.sweep
        center0 = s.c0
        angle0 = s.a0
        alpha0 = s.alpha0
        center = s.c
        angle = s.a
        synchronizeOrigin(rotation: backup.rotation)
    }

    /// Recomputes `origin` from the center of mass and the angle.
    mutating func synchronizeOrigin() {
        synchronizeOrigin(rotation: Rotation(angle))
    }

    /// The same, with `Rotation(angle)` already computed.
    mutating func synchronizeOrigin(rotation: Rotation) {
        self.rotation = rotation
        origin = center - rotation.apply(localCenter)
    }

    static func unitMass(_ outline: CollisionOutline, size: Vector) -> UnitMassProperties {
        switch outline {
        case .rectangle: Geometry.unitMass(rectangle: size)
        case .ellipse: Geometry.unitMass(ellipse: size)
        case .path(let points): Geometry.unitMass(outline: points, fallbackSize: size)
        }
    }

    /// Mass, inertia and kind from the size, outline and properties.
    mutating func updateMass() {
        let unit = unitMass
        localCenter = unit.centroid.isFinite ? unit.centroid : .zero
        center = origin + rotation.apply(localCenter)
        if properties.anchored {
            kind = .staticBody
            mass = 0
            inverseMass = 0
            inertia = 0
            inverseInertia = 0
            velocity = .zero
            angularVelocity = 0
            return
        }
        kind = .dynamicBody
        var m = properties.density * size.x * size.y / 10_000
        // Box2D's fallback for a body without mass.
        if !(m > 0) || !m.isFinite { m = 1 }
        mass = m
        inverseMass = 1 / m
        let i = m * unit.inertiaPerMass
        if properties.allowsRotation && i > 0 && i.isFinite {
            inertia = i
            inverseInertia = 1 / i
        } else {
            inertia = 0
            inverseInertia = 0
        }
    }
}

/// A body's sweep and the rotation of its end angle, kept to undo a tentative move.
struct SweepBackup {
    var sweep: Sweep
    var rotation: Rotation
}
