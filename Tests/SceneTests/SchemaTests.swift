import Foundation
import JSON
import Testing

@testable import Scene

/// The committed JSON schema is the generator's output, and says what the catalog says, key by key.
@Suite struct SchemaTests {
    @Test func committedSchemaIsTheGeneratorsOutput() throws {
        let url = SchemaFiles.schemaURL
        let generated = SchemaGenerator.fileContents()
        if ProcessInfo.processInfo.environment["IMPULSE_WRITE_SCHEMA"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(generated.utf8).write(to: url)
        }
        let committed = try? String(contentsOf: url, encoding: .utf8)
        #expect(
            committed == generated,
            """
            \(SchemaGenerator.repositoryPath) differs from what the catalog generates. Regenerate it with \
            `IMPULSE_WRITE_SCHEMA=1 swift test --filter SchemaTests` and commit the result.
            """)
    }

    @Test func schemaIsWrittenPrettyWithTwoSpaces() throws {
        let text = SchemaGenerator.fileContents()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "{")
        #expect(lines.dropFirst().first?.hasPrefix("  \"$schema\": ") == true)
        #expect(text.hasSuffix("}\n"))
        #expect(!text.contains("\t"))
        // Deterministic: the same catalog gives the same bytes.
        #expect(SchemaGenerator.fileContents() == text)
    }

    @Test func schemaDeclaresDraft2020AndDocumentsWhatItLeavesToTheLinter() throws {
        let schema = try SchemaFiles.committedSchema()
        #expect(schema["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        let overview = try #require(schema["description"]?.stringValue)
        for phrase in [
            "scene.unknownKey", "scene.angleUnits", "friction above 1 is valid", "attachment.kindKey", "216 000",
        ] {
            #expect(overview.contains(phrase), "the top-level description should mention \(phrase)")
        }
        // Unknown keys are warnings: no object of the schema closes itself.
        #expect(!SchemaGenerator.fileContents().contains("additionalProperties"))
        #expect(!SchemaGenerator.fileContents().contains("unevaluatedProperties"))
    }

    @Test func everyObjectKindHasExactlyTheCatalogsKeys() throws {
        let schema = try SchemaFiles.committedSchema()
        for kind in ObjectKind.allCases {
            if case .liveValues = kind { continue }
            let definition = try #require(SchemaFiles.definition(of: kind, in: schema), "no definition for \(kind)")
            let table = Catalog.object(kind)
            #expect(definition["type"]?.stringValue == "object", "\(kind) is not an object")
            let properties = try #require(definition["properties"]?.objectValue, "\(kind) has no properties")
            #expect(
                properties.keys == table.keyNames,
                "\(kind): schema keys \(properties.keys), catalog keys \(table.keyNames)")
            let required = definition["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(required == table.requiredKeys.map(\.name), "\(kind): required \(required)")
            let dependent = definition["dependentRequired"]?.objectValue
            for key in table.keys {
                if let trigger = key.requiredWith {
                    let names = dependent?[trigger]?.arrayValue?.compactMap(\.stringValue) ?? []
                    #expect(names.contains(key.name), "\(kind).\(key.name) should be required with \(trigger)")
                }
            }
        }
    }

    @Test func everyKeyHasTheCatalogsShapeDefaultAndDocumentation() throws {
        let schema = try SchemaFiles.committedSchema()
        for kind in ObjectKind.allCases {
            if case .liveValues = kind { continue }
            let definition = try #require(SchemaFiles.definition(of: kind, in: schema))
            let properties = try #require(definition["properties"]?.objectValue)
            for key in Catalog.object(kind).keys {
                let property = try #require(properties[key.name]?.objectValue, "\(kind).\(key.name) missing")
                let place = "\(kind).\(key.name)"
                ShapeCheck(schema: schema).expect(property, matches: key.type, range: key.range, at: place)
                // Numbers are written with 15 significant digits (π/2 is 1.5707963267949).
                #expect(
                    Self.nearlyEqual(property["default"], key.defaultValue),
                    "\(place): default \(String(describing: property["default"]))")
                let description = property["description"]?.stringValue ?? ""
                #expect(
                    description.contains(key.documentation), "\(place): description lacks the catalog's documentation")
                if let uiKit = key.uiKitName {
                    #expect(description.contains(uiKit), "\(place): description lacks \(uiKit)")
                }
                if let kinds = key.kinds {
                    #expect(
                        kinds.allSatisfy(description.contains), "\(place): description does not name its kinds \(kinds)"
                    )
                }
            }
        }
    }

    static func nearlyEqual(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a, b) {
        case (.number(let x)?, .number(let y)?): abs(x - y) <= 1e-14 * max(abs(x), abs(y))
        case (.array(let x)?, .array(let y)?): x.count == y.count && zip(x, y).allSatisfy { nearlyEqual($0, $1) }
        default: a == b
        }
    }

    @Test func liveValuesHoldEveryLiveKeyOfEveryType() throws {
        let schema = try SchemaFiles.committedSchema()
        let liveValues = try #require(schema["$defs"]?.objectValue?[SchemaGenerator.liveValuesName]?.objectValue)
        let properties = try #require(liveValues["properties"]?.objectValue)
        var expected: [String] = []
        for type in Catalog.liveTypes {
            for key in Catalog.liveKeys(of: type) where !expected.contains(key.name) {
                expected.append(key.name)
                let property = try #require(properties[key.name]?.objectValue)
                ShapeCheck(schema: schema).expect(
                    property, matches: key.type, range: key.range, at: "values.\(key.name)")
            }
        }
        // `$comment`, allowed in every object, is the one key beside them.
        #expect(properties.keys.filter { $0 != Catalog.commentKey.name } == expected)
        #expect(properties[Catalog.commentKey.name] != nil)
        // Live keys of different types that share a name share a shape, so one union can check them.
        for name in expected {
            let shapes = Catalog.liveTypes.compactMap { Catalog.key(name, in: .liveValues($0)) }.map {
                "\($0.type) \(String(describing: $0.range))"
            }
            #expect(Set(shapes).count == 1, "live key \(name) has several shapes: \(shapes)")
        }
    }

    @Test func behaviorsAreDiscriminatedByType() throws {
        let schema = try SchemaFiles.committedSchema()
        let behavior = try #require(schema["$defs"]?.objectValue?[SchemaGenerator.behaviorName]?.objectValue)
        #expect(behavior["required"]?.arrayValue == [.string("type")])
        let branches = try #require(behavior["allOf"]?.arrayValue)
        var seen: [String] = []
        for branch in branches {
            let type = try #require(
                branch.objectValue?["if"]?.objectValue?["properties"]?.objectValue?["type"]?.objectValue?["const"]?
                    .stringValue)
            let target = branch.objectValue?["then"]?.objectValue?["$ref"]?.stringValue
            let expected = SchemaGenerator.definitionName(.behavior(try #require(BehaviorType(rawValue: type))))!
            #expect(target == "#/$defs/\(expected)")
            seen.append(type)
        }
        #expect(seen == BehaviorType.allCases.map(\.rawValue))
    }
}

