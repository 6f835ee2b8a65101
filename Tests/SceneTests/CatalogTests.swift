import Engine
import JSON
import ProcessSupport
import Testing

@testable import Scene

@Suite("Catalog")
struct CatalogTests {
    /// Every thread reads its own copy of the tables (see `Catalog.ThreadTables`): the copies hold the same keys,
    /// types, defaults and documentation as the shared tables, on this thread and on others.
    @Test func eachThreadsCopyOfTheTablesEqualsTheCatalog() {
        let tables = ObjectKind.allCases.map(Catalog.table)
        let copies = Parallel.map(4) { _ in ObjectKind.allCases.map(Catalog.object) }
        for copy in copies + [Catalog.objects] {
            #expect(copy == tables)
        }
        #expect(Catalog.ThreadTables.current === Catalog.ThreadTables.current)
        for kind in ObjectKind.allCases {
            #expect(Catalog.object(kind).kind == kind)
        }
    }

    @Test func everyObjectKindHasATableWithUniqueKeys() {
        for description in Catalog.objects {
            #expect(!description.keys.isEmpty, "\(description.kind)")
            #expect(Set(description.keyNames).count == description.keys.count, "\(description.kind)")
            for key in description.keys {
                #expect(!key.documentation.isEmpty, "\(description.kind).\(key.name)")
            }
        }
    }

    @Test func everyDefaultIsAValidValueOfItsKey() {
        // A default written into a scene must pass decoding without a diagnostic.
        for description in Catalog.objects {
            for key in description.keys {
                guard let value = key.defaultValue else { continue }
                switch key.type {
                case .number, .integer:
                    let number = value.numberValue
                    #expect(number != nil && (key.range?.contains(number!) ?? true), "\(description.kind).\(key.name)")
                case .boolean: #expect(value.boolValue != nil)
                case .vector, .point: #expect(value.arrayValue?.count == 2)
                case .enumeration(let values): #expect(values.contains(value.stringValue ?? ""), "\(key.name)")
                case .oneOf: #expect(key.type.enumerationValues?.contains(value.stringValue ?? "") == true)
                case .array: #expect(value.arrayValue != nil)
                default: Issue.record("unexpected default for \(key.name)")
                }
            }
        }
    }

    @Test func kindListsNameRealKinds() {
        let attachmentKinds = Set(AttachmentKind.allCases.map(\.rawValue))
        for key in Catalog.object(.behavior(.attachment)).keys {
            #expect(Set(key.kinds ?? []).isSubset(of: attachmentKinds), "\(key.name)")
        }
        let fieldKinds = Set(FieldKind.allCases.map(\.rawValue))
        for key in Catalog.object(.behavior(.field)).keys {
            #expect(Set(key.kinds ?? []).isSubset(of: fieldKinds), "\(key.name)")
        }
    }

    @Test func attachmentKeysPerKindFollowTheFormatsTable() {
        func keys(_ kind: String) -> Set<String> {
            Set(
                Catalog.object(.behavior(.attachment)).keys.filter { $0.kinds != nil && $0.applies(toKind: kind) }.map(
                    \.name))
        }
        #expect(keys("distance") == ["anchor", "pin", "length", "damping", "frequency"])
        #expect(keys("sliding") == ["anchor", "pin", "axis", "range"])
        #expect(keys("pin") == ["frictionTorque", "range"])
        #expect(keys("fixed") == [])
        #expect(keys("limit") == ["length"])
    }

    @Test func liveKeysAreTheFormatsList() {
        #expect(Catalog.liveKeys(of: .attachment).map(\.name) == ["anchor", "length", "damping", "frequency"])
        #expect(Catalog.liveKeys(of: .snap).map(\.name) == ["point"])
        #expect(Catalog.liveKeys(of: .push).map(\.name) == ["items", "direction", "angle", "magnitude", "active"])
        #expect(Catalog.liveKeys(of: .gravity).map(\.name) == ["items", "direction", "angle", "magnitude"])
        // addItem:/removeItem: on the behaviors that hold a list of items.
        #expect(Catalog.liveKeys(of: .collision).map(\.name) == ["items"])
        #expect(Catalog.liveKeys(of: .dynamicItem).map(\.name) == ["items"])
        #expect(Catalog.liveKeys(of: .field).map(\.name) == ["items"])
    }

