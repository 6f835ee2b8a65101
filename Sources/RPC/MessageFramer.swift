// The byte-level state machine that cuts a stream into `Content-Length` framed message bodies.
//
// Design: the framer is fed chunks of any size (one byte, a whole read, a chunk that ends mid-header or
// mid-body) and yields the same events whatever the split, because every decision is taken per byte or per
// complete header line. It never holds more than one header block (at most `maximumHeaderBlock` bytes) and
// one body (at most `maximumBodyLength` bytes): a larger `Content-Length` is reported at once and its body is
// counted off without being stored. Between messages, stray line breaks and blanks are skipped, so a client
// that ends each body with a newline still frames cleanly. After a malformed block the framer resynchronises
// at the next `Content-Length:`: a line that is garbage (no header name, or a bare LF inside it) and runs into
// one starts a new block there, so every well-formed message after the bad one is read.

/// Something the framer recognised in the byte stream.
package enum FramingEvent: Equatable, Sendable {
    /// A complete message body (not yet checked to be JSON).
    case body([UInt8])
    /// A header block that cannot frame a message (no valid `Content-Length`, a malformed line...).
    /// Reading goes on with the next header block.
    case invalidHeader(String)
    /// A header block whose `Content-Length` exceeds the limit: its body is skipped, unread.
    case bodyTooLarge(length: Int)
}

