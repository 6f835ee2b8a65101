// The framer of newline-delimited JSON-RPC (the Model Context Protocol's stdio transport): one message per
// line, no headers.
//
// Design: like `MessageFramer`, it is fed chunks of any size and yields the same events whatever the split. A
// line ends at LF; a CR right before it is dropped, and lines of nothing but blanks are skipped. A line longer
// than `maximumLineLength` is reported once its end arrives (`.bodyTooLarge`) and is never held: its bytes are
// counted off, so one oversized message costs no memory and the stream stays in step.

/// Cuts a byte stream into message bodies, one per line.
package struct LineFramer: Sendable {
    /// The longest line kept: 256 MiB, as `MessageFramer`'s largest body.
    package static let defaultMaximumLineLength = MessageFramer.defaultMaximumBodyLength

    /// The longest line whose bytes are kept.
    package let maximumLineLength: Int
    private var line: [UInt8] = []
    /// The length so far of a line past the limit (its bytes are dropped), nil while the line is kept.
    private var discardedLength: Int?

    /// - Parameter maximumLineLength: the longest line kept (tests lower it).
    package init(maximumLineLength: Int = LineFramer.defaultMaximumLineLength) {
        self.maximumLineLength = maximumLineLength
    }

    /// Whether nothing but blanks is pending (a stream that ends here ends cleanly).
    package var isBetweenMessages: Bool {
        discardedLength == nil && line.allSatisfy(LineFramer.isBlank)
    }

    /// Feeds the next chunk of the stream; returns the lines completed inside it, in order.
    package mutating func consume<Bytes: Collection>(_ chunk: Bytes) -> [FramingEvent] where Bytes.Element == UInt8 {
        var events: [FramingEvent] = []
        var start = chunk.startIndex
        while start != chunk.endIndex {
            let newline = chunk[start...].firstIndex(of: 0x0A)
            let end = newline ?? chunk.endIndex
            append(chunk[start..<end])
            guard let newline else { break }
            if let event = endOfLine() { events.append(event) }
            start = chunk.index(after: newline)
        }
        return events
    }

    private mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if let length = discardedLength {
            discardedLength = length + bytes.count
        } else if line.count + bytes.count > maximumLineLength {
            discardedLength = line.count + bytes.count
            line = []
        } else {
            line.append(contentsOf: bytes)
        }
    }

    private mutating func endOfLine() -> FramingEvent? {
        defer {
            line.removeAll(keepingCapacity: line.capacity <= 1 << 20)
            discardedLength = nil
        }
        if let length = discardedLength { return .bodyTooLarge(length: length) }
        if line.last == 0x0D { line.removeLast() }
        if line.allSatisfy(LineFramer.isBlank) { return nil }
        return .body(line)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// The framing of one outgoing body: the body and a line feed. Compact JSON holds no raw line break (one
    /// inside a string is written `\n`), so the body is one line.
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        body + [0x0A]
    }
}
