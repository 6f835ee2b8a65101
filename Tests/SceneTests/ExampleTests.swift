import Foundation
import JSON
import Testing

@testable import Scene

/// The bundled examples are what users copy first: each must be clean, point at the schema and show what it
/// promises to show.
@Suite struct ExampleTests {
    static let expectedExamples = [
        "attachment-pan", "drag-and-bump", "elasticity", "pinned-floor", "push", "showcase", "snap-tap",
        "stacked-squares",
    ]

    @Test func theClassicDemosAndTheShowcaseAreBundled() throws {
        let names = try SchemaFiles.exampleURLs().map {
            $0.lastPathComponent.replacingOccurrences(of: ".dynamics.json", with: "")
        }
        #expect(names == Self.expectedExamples)
    }

    @Test(arguments: expectedExamples)
    func exampleLintsWithoutAnyDiagnostic(_ name: String) throws {
        let bytes = try Self.bytes(of: name)
        let result = Linter.lint(bytes, fileName: "\(name).dynamics.json")
        #expect(result.isComplete)
        #expect(result.scene != nil)
        #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics.map { "\($0.code): \($0.message)" })")
    }

    @Test(arguments: expectedExamples)
    func examplePointsAtTheSchemaAndUsesFormatOne(_ name: String) throws {
        let scene = try Self.scene(name)
        #expect(scene["$schema"] == .string("../schemas/dynamics-scene.schema.json"))
        #expect(scene["format"] == .number(1))
        #expect(scene.keys.first == "$schema")
        // The schema it names exists beside the examples.
        let schema = SchemaFiles.examplesURL.appendingPathComponent("../schemas/dynamics-scene.schema.json")
            .standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: schema.path))
    }

    @Test(arguments: expectedExamples)
    func exampleIsInTheCanonicalLayout(_ name: String) throws {
        // What `impulse format --check` (2 spaces) would leave unchanged.
        let bytes = try Self.bytes(of: name)
        let formatted = try #require(Formatter.format(bytes, indent: 2))
        #expect(formatted == bytes, "\(name) is not in the canonical layout: run `impulse format examples`")
    }

    @Test func stackedSquaresFallOntoASegment100PointsAboveTheBottom() throws {
        let scene = try Self.decoded("stacked-squares")
        #expect(scene.items.count == 2)
        let height = try #require(scene.referenceView?.height)
        let collision = try #require(
            scene.behaviors.compactMap { if case .collision(let c) = $0.kind { c } else { nil } }.first)
        #expect(collision.mode == nil || collision.mode == .everything)
        let floor = try #require(collision.boundaries.first?.shape)
        guard case .segment(let from, let to) = floor else {
            Issue.record("the floor is not a segment")
            return
        }
        #expect(from.y == height - 100 && to.y == height - 100)
        #expect(scene.behaviors.contains { $0.type == .gravity })
        // Stacked: one above the other, both above the floor.
        let ys = scene.items.compactMap { $0.center?.y }.sorted()
        #expect(ys.count == 2 && ys[1] < height - 100)
    }

    @Test func attachmentPanMovesTheAnchorOverTime() throws {
        let scene = try Self.decoded("attachment-pan")
        let attachment = try #require(scene.behaviors.first { $0.type == .attachment })
        let id = try #require(attachment.id)
        let sets = scene.events.filter {
            if case .set(let target, let values) = $0.action { target.id == id && values.anchor != nil } else { false }
        }
        #expect(sets.count >= 5)
        #expect(scene.behaviors.contains { $0.type == .gravity })
    }

    @Test func snapTapRemovesAndAddsSnaps() throws {
        let scene = try Self.decoded("snap-tap")
        let removes = scene.events.filter { if case .remove = $0.action { true } else { false } }
        let adds = scene.events.filter {
            if case .add(let behavior) = $0.action { behavior.type == .snap } else { false }
        }
        #expect(removes.count >= 2 && adds.count == removes.count)
    }

    @Test func showcaseUsesEveryBehaviorTypeAndKind() throws {
        let showcase = try Self.scene("showcase")
        let behaviors = (showcase["behaviors"]?.arrayValue ?? []).compactMap(\.objectValue)
        let added = (showcase["events"]?.arrayValue ?? []).compactMap { $0.objectValue?["add"]?.objectValue }
        let all = behaviors + added
        let types = Set(all.compactMap { $0["type"]?.stringValue })
        #expect(types == Set(BehaviorType.allCases.map(\.rawValue)))
        let attachmentKinds = Set(
            all.filter { $0["type"] == .string("attachment") }.map { $0["kind"]?.stringValue ?? "distance" })
        #expect(attachmentKinds == Set(Catalog.attachmentKinds))
        let pushModes = Set(
            all.filter { $0["type"] == .string("push") }.map { $0["mode"]?.stringValue ?? "continuous" })
        #expect(pushModes == ["continuous", "instantaneous"])
        let fieldKinds = Set(all.filter { $0["type"] == .string("field") }.compactMap { $0["kind"]?.stringValue })
        #expect(fieldKinds.count >= 4)
        let collision = try #require(all.first { $0["type"] == .string("collision") })
        #expect(collision["translatesReferenceBoundsIntoBoundary"] == .bool(true) && collision["insets"] != nil)
        let boundaries = (collision["boundaries"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(boundaries.contains { $0["path"] != nil } && boundaries.contains { $0["from"] != nil })
        let dynamicItemKeys = Set(all.filter { $0["type"] == .string("dynamicItem") }.flatMap(\.keys))
        #expect(dynamicItemKeys.subtracting(["type", "id", "items"]).count >= 6)
        let actions = Set(
            (showcase["events"]?.arrayValue ?? []).compactMap { event in
                ["set", "add", "remove"].first { event.objectValue?[$0] != nil }
            })
        #expect(actions == ["set", "add", "remove"])
        #expect(showcase["preview"] != nil)
    }

    static func bytes(of name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: SchemaFiles.examplesURL.appendingPathComponent("\(name).dynamics.json")))
    }

    static func scene(_ name: String) throws -> JSONObject {
        try #require(JSONValue.parse(try bytes(of: name))?.objectValue)
    }

    static func decoded(_ name: String) throws -> Scene {
        try #require(Linter.lint(try bytes(of: name)).scene)
    }
}
