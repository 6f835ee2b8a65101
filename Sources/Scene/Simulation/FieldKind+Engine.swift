import Engine

extension FieldKind {
    /// The engine's field of this kind, with the kind's own parameters (those of other kinds are ignored).
    func engineKind(direction: Vector, smoothness: Double, animationSpeed: Double) -> Engine.FieldKind {
        switch self {
        case .linearGravity: .linearGravity(direction: Engine.Vector(direction))
        case .radialGravity: .radialGravity
        case .spring: .spring
        case .drag: .drag
        case .vortex: .vortex
        case .velocity: .velocity(direction: Engine.Vector(direction))
        case .noise: .noise(smoothness: smoothness, animationSpeed: animationSpeed)
        case .turbulence: .turbulence(smoothness: smoothness, animationSpeed: animationSpeed)
        case .electric: .electric
        case .magnetic: .magnetic
        }
    }

    /// UIKit's default falloff of this kind, as the engine applies it.
    var defaultFalloff: Double {
        engineKind(direction: Vector(x: 0, y: 1), smoothness: 0, animationSpeed: 0).defaultFalloff
    }
}
