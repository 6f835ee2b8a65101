/// The JSON shape a key's value must have (what decoding checks for `scene.type`).
package indirect enum ValueType: Equatable, Sendable {
    /// Any JSON number (finite).
    case number
    /// A number with no fractional part (`1` and `1.0` both qualify).
    case integer
    /// Any string.
    case string
    /// `true` or `false`.
    case boolean
    /// JSON `null` (only inside `oneOf`: a contact pair's `boundary: null` is the reference bounds).
    case null
    /// The object's own id (an `id` key): a non-empty string, unique in its space.
    case identifier(IdSpace)
    /// An id naming something defined elsewhere (`item`, `attachedTo`, an event's `set`/`remove`).
    case reference(IdSpace)
    /// An array of ids naming things defined elsewhere (`items`).
    case references(IdSpace)
    /// A two-number array `[x, y]` in the reference view.
    case point
    /// A two-number array `[width, height]`.
    case size
    /// A two-number array `[x, y]` giving a direction or offset.
    case vector
    /// A two-number array `[min, max]` with min ≤ 0 ≤ max.
    case rangePair
    /// A string from a fixed list.
    case enumeration([String])
    /// A color string: `#rgb`, `#rrggbb` or a CSS color name in lower case (`RGBColor`).
    case color
    /// An object of one kind.
    case object(ObjectKind)
    /// An array whose elements all have one type.
    case array(ValueType)
    /// One of several shapes; the value's content decides which (a behavior by its `type`, a boundary by its
    /// keys, `collisionBounds` as a string or an object).
    case oneOf([ValueType])

    /// The spaces ids live in: item, behavior and boundary ids never name each other.
    package enum IdSpace: String, Sendable {
        case item, behavior, boundary
    }

    /// How messages name the type ("a number", "a point [x, y]").
    package var displayName: String {
        switch self {
        case .number: "a number"
        case .integer: "an integer"
        case .string: "a string"
        case .boolean: "true or false"
        case .null: "null"
        case .identifier: "a non-empty string id"
        case .reference(let space): "the id of \(space == .item ? "an item" : "a \(space.rawValue)") (a string)"
        case .references(let space): "an array of \(space.rawValue) ids"
        case .point: "a point [x, y]"
        case .size: "a size [width, height]"
        case .vector: "a vector [x, y]"
        case .rangePair: "a range [min, max]"
        case .enumeration(let values): "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .color: "a color (\"#rgb\", \"#rrggbb\" or a CSS color name)"
        case .object(let kind):
            switch kind {
            case .behavior: "a behavior object"
            case .liveValues: "an object of live values"
            default: "an object"
            }
        case .array(let element): "an array of \(element.pluralName)"
        case .oneOf(let types):
            if types.allSatisfy({ if case .object(.behavior) = $0 { true } else { false } }) {
                "a behavior object"
            } else if types.allSatisfy({ if case .object(.liveValues) = $0 { true } else { false } }) {
                "an object of the live values to set (per the behavior's type)"
            } else {
                // Each shape named once (several object kinds read "an object").
                types.map(\.displayName).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                    .joined(separator: " or ")
            }
        }
    }

    private var pluralName: String {
        switch self {
        case .point: "points [x, y]"
        case .number: "numbers"
        case .oneOf(let types) where types.allSatisfy({ if case .object(.behavior) = $0 { true } else { false } }):
            "behaviors"
        case .object(.item): "items"
        case .object(.event): "events"
        case .oneOf(let types) where types == [.object(.segmentBoundary), .object(.pathBoundary)]: "boundaries"
        default: "values of \(displayName)"
        }
    }

    /// The enumeration's values, for `scene.enum` and completion (also inside `oneOf`).
    package var enumerationValues: [String]? {
        switch self {
        case .enumeration(let values): values
        case .oneOf(let types): types.lazy.compactMap(\.enumerationValues).first
        default: nil
        }
    }
}
