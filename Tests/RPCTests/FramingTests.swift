import Testing

@testable import RPC

/// Frames `body` with a header block (optionally with extra header lines before the length).
func framed(_ body: String, headers: [String] = []) -> [UInt8] {
    let lines = headers + ["Content-Length: \(body.utf8.count)"]
    return Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
}

/// Feeds `bytes` to a fresh framer in the given chunks and returns every event.
func frame(
    _ bytes: [UInt8], splitAt cuts: [Int] = [], maximumBodyLength: Int = MessageFramer.defaultMaximumBodyLength
) -> [FramingEvent] {
    var framer = MessageFramer(maximumBodyLength: maximumBodyLength)
    var events: [FramingEvent] = []
    var start = 0
    for cut in cuts + [bytes.count] {
        events += framer.consume(bytes[start..<cut])
        start = cut
    }
    return events
}

@Suite("Content-Length framing")
struct FramingTests {
    static let first = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
    static let second = #"{"jsonrpc":"2.0","method":"initialized","params":{"é":"→"}}"#

    @Test("two messages give the same bodies whatever byte they are split at")
    func splitAtEveryByte() {
        let stream =
            framed(Self.first)
            + framed(Self.second, headers: ["Content-Type: application/vscode-jsonrpc; charset=utf-8"])
        let expected: [FramingEvent] = [.body(Array(Self.first.utf8)), .body(Array(Self.second.utf8))]
        #expect(frame(stream) == expected)
        for cut in 0...stream.count {
            #expect(frame(stream, splitAt: [cut]) == expected, "split at byte \(cut)")
        }
        #expect(frame(stream, splitAt: Array(1..<stream.count)) == expected, "one byte at a time")
    }

    @Test("a bad header block in the middle is reported at the same place whatever the split")
    func errorsSplitAtEveryByte() {
        let stream = framed(Self.first) + Array("Content-Type: x\r\n\r\n".utf8) + framed(Self.second)
        let expected: [FramingEvent] = [
            .body(Array(Self.first.utf8)), .invalidHeader("the header block has no Content-Length"),
            .body(Array(Self.second.utf8)),
        ]
        for cut in 0...stream.count {
            #expect(frame(stream, splitAt: [cut]) == expected, "split at byte \(cut)")
        }
    }

    @Test("header names are case-insensitive, blanks around the value are allowed and other headers are ignored")
    func headerSpelling() {
        let body = #"{"a":1}"#
        let stream = Array("CONTENT-TYPE: text/plain\r\ncontent-length:   7 \r\nX-Other: y\r\n\r\n\(body)".utf8)
        #expect(frame(stream) == [.body(Array(body.utf8))])
    }

