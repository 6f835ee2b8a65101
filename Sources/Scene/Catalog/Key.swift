import JSON

/// One key of one object kind: everything decoding, rules, the JSON schema, completion and hover know about it.
///
/// A value type whose fields (`Fields`, read and written as the key's own members through `@dynamicMemberLookup`)
/// live in one shared, immutable box: decoding looks keys up for every member of every object, and a copy is then
/// one retain instead of one per field.
@dynamicMemberLookup
package struct Key: Equatable, Sendable {
    /// What the catalog says about a key.
    package struct Fields: Equatable, Sendable {
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
        /// Whether its numbers are angles in radians, where a magnitude above 2π looks like degrees
        /// (`scene.angleUnits`); nil when they are not angles.
        package var angle: AngleUse?
        /// For an array: the fewest elements it may hold (the schema's `minItems`); nil for any number.
        package var minimumCount: Int?
        /// One paragraph for hover and the schema's `description`, written from the format's page.
        package var documentation: String
    }

    /// Immutable, so that reading a field needs no exclusive-access check (with a `var` here every read began a
    /// dynamic access: 11 % of a one-thread lint, Benchmarks/README.md); a change makes a new box.
    @usableFromInline final class Box: Sendable {
        @usableFromInline let fields: Fields
        @usableFromInline init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline var box: Box

    /// A field of the key (`key.name`, `key.defaultValue`); setting one (only the catalog's tables do) makes a new
    /// box. Inlinable, so that the other targets read a field directly too.
    @inlinable package subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: field] }
        set {
            var fields = box.fields
            fields[keyPath: field] = newValue
            box = Box(fields)
        }
    }

    /// A copy that shares no object with this key (its box and its name are new); see `Catalog.ThreadTables`.
    func isolated() -> Key {
        var fields = box.fields
        fields.name = String(decoding: Array(fields.name.utf8), as: UTF8.self)
        var copy = self
        copy.box = Box(fields)
        return copy
    }

    package init(
        _ name: String, _ type: ValueType, required: Bool = false, default defaultValue: JSONValue? = nil,
        defaultText: String? = nil, range: NumericRange? = nil, allowedNumbers: [Double]? = nil, nonZero: Bool = false,
        unit: String? = nil,
        uiKit: String? = nil, kinds: [String]? = nil, requiredForKinds: [String] = [], requiredWith: String? = nil,
        live: Bool = false, angle: AngleUse? = nil, minimumCount: Int? = nil,
        doc: String
    ) {
        box = Box(
            Fields(
                name: name, type: type, isRequired: required, defaultValue: defaultValue,
                defaultText: defaultText ?? defaultValue.map(Key.displayText), range: range,
                allowedNumbers: allowedNumbers, mustBeNonZero: nonZero, unit: unit, uiKitName: uiKit, kinds: kinds,
                requiredForKinds: requiredForKinds, requiredWith: requiredWith, isLive: live, angle: angle,
                minimumCount: minimumCount, documentation: doc))
    }

    package static func == (lhs: Key, rhs: Key) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Whether an attachment or field of kind `kind` takes this key.
    package func applies(toKind kind: String) -> Bool { self.kinds?.contains(kind) ?? true }

    /// A JSON value as hover shows a default (`[0, 1]`, `"everything"`, `0.2`). Written without `joined`, whose
    /// generic element type the runtime looks up by name at its first use (Benchmarks/README.md, issue 24).
    package static func displayText(_ value: JSONValue) -> String {
        switch value {
        case .number(let n): return NumberText.format(n)
        case .array(let elements):
            var text = "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                text += displayText(element)
            }
            return text + "]"
        default: return value.serializedString()
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
    /// A second such list, checked the same way (an event's `at`/`on`). Empty: no such rule.
    package var alsoRequiresOneOf: [String]
    /// One paragraph about the object itself (hover on its brace, the schema's `$defs` descriptions).
    package var documentation: String

    package init(
        _ kind: ObjectKind, keys: [Key], exclusions: [Exclusion] = [], requiresOneOf: [String] = [],
        alsoRequiresOneOf: [String] = [],
        documentation: String = ""
    ) {
        self.kind = kind
        self.keys = keys
        self.exclusions = exclusions
        self.requiresOneOf = requiresOneOf
        self.alsoRequiresOneOf = alsoRequiresOneOf
        self.documentation = documentation
    }

    /// A copy that shares no object with this table (new arrays, new keys); see `Catalog.ThreadTables`.
    func isolated() -> ObjectDescription {
        var copy = self
        copy.keys = keys.map { $0.isolated() }
        copy.exclusions = exclusions.map {
            Exclusion($0.keys.map { $0 }, excludes: $0.excludes.map { $0 }, advice: $0.advice)
        }
        copy.requiresOneOf = requiresOneOf.map { $0 }
        copy.alsoRequiresOneOf = alsoRequiresOneOf.map { $0 }
        return copy
    }

    package func key(_ name: String) -> Key? { index(of: name).map { keys[$0] } }
    /// The index in `keys` of the key `name`.
    package func index(of name: String) -> Int? {
        var k = 0
        while k < keys.count {
            if keys[k].name == name { return k }
            k += 1
        }
        return nil
    }
    package var keyNames: [String] { keys.map(\.name) }
    package var requiredKeys: [Key] { keys.filter(\.isRequired) }
    /// `requiresOneOf` and `alsoRequiresOneOf`, the non-empty ones.
    package var requiredGroups: [[String]] { [requiresOneOf, alsoRequiresOneOf].filter { !$0.isEmpty } }
}
