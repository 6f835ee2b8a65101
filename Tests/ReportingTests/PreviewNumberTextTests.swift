import JSON
import Scene
import TestSupport
import Testing

@testable import Reporting

/// The preview's own number writer against jansson's (`JSONValue.serialized`), whose bytes it must repeat,
/// and the json document it writes against the one jansson writes for the same value.
@Suite struct PreviewNumberTextTests {
    static func fast(_ number: Double) -> String {
        var bytes: [UInt8] = []
        PreviewNumberText.append(number, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func jansson(_ number: Double) -> String { JSONValue.number(number).serializedString() }

    @Test func simpleAndSpecialNumbersPrintAsJanssonPrintsThem() {
        let numbers: [Double] = [
            0, -0.0, 1, -1, 60, 0.1, -0.1, 0.5, 1.5, 0.3, 0.1 + 0.2, 4.35 * 100, 434.99999999999994,
            -434.99999999999994,
            1e-4, 1e-5, 1.5e-5, 0.00012345, 1e-7, -1e-7, 1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            2.2250738585072014e-308,
            1e14 + 0.5, 1e15 - 0.5, 1e15 + 0.5, 999_999_999_999_999.4, 123_456_789_012_345.67, 1.5e20, -1.5e20, 1e21,
            9_007_199_254_740_992, 9_007_199_254_740_994, 1.7976931348623157e308, -1.7976931348623157e308,
            50.069444444444444, 0.016666666666666666, 1.0 / 3, 2.0 / 3, -2.0 / 3, 100.0 / 7, 0.9999999999999999,
            0.99999999999999994, 9.999999999999999e-5, 0.000099999999999999995, 1234.5, 0.125, 1e16, 123e-20,
            // Exact ties at the 15th digit (glibc rounds them to even).
            12_345_678_901_234.25, 12_345_678_901_234.75, -12_345_678_901_234.25, 1_234_567_890_123.125,
            1_234_567_890_123.375,
            .infinity, -.infinity, .nan,
        ]
        for number in numbers {
            #expect(Self.fast(number) == Self.jansson(number), "\(number)")
        }
        #expect(Self.fast(0.1) == "0.1")
        #expect(Self.fast(60) == "60")
        #expect(Self.fast(-0.0) == "0")
        #expect(Self.fast(.nan) == "null")
        #expect(Self.fast(1e-7) == "1e-7")
        #expect(Self.fast(1.5e20) == "1.5e20")
        #expect(Self.fast(434.99999999999994) == "435")
        #expect(Self.fast(12_345_678_901_234.25) == "12345678901234.2")
    }

    @Test func numbersOfEveryMagnitudePrintAsJanssonPrintsThem() {
        var random = SplitMix64(seed: 1)
        var mismatches: [Double] = []
        func check(_ number: Double) {
            if Self.fast(number) != Self.jansson(number), mismatches.count < 10 { mismatches.append(number) }
        }
        for _ in 0..<40_000 {
            // Any bit pattern (every exponent, subnormals, NaNs).
            check(Double(bitPattern: random.next()))
            check(Double(bitPattern: random.next() >> 12))  // subnormal
            // What a preview holds: positions, velocities and angles of a few decimal orders.
            let scale = [1e-12, 1e-6, 1e-3, 1, 10, 100, 1000, 1e5, 1e9][Int(random.next() % 9)]
            check((random.unit() * 2 - 1) * scale)
            // Decimals of few digits and their neighbours (half-way cases of the 15th digit).
            let decimal = Double(Int64(random.next() % 2_000_000_000_000) - 1_000_000_000_000) / 1e6
            check(decimal)
            check(decimal.nextUp)
            check(decimal.nextDown)
            let halfway = (Double(random.next() % 1_000_000_000_000_000) + 0.5) / 1e15
            check(halfway)
            check(halfway.nextUp)
            check(halfway.nextDown)
        }
        #expect(
            mismatches.isEmpty,
            "first mismatches: \(mismatches.map { "\($0) fast \(Self.fast($0)) jansson \(Self.jansson($0))" })")
    }

    /// Two boxes falling into the reference bounds, one turning, many real numbers and contact events.
    static let falling = """
        {"name": "Falling, \\"quoted\\" & <odd>", "referenceView": {"width": 200, "height": 300},
         "items": [{"id": "low", "center": [100, 200], "size": [60, 60]},
                   {"id": "h\\u00e9 \\"gh\\"\\n", "center": [100, 80], "size": [40, 40], "angle": 0.3, "collisionBounds": "ellipse"},
                   {"id": "idle", "center": [30, 30], "size": [20, 20]}],
         "behaviors": [{"type": "gravity", "items": ["low", "h\\u00e9 \\"gh\\"\\n"]},
                       {"type": "collision", "items": ["low", "h\\u00e9 \\"gh\\"\\n"], "translatesReferenceBoundsIntoBoundary": true,
                        "boundaries": [{"id": "ramp", "path": [[0, 250], [60, 300], [0, 300]]}]}]}
        """

    @Test func jsonIsTheBytesJanssonWritesForTheServersValueWithALineBreakPerElement() throws {
        for request in [SimulationRequest(frames: 90), SimulationRequest(frames: 40, every: 7)] {
            let lint = Linter.lint(Array(Self.falling.utf8), fileName: "test.dynamics.json")
            let preview = try #require(try PreviewResult.preview(lint, request))
            let run = try #require(preview.run)
            #expect(run.events.count > 0)
            #expect(run.itemIDs.contains("h\u{e9} \"gh\"\n"))
            let written = PreviewJSONEncoder().encode(preview)
            // JSON strings hold no raw line break, so the encoder's line breaks are all between elements.
            #expect(written.last == 0x0A)
            #expect(written.filter { $0 != 0x0A } == PreviewJSONEncoder().value(preview).serialized())
            // Written piece by piece (as the CLI writes it), the same bytes.
            var pieces: [[UInt8]] = []
            PreviewJSONEncoder().encode(preview, chunkSize: 300) { pieces.append($0) }
            #expect(pieces.count > 3)
            #expect(Array(pieces.joined()) == written)
            // Every number read back (by jansson) within 1e-9 of the engine's.
            let root = try #require(JSONValue.parse(written)?.objectValue)
            let final = try #require(root["final"]?.objectValue)
            for (id, state) in zip(run.itemIDs, run.final.items) {
                let item = try #require(final[id]?.objectValue)
                let numbers =
                    ((item["center"]?.arrayValue ?? []) + [item["angle"] ?? .null]
                    + (item["velocity"]?.arrayValue ?? [])
                    + [item["angularVelocity"] ?? .null]).compactMap(\.numberValue)
                let expected = [
                    state.center.x, state.center.y, state.angle, state.velocity.x, state.velocity.y,
                    state.angularVelocity,
                ]
                #expect(numbers.count == 6)
                for (number, value) in zip(numbers, expected) {
                    #expect(abs(number - value) <= 1e-9 * max(1, abs(value)), "\(id): \(number) vs \(value)")
                }
            }
        }
    }
}
