import TestSupport
// Seeded randomized tests of the framer and the reader: random and mutated byte streams, fed in random
// chunk sizes, never crash or hang, give the same events whatever the chunking, and every well-framed
// message that follows a bad header block the spec lets us read past still comes out.
//
// The generator is a fixed-seed SplitMix64, so a failure reproduces: each failure message carries the seed
// of the case and its input bytes.
import Testing

@testable import RPC

/// The events of a fresh framer fed `bytes` in random chunks (of 1 to `maximumChunk` bytes).
private func frameInChunks(
    _ bytes: [UInt8], random: inout SplitMix64, maximumChunk: Int, maximumBodyLength: Int
) -> [FramingEvent] {
    var framer = MessageFramer(maximumBodyLength: maximumBodyLength)
    var events: [FramingEvent] = []
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + 1 + random.below(maximumChunk))
        events += framer.consume(bytes[start..<end])
        start = end
    }
    return events
}

private func frameWhole(_ bytes: [UInt8], maximumBodyLength: Int) -> [FramingEvent] {
    var framer = MessageFramer(maximumBodyLength: maximumBodyLength)
    return framer.consume(bytes)
}

private func framedBody(_ body: [UInt8], contentType: Bool = false) -> [UInt8] {
    var header = contentType ? "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n" : ""
    header += "Content-Length: \(body.count)\r\n\r\n"
    return Array(header.utf8) + body
}

/// Bytes shown in a failure message: printable ASCII as is, the rest escaped.
private func shown(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        switch byte {
        case 0x0D: "\\r"
        case 0x0A: "\\n"
        case 0x5C: "\\\\"
        case 0x20..<0x7F: String(UnicodeScalar(byte))
        default: "\\x" + String(byte, radix: 16)
        }
    }.joined()
}

/// What an expected event must be, without pinning the exact wording of invalid-header reasons.
private enum Expected: Equatable {
    case body([UInt8])
    case invalid
    case tooLarge(Int)

    func matches(_ event: FramingEvent) -> Bool {
        switch (self, event) {
        case (.body(let expected), .body(let actual)): expected == actual
        case (.invalid, .invalidHeader(let reason)): !reason.isEmpty
        case (.tooLarge(let expected), .bodyTooLarge(let actual)): expected == actual
        default: false
        }
    }
}

@Suite("Framing fuzz (seeded)")
struct FuzzFramingTests {
    static let maximumBody = 4096
    static let bodyAlphabet: [UInt8] = Array("{}[]\":,0123456789 abcé\r\n\\\t".utf8) + [0x00, 0xFF, 0xC3]
    static let noiseAlphabet: [UInt8] =
        Array("Content-Length: 0123456789\r\n\r\n:; {}xyzCONTENT-length\t".utf8) + [0x00, 0xFF]

    private static func randomBody(_ random: inout SplitMix64, maximum: Int = 200) -> [UInt8] {
        (0..<random.below(maximum + 1)).map { _ in random.pick(bodyAlphabet) }
    }

    /// Text without CR or LF, starting with a non-blank byte and never holding `content-length:`.
    private static func randomLineGarbage(_ random: inout SplitMix64, first: UInt8? = nil) -> [UInt8] {
        let alphabet: [UInt8] = Array("abcXYZ0123456789:;{}\"'!#-_ ,.é".utf8) + [0x00, 0x7F, 0xFF, 0x09]
        while true {
            var garbage = [first ?? random.pick(Array("ab{:!x9".utf8))]
            garbage += (0..<random.below(120)).map { _ in random.pick(alphabet) }
            if !String(decoding: garbage, as: UTF8.self).lowercased().contains("content-length") { return garbage }
        }
    }

