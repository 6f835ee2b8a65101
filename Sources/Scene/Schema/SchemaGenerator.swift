import JSON

// Design: the JSON schema is a projection of the catalog, never written by hand. Each object kind of the
// catalog becomes one definition in `$defs` (the scene itself is the root), each key one property with its
// type, range, enumeration, default and documentation. What the schema checks is exactly the "Syntax and
// shape" group of rules.md that JSON Schema can say (format, missing key, type, enum, range, exclusive
// keys), so a file passes exactly when `impulse lint` finds no such error in it:
// - unknown keys stay allowed (no `additionalProperties: false`): they are warnings;
// - keys a `kind` does not take (`attachment.kindKey`, `field.kindKey`) are not checked: they belong to the
//   semantic rules, and the schema says so in the key's description instead;
// - ids (unique, known), convexity, degenerate boundaries, non-finite numbers and the 216 000-frame preview
//   limit are out of JSON Schema's reach.
// A behavior is discriminated by `type` (if/then); a boundary by the presence of `path`, as the decoder does.
// A `set` event's `values` cannot know its target's type, so they are checked against the union of every
// live key (each live key has one shape in every type that has it).

/// Builds `schemas/dynamics-scene.schema.json` (JSON Schema 2020-12) from the `Catalog`.
///
/// The committed file is `fileContents`; `SchemaTests` fails when the two differ and says how to regenerate
/// (`IMPULSE_WRITE_SCHEMA=1 swift test --filter SchemaTests`).
package enum SchemaGenerator {
    /// The schema's location in the repository, relative to its root.
    package static let repositoryPath = "schemas/dynamics-scene.schema.json"

    /// The JSON Schema dialect the schema is written in.
    package static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The whole schema as a JSON value.
    package static func schema() -> JSONValue {
        var root: [(key: String, value: JSONValue)] = [
            ("$schema", .string(dialect)),
            ("title", .string("Impulse scene, format 1 (*.dynamics.json)")),
            ("description", .string(overview)),
        ]
        root += objectSchema(.scene).members.filter { $0.key != "description" }
        root.append(("$defs", .object(definitions())))
        return .object(JSONObject(root))
    }

    /// The schema as the committed file holds it: pretty-printed with 2 spaces, ending in a newline.
    package static func fileContents() -> String {
        schema().serializedString(pretty: true) + "\n"
    }

    /// The name of an object kind's definition in `$defs` (`gravityBehavior`, `segmentBoundary`); the scene
    /// itself is the root and has none.
    package static func definitionName(_ kind: ObjectKind) -> String? {
        switch kind {
        case .scene: nil
        case .referenceView: "referenceView"
        case .preview: "preview"
        case .item: "item"
        case .collisionBoundsPath: "collisionBoundsPath"
        case .behavior(let type): "\(type.rawValue)Behavior"
        case .insets: "insets"
        case .segmentBoundary: "segmentBoundary"
        case .pathBoundary: "pathBoundary"
        case .fieldRegion: "fieldRegion"
        case .event: "event"
        case .reaction: "reaction"
        case .contactFilter: "contactPair"
        case .contactPartner: "contactPartner"
        case .expectation: "expectation"
        case .liveValues: liveValuesName
        }
    }

    /// The definition that checks a `set` event's `values`: the union of the live keys of every type.
    package static let liveValuesName = "liveValues"
    /// The definition that picks a behavior's table by its `type`.
    package static let behaviorName = "behavior"
    /// The definition that picks a boundary's table by its keys.
    package static let boundaryName = "boundary"

    static let overview = """
        A scene for Impulse (impulse lint, impulse preview, impulse lsp): a reference view, dynamic items, \
        UIKit Dynamics behaviors and a timeline of events. Units: points, seconds, radians (positive turns \
        clockwise), Hz; y points down. \
        This schema accepts a file exactly when it has no error of the "Syntax and shape" group of Impulse's \
        rules that JSON Schema can express: a wrong format, a missing key, a wrong type, a value outside its \
        enumeration or range, keys that exclude each other, a pin with two edges of one axis. Warnings are accepted: unknown keys \
        (scene.unknownKey), and angles that look like degrees (scene.angleUnits); friction above 1 is valid. \
        A `$comment` string is allowed in every object. Not checked here, but by `impulse lint`: \
        keys that an attachment's or a field's kind does not take (attachment.kindKey, an error, and \
        field.kindKey, a warning: each key's description names its kinds), ids (duplicates, unknown \
        references), non-finite numbers, convexity of paths, degenerate boundaries, the 216 000-frame limit of \
        a preview, the types of a set event's values for its particular target, and every rule that needs \
        more than the shape of the file.
        """

    // MARK: - Definitions

    static func definitions() -> JSONObject {
        var defs = JSONObject()
        for kind in ObjectKind.allCases {
            if case .liveValues = kind { continue }
            guard let name = definitionName(kind) else { continue }
            defs[name] = .object(objectSchema(kind))
        }
        defs[behaviorName] = .object(behaviorSchema())
        defs[boundaryName] = .object(boundarySchema())
        defs[liveValuesName] = .object(liveValuesSchema())
        defs["point"] = .object(
            pairSchema(description: "A point `[x, y]` in the reference view, in points (y down).", element: number()))
        defs["vector"] = .object(pairSchema(description: "A vector `[x, y]` (y down).", element: number()))
        defs["range"] = .object(rangePairSchema())
        return defs
    }

    /// The schema of an object kind: its keys, required keys and the rules between keys.
    static func objectSchema(_ kind: ObjectKind) -> JSONObject {
        let table = Catalog.object(kind)
        var schema = JSONObject()
        schema["type"] = .string("object")
        schema["description"] = .string(objectDescription(kind))
        let required = table.requiredKeys.map(\.name)
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        // A key required only when another is present (`values` with `set`).
        var dependent = JSONObject()
        for key in table.keys {
            guard let trigger = key.requiredWith else { continue }
            let names = (dependent[trigger]?.arrayValue ?? []) + [.string(key.name)]
            dependent[trigger] = .array(names)
        }
        if !dependent.members.isEmpty { schema["dependentRequired"] = .object(dependent) }
        var properties = JSONObject()
        for key in table.keys {
            properties[key.name] = .object(keySchema(key, in: kind))
        }
        schema["properties"] = .object(properties)
        let rules = keyRules(table)
        if !rules.isEmpty { schema["allOf"] = .array(rules.map(JSONValue.object)) }
        return schema
    }

    /// `scene.exclusiveKeys` and the kinds that require a key, as JSON Schema conditions.
    static func keyRules(_ table: ObjectDescription) -> [JSONObject] {
        var rules: [JSONObject] = []
        for exclusion in table.exclusions {
            rules.append(
                JSONObject([
                    ("description", .string(sentence(exclusion.advice))),
                    (
                        "not",
                        .object(
                            JSONObject([
                                (
                                    "allOf",
                                    .array([
                                        .object(anyPresent(exclusion.keys)), .object(anyPresent(exclusion.excludes)),
                                    ])
                                )
                            ]))
                    ),
                ]))
        }
        for names in table.requiredGroups {
            rules.append(
                JSONObject([
                    (
                        "description",
                        .string("One of " + names.map { "`\($0)`" }.joined(separator: ", ") + " is required.")
                    ),
                    ("anyOf", .array(names.map { .object(JSONObject([("required", .array([.string($0)]))])) })),
                ]))
        }
        for key in table.keys where !key.requiredForKinds.isEmpty {
            // The key that names the kind: `kind` (attachments), else `type` (expectations). A kind that is the
            // default also matches when that key is absent.
            let discriminator = table.key("kind") != nil ? "kind" : "type"
            let kindDefault = table.key(discriminator)?.defaultValue?.stringValue
            var condition = JSONObject()
            condition["properties"] = .object(
                JSONObject([
                    (
                        discriminator,
                        .object(JSONObject([("enum", .array(key.requiredForKinds.map(JSONValue.string)))]))
                    )
                ]))
            if !key.requiredForKinds.contains(where: { $0 == kindDefault }) {
                condition["required"] = .array([.string(discriminator)])
            }
            rules.append(
                JSONObject([
                    (
                        "description",
                        .string(
                            "`\(key.name)` is required for kind " + key.requiredForKinds.joined(separator: ", ") + ".")
                    ),
                    ("if", .object(condition)),
                    ("then", .object(JSONObject([("required", .array([.string(key.name)]))]))),
                ]))
        }
        return rules
    }

    /// A condition that holds when at least one of `keys` is present.
    static func anyPresent(_ keys: [String]) -> JSONObject {
        if keys.count == 1 { return JSONObject([("required", .array([.string(keys[0])]))]) }
        return JSONObject([("anyOf", .array(keys.map { .object(JSONObject([("required", .array([.string($0)]))])) }))])
    }

    /// A behavior: `type` picks the table of its type.
    static func behaviorSchema() -> JSONObject {
        let typeKey = Catalog.key("type", in: .behavior(.gravity))!
        var schema = JSONObject()
        schema["type"] = .string("object")
        schema["description"] = .string(
            "A behavior, as `addBehavior:` receives it; its `type` decides which keys it takes.")
        schema["required"] = .array([.string("type")])
        schema["properties"] = .object(JSONObject([("type", .object(keySchema(typeKey, in: .behavior(.gravity))))]))
        schema["allOf"] = .array(
            BehaviorType.allCases.map { type in
                .object(
                    JSONObject([
                        (
                            "if",
                            .object(
                                JSONObject([
                                    (
                                        "properties",
                                        .object(
                                            JSONObject([
                                                ("type", .object(JSONObject([("const", .string(type.rawValue))])))
                                            ]))
                                    ),
                                    ("required", .array([.string("type")])),
                                ]))
                        ),
                        ("then", .object(reference(definitionName(.behavior(type))!))),
                    ]))
            })
        return schema
    }

    /// A collision boundary: a closed path when it has `path`, else a segment.
    static func boundarySchema() -> JSONObject {
        JSONObject([
            ("type", .string("object")),
            (
                "description",
                .string(
                    "A boundary of a collision behavior: a segment `{\"id\", \"from\", \"to\"}` or, when it has `path`, a closed path `{\"id\", \"path\"}`."
                )
            ),
            ("if", .object(JSONObject([("required", .array([.string("path")]))]))),
            ("then", .object(reference(definitionName(.pathBoundary)!))),
            ("else", .object(reference(definitionName(.segmentBoundary)!))),
        ])
    }

    /// A `set` event's `values`: every live key of every type, each with its one shape.
    static func liveValuesSchema() -> JSONObject {
        var keys: [(key: Key, types: [BehaviorType])] = []
        for type in Catalog.liveTypes {
            for key in Catalog.object(.liveValues(type)).keys {
                if let index = keys.firstIndex(where: { $0.key.name == key.name }) {
                    keys[index].types.append(type)
                } else {
                    keys.append((key, [type]))
                }
            }
        }
        var properties = JSONObject()
        for (key, types) in keys {
            var schema = valueSchema(key.type, range: key.range, nonZero: key.mustBeNonZero)
            let owners = types.map(\.rawValue).joined(separator: ", ")
            schema["description"] = .string(
                "Live on \(owners): "
                    + types.map { type in
                        Catalog.key(key.name, in: .liveValues(type))!.documentation
                    }.joined(separator: " "))
            properties[key.name] = .object(schema)
        }
        // A rule between keys applies when every type that has its keys has the rule.
        var exclusions: [Exclusion] = []
        for type in Catalog.liveTypes {
            for exclusion in Catalog.object(.liveValues(type)).exclusions
            where !exclusions.contains(where: { $0.keys == exclusion.keys && $0.excludes == exclusion.excludes }) {
                exclusions.append(exclusion)
            }
        }
        var schema = JSONObject()
        schema["type"] = .string("object")
        schema["description"] = .string(
            "The live properties a `set` event changes, with their new values: "
                + Catalog.liveTypes.map { type in
                    "\(type.rawValue) " + Catalog.liveKeys(of: type).map { "`\($0.name)`" }.joined(separator: ", ")
                }.joined(separator: "; ")
                + ". Which of them apply depends on the target's type, which this schema does not know.")
        schema["properties"] = .object(properties)
        let rules = keyRules(ObjectDescription(.liveValues(Catalog.liveTypes[0]), keys: [], exclusions: exclusions))
        if !rules.isEmpty { schema["allOf"] = .array(rules.map(JSONValue.object)) }
        return schema
    }

    // MARK: - Keys and values

    /// The schema of one key: its value's shape, then documentation and default.
    static func keySchema(_ key: Key, in kind: ObjectKind) -> JSONObject {
        var schema = valueSchema(key.type, range: key.range, nonZero: key.mustBeNonZero)
        if kind == .scene && key.name == "format" {
            // Only format 1 exists (`scene.format`); `1.0` is 1 for JSON Schema as for Impulse.
            schema["const"] = .number(1)
        }
        if let minimum = key.minimumCount { schema["minItems"] = .number(Double(minimum)) }
        if key.type == Catalog.pinType { schema["allOf"] = .array(pinAxisRules()) }
        schema["description"] = .string(keyDescription(key, in: kind))
        if let value = key.defaultValue { schema["default"] = value }
        return schema
    }

    /// The shape of a value of `type`, with the number range `range` (each component for pairs).
    static func valueSchema(_ type: ValueType, range: NumericRange? = nil, nonZero: Bool = false) -> JSONObject {
        switch type {
        case .number:
            return number(range)
        case .integer:
            var schema = number(range)
            schema["type"] = .string("integer")
            return schema
        case .string, .reference:
            return JSONObject([("type", .string("string"))])
        case .identifier:
            return JSONObject([("type", .string("string")), ("minLength", .number(1))])
        case .boolean:
            return JSONObject([("type", .string("boolean"))])
        case .null:
            return JSONObject([("type", .string("null"))])
        case .references:
            return JSONObject([
                ("type", .string("array")), ("items", .object(JSONObject([("type", .string("string"))]))),
            ])
        case .point, .vector:
            var schema =
                range == nil
                ? reference(type == .point ? "point" : "vector") : pairSchema(description: nil, element: number(range))
            if nonZero {
                schema["not"] = .object(JSONObject([("items", .object(JSONObject([("const", .number(0))])))]))
            }
            return schema
        case .size:
            return pairSchema(description: nil, element: number(range))
        case .rangePair:
            return reference("range")
        case .enumeration(let values):
            return JSONObject([("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))])
        case .color:
            return JSONObject([
                ("type", .string("string")),
                (
                    "anyOf",
                    .array([
                        .object(JSONObject([("pattern", .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$"))])),
                        .object(JSONObject([("enum", .array(Catalog.colorNames.map { .string($0.name) }))])),
                    ])
                ),
            ])
        case .object(let kind):
            if case .liveValues = kind { return reference(liveValuesName) }
            return reference(definitionName(kind)!)
        case .array(let element):
            return JSONObject([("type", .string("array")), ("items", .object(valueSchema(element, range: range)))])
        case .oneOf(let types):
            if types.allSatisfy({ if case .object(.behavior) = $0 { true } else { false } }) {
                return reference(behaviorName)
            }
            if types.allSatisfy({ if case .object(.liveValues) = $0 { true } else { false } }) {
                return reference(liveValuesName)
            }
            if types.allSatisfy({ $0 == .object(.segmentBoundary) || $0 == .object(.pathBoundary) }) {
                return reference(boundaryName)
            }
            return JSONObject([("anyOf", .array(types.map { .object(valueSchema($0)) }))])
        }
    }

    /// `scene.pinConflict`: at most one edge of each axis in a `pin` list.
    static func pinAxisRules() -> [JSONValue] {
        [Pin.Horizontal.allCases.map(\.rawValue), Pin.Vertical.allCases.map(\.rawValue)].map { edges in
            .object(
                JSONObject([
                    ("description", .string("At most one of " + edges.map { "`\($0)`" }.joined(separator: ", ") + ".")),
                    (
                        "not",
                        .object(
                            JSONObject([
                                ("contains", .object(JSONObject([("enum", .array(edges.map(JSONValue.string)))]))),
                                ("minContains", .number(2)),
                            ]))
                    ),
                ]))
        }
    }

    /// A number, with `range` as `minimum`/`exclusiveMinimum`/`maximum`/`exclusiveMaximum`.
    static func number(_ range: NumericRange? = nil) -> JSONObject {
        var schema = JSONObject([("type", .string("number"))])
        if let range {
            if let min = range.min { schema[range.minIsInclusive ? "minimum" : "exclusiveMinimum"] = .number(min) }
            if let max = range.max { schema[range.maxIsInclusive ? "maximum" : "exclusiveMaximum"] = .number(max) }
        }
        return schema
    }

    /// A two-element array of `element`s.
    static func pairSchema(description: String?, element: JSONObject) -> JSONObject {
        var schema = JSONObject([("type", .string("array"))])
        if let description { schema["description"] = .string(description) }
        schema["items"] = .object(element)
        schema["minItems"] = .number(2)
        schema["maxItems"] = .number(2)
        return schema
    }

    /// `[min, max]` with min ≤ 0 ≤ max.
    static func rangePairSchema() -> JSONObject {
        JSONObject([
            ("type", .string("array")),
            ("description", .string("A range `[min, max]` with min ≤ 0 ≤ max.")),
            (
                "prefixItems",
                .array([
                    .object(JSONObject([("type", .string("number")), ("maximum", .number(0))])),
                    .object(JSONObject([("type", .string("number")), ("minimum", .number(0))])),
                ])
            ),
            ("minItems", .number(2)),
            ("maxItems", .number(2)),
        ])
    }

    static func reference(_ name: String) -> JSONObject {
        JSONObject([("$ref", .string("#/$defs/\(name)"))])
    }

    // MARK: - Descriptions

    /// An object kind's description: a behavior's UIKit class, else the documentation of the key that holds it.
    static func objectDescription(_ kind: ObjectKind) -> String {
        if case .behavior(let type) = kind { return "A behavior of type `\(type.rawValue)` (\(type.uiKitName))." }
        for table in Catalog.objects {
            for key in table.keys where key.type.contains(.object(kind)) {
                return key.documentation
            }
        }
        return sentence(kind.displayName)
    }

    /// The key's documentation, then what hover shows beside it: unit, UIKit name, kinds, a default that is
    /// not a constant, and what the schema leaves to the linter.
    static func keyDescription(_ key: Key, in kind: ObjectKind) -> String {
        var notes: [String] = []
        if let unit = key.unit { notes.append("Unit: \(unit).") }
        if let uiKit = key.uiKitName { notes.append("UIKit: \(uiKit).") }
        if key.defaultValue == nil, let text = key.defaultText { notes.append("Default: \(text).") }
        if let kinds = key.kinds, kind == .expectation {
            notes.append("Only for type " + kinds.joined(separator: ", ") + " (checked by impulse lint).")
        } else if let kinds = key.kinds {
            let code = kind == .behavior(.field) ? "field.kindKey" : "attachment.kindKey"
            notes.append(
                "Only for kind " + kinds.joined(separator: ", ")
                    + " (other kinds: \(code), checked by impulse lint, not by this schema).")
        }
        return ([key.documentation] + notes).joined(separator: " ")
    }

    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return String(first).uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }
}

extension ValueType {
    /// Whether this type is `type` or holds it (as an array's element or one of several shapes).
    fileprivate func contains(_ type: ValueType) -> Bool {
        if self == type { return true }
        switch self {
        case .array(let element): return element.contains(type)
        case .oneOf(let types): return types.contains { $0.contains(type) }
        default: return false
        }
    }
}
