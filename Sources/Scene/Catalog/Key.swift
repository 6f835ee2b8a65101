import JSON

/// One key of one object kind: everything decoding, rules, the JSON schema, completion and hover know about it.
package struct Key: Equatable, Sendable {
    /// The key as written in the file (`elasticity`).
    package var name: String
    package var type: ValueType
    /// Absent is `scene.missingKey`.
    package var isRequired: Bool
    /// The default as a JSON value, when it is a constant (nil when there is none or it depends on the scene).
    package var defaultValue: JSONValue?
    /// The default as hover and docs show it (`π/2`, `the distance at the start`); nil when there is none.
    package var defaultText: String?
    /// The numbers it accepts (each component for a size); nil for any finite number.
    package var range: NumericRange?
    /// The only numbers the key accepts, when it is a fixed list (`format`: `[1]`; others are `scene.format`).
    package var allowedNumbers: [Double]?
    /// A vector that must not be `[0, 0]` (a sliding `axis`).
    package var mustBeNonZero: Bool
    /// The unit of its numbers (`pt`, `s`, `rad`, `Hz`, `pt/s`, `rad/s`).
    package var unit: String?
    /// The UIKit property or argument it stands for (`gravityDirection`, `collisionMode`).
    package var uiKitName: String?
    /// For an attachment or a field: the `kind`s that take it (nil: every kind). Others are
    /// `attachment.kindKey` / `field.kindKey`.
    package var kinds: [String]?
    /// For an attachment: the kinds that require it (a sliding `axis`).
    package var requiredForKinds: [String]
    /// A key whose presence makes this one required (`values` with `set`).
    package var requiredWith: String?
    /// Whether a `set` event can change it while the scene runs.
    package var isLive: Bool
    /// One paragraph for hover and the schema's `description`, written from the format's page.
    package var documentation: String

    package init(
        _ name: String, _ type: ValueType, required: Bool = false, default defaultValue: JSONValue? = nil,
        defaultText: String? = nil, range: NumericRange? = nil, allowedNumbers: [Double]? = nil, nonZero: Bool = false, unit: String? = nil,
        uiKit: String? = nil, kinds: [String]? = nil, requiredForKinds: [String] = [], requiredWith: String? = nil, live: Bool = false,
        doc: String
    ) {
        self.name = name
        self.type = type
        self.isRequired = required
        self.defaultValue = defaultValue
        self.defaultText = defaultText ?? defaultValue.map(Key.displayText)
        self.range = range
        self.allowedNumbers = allowedNumbers
        self.mustBeNonZero = nonZero
        self.unit = unit
        self.uiKitName = uiKit
        self.kinds = kinds
        self.requiredForKinds = requiredForKinds
        self.requiredWith = requiredWith
        self.isLive = live
        self.documentation = doc
    }

    /// Whether an attachment or field of kind `kind` takes this key.
    package func applies(toKind kind: String) -> Bool { kinds?.contains(kind) ?? true }

    /// A JSON value as hover shows a default (`[0, 1]`, `"everything"`, `0.2`).
    package static func displayText(_ value: JSONValue) -> String {
        switch value {
        case .number(let n): NumberText.format(n)
        case .array(let elements): "[" + elements.map(displayText).joined(separator: ", ") + "]"
        default: value.serializedString()
        }
    }
}

/// A rule between keys of one object: `scene.exclusiveKeys` when a key of `keys` and a key of `excludes` are
/// both present (reported on the later of the two in the text).
package struct Exclusion: Equatable, Sendable {
    package var keys: [String]
    package var excludes: [String]
    /// Why, for the message ("give the gravity vector either as direction or as angle and magnitude").
    package var advice: String
    package init(_ keys: [String], excludes: [String], advice: String) {
        self.keys = keys
        self.excludes = excludes
        self.advice = advice
    }
}

/// The key table of one object kind.
package struct ObjectDescription: Equatable, Sendable {
    package var kind: ObjectKind
    /// Every key the kind defines, in the order the format's page lists them.
    package var keys: [Key]
    /// Pairs of keys that exclude each other.
    package var exclusions: [Exclusion]
    /// Keys of which at least one must be present (anchor/attachedTo; set/add/remove; radius/size): having
    /// none is `scene.exclusiveKeys` ("neither") on the object's brace. Empty: no such rule.
    package var requiresOneOf: [String]
    /// One paragraph about the object itself (hover on its brace, the schema's `$defs` descriptions).
    package var documentation: String

    package init(_ kind: ObjectKind, keys: [Key], exclusions: [Exclusion] = [], requiresOneOf: [String] = [], documentation: String = "") {
        self.kind = kind
        self.keys = keys
        self.exclusions = exclusions
        self.requiresOneOf = requiresOneOf
        self.documentation = documentation
    }

    package func key(_ name: String) -> Key? { keys.first { $0.name == name } }
    package var keyNames: [String] { keys.map(\.name) }
    package var requiredKeys: [Key] { keys.filter(\.isRequired) }
}
