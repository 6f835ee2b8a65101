import Foundation
import JSON
import TestSupport
import Testing

@testable import Scene

/// A large scene is parsed, decoded and checked on several threads (in pieces, by rule family); the result is
/// exactly what one thread gives: the same values, model, diagnostics in the same order, invalid pointers.
///
/// The scenes are built from the elements of every example and every rule page's failing and passing example
/// (together they hold every code), shuffled and repeated until the scene is past the sizes at which the work is
/// split: so the pieces hold every kind of mistake, and ids repeat and refer across pieces.
@Suite("Lint in pieces")
struct LintInPiecesTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The texts of the elements of `items`, `behaviors` and `events` of every example and rule page's example.
    private static let elements: (items: [String], behaviors: [String], events: [String]) = {
        var texts: [String] = []
        let examples = root.appendingPathComponent("examples")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: examples.path))?.sorted() ?? []
        where name.hasSuffix(".json") {
            if let text = try? String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8) {
                texts.append(text)
            }
        }
        for page in RuleDocumentation.all {
            texts.append(page.failingExample)
            texts.append(page.passingExample)
        }
        var items: [String] = []
        var behaviors: [String] = []
        var events: [String] = []
        for text in texts {
            let document = JSONDocument.parse(text)
            guard document.isValid else { continue }
            for (list, into) in [("items", 0), ("behaviors", 1), ("events", 2)] {
                let pointer = JSONPointer.root.appending(list)
                for child in document.sourceMap.childPointers(of: pointer) {
                    guard let range = document.sourceMap.valueRange(child) else { continue }
                    let element = document.text(of: range)
                    switch into {
                    case 0: items.append(element)
                    case 1: behaviors.append(element)
                    default: events.append(element)
                    }
                }
            }
        }
        return (items, behaviors, events)
    }()

    /// A scene of at least `count` items and behaviors, drawn from `elements` in a seeded order.
    private static func scene(seed: UInt64, count: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var items: [String] = []
        var behaviors: [String] = []
        while items.count + behaviors.count < count {
            if random.chance(45) {
                items.append(random.pick(elements.items))
            } else {
                behaviors.append(random.pick(elements.behaviors))
            }
        }
        let events = (0..<20).map { _ in random.pick(elements.events) }
        return Array(
            """
            {"referenceView": {"width": 400, "height": 800},
             "items": [\(items.joined(separator: ",\n  "))],
             "behaviors": [\(behaviors.joined(separator: ",\n  "))],
             "events": [\(events.joined(separator: ",\n  "))]}
            """.utf8)
    }

    @Test func theElementsCoverItemsBehaviorsAndEvents() {
        #expect(Self.elements.items.count > 50)
        #expect(Self.elements.behaviors.count > 100)
        #expect(Self.elements.events.count > 10)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func aLargeSceneLintsTheSameOnSeveralThreads(seed: UInt64) throws {
        let bytes = Self.scene(seed: seed, count: 5_000)
        #expect(bytes.count > JSONDocument.piecewiseMinimumBytes)
        let one = Linter.lint(bytes, processors: 1)
        try #require(one.document.isValid)
        #expect(one.diagnostics.count > 1_000, "the scene holds many mistakes")
        for processors in [2, 4] {
            let several = Linter.lint(bytes, processors: processors)
            #expect(several.document.root == one.document.root)
            #expect(several.scene == one.scene)
            #expect(several.diagnostics == one.diagnostics)
            // Before sorting, too: decoding's and each family's diagnostics in the order they were found.
            #expect(several.parts?.decoding == one.parts?.decoding)
            #expect(several.parts?.families == one.parts?.families)
        }
    }

    @Test func decodingInPiecesKeepsTheOrderOfTheDiagnostics() throws {
        let bytes = Self.scene(seed: 9, count: 4_000)
        let document = JSONDocument.parse(bytes, processors: 1)
        let one = SceneDecoder.decode(document, processors: 1)
        let several = SceneDecoder.decode(document, processors: 2)
        #expect(several.diagnostics == one.diagnostics)
        #expect(several.scene == one.scene)
        #expect(several.scene?.invalid == one.scene?.invalid)
        #expect(one.diagnostics.count > 100)
    }
}
