/// Turns a byte stream into JSON-RPC messages: framing (`MessageFramer`) then decoding (`Message.decode`).
///
/// Every problem becomes a `MessageDecodingFailure` carrying the error response the peer gets; the reader
/// then goes on with the next header block, so one bad message never stops the stream.
package struct MessageReader: Sendable {
    package enum Event: Equatable, Sendable {
        case message(Message)
        case failure(MessageDecodingFailure)
    }

    private var framer: MessageFramer

    package init(maximumBodyLength: Int = MessageFramer.defaultMaximumBodyLength) {
        framer = MessageFramer(maximumBodyLength: maximumBodyLength)
    }

    /// Whether nothing partial is pending (a stream that ends here ends cleanly).
    package var isBetweenMessages: Bool { framer.isBetweenMessages }

    /// Feeds the next chunk of the stream; returns the messages and failures completed inside it, in order.
    package mutating func consume<Bytes: Collection>(_ chunk: Bytes) -> [Event] where Bytes.Element == UInt8 {
        framer.consume(chunk).map { framing in
            switch framing {
            case .body(let body):
                switch Message.decode(body: body) {
                case .success(let message): return .message(message)
                case .failure(let failure): return .failure(failure)
                }
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
}
