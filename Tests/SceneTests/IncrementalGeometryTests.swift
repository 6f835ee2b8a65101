import JSON
import TestSupport
import Testing

@testable import Scene

/// Moving an item is the other common edit on a large scene. The incremental lint checks again only the moved
/// item's geometry and that of the items it meets (`GeometryRules.recheck`); after every edit of long random chains
/// on crowded generated scenes (overlaps, items outside the bounds, anchored items, collisions of every mode,
/// rotated items and paths), it reports exactly what a full lint of the text reports.
@Suite("Incremental lint of item moves")
struct IncrementalGeometryTests {
    /// A crowded scene: `items` items in a small area, so that many overlap and some stick out of the bounds.
    private static func scene(items: Int, _ random: inout SplitMix64) -> [UInt8] {
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let itemTexts = (0..<items).map { index -> String in
            var members = [
                #""id": "i\#(index)""#, #""center": [\#(below(200)), \#(below(200))]"#,
                #""size": [\#(5 + below(40)), \#(5 + below(40))]"#,
            ]
            switch below(8) {
            case 0: members.append(#""angle": 0.7"#)
            case 1: members.append(#""collisionBounds": "ellipse""#)
            case 2: members.append(#""collisionBounds": {"path": [[-8, -8], [8, -8], [0, 9]]}"#)
            case 3 where below(4) == 0: members.append(#""collisionBounds": {"path": [[0, 0], [5, 0], [10, 0]]}"#)
            default: break
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
        func some(_ share: Int) -> String {
            (0..<items).filter { _ in below(100) < share }.map { "\"i\($0)\"" }.joined(separator: ", ")
        }
        let behaviors = [
            #"{"type": "collision", "items": [\#(some(70))], "translatesReferenceBoundsIntoBoundary": true}"#,
            #"{"type": "collision", "items": [\#(some(30))], "mode": "items"}"#,
            #"{"type": "collision", "items": [\#(some(30))], "mode": "boundaries", "translatesReferenceBoundsIntoBoundary": true, "insets": {"top": 10, "left": 5, "bottom": 0, "right": 0}}"#,
            #"{"type": "dynamicItem", "items": [\#(some(10))], "anchored": true}"#,
            #"{"type": "gravity", "items": [\#(some(50))]}"#,
        ]
        let text = """
            {"format": 1, "referenceView": {"width": 200, "height": 200},
             "items": [
              \(itemTexts.joined(separator: ",\n  "))
             ],
             "behaviors": [
              \(behaviors.joined(separator: ",\n  "))
             ]}
            """
        return Array(text.utf8)
    }

    /// The ranges of every item's center coordinates, size values and angle.
    private static func geometryValues(of document: JSONDocument) -> [Range<Int>] {
        guard let items = document.root?.objectValue?["items"]?.arrayValue else { return [] }
        var ranges: [Range<Int>] = []
        for index in items.indices {
            let item = JSONPointer([.key("items"), .index(index)])
            for key in ["center", "size"] {
                for coordinate in 0..<2 {
                    let pointer = item.appending(key).appending(coordinate)
                    if let range = document.sourceMap[pointer]?.valueRange { ranges.append(range) }
                }
            }
            if let range = document.sourceMap[item.appending("angle")]?.valueRange { ranges.append(range) }
        }
        return ranges
    }

    @Test(arguments: [(seed: UInt64(1), items: 20), (2, 60), (3, 8), (4, 150)])
    func itemMovesGiveWhatAFullLintGives(seed: UInt64, items: Int) throws {
        var random = SplitMix64(seed: seed)
        var current = Linter.lint(Self.scene(items: items, &random))
        let geometry = SemanticRules.Family.geometry.rawValue
        var rechecked = 0
        var codesSeen = Set<String>()
        let values = ["0", "5", "20", "60", "100", "150", "190", "199", "210", "-5", "12.5", "0.3", "1.2"]
        for step in 0..<200 {
            let ranges = Self.geometryValues(of: current.document)
            let range = try #require(ranges.isEmpty ? nil : ranges[Int(random.next() % UInt64(ranges.count))])
            let old = String(decoding: current.document.bytes[range], as: UTF8.self)
            let replacement = values[Int(random.next() % UInt64(values.count))]
            let document = current.document.reparsing(afterEdit: range, replacement: Array(replacement.utf8))
            let full = Linter.lint(document.bytes)
            let previous = try #require(current.parts).families[geometry]
            let itemsBefore = current.scene?.items ?? []
            let next = Linter.relint(document, after: current, fileName: nil) ?? Linter.lint(document: document)
            #expect(
                next.diagnostics == full.diagnostics, "seed \(seed), step \(step): \(range) '\(old)' → '\(replacement)'"
            )
            if next.diagnostics != full.diagnostics { return }
            // The family alone, checked again from the previous version's diagnostics, against a full check.
            if let scene = full.scene, let splice = document.splice, let fullParts = full.parts,
                let pointer = Self.item(at: range, in: document),
                let item = scene.items.lastIndex(where: { $0.pointer == pointer }),
                let before = itemsBefore.last(where: { $0.pointer == pointer })
            {
                let index = SceneIndex(RuleContext(scene: scene, document: document, isComplete: true))
                if let family = GeometryRules.recheck(
                    index, changed: item, old: before, previous: previous, previousDocument: current.document,
                    splice: splice)
                {
                    rechecked += 1
                    #expect(Linter.sorted(family) == Linter.sorted(fullParts.families[geometry]), "step \(step)")
                }
            }
            codesSeen.formUnion(next.diagnostics.map(\.code))
            current = next
        }
        // The chain meets every geometry rule, and mostly takes the short path.
        #expect(codesSeen.isSuperset(of: ["item.startsOverlapping", "item.startsOutside"]))
        #expect(rechecked > 100, "only \(rechecked) of 200 moves were checked again item by item")
    }

    /// The pointer of the item that holds `range`.
    private static func item(at range: Range<Int>, in document: JSONDocument) -> JSONPointer? {
        guard let items = document.root?.objectValue?["items"]?.arrayValue else { return nil }
        return items.indices.lazy.map { JSONPointer([.key("items"), .index($0)]) }.first { pointer in
            document.valueRange(of: pointer).contains(range.lowerBound)
        }
    }
}
