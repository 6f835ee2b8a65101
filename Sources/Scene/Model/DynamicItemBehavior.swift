import JSON

/// `dynamicItem` — UIDynamicItemBehavior.
///
/// Every property is nil when it is **not set**: absent, invalid, or given with its default value (UIKit
/// cannot tell the two apart; such a value takes no part in `dynamicItem.conflict`). Values compare as numbers.
package struct DynamicItemBehavior: Equatable, Sendable {
    package var pointer: JSONPointer
    package var items: [Reference]
    /// [0, 1], default 0.2.
    package var elasticity: Double?
    /// ≥ 0 (above 1 is advice), default 0.2.
    package var friction: Double?
    /// > 0, default 1.0.
    package var density: Double?
    /// ≥ 0 (linear damping), default 0.1.
    package var resistance: Double?
    /// ≥ 0, default 0.1.
    package var angularResistance: Double?
    /// Default true.
    package var allowsRotation: Bool?
    /// Default false.
    package var anchored: Bool?
    /// For electric and magnetic fields, default 0.
    package var charge: Double?
    /// Added once at start (addLinearVelocity), pt/s; default [0, 0].
    package var linearVelocity: Vector?
    /// Added once at start, rad/s; default 0.
    package var angularVelocity: Double?

    package init(
        pointer: JSONPointer, items: [Reference] = [], elasticity: Double? = nil, friction: Double? = nil,
        density: Double? = nil, resistance: Double? = nil, angularResistance: Double? = nil,
        allowsRotation: Bool? = nil, anchored: Bool? = nil, charge: Double? = nil,
        linearVelocity: Vector? = nil, angularVelocity: Double? = nil
    ) {
        self.pointer = pointer
        self.items = items
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.anchored = anchored
        self.charge = charge
        self.linearVelocity = linearVelocity
        self.angularVelocity = angularVelocity
    }
}
