import TestSupport
import Testing

@testable import JSON

/// Random damage to JSON texts: nothing crashes, and every answer stays consistent.
@Suite struct RobustnessTests {
    private static let seeds: [String] = [
        #"{"format": 1, "items": [{"id": "a", "center": [1.5, -2e3], "tags": ["x", "\u00e9\n"]}], "b": {"c": null, "d": true}}"#,
        #"[1, [2, [3, {"k": "v", "k": false}]], "é😀", -0.0, 1e999]"#,
        #"{"a": {"b": {"c": {"d": [[], {}, "", 0]}}}}"#,
    ]

    private static let pieces: [[UInt8]] = [
        [0x22], [0x5C], [0x7B], [0x7D], [0x5B], [0x5D], [0x2C], [0x3A], [0x00], [0xFF], [0xC3], [0xEF, 0xBB, 0xBF],
        Array("\\u".utf8), Array("\\uD800".utf8), Array("1e".utf8), Array("tru".utf8), [0x0A], [0x09], Array("-".utf8),
    ]

    @Test func damagedTextsNeverBreakTheParserContextOrFormatter() {
        var random = SplitMix64(seed: 99)
        var validCount = 0
        for round in 0..<1500 {
            var bytes = Array(RobustnessTests.seeds[round % RobustnessTests.seeds.count].utf8)
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let at = Int(random.next() % UInt64(bytes.count + 1))
                switch random.next() % 3 {
                case 0:
                    bytes.insert(
                        contentsOf: RobustnessTests.pieces[Int(random.next() % UInt64(RobustnessTests.pieces.count))],
                        at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: random.next()) }
                }
            }
            let document = JSONDocument.parse(bytes)
            if let error = document.syntaxError {
                #expect(error.range.lowerBound >= 0 && error.range.upperBound <= bytes.count)
                #expect(!error.message.isEmpty)
                #expect(JSONValue.parse(bytes) == nil)
                #expect(Formatter.format(bytes, indent: 2) == nil)
            } else if document.isValid {
                validCount += 1
                #expect(document.root != nil)
                #expect(JSONValue.parse(bytes) == document.root)
                let formatted = Formatter.format(bytes, indent: 2)
                #expect(formatted.map { JSONDocument.parse($0).root == document.root } == true)
            }
            // Every value in the map has ranges inside the text.
            document.sourceMap.forEachEntry { _, entry in
                #expect(entry.valueRange.lowerBound >= 0 && entry.valueRange.upperBound <= bytes.count)
            }
            for _ in 0..<3 {
                let offset = Int(random.next() % UInt64(bytes.count + 1))
                let context = document.context(at: offset)
                if let token = context.token {
                    #expect(token.range.contains(offset) || token.range.upperBound == offset)
                }
            }
        }
        #expect(validCount > 50)
    }
}
