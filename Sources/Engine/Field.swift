// Fields (UIFieldBehavior): forces that act only on the field's own items, inside its region.
//
// Scalings, in UIKit units (1 UIKit newton on a 1 kg item = 100 pt/s²; distances in meters, 1 m = 100 pt):
// with S the strength, m the mass (kg), q the charge, r the vector from the field's position to the item
// (meters), r̂ its direction, d = max(|r|, minimumRadius) in meters and the falloff factor f = d^(−falloff)
// (1 for falloff 0; no force at d = 0 when falloff ≠ 0), each field gives a force in newtons:
// - linearGravity: S·m·direction·f
// - radialGravity: −S·m·r̂·f (falloff 2 by default: an inverse-square pull toward the position)
// - spring: −S·r̂·f (falloff −1 by default, i.e. −S·r: a spring of S N/m toward the position)
// - electric: S·q·r̂·f (falloff 1 by default)
// - magnetic: S·q·(v × B)·f with v in m/s and B out of the screen: S·q·(−v_y, v_x)·f (falloff 1)
// - drag: −S·v·|v|·f with v in m/s (never more than stops the item in one sub-step)
// - vortex: S·(−r_y, r_x)·f: tangential, clockwise on screen for S > 0, growing with distance
// - velocity: drives the item's velocity to S·direction·f m/s (S·direction·f·100 pt/s) in each sub-step
// - noise: S·n·f with n a 2D value noise in [−1, 1]² over position and time: features are
//   100·(1 + 9·smoothness) pt across and change `animationSpeed` times per second
// - turbulence: S·n·|v|·f (noise scaled by the item's speed in m/s)
// A region is a disc of `radius` or a rectangle of `size` centered on the position; infinite by default.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A field's handle.
package struct FieldID: Hashable, Comparable, Sendable {
    package var index: Int
    package init(_ index: Int) { self.index = index }
    package static func < (a: FieldID, b: FieldID) -> Bool { a.index < b.index }
}

package enum FieldKind: Hashable, Sendable {
    case linearGravity(direction: Vector)
    case radialGravity
    case spring
    case drag
    case vortex
    case velocity(direction: Vector)
    case noise(smoothness: Double, animationSpeed: Double)
    case turbulence(smoothness: Double, animationSpeed: Double)
    case electric
    case magnetic

    /// UIKit's default falloff for the kind.
    package var defaultFalloff: Double {
        switch self {
        case .radialGravity: 2
        case .spring: -1
        case .electric, .magnetic: 1
        default: 0
        }
    }
}

package enum FieldRegion: Hashable, Sendable {
    case infinite
    case circle(radius: Double)
    case rectangle(size: Vector)
}

package struct FieldDefinition: Hashable, Sendable {
    package var kind: FieldKind
    package var bodies: [BodyID]
    package var position: Vector
    /// UIKit's defaults, which the scene catalog reads from here (the falloff's depends on the kind:
    /// `FieldKind.defaultFalloff`).
    package static let defaultStrength = 1.0
    package static let defaultMinimumRadius = 0.0

    package var region: FieldRegion = .infinite
    package var strength = FieldDefinition.defaultStrength
    /// nil: the kind's default.
    package var falloff: Double? = nil
    package var minimumRadius = FieldDefinition.defaultMinimumRadius
    /// Seeds the noise of noise and turbulence fields.
    package var seed: UInt64 = 0

    package init(kind: FieldKind, bodies: [BodyID], position: Vector) {
        self.kind = kind
        self.bodies = bodies
        self.position = position
    }
}

struct Field {
    var definition: FieldDefinition
    var alive = true

    func contains(_ r: Vector) -> Bool {
        switch definition.region {
        case .infinite: return true
        case .circle(let radius): return r.lengthSquared <= radius * radius
        case .rectangle(let size): return abs(r.x) <= 0.5 * size.x && abs(r.y) <= 0.5 * size.y
        }
    }

    /// The force (kg·pt/s²) on a body at `center` moving at `velocity`, at time `time`.
    func force(center: Vector, velocity: Vector, mass: Double, charge: Double, time: Double, h: Double) -> Vector {
        let def = definition
        let rPoints = center - def.position
        guard contains(rPoints) else { return .zero }
        let ppm = Constants.pointsPerMeter
        let r = (1 / ppm) * rPoints
        let distance = max(rPoints.length, def.minimumRadius) / ppm
        let falloff = def.falloff ?? def.kind.defaultFalloff
        var factor = 1.0
        if falloff != 0 {
            guard distance > 0 else { return .zero }
            factor = pow(distance, -falloff)
        }
        guard factor.isFinite else { return .zero }
        let rHat = rPoints.normalized
        let v = (1 / ppm) * velocity
        let S = def.strength
        var newtons: Vector
        switch def.kind {
        case .linearGravity(let direction):
            newtons = (S * mass * factor) * direction
        case .radialGravity:
            newtons = (-S * mass * factor) * rHat
        case .spring:
            newtons = (-S * factor) * rHat
        case .electric:
            newtons = (S * charge * factor) * rHat
        case .magnetic:
            newtons = (S * charge * factor) * Vector(-v.y, v.x)
        case .drag:
            newtons = (-S * v.length * factor) * v
            // Drag never reverses the motion within one sub-step.
            let dv = (h * ppm / mass) * newtons.length
            if dv > velocity.length && dv > 0 {
                newtons = (velocity.length / dv) * newtons
            }
        case .vortex:
            newtons = (S * factor) * Vector(-r.y, r.x)
        case .velocity(let direction):
            let target = (S * factor * ppm) * direction
            return (mass / h) * (target - velocity)
        case .noise(let smoothness, let speed):
            newtons = (S * factor) * noise(center, smoothness: smoothness, speed: speed, time: time)
        case .turbulence(let smoothness, let speed):
            newtons = (S * factor * v.length) * noise(center, smoothness: smoothness, speed: speed, time: time)
        }
        return ppm * newtons
    }

    private func noise(_ p: Vector, smoothness: Double, speed: Double, time: Double) -> Vector {
        let scale = 100 * (1 + 9 * max(0, smoothness))
        let t = speed * time
        let seed = definition.seed &* 2
        return Vector(
            Noise.value(p.x / scale, p.y / scale, t, seed: seed),
            Noise.value(p.x / scale, p.y / scale, t, seed: seed &+ 1))
    }
}
