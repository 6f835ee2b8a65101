import Foundation
import JSON
import TestSupport
import Testing

@testable import Scene

/// Linting after an edit (what the language server does as someone types) gives exactly what a full lint of the
/// new text gives, whether the edit took the incremental path or not.
@Suite("Incremental lint")
struct IncrementalLintTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every example and every rule page's failing and passing example: together they hold every code.
    private static var scenes: [(name: String, text: String)] {
        var scenes: [(name: String, text: String)] = []
        let examples = root.appendingPathComponent("examples")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: examples.path))?.sorted() ?? []
        where name.hasSuffix(".json") {
            if let text = try? String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8) {
                scenes.append((name, text))
            }
        }
        for page in RuleDocumentation.all where !page.requiresSimulation {
            scenes.append(("\(page.code) failing", page.failingExample))
            scenes.append(("\(page.code) passing", page.passingExample))
        }
        return scenes
    }

    @Test func aNumberEditInABehaviorReusesTheRestAndMatchesAFullLint() throws {
        let text = unmarked(
            scene(
                behaviors: """
                    {"type": "dynamicItem", "items": ["a"], "density": 2},
                    {"type": "dynamicItem", "items": ["a"], "density": 3},
                    {"type": "gravity", "items": ["a", "ghost"]}
                    """))
        let bytes = Array(text.utf8)
        let before = Linter.lint(bytes)
        #expect(before.diagnostics.map(\.code).contains("dynamicItem.conflict"))
        #expect(before.diagnostics.map(\.code).contains("item.unknown"))
        // Make the second density equal to the first: the conflict goes, the unknown item stays (moved).
        let offset = try #require(
            text.range(of: "\"density\": 3").map { text.utf8.distance(from: text.startIndex, to: $0.upperBound) - 1 })
        let edited = before.document.reparsing(afterEdit: offset..<(offset + 1), replacement: Array("2.0".utf8))
        #expect(edited.splice != nil)
        let incremental = try #require(Linter.relint(edited, after: before, fileName: nil))
        let full = Linter.lint(edited.bytes)
        #expect(incremental.diagnostics == full.diagnostics)
        #expect(!incremental.diagnostics.map(\.code).contains("dynamicItem.conflict"))
        #expect(incremental.diagnostics.map(\.code).contains("item.unknown"))
    }

    @Test func anEditThatChangesAnIdLintsTheWholeDocument() throws {
        let text = unmarked(scene(behaviors: #"{"id": "g", "type": "gravity", "items": ["a"]}"#))
        let before = Linter.lint(Array(text.utf8))
        let offset = try #require(
            text.range(of: #""g""#).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) + 1 })
        let edited = before.document.reparsing(afterEdit: offset..<(offset + 1), replacement: Array("h".utf8))
        #expect(edited.splice != nil)
        #expect(Linter.relint(edited, after: before, fileName: nil) == nil)
        #expect(Linter.lint(document: edited, previous: before).diagnostics == Linter.lint(edited.bytes).diagnostics)
    }

    /// Edits that make a diagnostic appear where none was (nothing overlaps the edit, so only the family's own
    /// judgment of what the change can affect makes it run again).
    @Test(arguments: [
        // A value equal to its default counts as not set; set, it conflicts with the other behavior's.
        (
            "dynamicItem.conflict",
            scene(
                behaviors: """
                    {"type": "dynamicItem", "items": ["a"], "density": 1},
                    {"type": "dynamicItem", "items": ["a"], "density": 3}
                    """), "\"density\": 1", "\"density\": 2"
        ),
        // An item moved onto another one that collides with it.
        (
            "item.startsOverlapping", scene(behaviors: #"{"type": "collision", "items": ["a", "b"]}"#),
            "\"center\": [200, 100]", "\"center\": [110, 100]"
        ),
        // Two anchored items may overlap; one no longer anchored is pushed.
        (
            "item.startsOverlapping",
            scene(
                items: """
                    {"id": "a", "center": [100, 100], "size": [40, 40]},
                    {"id": "b", "center": [110, 100], "size": [40, 40]}
                    """,
                behaviors: """
                    {"type": "collision", "items": ["a", "b"]},
                    {"type": "dynamicItem", "items": ["a", "b"], "anchored": true}
                    """), "\"anchored\": true", "\"anchored\": false"
        ),
        // A push whose magnitude becomes 0 does nothing.
        (
            "push.noEffect", scene(behaviors: #"{"type": "push", "items": ["a"], "magnitude": 1}"#),
            "\"magnitude\": 1", "\"magnitude\": 0"
        ),
        // An item leaves the reference bounds.
        (
            "item.startsOutside",
            scene(
                behaviors: #"{"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": true}"#
            ),
            "\"center\": [200, 100]", "\"center\": [200, 790]"
        ),
    ])
    func anEditThatCausesADiagnosticElsewhereReportsIt(code: String, text: String, before: String, after: String) throws
    {
        let previous = Linter.lint(Array(text.utf8))
        #expect(!previous.diagnostics.map(\.code).contains(code))
        let start = try #require(
            text.range(of: before).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) })
        let edited = previous.document.reparsing(
            afterEdit: start..<(start + before.utf8.count), replacement: Array(after.utf8))
        let result = Linter.lint(document: edited, previous: previous)
        #expect(result.diagnostics.map(\.code).contains(code))
        #expect(result.diagnostics == Linter.lint(edited.bytes).diagnostics)
    }

    /// Random chains of edits on every scene: numbers changed, strings changed, booleans flipped, characters
    /// inserted or deleted. Each step lints incrementally from the previous step's result and compares with a full lint.
    @Test func randomEditChainsGiveWhatAFullLintGives() {
        var random = SplitMix64(seed: 0x1D5_C0DE)
        var steps = 0
        var incremental = 0
        for (name, text) in Self.scenes {
            var bytes = Array(text.utf8)
            var current = Linter.lint(bytes)
            for _ in 0..<80 {
                guard let (range, replacement) = Self.randomEdit(of: bytes, &random) else { break }
                let document = current.document.reparsing(afterEdit: range, replacement: replacement)
                bytes.replaceSubrange(range, with: replacement)
                let fast = Linter.relint(document, after: current, fileName: nil)
                let next = fast ?? Linter.lint(document: document)
                let full = Linter.lint(bytes)
                steps += 1
                if fast != nil { incremental += 1 }
                #expect(
                    next.diagnostics == full.diagnostics,
                    "\(name): after replacing \(range) with '\(String(decoding: replacement, as: UTF8.self))' (incremental: \(fast != nil))\n\(String(decoding: bytes, as: UTF8.self))"
                )
                #expect(next.scene?.invalid == full.scene?.invalid, "\(name): invalid pointers differ")
                // The item table completion reads: the full lint's, and there exactly when the scene is.
                #expect((next.itemTable == nil) == (next.scene == nil), "\(name): item table without scene")
                #expect(next.itemTable?.ids == full.itemTable?.ids, "\(name): item ids differ")
                #expect(next.itemTable?.positions == full.itemTable?.positions, "\(name): item positions differ")
                if next.diagnostics != full.diagnostics { return }
                // A text that is no longer JSON is checked, then dropped: the chain goes on from valid text, as
                // typing mostly does, so that later edits can take the incremental path.
                if document.isValid { current = next } else { bytes = current.document.bytes }
            }
        }
        // The incremental path must be exercised, not only the fallback.
        #expect(steps > 5_000)
        #expect(incremental * 8 > steps, "only \(incremental) of \(steps) edits took the incremental path")
    }

    /// An edit of a token of the text: mostly tokens changed for others of their kind (what typing does), sometimes
    /// a character inserted or deleted anywhere.
    private static func randomEdit(of bytes: [UInt8], _ random: inout SplitMix64) -> (Range<Int>, [UInt8])? {
        let tokens = self.tokens(of: bytes)
        guard !tokens.isEmpty else { return nil }
        let roll = random.below(100)
        if roll < 8 {
            let at = random.below(bytes.count + 1)
            let inserted: [UInt8] = [[0x2C], [0x22], [0x7B], [0x5D], [0x20], [0x31]][random.below(6)]
            return (at..<at, inserted)
        }
        if roll < 12, !bytes.isEmpty {
            let at = random.below(bytes.count)
            return (at..<min(bytes.count, at + 1 + random.below(3)), [])
        }
        let token = tokens[random.below(tokens.count)]
        switch bytes[token.lowerBound] {
        case UInt8(ascii: "\""):
            let words = [
                "a", "b", "ghost", "item1", "gravity", "snap", "distance", "pin", "everything", "items", "é", "",
            ]
            // Inside the quotes: the id or enum value changes, the token stays a string.
            return ((token.lowerBound + 1)..<(token.upperBound - 1), Array(words[random.below(words.count)].utf8))
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return (token, Array((bytes[token.lowerBound] == UInt8(ascii: "t") ? "false" : "true").utf8))
        default:
            // Often another number of the same text: equal values make and unmake conflicts.
            let others = tokens.filter {
                bytes[$0.lowerBound] != UInt8(ascii: "\"") && bytes[$0.lowerBound] != UInt8(ascii: "t")
                    && bytes[$0.lowerBound] != UInt8(ascii: "f")
            }
            if random.below(3) == 0, let other = others.isEmpty ? nil : others[random.below(others.count)] {
                return (token, Array(bytes[other]))
            }
            let numbers = [
                "0", "1", "-1", "0.5", "2", "3", "10", "100", "1000", "-0.2", "1.5", "1e3", "400", "2.0", "7", "45.5",
            ]
            return (token, Array(numbers[random.below(numbers.count)].utf8))
        }
    }

    /// The ranges of the string, number and boolean tokens (strings with their quotes).
    private static func tokens(of bytes: [UInt8]) -> [Range<Int>] {
        var tokens: [Range<Int>] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
                if j < bytes.count { tokens.append(i..<(j + 1)) }
                i = j + 1
            } else if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                var j = i + 1
                while j < bytes.count, "0123456789.eE+-".utf8.contains(bytes[j]) { j += 1 }
                tokens.append(i..<j)
                i = j
            } else if bytes[i...].starts(with: "true".utf8) {
                tokens.append(i..<(i + 4))
                i += 4
            } else if bytes[i...].starts(with: "false".utf8) {
                tokens.append(i..<(i + 5))
                i += 5
            } else {
                i += 1
            }
        }
        return tokens
    }

}
