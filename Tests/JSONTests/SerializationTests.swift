import FoundationEssentials
import TestSupport
import Testing

@testable import JSON

@Suite struct SerializationTests {
    private func text(_ value: JSONValue, pretty: Bool = false) -> String { value.serializedString(pretty: pretty) }

    @Test func integralNumbersPrintAsIntegers() {
        #expect(text(.number(60)) == "60")
        #expect(text(.number(-0.0)) == "0")
        #expect(text(.number(-12)) == "-12")
        #expect(text(.number(9_007_199_254_740_991)) == "9007199254740991")
    }

    @Test func fractionsPrintSimply() {
        #expect(text(.number(0.1)) == "0.1")
        #expect(text(.number(0.1 + 0.2)) == "0.3")
        #expect(text(.number(4.35 * 100)) == "435")
        #expect(text(.number(1e-7)) == "1e-7")
        #expect(text(.number(-2.5)) == "-2.5")
        #expect(text(.number(1.5e300)) == "1.5e300")
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(text(.array([.number(.infinity), .number(-.infinity), .number(.nan)])) == "[null,null,null]")
    }

    @Test func numbersReadBackWithinOnePartInABillion() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let magnitude = Double(Int(generator.next() % 40)) - 20
            let x = (Double(generator.next() % 1_000_000_007) / 1_000_000_007 - 0.5) * pow10(magnitude)
            let back = JSONValue.parse(text(.number(x)))?.numberValue
            #expect(back != nil)
            if let back { #expect(abs(back - x) <= 1e-9 * abs(x)) }
        }
    }

    @Test func compactKeepsMemberOrder() {
        let value = JSONValue.object(
            JSONObject([("z", .number(1)), ("a", .array([.bool(true), .null])), ("m", .string("é\"\n"))]))
        #expect(text(value) == #"{"z":1,"a":[true,null],"m":"é\"\n"}"#)
    }

    @Test func prettyIndentsByTwoSpaces() {
        let value = JSONValue.object(JSONObject([("a", .array([.number(1)])), ("b", .object(JSONObject()))]))
        #expect(text(value, pretty: true) == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
    }

    @Test func stringsWithNulRoundTrip() {
        let value = JSONValue.object(JSONObject([("k", .string("a\u{0}b"))]))
        #expect(text(value) == #"{"k":"a\u0000b"}"#)
        #expect(JSONValue.parse(text(value)) == value)
    }

    /// Equal up to 1e-14 relative in numbers (15 significant digits are written).
    private func nearlyEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || abs(x - y) <= 1e-14 * max(abs(x), abs(y))
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(nearlyEqual)
        case (.object(let x), .object(let y)):
            return x.members.count == y.members.count
                && zip(x.members, y.members).allSatisfy { $0.key == $1.key && nearlyEqual($0.value, $1.value) }
        default: return a == b
        }
    }

    @Test func everyAcceptedSuiteCaseRoundTrips() throws {
        let names = try #require(
            try? FileManager.default.contentsOfDirectory(atPath: jsonTestSuiteDirectory),
            "JSONTestSuite is missing at \(jsonTestSuiteDirectory)")
        var checked = 0
        for name in names where name.hasPrefix("y_") {
            let bytes = try #require(readBytes(jsonTestSuiteDirectory + "/" + name))
            guard let value = JSONValue.parse(bytes) else { continue }
            for pretty in [false, true] {
                let back = JSONValue.parse(value.serialized(pretty: pretty))
                #expect(back.map { nearlyEqual($0, value) } == true, "\(name) pretty: \(pretty)")
            }
            checked += 1
        }
        #expect(checked > 90)
    }

    @Test func aRepeatedKeyKeepsItsFirstPlaceAndLastValue() {
        let value = JSONValue.object(JSONObject([("a", .number(1)), ("b", .number(2)), ("a", .number(3))]))
        #expect(text(value) == #"{"a":3,"b":2}"#)
    }

    @Test func outputIsDeterministic() {
        let value = JSONValue.object(JSONObject((0..<50).map { ("k\($0)", .number(Double($0) / 7)) }))
        #expect(value.serialized() == value.serialized())
        #expect(text(.number(1.0 / 3)) == "0.333333333333333")
    }

    @Test func strictParseRejectsNonJSON() {
        #expect(JSONValue.parse("") == nil)
        #expect(JSONValue.parse("[1,]") == nil)
        #expect(JSONValue.parse("{\"a\":1} x") == nil)
        #expect(JSONValue.parse("\"x\"") == .string("x"))
        #expect(JSONValue.parse(" 1 ") == .number(1))
    }
}

func pow10(_ e: Double) -> Double {
    var result = 1.0
    let n = Int(abs(e))
    for _ in 0..<n { result *= 10 }
    return e < 0 ? 1 / result : result
}