    @Test("random byte streams give the same events whatever the chunking, for the framer and the reader")
    func randomStreams() {
        let seed: UInt64 = 0x1A2B_3C4D
        var random = SplitMix64(seed: seed)
        for round in 0..<50_000 {
            var bytes: [UInt8] = []
            let length = random.below(300)
            while bytes.count < length {
                switch random.below(5) {
                case 0: bytes += Array("Content-Length: \(random.below(40))\r\n".utf8)
                case 1: bytes += Array("\r\n".utf8)
                case 2: bytes.append(UInt8(truncatingIfNeeded: random.next()))
                default: bytes.append(random.pick(Self.noiseAlphabet))
                }
            }
            let whole = frameWhole(bytes, maximumBodyLength: 30)
            let chunked = frameInChunks(
                bytes, random: &random, maximumChunk: 1 + random.below(16), maximumBodyLength: 30)
            #expect(chunked == whole, "seed \(seed) round \(round): \(shown(bytes))")
            if chunked != whole { return }

            var wholeReader = MessageReader(maximumBodyLength: 30)
            var chunkReader = MessageReader(maximumBodyLength: 30)
            let wholeMessages = wholeReader.consume(bytes)
            var chunkMessages: [MessageReader.Event] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + random.below(7))
                chunkMessages += chunkReader.consume(bytes[start..<end])
                start = end
            }
            #expect(chunkMessages == wholeMessages, "seed \(seed) round \(round) (reader): \(shown(bytes))")
            #expect(wholeReader.isBetweenMessages == chunkReader.isBetweenMessages)
            // A reader reports one event per framing event: nothing is dropped silently.
            #expect(wholeMessages.count == whole.count, "seed \(seed) round \(round): \(shown(bytes))")
            if chunkMessages != wholeMessages { return }
        }
    }

    @Test("well-framed messages come out intact after every kind of bad header block the spec reads past")
    func messagesAfterBadHeaders() {
        let seed: UInt64 = 0xF00D_5EED
        var random = SplitMix64(seed: seed)
        let maximum = Self.maximumBody
        for round in 0..<6_000 {
            var stream: [UInt8] = []
            var expected: [Expected] = []
            for _ in 0..<(1 + random.below(6)) {
                switch random.below(10) {
                case 0, 1:  // A good message, sometimes with a Content-Type first.
                    let body = Self.randomBody(&random)
                    stream += framedBody(body, contentType: random.chance(30))
                    expected.append(.body(body))
                case 2:  // A line of garbage ending a header block: no Content-Length.
                    stream += Self.randomLineGarbage(&random) + Array("\r\n\r\n".utf8)
                    expected.append(.invalid)
                case 3:  // A stray body glued to the next header block (its own header was unusable).
                    let body = Self.randomBody(&random).filter { $0 != 0x0D && $0 != 0x0A }
                    stream += Self.randomLineGarbage(&random, first: UInt8(ascii: "{"))
                    stream += framedBody(body)
                    expected += [.invalid, .body(body)]
                case 4:  // A length above the limit: reported, its body counted off.
                    let length = maximum + 1 + random.below(300)
                    stream += Array("Content-Length: \(length)\r\n\r\n".utf8)
                    stream += (0..<length).map { _ in random.pick(Self.bodyAlphabet) }
                    expected.append(.tooLarge(length))
                case 5:  // A length that is not a number.
                    let value = random.pick(["12x", "-3", "", "1.5", "0x10", "١٢", "123456789012345678901234"])
                    stream += Array("Content-Length: \(value)\r\n\r\n".utf8)
                    expected.append(.invalid)
                case 6:  // A malformed line beside a usable length: the body is skipped.
                    let body = Self.randomBody(&random)
                    let bad = random.pick(["no colon here", ": empty name", "Bad Name: x", "Content-Length 9"])
                    let lines =
                        random.chance(50)
                        ? "\(bad)\r\nContent-Length: \(body.count)\r\n\r\n"
                        : "Content-Length: \(body.count)\r\n\(bad)\r\n\r\n"
                    stream += Array(lines.utf8) + body
                    expected.append(.invalid)
                case 7:  // Two different lengths, then the stray body runs into the next good message.
                    let stray = [UInt8(ascii: "{")] + Self.randomBody(&random).filter { $0 != 0x0D && $0 != 0x0A }
                    let body = Self.randomBody(&random)
                    stream += Array("Content-Length: \(stray.count)\r\nContent-Length: \(stray.count + 1)\r\n\r\n".utf8)
                    stream += stray + framedBody(body)
                    expected += [.invalid, .invalid, .body(body)]
                case 8:  // A block framed with LF alone runs into the next good message, which still comes out.
                    let stray = Self.randomBody(&random).filter { $0 != 0x0D && $0 != 0x0A }
                    let body = Self.randomBody(&random)
                    stream += Array("Content-Length: \(stray.count)\n\n".utf8) + stray + framedBody(body)
                    expected += [.invalid, .body(body)]
                default:  // Blank lines and blanks between messages, then a good message.
                    let blanks = (0..<(1 + random.below(6))).map { _ in random.pick(Array(" \t\r\n".utf8)) }
                    let body = Self.randomBody(&random)
                    stream += blanks + framedBody(body)
                    expected.append(.body(body))
                }
            }
            let events = frameInChunks(
                stream, random: &random, maximumChunk: 1 + random.below(64), maximumBodyLength: maximum)
            let matches = events.count == expected.count && zip(expected, events).allSatisfy { $0.matches($1) }
            #expect(
                matches,
                "seed \(seed) round \(round): expected \(expected.count) events, got \(events): \(shown(stream))")
            if !matches { return }
        }
    }

    @Test("mutated valid streams never crash and frame the same whatever the chunking")
    func mutatedStreams() {
        let seed: UInt64 = 0xBADC_0FFE
        var random = SplitMix64(seed: seed)
        for round in 0..<22_000 {
            var stream: [UInt8] = []
            for _ in 0..<(1 + random.below(4)) {
                stream += framedBody(Self.randomBody(&random, maximum: 60), contentType: random.chance(30))
            }
            for _ in 0..<(1 + random.below(4)) where !stream.isEmpty {
                let at = random.below(stream.count)
                switch random.below(6) {
                case 0: stream.remove(at: at)
                case 1: stream.insert(random.pick(Self.noiseAlphabet), at: at)
                case 2: stream[at] = UInt8(truncatingIfNeeded: random.next())
                case 3:
                    stream.insert(
                        contentsOf: Array("Content-Length: \(random.pick([0, 1, 5, 99, 1 << 40]))\r\n".utf8), at: at)
                case 4: stream.removeSubrange(at..<min(stream.count, at + random.below(12)))
                default: stream.insert(contentsOf: Array(random.pick(["\r\n\r\n", "\n", "\r", "\r\r\n"]).utf8), at: at)
                }
            }
            let whole = frameWhole(stream, maximumBodyLength: 64)
            let chunked = frameInChunks(
                stream, random: &random, maximumChunk: 1 + random.below(10), maximumBodyLength: 64)
            #expect(chunked == whole, "seed \(seed) round \(round): \(shown(stream))")
            if chunked != whole { return }
        }
    }

    @Test("a huge stated length is reported at once and never allocated, whatever follows")
    func hugeLengths() {
        for length in [MessageFramer.defaultMaximumBodyLength + 1, Int(Int32.max), 999_999_999_999_999_999] {
            var framer = MessageFramer()
            let events = framer.consume(Array("Content-Length: \(length)\r\n\r\n{\"jsonrpc\":\"2.0\"}".utf8))
            #expect(events == [.bodyTooLarge(length: length)])
            #expect(!framer.isBetweenMessages)
        }
    }
}