/// Cuts a byte stream into message bodies framed by `Content-Length` header blocks (LSP base protocol).
package struct MessageFramer: Sendable {
    /// The largest body held in memory: 256 MiB.
    package static let defaultMaximumBodyLength = 256 * 1024 * 1024
    /// The largest header block kept; a longer one is invalid (and read through to its end).
    package static let maximumHeaderBlock = 16 * 1024

    private enum State: Sendable {
        /// Between messages: blanks and line breaks are skipped until a header line starts.
        case idle
        /// Inside a header block; `line` holds the current line (without its CR LF).
        case header
        /// Collecting a body of `remaining` more bytes.
        case body(remaining: Int)
        /// Throwing away `remaining` more bytes of an oversized body.
        case discarding(remaining: Int)
    }

    /// The largest `Content-Length` whose body is kept.
    package let maximumBodyLength: Int
    private var state: State = .idle
    /// How much of an overlong line is kept (its tail, where the next header block may begin).
    private static let keptLineTail = 256
    /// The current header line so far (only its tail once the block is over the limit).
    private var line: [UInt8] = []
    /// Whether the previous header byte was a CR (the next LF then ends the line).
    private var pendingCarriageReturn = false
    /// The block's bytes so far, for the size limit.
    private var headerBlockSize = 0
    /// The first problem seen in the current header block (reported when the block ends).
    private var headerProblem: String?
    private var contentLength: Int?
    private var conflictingLengths = false
    private var body: [UInt8] = []

    /// - Parameter maximumBodyLength: the largest `Content-Length` whose body is kept (tests lower it).
    package init(maximumBodyLength: Int = MessageFramer.defaultMaximumBodyLength) {
        self.maximumBodyLength = maximumBodyLength
    }

    /// Whether the framer stands between messages (nothing partial is buffered or pending).
    package var isBetweenMessages: Bool {
        if case .idle = state { return true }
        return false
    }

    /// Feeds the next chunk of the stream; returns what completed inside it, in order.
    package mutating func consume<Bytes: Collection>(_ chunk: Bytes) -> [FramingEvent] where Bytes.Element == UInt8 {
        var events: [FramingEvent] = []
        var index = chunk.startIndex
        while index != chunk.endIndex {
            switch state {
            case .idle:
                let byte = chunk[index]
                if byte == 0x0D || byte == 0x0A || byte == 0x20 || byte == 0x09 {
                    index = chunk.index(after: index)
                } else {
                    beginHeaderBlock()
                }
            case .header:
                let byte = chunk[index]
                index = chunk.index(after: index)
                if let event = consumeHeaderByte(byte) { events.append(event) }
            case .body(let remaining):
                let available = chunk.distance(from: index, to: chunk.endIndex)
                let take = min(available, remaining)
                let end = chunk.index(index, offsetBy: take)
                body.append(contentsOf: chunk[index..<end])
                index = end
                if take == remaining {
                    events.append(.body(body))
                    body = []
                    state = .idle
                } else {
                    state = .body(remaining: remaining - take)
                }
            case .discarding(let remaining):
                let available = chunk.distance(from: index, to: chunk.endIndex)
                let take = min(available, remaining)
                index = chunk.index(index, offsetBy: take)
                state = take == remaining ? .idle : .discarding(remaining: remaining - take)
            }
        }
        return events
    }

    private mutating func beginHeaderBlock() {
        state = .header
        line.removeAll(keepingCapacity: true)
        pendingCarriageReturn = false
        headerBlockSize = 0
        headerProblem = nil
        contentLength = nil
        conflictingLengths = false
    }

    /// One byte of a header block; returns an event when the byte completes one.
    private mutating func consumeHeaderByte(_ byte: UInt8) -> FramingEvent? {
        headerBlockSize += 1
        if pendingCarriageReturn {
            pendingCarriageReturn = false
            if byte == 0x0A { return endOfLine() }
            // A CR not followed by LF belongs to the line's text (which makes the line malformed).
            appendToLine(0x0D)
        }
        if byte == 0x0D {
            pendingCarriageReturn = true
        } else {
            appendToLine(byte)
        }
        return nil
    }

    private mutating func appendToLine(_ byte: UInt8) {
        line.append(byte)
        if headerBlockSize > MessageFramer.maximumHeaderBlock {
            noteProblem("the header block is longer than \(MessageFramer.maximumHeaderBlock) bytes")
            // Keep only the line's tail, where a following header block may start.
            if line.count > MessageFramer.keptLineTail * 16 {
                line.removeFirst(line.count - MessageFramer.keptLineTail)
            }
        }
    }

    private mutating func noteProblem(_ problem: String) {
        if headerProblem == nil { headerProblem = problem }
    }

    /// A header line (or the blank line ending the block) is complete.
    private mutating func endOfLine() -> FramingEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return endHeaderBlock() }
        // Text that is not a header line, glued to the start of a real header block (a body whose header was
        // unusable, so it was never read as a body), or a line holding bare line feeds (a block framed with LF
        // alone runs on into the next one): report it and resume at the last `Content-Length` it runs into.
        if let resume = MessageFramer.contentLengthStart(in: line), resume > 0,
            MessageFramer.fieldName(of: line[...]) == nil || line[..<resume].contains(0x0A)
        {
            let resumed = line[resume...]
            let problem =
                headerProblem
                ?? (line[..<resume].contains(0x0A)
                    ? "a header line ends with a line feed alone, not CR LF"
                    : "text that is not a header line precedes a header block")
            // The garbage's own Content-Length (if any) cannot be trusted to skip anything.
            beginHeaderBlock()
            headerBlockSize = resumed.count + 2
            parseHeaderLine(resumed)
            return .invalidHeader(problem)
        }
        parseHeaderLine(line[...])
        return nil
    }

    /// The lowercased field name of a `Name: value` line whose name is a token, else nil.
    private static func fieldName(of line: ArraySlice<UInt8>) -> [UInt8]? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { return nil }
        return asciiLowercased(name)
    }

    /// Where `content-length:` (any case) last starts in `line`.
    private static func contentLengthStart(in line: [UInt8]) -> Int? {
        let needle = Array("content-length:".utf8)
        guard line.count >= needle.count else { return nil }
        for start in stride(from: line.count - needle.count, through: 0, by: -1) {
            var matches = true
            for (offset, expected) in needle.enumerated() {
                let byte = line[start + offset]
                let lowered = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                if lowered != expected {
                    matches = false
                    break
                }
            }
            if matches { return start }
        }
        return nil
    }

    /// Parses one complete `Name: value` line of the current block.
    private mutating func parseHeaderLine(_ line: ArraySlice<UInt8>) {
        guard let name = MessageFramer.fieldName(of: line) else {
            noteProblem(line.contains(UInt8(ascii: ":")) ? "a header name is not a token" : "a header line has no ':'")
            return
        }
        guard name == Array("content-length".utf8) else {
            // Content-Type and any other header are accepted and ignored.
            return
        }
        var value = line[(line.firstIndex(of: UInt8(ascii: ":"))! + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        guard !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            noteProblem("Content-Length is not a number")
            return
        }
        // Leading zeros are harmless; past 18 significant digits the number cannot be an Int.
        let digits = value.drop(while: { $0 == 0x30 })
        guard digits.count <= 18 else {
            noteProblem("Content-Length \(String(decoding: value, as: UTF8.self)) is not a usable length")
            return
        }
        let length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        if let previous = contentLength, previous != length {
            noteProblem("the header block has two different Content-Length values")
            conflictingLengths = true
            return
        }
        contentLength = length
    }

    private mutating func endHeaderBlock() -> FramingEvent? {
        let length = conflictingLengths ? nil : contentLength
        if let problem = headerProblem {
            // A block that is malformed elsewhere but states its length unambiguously: skip its body so the
            // stream stays in step.
            state = length.map { $0 > 0 ? .discarding(remaining: $0) : .idle } ?? .idle
            return .invalidHeader(problem)
        }
        guard let length else {
            state = .idle
            return .invalidHeader("the header block has no Content-Length")
        }
        if length > maximumBodyLength {
            state = .discarding(remaining: length)
            return .bodyTooLarge(length: length)
        }
        if length == 0 {
            state = .idle
            return .body([])
        }
        // Reserve modestly: the length is the client's claim, the bytes may never come.
        body = []
        body.reserveCapacity(min(length, 1 << 20))
        state = .body(remaining: length)
        return nil
    }

    /// RFC 9110 token characters (header field names).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func asciiLowercased(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    /// The framing of one outgoing body: its header block followed by the body.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: body)
        return bytes
    }
}
