import JSON

/// `field` — UIFieldBehavior; acts only on its `items`.
package struct FieldBehavior: Equatable, Sendable, Pinned {
    package var pointer: JSONPointer
    package var items: [Reference]
    /// Required; nil when missing or invalid.
    package var kind: FieldKind?
    /// Default: the center of the reference view.
    package var position: Point?
    /// Default: infinite.
    package var region: Region?
    /// Default 1.
    package var strength: Double?
    /// Default per kind (0; radialGravity 2, spring −1, electric/magnetic 1).
    package var falloff: Double?
    /// ≥ 0, default 0.
    package var minimumRadius: Double?
    /// linearGravity and velocity only; default [0, 1].
    package var direction: Vector?
    /// noise and turbulence only; default 0.
    package var smoothness: Double?
    /// noise and turbulence only; default 0.
    package var animationSpeed: Double?
    /// The edges `position` keeps its distance to (nil when absent or invalid). Without `position` the field
    /// is at the center of the view at every size.
    package var pin: PinEdges?

    package init(
        pointer: JSONPointer, items: [Reference] = [], kind: FieldKind? = nil, position: Point? = nil,
        region: Region? = nil, strength: Double? = nil, falloff: Double? = nil, minimumRadius: Double? = nil,
        direction: Vector? = nil, smoothness: Double? = nil, animationSpeed: Double? = nil, pin: PinEdges? = nil
    ) {
        self.pointer = pointer
        self.items = items
        self.kind = kind
        self.position = position
        self.region = region
        self.strength = strength
        self.falloff = falloff
        self.minimumRadius = minimumRadius
        self.direction = direction
        self.smoothness = smoothness
        self.animationSpeed = animationSpeed
        self.pin = pin
    }

    static let defaultSmoothness = Catalog.knownDefaultNumber("smoothness", in: .behavior(.field))
    static let defaultAnimationSpeed = Catalog.knownDefaultNumber("animationSpeed", in: .behavior(.field))

    /// A field's `region`: `{"radius": r}` or `{"size": [w, h]}` around `position`.
    package enum Region: Equatable, Sendable {
        case radius(Double)
        case size(Size)
    }
}

/// A field's `kind`.
package enum FieldKind: String, CaseIterable, Sendable {
    case linearGravity, radialGravity, spring, drag, vortex, velocity, noise, turbulence, electric, magnetic
}
