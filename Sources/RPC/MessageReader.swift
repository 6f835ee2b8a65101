/// How messages are cut out of a byte stream.
package enum Framing: Sendable {
    /// `Content-Length` header blocks (the language server protocol): `MessageFramer`.
    case contentLength
    /// One message per line (the Model Context Protocol's stdio transport): `LineFramer`.
    case newline
}

/// Turns a byte stream into JSON-RPC messages: framing (`MessageFramer` or `LineFramer`) then decoding
/// (`Message.decode`).
///
/// Every problem becomes a `MessageDecodingFailure` carrying the error response the peer gets; the reader
/// then goes on with the next header block (or line), so one bad message never stops the stream.
package struct MessageReader: Sendable {
    package enum Event: Equatable, Sendable {
        case message(Message)
        case failure(MessageDecodingFailure)
    }

    private var framer: MessageFramer
    private var lineFramer: LineFramer?

    package init(maximumBodyLength: Int = MessageFramer.defaultMaximumBodyLength, framing: Framing = .contentLength) {
        framer = MessageFramer(maximumBodyLength: maximumBodyLength)
        if case .newline = framing { lineFramer = LineFramer(maximumLineLength: maximumBodyLength) }
    }

    /// Whether nothing partial is pending (a stream that ends here ends cleanly).
    package var isBetweenMessages: Bool { lineFramer?.isBetweenMessages ?? framer.isBetweenMessages }

    /// Feeds the next chunk of the stream; returns the messages and failures completed inside it, in order.
    package mutating func consume<Bytes: Collection>(_ chunk: Bytes) -> [Event] where Bytes.Element == UInt8 {
        if lineFramer != nil {
            return lineFramer!.consume(chunk).map { framing in
                switch framing {
                case .body(let body): decoded(body)
                case .invalidHeader(let reason): .failure(MessageDecodingFailure(id: nil, error: .parseError(reason)))
                case .bodyTooLarge(let length):
                    .failure(
                        MessageDecodingFailure(
                            id: nil,
                            error: .parseError(
                                "A line of \(length) bytes exceeds the limit of \(framer.maximumBodyLength) bytes; it was skipped"
                            )))
                }
            }
        }
        return framer.consume(chunk).map { framing in
            switch framing {
            case .body(let body):
                return decoded(body)
            case .invalidHeader(let reason):
                return .failure(MessageDecodingFailure(id: nil, error: .parseError("Invalid header block: \(reason)")))
            case .bodyTooLarge(let length):
                return .failure(
                    MessageDecodingFailure(
                        id: nil,
                        error: .parseError(
                            "Content-Length \(length) exceeds the limit of \(framer.maximumBodyLength) bytes; the body was skipped"
                        )))
            }
        }
    }

    private func decoded(_ body: [UInt8]) -> Event {
        switch Message.decode(body: body) {
        case .success(let message): .message(message)
        case .failure(let failure): .failure(failure)
        }
    }
}
