// Standard input and output as a JSON-RPC connection, framed by `Content-Length` headers (LSP) or by lines (MCP).
//
// Design: reading is a plain blocking loop on the thread that calls `run` (the server's message loop):
// `read(2)` into a buffer, through `MessageReader`, each message handed to the handler in arrival order.
// Writing goes through `FileOutput`, which frames each message and writes it whole under a lock, so
// responses finished on background threads never interleave. A peer that vanished (EPIPE, with SIGPIPE
// ignored) closes the output: later messages are dropped instead of killing the process.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `MessageSink` writing framed messages to a file descriptor (standard output for the server).
package final class FileOutput: MessageSink {
    private let fileDescriptor: Int32
    private let framing: Framing
    private let state = Locked(false)  // closed?

    package init(fileDescriptor: Int32, framing: Framing = .contentLength) {
        self.fileDescriptor = fileDescriptor
        self.framing = framing
    }

    /// Whether a write failed (the peer went away); later messages are dropped.
    package var isClosed: Bool { state.current }

    package func send(_ message: Message) {
        let body = message.serialized()
        let bytes: [UInt8]
        switch framing {
        case .contentLength: bytes = MessageFramer.frame(body)
        case .newline: bytes = LineFramer.frame(body)
        }
        state.withLock { closed in
            guard !closed else { return }
            if !FileOutput.writeAll(bytes, to: fileDescriptor) { closed = true }
        }
    }

    /// Writes every byte (retrying interrupted and partial writes); false when the descriptor fails.
    private static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// A JSON-RPC connection over two file descriptors.
package final class Connection: Sendable {
    /// What the handler wants after a message.
    package enum Flow: Sendable {
        case proceed
        case stop
    }

    /// Why `run` returned.
    package enum Ending: Equatable, Sendable {
        /// The handler asked to stop (the server got `exit`).
        case stopped
        /// The input ended (or failed); `cleanly` is false when it ended inside a message.
        case endOfInput(cleanly: Bool)
    }

    private let input: Int32
    private let framing: Framing
    /// The serialized writer every response and notification goes through.
    package let output: FileOutput

    package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, framing: Framing = .contentLength) {
        self.input = input
        self.framing = framing
        self.output = FileOutput(fileDescriptor: output, framing: framing)
    }

    /// Reads messages on the calling thread until the input ends or `handle` returns `.stop`.
    ///
    /// Framing and decoding failures are answered here (−32700 / −32600 with the id when known, else `null`);
    /// a malformed response is only logged, since no peer answers a response.
    package func run(log: (String) -> Void, handle: (Message) -> Flow) -> Ending {
        var reader = MessageReader(framing: framing)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { log("Reading the input failed (errno \(errno)); stopping") }
            guard count > 0 else { return .endOfInput(cleanly: reader.isBetweenMessages) }
            for event in reader.consume(buffer[0..<count]) {
                switch event {
                case .message(let message):
                    if case .stop = handle(message) { return .stopped }
                case .failure(let failure):
                    log("Rejected a message: \(failure.error.message)")
                    if !failure.isResponse {
                        output.send(.response(Response(id: failure.id, error: failure.error)))
                    }
                }
            }
        }
    }
}