    @Test("header blocks without a usable Content-Length are reported and the next block is read")
    func invalidHeaders() {
        let cases: [(String, String)] = [
            ("Content-Type: application/json\r\n\r\n", "the header block has no Content-Length"),
            ("Content-Length: abc\r\n\r\n", "Content-Length is not a number"),
            ("Content-Length: -5\r\n\r\n", "Content-Length is not a number"),
            ("Content-Length: 12x\r\n\r\n", "Content-Length is not a number"),
            ("Content-Length:\r\n\r\n", "Content-Length is not a number"),
            ("Content-Length 5\r\n\r\n", "a header line has no ':'"),
            (": 5\r\n\r\n", "a header name is not a token"),
            (
                "Content-Length: 5\r\nContent-Length: 6\r\n\r\n",
                "the header block has two different Content-Length values"
            ),
            (
                "Content-Length: 123456789012345678901234567890\r\n\r\n",
                "Content-Length 123456789012345678901234567890 is not a usable length"
            ),
        ]
        for (header, problem) in cases {
            let stream = Array(header.utf8) + framed(Self.second)
            #expect(
                frame(stream) == [.invalidHeader(problem), .body(Array(Self.second.utf8))], "\(header.debugDescription)"
            )
        }
    }

    @Test("the same Content-Length twice is accepted")
    func repeatedEqualLength() {
        let stream = Array("Content-Length: 7\r\nContent-Length: 007\r\n\r\n{\"a\":1}".utf8)
        #expect(frame(stream) == [.body(Array(#"{"a":1}"#.utf8))])
    }

    @Test("line breaks and blanks between messages are skipped")
    func strayLineBreaks() {
        let stream = Array("\r\n".utf8) + framed(Self.first) + Array("\n\r\n  ".utf8) + framed(Self.second)
        #expect(frame(stream) == [.body(Array(Self.first.utf8)), .body(Array(Self.second.utf8))])
    }

    @Test("a zero Content-Length gives an empty body")
    func emptyBody() {
        #expect(
            frame(Array("Content-Length: 0\r\n\r\n".utf8) + framed(Self.first)) == [
                .body([]), .body(Array(Self.first.utf8)),
            ])
    }

    @Test("a Content-Length above the limit is reported at once and its body skipped unread")
    func oversizedBody() {
        let skipped = String(repeating: "x", count: 100)
        let stream = Array("Content-Length: 100\r\n\r\n\(skipped)".utf8) + framed(Self.first)
        for cut in 0...stream.count {
            #expect(
                frame(stream, splitAt: [cut], maximumBodyLength: 64) == [
                    .bodyTooLarge(length: 100), .body(Array(Self.first.utf8)),
                ])
        }
    }

    @Test("a 300 MiB Content-Length on a short stream is reported without waiting for the body")
    func hugeLengthShortStream() {
        var framer = MessageFramer()
        let events = framer.consume(Array("Content-Length: 314572800\r\n\r\n{\"jsonrpc\":\"2.0\"}".utf8))
        #expect(events == [.bodyTooLarge(length: 314_572_800)])
        // The rest of the stream is still being skipped: nothing is delivered from it.
        #expect(framer.consume(framed(Self.first)).isEmpty)
        #expect(!framer.isBetweenMessages)
    }

    @Test("a header block longer than the limit is invalid and the stream recovers after it")
    func overlongHeaderBlock() {
        let header = "X-Padding: " + String(repeating: "p", count: MessageFramer.maximumHeaderBlock) + "\r\n\r\n"
        let stream = Array(header.utf8) + framed(Self.first)
        #expect(
            frame(stream) == [
                .invalidHeader("the header block is longer than \(MessageFramer.maximumHeaderBlock) bytes"),
                .body(Array(Self.first.utf8)),
            ])
    }

    @Test("a malformed block that states its length has its body skipped, keeping the stream in step")
    func malformedBlockWithLength() {
        let stream = Array("Content-Length: 7\r\nnot a header\r\n\r\n{\"a\":1}".utf8) + framed(Self.second)
        #expect(frame(stream) == [.invalidHeader("a header line has no ':'"), .body(Array(Self.second.utf8))])
    }

    @Test("a body whose header was unusable does not swallow the messages after it")
    func resynchronization() {
        // The first block has no Content-Length, so its body is read as header text running into the next block.
        let stream = Array("Content-Type: x\r\n\r\n\(Self.first)".utf8) + framed(Self.second) + framed(Self.first)
        let expected: [FramingEvent] = [
            .invalidHeader("the header block has no Content-Length"),
            .invalidHeader("text that is not a header line precedes a header block"),
            .body(Array(Self.second.utf8)),
            .body(Array(Self.first.utf8)),
        ]
        for cut in 0...stream.count {
            #expect(frame(stream, splitAt: [cut]) == expected, "split at byte \(cut)")
        }
    }

    @Test("a header block framed with LF alone loses none of the well-formed messages after it")
    func lineFeedOnlyHeader() {
        // `Content-Length: 2\n\n{}` never ends its header block: its text runs on into the next one.
        let stream = Array("Content-Length: 2\n\n{}".utf8) + framed(Self.first) + framed(Self.second)
        let expected: [FramingEvent] = [
            .invalidHeader("a header line ends with a line feed alone, not CR LF"),
            .body(Array(Self.first.utf8)),
            .body(Array(Self.second.utf8)),
        ]
        for cut in 0...stream.count {
            #expect(frame(stream, splitAt: [cut]) == expected, "split at byte \(cut)")
        }
    }

    @Test("a long run of text without line breaks still recovers at the next header block")
    func longGarbage() {
        let garbage = String(repeating: "garbage ", count: 5000)
        let stream = Array(garbage.utf8) + framed(Self.first)
        #expect(
            frame(stream) == [
                .invalidHeader("the header block is longer than \(MessageFramer.maximumHeaderBlock) bytes"),
                .body(Array(Self.first.utf8)),
            ])
    }

    @Test("a stream that ends inside a message is not between messages")
    func partialMessage() {
        var framer = MessageFramer()
        #expect(framer.isBetweenMessages)
        _ = framer.consume(Array("Content-Len".utf8))
        #expect(!framer.isBetweenMessages)
        _ = framer.consume(Array("gth: 2\r\n\r\n{".utf8))
        #expect(!framer.isBetweenMessages)
        #expect(framer.consume(Array("}".utf8)) == [.body(Array("{}".utf8))])
        #expect(framer.isBetweenMessages)
    }

    @Test("outgoing frames carry the body's byte count")
    func outgoingFrame() {
        let body = Array(#"{"é":1}"#.utf8)
        #expect(MessageFramer.frame(body) == Array("Content-Length: 8\r\n\r\n".utf8) + body)
        #expect(frame(MessageFramer.frame(body)) == [.body(body)])
    }
}
