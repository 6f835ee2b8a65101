import JSON

/// `dynamicItem` — UIDynamicItemBehavior.
///
/// The properties it sets on its items are `Catalog.itemProperties`; `values` holds one per property, by the same
/// index. A value is nil when it is **not set**: absent, invalid, or given with its default value (UIKit cannot
/// tell the two apart; such a value takes no part in `dynamicItem.conflict`). Values compare as numbers.
package struct DynamicItemBehavior: Equatable, Sendable {
    /// The value of one property: a number, or a flag (`allowsRotation`, `anchored`).
    package enum Value: Equatable, Sendable {
        case number(Double)
        case flag(Bool)

        package var numberValue: Double? {
            if case .number(let number) = self { number } else { nil }
        }
        package var flagValue: Bool? {
            if case .flag(let flag) = self { flag } else { nil }
        }
    }

    package var pointer: JSONPointer
    package var items: [Reference]
    /// By the index of `Catalog.itemProperties`.
    package var values: [Value?]
    /// Added once at start (addLinearVelocity), pt/s; default [0, 0].
    package var linearVelocity: Vector?
    /// Added once at start, rad/s; default 0.
    package var angularVelocity: Double?

    /// - Parameter values: by the index of `Catalog.itemProperties`; none set when nil.
    package init(
        pointer: JSONPointer, items: [Reference] = [], values: [Value?]? = nil, linearVelocity: Vector? = nil,
        angularVelocity: Double? = nil
    ) {
        self.pointer = pointer
        self.items = items
        self.values = values ?? [Value?](repeating: nil, count: Catalog.itemProperties.count)
        self.linearVelocity = linearVelocity
        self.angularVelocity = angularVelocity
    }

    /// The value of the property `name`, a name written in our code (a name `Catalog.itemProperties` does not
    /// hold stops the program).
    package subscript(_ name: String) -> Value? {
        get { values[Catalog.itemPropertyIndex(name)] }
        set { values[Catalog.itemPropertyIndex(name)] = newValue }
    }

    /// The spin added when nothing is given (the catalog's).
    package static let defaultAngularVelocity = Catalog.knownDefaultNumber(
        "angularVelocity", in: .behavior(.dynamicItem))

    /// Whether it anchors its items (nil when not set).
    package var anchored: Bool? { self["anchored"]?.flagValue }
}