/// Where the schema and examples are, and how to read them.
enum SchemaFiles {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemaURL = repositoryRoot.appendingPathComponent(SchemaGenerator.repositoryPath)
    static let examplesURL = repositoryRoot.appendingPathComponent("examples")

    static func committedSchema() throws -> JSONObject {
        let data = try Data(contentsOf: schemaURL)
        let value = try #require(JSONValue.parse([UInt8](data)), "\(SchemaGenerator.repositoryPath) is not JSON")
        return try #require(value.objectValue)
    }

    static func definition(of kind: ObjectKind, in schema: JSONObject) -> JSONObject? {
        guard let name = SchemaGenerator.definitionName(kind) else { return schema }
        return schema["$defs"]?.objectValue?[name]?.objectValue
    }

    /// The example scenes, sorted by name.
    static func exampleURLs() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: examplesURL, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".dynamics.json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// Checks a property's schema against a catalog type, written independently of the generator: it follows
/// `$ref`s and looks at the JSON Schema keywords a validator would use.
struct ShapeCheck {
    let schema: JSONObject

    func resolve(_ node: JSONObject) -> JSONObject {
        guard let ref = node["$ref"]?.stringValue, ref.hasPrefix("#/$defs/"),
            let target = schema["$defs"]?.objectValue?[String(ref.dropFirst("#/$defs/".count))]?.objectValue
        else { return node }
        return target
    }

