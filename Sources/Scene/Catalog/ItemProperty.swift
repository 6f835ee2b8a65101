import Engine

/// A property that a dynamicItem behavior sets on its items (UIDynamicItemBehavior's `elasticity`, `anchored`, …):
/// its key in the catalog and the field of the engine's `BodyProperties` that holds it. `Catalog.itemProperties`
/// lists them once; decoding, `dynamicItem.conflict`, the simulation and code generation go through that list.
package struct ItemProperty: Sendable {
    /// Where the engine keeps the value, and so whether it is a number or a flag.
    package enum Field: Sendable {
        case number(any WritableKeyPath<BodyProperties, Double> & Sendable)
        case flag(any WritableKeyPath<BodyProperties, Bool> & Sendable)
    }

    /// The key's name, which is also UIKit's name of the property.
    package let name: String
    package let field: Field
    /// The catalog's key: its default is the engine's (`BodyProperties()`), the one copy of UIKit's defaults.
    package let key: Key

    /// A number property.
    static func number(
        _ name: String, _ field: any WritableKeyPath<BodyProperties, Double> & Sendable, range: NumericRange? = nil,
        doc: String
    ) -> ItemProperty {
        let key = Key(
            name, .number, default: .number(BodyProperties()[keyPath: field]), range: range, uiKit: name, doc: doc)
        return ItemProperty(name: name, field: .number(field), key: key)
    }

    /// A flag (true or false).
    static func flag(
        _ name: String, _ field: any WritableKeyPath<BodyProperties, Bool> & Sendable, doc: String
    ) -> ItemProperty {
        let key = Key(name, .boolean, default: .bool(BodyProperties()[keyPath: field]), uiKit: name, doc: doc)
        return ItemProperty(name: name, field: .flag(field), key: key)
    }

    /// Sets `value` on `body` (a value of the other kind, which decoding never makes, is left out).
    package func lay(_ value: DynamicItemBehavior.Value, over body: inout BodyProperties) {
        switch (field, value) {
        case (.number(let path), .number(let number)): body[keyPath: path] = number
        case (.flag(let path), .flag(let flag)): body[keyPath: path] = flag
        default: break
        }
    }
}
