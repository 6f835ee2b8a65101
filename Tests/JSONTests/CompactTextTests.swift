import FoundationEssentials
import TestSupport
import Testing

@testable import JSON

/// The compact text is written directly; jansson's dump of the same value is what it must equal, byte for byte.
@Suite("Compact text")
struct CompactTextTests {
    @Test("every accepted JSONTestSuite case is written as jansson writes it")
    func suiteCasesMatchJansson() throws {
        let names = try #require(
            try? FileManager.default.contentsOfDirectory(atPath: jsonTestSuiteDirectory),
            "JSONTestSuite is missing at \(jsonTestSuiteDirectory)")
        var checked = 0
        for name in names.sorted() where name.hasPrefix("y_") || name.hasPrefix("i_") {
            let bytes = try #require(readBytes(jsonTestSuiteDirectory + "/" + name))
            guard let value = JSONValue.parse(bytes) else { continue }
            #expect(value.compactText() == value.janssonCompactText(), "\(name)")
            checked += 1
        }
        #expect(checked > 90)
    }

    @Test("random values with every control character, quotes, repeated keys and odd numbers match jansson")
    func randomValuesMatchJansson() {
        var generator = SplitMix64(seed: 24)
        for round in 0..<3000 {
            let value = Self.randomValue(&generator, depth: 0)
            #expect(value.compactText() == value.janssonCompactText(), "round \(round): \(value)")
        }
    }

    @Test("a repeated key keeps its first place and its last value, also after other repeats")
    func repeatedKeys() {
        let value = JSONValue.object(
            JSONObject([
                ("a", .number(1)), ("b", .number(2)), ("a", .number(3)), ("c", .number(4)), ("b", .null),
                ("a", .string("last")),
            ]))
        #expect(String(decoding: value.compactText(), as: UTF8.self) == #"{"a":"last","b":null,"c":4}"#)
        #expect(value.compactText() == value.janssonCompactText())
    }

    @Test("nesting five times deeper than a parse allows is written without recursion")
    func deepNesting() {
        var value = JSONValue.array([])
        for depth in 0..<10_000 {
            value = depth % 2 == 0 ? .array([value]) : .object(JSONObject([("k", value)]))
        }
        let text = value.compactText()
        #expect(text.count == 10_000 * 2 + 5_000 * 4 + 2)
        #expect(Array(text.prefix(6)) == Array(#"{"k":["#.utf8))
    }

    private static func randomValue(_ generator: inout SplitMix64, depth: Int) -> JSONValue {
        let pick = generator.next() % (depth > 3 ? 5 : 7)
        switch pick {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2: return .number(randomNumber(&generator))
        case 3, 4: return .string(randomString(&generator))
        case 5:
            return .array((0..<Int(generator.next() % 5)).map { _ in randomValue(&generator, depth: depth + 1) })
        default:
            let keys = ["a", "b", "c", "é", "\u{0}", "\"q\"", "ключ"]
            return .object(
                JSONObject(
                    (0..<Int(generator.next() % 6)).map { _ in
                        (keys[Int(generator.next() % UInt64(keys.count))], randomValue(&generator, depth: depth + 1))
                    }))
        }
    }

    private static func randomNumber(_ generator: inout SplitMix64) -> Double {
        let special: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.1 + 0.2, 4.35 * 100, 434.999_999_999_999_94, 1e-7, 1.5e300, -2.5,
            9_007_199_254_740_991, 9_007_199_254_740_992, -9_007_199_254_740_993, 1e15, 1e16 + 0.5, .infinity,
            -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1.0 / 3,
        ]
        switch generator.next() % 3 {
        case 0: return special[Int(generator.next() % UInt64(special.count))]
        case 1: return Double(Int64(bitPattern: generator.next()) >> Int(generator.next() % 64))
        default: return Double(bitPattern: generator.next())
        }
    }

    private static func randomString(_ generator: inout SplitMix64) -> String {
        let pieces = ["a", "\"", "\\", "/", "é", "🚀", "\u{7F}", "\u{2028}", "\u{FEFF}", "plain text "]
        var string = ""
        for _ in 0..<Int(generator.next() % 8) {
            if generator.next() % 2 == 0 {
                string.unicodeScalars.append(Unicode.Scalar(UInt8(generator.next() % 0x21)))
            } else {
                string += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
        }
        return string
    }
}