    func expect(
        _ property: JSONObject, matches type: ValueType, range: NumericRange?, at place: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let node = resolve(property)
        switch type {
        case .number, .integer:
            #expect(
                node["type"]?.stringValue == (type == .integer ? "integer" : "number"), "\(place): type",
                sourceLocation: sourceLocation)
            expectRange(node, range, at: place, sourceLocation: sourceLocation)
        case .string, .reference:
            #expect(node["type"]?.stringValue == "string", "\(place): type", sourceLocation: sourceLocation)
        case .identifier:
            #expect(node["type"]?.stringValue == "string", "\(place): type", sourceLocation: sourceLocation)
            #expect(node["minLength"] == .number(1), "\(place): an id is non-empty", sourceLocation: sourceLocation)
        case .boolean:
            #expect(node["type"]?.stringValue == "boolean", "\(place): type", sourceLocation: sourceLocation)
        case .null:
            #expect(node["type"]?.stringValue == "null", "\(place): type", sourceLocation: sourceLocation)
        case .references:
            #expect(node["type"]?.stringValue == "array", "\(place): type", sourceLocation: sourceLocation)
            #expect(
                node["items"]?.objectValue?["type"]?.stringValue == "string", "\(place): ids are strings",
                sourceLocation: sourceLocation)
        case .point, .vector, .size:
            #expect(node["type"]?.stringValue == "array", "\(place): type", sourceLocation: sourceLocation)
            #expect(
                node["minItems"] == .number(2) && node["maxItems"] == .number(2), "\(place): two numbers",
                sourceLocation: sourceLocation)
            let element = node["items"]?.objectValue ?? JSONObject()
            #expect(element["type"]?.stringValue == "number", "\(place): numbers", sourceLocation: sourceLocation)
            expectRange(element, range, at: place, sourceLocation: sourceLocation)
        case .rangePair:
            let pair = node["prefixItems"]?.arrayValue ?? []
            #expect(pair.count == 2, "\(place): [min, max]", sourceLocation: sourceLocation)
            #expect(
                pair.first?.objectValue?["maximum"] == .number(0) && pair.last?.objectValue?["minimum"] == .number(0),
                "\(place): min ≤ 0 ≤ max", sourceLocation: sourceLocation)
        case .enumeration(let values):
            #expect(
                node["enum"] == .array(values.map(JSONValue.string)), "\(place): enum", sourceLocation: sourceLocation)
        case .color:
            #expect(node["type"]?.stringValue == "string", "\(place): type", sourceLocation: sourceLocation)
            let shapes = node["anyOf"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(
                shapes.contains { $0["enum"] == .array(Catalog.colorNames.map { .string($0.name) }) }
                    && shapes.contains { $0["pattern"] != nil },
                "\(place): a hex pattern or a CSS color name", sourceLocation: sourceLocation)
        case .object(let kind):
            let expected: String =
                if case .liveValues = kind { SchemaGenerator.liveValuesName } else {
                    SchemaGenerator.definitionName(kind) ?? ""
                }
            #expect(
                property["$ref"]?.stringValue == "#/$defs/\(expected)", "\(place): object \(kind)",
                sourceLocation: sourceLocation)
        case .array(let element):
            #expect(node["type"]?.stringValue == "array", "\(place): type", sourceLocation: sourceLocation)
            expect(
                node["items"]?.objectValue ?? JSONObject(), matches: element, range: range, at: "\(place)[]",
                sourceLocation: sourceLocation)
        case .oneOf(let types):
            if types.allSatisfy({ if case .object(.behavior) = $0 { true } else { false } }) {
                #expect(
                    property["$ref"]?.stringValue == "#/$defs/\(SchemaGenerator.behaviorName)", "\(place): a behavior",
                    sourceLocation: sourceLocation)
            } else if types.allSatisfy({ if case .object(.liveValues) = $0 { true } else { false } }) {
                #expect(
                    property["$ref"]?.stringValue == "#/$defs/\(SchemaGenerator.liveValuesName)",
                    "\(place): live values", sourceLocation: sourceLocation)
            } else if types == [.object(.segmentBoundary), .object(.pathBoundary)] {
                let boundary = node
                #expect(
                    boundary["then"]?.objectValue?["$ref"]?.stringValue == "#/$defs/pathBoundary",
                    "\(place): path boundary", sourceLocation: sourceLocation)
                #expect(
                    boundary["else"]?.objectValue?["$ref"]?.stringValue == "#/$defs/segmentBoundary",
                    "\(place): segment boundary", sourceLocation: sourceLocation)
            } else {
                let alternatives = (node["anyOf"]?.arrayValue ?? []).compactMap(\.objectValue)
                #expect(
                    alternatives.count == types.count, "\(place): one alternative per shape",
                    sourceLocation: sourceLocation)
                for (alternative, type) in zip(alternatives, types) {
                    expect(alternative, matches: type, range: range, at: place, sourceLocation: sourceLocation)
                }
            }
        }
    }

    func expectRange(_ node: JSONObject, _ range: NumericRange?, at place: String, sourceLocation: SourceLocation) {
        let minimum = range?.min.map(JSONValue.number)
        let maximum = range?.max.map(JSONValue.number)
        let inclusiveMin = range?.minIsInclusive ?? true
        let inclusiveMax = range?.maxIsInclusive ?? true
        #expect(node["minimum"] == (inclusiveMin ? minimum : nil), "\(place): minimum", sourceLocation: sourceLocation)
        #expect(
            node["exclusiveMinimum"] == (inclusiveMin ? nil : minimum), "\(place): exclusiveMinimum",
            sourceLocation: sourceLocation)
        #expect(node["maximum"] == (inclusiveMax ? maximum : nil), "\(place): maximum", sourceLocation: sourceLocation)
        #expect(
            node["exclusiveMaximum"] == (inclusiveMax ? nil : maximum), "\(place): exclusiveMaximum",
            sourceLocation: sourceLocation)
    }
}