    @Test func hoverFactsReadFromTheCatalog() throws {
        let angle = try #require(Catalog.key("angle", in: .behavior(.gravity)))
        #expect(angle.defaultText == "π/2" && angle.unit == "rad")
        #expect(Catalog.key("mode", in: .behavior(.collision))?.uiKitName == "collisionMode")
        #expect(Catalog.key("offset", in: .behavior(.push))?.uiKitName == "targetOffsetFromCenter")
        #expect(Catalog.key("friction", in: .behavior(.dynamicItem))?.range == .nonNegative)
        #expect(Catalog.kinds(defining: "point") == [.behavior(.snap), .expectation])
    }

    @Test func nearestFindsMisspellingsButNotUnrelatedWords() {
        #expect(nearest("elastcity", in: ["elasticity", "friction"]) == "elasticity")
        #expect(nearest("Gravity", in: ["gravity", "snap"]) == "gravity")
        #expect(nearest("garvity", in: ["gravity", "snap"]) == "gravity")
        #expect(nearest("rect", in: ["rectangle", "ellipse"]) == "rectangle")
        #expect(nearest("banana", in: ["gravity", "snap"]) == nil)
    }
}

@Suite("Catalog documentation and exact ids")
struct CatalogDocumentationTests {
    @Test func everyObjectKindIsDocumented() {
        for description in Catalog.objects {
            #expect(description.documentation.count > 40, "\(description.kind)")
        }
        #expect(Catalog.object(.liveValues(.snap)).documentation.contains("`point`"))
        #expect(Catalog.key("format", in: .scene)?.allowedNumbers == [1])
    }

    @Test func idsThatOnlyLookAlikeAreDifferentReferences() {
        let pointer = JSONPointer.root.appending("items").appending(0)
        #expect(Reference(id: "\u{E9}", pointer: pointer) != Reference(id: "e\u{301}", pointer: pointer))
        #expect(
            Set([Reference(id: "\u{E9}", pointer: pointer), Reference(id: "e\u{301}", pointer: pointer)]).count == 2)
        #expect(nearest("gravity", in: ["gravity"]) == nil, "the word itself is no suggestion")
        #expect(
            nearest("\u{212A}ind", in: ["Kind"]) == "Kind",
            "the Kelvin sign is not the letter K, so this is a suggestion")
    }

    @Test func setValuesFollowTheExactIdOfTheirBehavior() {
        // "é" (precomposed) is a snap, "é" (decomposed) an attachment: `damping` is live only on the attachment.
        let behaviors =
            #"{"id": "\u00e9", "type": "snap", "item": "a", "point": [1, 1]}, {"id": "e\u0301", "type": "attachment", "item": "b", "anchor": [0, 0]}"#
        expectNoDiagnostic(
            "event.notLive",
            in: scene(behaviors: behaviors, events: #"{"at": 1, "set": "e\u0301", "values": {"damping": 0.5}}"#))
        expectDiagnostics(
            "event.notLive",
            in: scene(behaviors: behaviors, events: #"{"at": 1, "set": "\u00e9", "values": {⟦"damping"⟧: 0.5}}"#))
    }
}

/// UIKit's defaults have one copy, the engine's: the catalog (and so the schema, hover and completion) shows
/// the values the simulation applies, and a value written with its default means what the engine does.
@Suite("Catalog defaults are the engine's")
struct CatalogDefaultsTests {
    @Test("each dynamicItem default is the engine's default body property")
    func dynamicItemDefaults() throws {
        let engine = Engine.BodyProperties()
        let expected: [String: JSONValue] = [
            "elasticity": .number(engine.elasticity), "friction": .number(engine.friction),
            "density": .number(engine.density), "resistance": .number(engine.resistance),
            "angularResistance": .number(engine.angularResistance), "allowsRotation": .bool(engine.allowsRotation),
            "anchored": .bool(engine.anchored), "charge": .number(engine.charge),
        ]
        for (name, value) in expected {
            #expect(Catalog.key(name, in: .behavior(.dynamicItem))?.defaultValue == value, "\(name)")
        }
    }

    @Test("falloff has no single default: its text lists each kind's value as the engine applies it")
    func falloffDefaultsPerKind() throws {
        let falloff = try #require(Catalog.key("falloff", in: .behavior(.field)))
        #expect(falloff.defaultValue == nil)
        #expect(falloff.defaultText == "0 (radialGravity 2, electric and magnetic 1, spring −1)")
    }
}
