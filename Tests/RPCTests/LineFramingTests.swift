import Testing

@testable import RPC

/// Feeds `bytes` to a fresh line framer in the given chunks and returns every event.
func frameLines(_ bytes: [UInt8], splitAt cuts: [Int] = [], maximumLineLength: Int = 1 << 20) -> [FramingEvent] {
    var framer = LineFramer(maximumLineLength: maximumLineLength)
    var events: [FramingEvent] = []
    var start = 0
    for cut in cuts + [bytes.count] {
        events += framer.consume(bytes[start..<cut])
        start = cut
    }
    return events
}

@Suite("Newline framing (MCP stdio)")
struct LineFramingTests {
    static let first = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
    static let second = #"{"jsonrpc":"2.0","method":"notifications/initialized","params":{"é":"→"}}"#

    @Test("two lines give the same bodies whatever byte they are split at, CR LF endings included")
    func splitAtEveryByte() {
        let stream = Array((Self.first + "\r\n" + Self.second + "\n").utf8)
        let expected: [FramingEvent] = [.body(Array(Self.first.utf8)), .body(Array(Self.second.utf8))]
        for cut in 0...stream.count {
            #expect(frameLines(stream, splitAt: [cut]) == expected, "split at byte \(cut)")
        }
        #expect(frameLines(stream, splitAt: Array(1..<stream.count)) == expected, "one byte at a time")
    }

    @Test("blank lines between messages are skipped and a line without its newline is still pending")
    func blanksAndPending() {
        var framer = LineFramer()
        #expect(framer.consume(Array("\n  \r\n\t\n".utf8)).isEmpty)
        #expect(framer.isBetweenMessages)
        #expect(framer.consume(Array(Self.first.utf8)).isEmpty)
        #expect(!framer.isBetweenMessages)
        #expect(framer.consume([0x0A]) == [.body(Array(Self.first.utf8))])
        #expect(framer.isBetweenMessages)
    }

    @Test("an overlong line is reported with its length, unkept, and the next line frames normally")
    func overlongLine() {
        let long = String(repeating: "x", count: 100)
        let stream = Array((long + "\n" + Self.first + "\n").utf8)
        let expected: [FramingEvent] = [.bodyTooLarge(length: 100), .body(Array(Self.first.utf8))]
        for cut in 0...stream.count {
            #expect(frameLines(stream, splitAt: [cut], maximumLineLength: 64) == expected, "split at byte \(cut)")
        }
    }

    @Test("an outgoing message is one line: compact JSON, its newlines escaped, then a line feed")
    func outgoingFrame() {
        let message = Message.notification(
            Notification(method: "m", params: .object(.init([("text", .string("a\nb"))]))))
        let bytes = LineFramer.frame(message.serialized())
        #expect(bytes.last == 0x0A)
        #expect(bytes.dropLast().contains(0x0A) == false)
        #expect(frameLines(bytes) == [.body(message.serialized())])
    }

    @Test("the reader answers a line that is not JSON with a parse error and reads the next line")
    func readerOverLines() {
        var reader = MessageReader(framing: .newline)
        let events = reader.consume(Array(("not json\n" + Self.first + "\n").utf8))
        #expect(events.count == 2)
        guard case .failure(let failure) = events.first else {
            Issue.record("expected a failure, got \(events)")
            return
        }
        #expect(failure.error.code == .parseError)
        #expect(failure.id == nil)
        guard case .message(.request(let request)) = events.last else {
            Issue.record("expected a request, got \(events)")
            return
        }
        #expect(request.method == "initialize")
    }
}
