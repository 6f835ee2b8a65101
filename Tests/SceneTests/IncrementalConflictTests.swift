import JSON
import TestSupport
import Testing

@testable import Scene

/// The language server's most common edit on a large scene: a value of a dynamicItem behavior typed over. The
/// incremental lint checks again only the conflicts of that behavior's items; after every edit of long random
/// chains on generated scenes (items shared by several dynamicItem behaviors, behaviors added and removed by
/// events), it reports exactly what a full lint of the text reports.
@Suite("Incremental lint of dynamicItem edits")
struct IncrementalConflictTests {
    /// Values that make and unmake conflicts (few of them, so that behaviors often agree).
    private static let numbers = ["1", "2", "0.5", "2.0", "3", "0"]
    private static let properties = ["density", "friction", "elasticity", "charge", "resistance"]

    /// A scene of `items` items and `behaviors` dynamicItem behaviors, each holding a few random items (sometimes
    /// one twice, sometimes an unknown one), a collision and events that remove and add dynamicItem behaviors.
    private static func scene(items: Int, behaviors: Int, _ random: inout SplitMix64) -> [UInt8] {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let itemTexts = (0..<items).map { index in
            #"{"id": "i\#(index)", "center": [\#(20 + index * 37 % 360), \#(20 + index * 53 % 760)], "size": [10, 10]}"#
        }
        func dynamicItem(id: String) -> String {
            var held = (0..<(1 + Int(random.next() % 4))).map { _ in "\"i\(random.next() % UInt64(items))\"" }
            if random.next() % 10 == 0 { held.append(held[0]) }
            if random.next() % 15 == 0 { held.append("\"ghost\"") }
            var members = [
                #""type": "dynamicItem""#, #""id": "\#(id)""#, #""items": [\#(held.joined(separator: ", "))]"#,
            ]
            for property in properties where random.next() % 2 == 0 {
                members.append(#""\#(property)": \#(pick(numbers))"#)
            }
            if random.next() % 4 == 0 { members.append(#""allowsRotation": \#(pick(["true", "false"]))"#) }
            if random.next() % 6 == 0 { members.append(#""anchored": \#(pick(["true", "false"]))"#) }
            return "{" + members.joined(separator: ", ") + "}"
        }
        var behaviorTexts = (0..<behaviors).map { dynamicItem(id: "d\($0)") }
        behaviorTexts.append(
            #"{"type": "collision", "items": [\#((0..<items).map { "\"i\($0)\"" }.joined(separator: ", "))]}"#)
        let events = [
            #"{"at": 0.5, "remove": "d\#(random.next() % UInt64(behaviors))"}"#,
            #"{"at": 1, "add": \#(dynamicItem(id: "late"))}"#,
            #"{"at": 2, "remove": "d\#(random.next() % UInt64(behaviors))"}"#,
        ]
        let text = """
            {"format": 1, "referenceView": {"width": 400, "height": 800},
             "items": [
              \(itemTexts.joined(separator: ",\n  "))
             ],
             "behaviors": [
              \(behaviorTexts.joined(separator: ",\n  "))
             ],
             "events": [\(events.joined(separator: ", "))]}
            """
        return Array(text.utf8)
    }

    /// The ranges of the values of the behaviors list's dynamicItem properties (numbers and booleans).
    private static func propertyValues(of document: JSONDocument) -> [Range<Int>] {
        guard let behaviors = document.root?.objectValue?["behaviors"]?.arrayValue else { return [] }
        var ranges: [Range<Int>] = []
        for (index, behavior) in behaviors.enumerated() {
            guard behavior.objectValue?["type"]?.stringValue == "dynamicItem" else { continue }
            for key in properties + ["allowsRotation", "anchored"] where behavior.objectValue?[key] != nil {
                let pointer = JSONPointer([.key("behaviors"), .index(index), .key(key)])
                if let range = document.sourceMap[pointer]?.valueRange { ranges.append(range) }
            }
        }
        return ranges
    }

    @Test(arguments: [(seed: UInt64(1), items: 12, behaviors: 30), (2, 40, 60), (3, 6, 25), (4, 200, 120)])
    func valueEditsGiveWhatAFullLintGives(seed: UInt64, items: Int, behaviors: Int) throws {
        var random = SplitMix64(seed: seed)
        var current = Linter.lint(Self.scene(items: items, behaviors: behaviors, &random))
        #expect(current.diagnostics.contains { $0.code == "dynamicItem.conflict" })
        var incremental = 0
        var conflictsSeen = Set<Int>()
        for step in 0..<250 {
            let values = Self.propertyValues(of: current.document)
            let range = try #require(values.isEmpty ? nil : values[Int(random.next() % UInt64(values.count))])
            let old = String(decoding: current.document.bytes[range], as: UTF8.self)
            let replacement =
                old == "true" ? "false" : old == "false" ? "true" : Self.numbers[Int(random.next() % 6)]
            let document = current.document.reparsing(afterEdit: range, replacement: Array(replacement.utf8))
            let full = Linter.lint(document.bytes)
            let fast = Linter.relint(document, after: current, fileName: nil)
            if fast != nil { incremental += 1 }
            let next = fast ?? Linter.lint(document: document)
            #expect(
                next.diagnostics == full.diagnostics,
                "seed \(seed), step \(step): \(range) '\(old)' → '\(replacement)'")
            if next.diagnostics != full.diagnostics { return }
            conflictsSeen.insert(next.diagnostics.filter { $0.code == "dynamicItem.conflict" }.count)
            current = next
        }
        #expect(incremental == 250)
        // The chain makes and unmakes conflicts.
        #expect(conflictsSeen.count > 3)
    }

    /// The incremental path keeps the conflicts of the items an edit cannot touch by the item each is about.
    @Test("every conflict is recorded with the item it names")
    func conflictsAreRecordedWithTheirItems() throws {
        var random = SplitMix64(seed: 7)
        let bytes = Self.scene(items: 300, behaviors: 400, &random)
        let before = Linter.lint(bytes)
        let conflicts = before.diagnostics.filter { $0.code == "dynamicItem.conflict" }
        #expect(conflicts.count > 20)
        // Every conflict is about the item its message names.
        let parts = try #require(before.parts)
        let family = parts.families[SemanticRules.Family.dynamicItem.rawValue]
        #expect(family.count == parts.conflictItems.count)
        for (item, diagnostic) in zip(parts.conflictItems, family) {
            #expect(diagnostic.message.contains("for item \"i\(item)\""), "\(diagnostic.message)")
        }
    }
}
