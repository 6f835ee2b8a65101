import Dispatch
import JSON
import Testing

@testable import RPC

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file opened for reading and writing, removed when closed.
final class TemporaryFile {
    let descriptor: Int32

    init() throws {
        var template = Array("/tmp/impulse-rpc-XXXXXX".utf8CString)
        descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw TestFiles.Failure(description: "mkstemp failed") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    /// Everything written so far.
    func contents() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let count = pread(descriptor, &buffer, buffer.count, offset)
            if count <= 0 { break }
            bytes += buffer[0..<count]
            offset += off_t(count)
        }
        return bytes
    }

    deinit { close(descriptor) }
}

/// The messages in a framed byte stream (every event must be a message).
func messages(in bytes: [UInt8]) -> [Message] {
    var reader = MessageReader()
    return reader.consume(bytes).compactMap { event in
        if case .message(let message) = event { return message }
        Issue.record("not a message: \(event)")
        return nil
    }
}

@Suite("Connection over file descriptors")
struct ConnectionTests {
    @Test("messages are delivered in order, bad ones are answered on the output, and the end of input is reported")
    func readLoop() throws {
        let input = try TemporaryFile()
        let output = try TemporaryFile()
        let stream =
            framed(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#) + framed("not json")
            + framed(#"{"jsonrpc":"2.0","id":9,"params":{}}"#)
            + framed(#"{"jsonrpc":"2.0","id":5,"result":1,"error":{"code":1,"message":"m"}}"#)
            + framed(#"{"jsonrpc":"2.0","method":"b"}"#)
        _ = stream.withUnsafeBytes { pwrite(input.descriptor, $0.baseAddress, $0.count, 0) }
        lseek(input.descriptor, 0, SEEK_SET)

        let connection = Connection(input: input.descriptor, output: output.descriptor)
        var received: [Message] = []
        var logged: [String] = []
        let log: (String) -> Void = { logged.append($0) }
        let ending = connection.run(log: log) { message in
            received.append(message)
            return .proceed
        }
        #expect(ending == .endOfInput(cleanly: true))
        #expect(received == [.request(Request(id: .number(1), method: "a")), .notification(Notification(method: "b"))])
        let answers = messages(in: output.contents())
        #expect(answers.count == 2)
        guard answers.count == 2, case .response(let parse) = answers[0], case .response(let invalid) = answers[1]
        else { return }
        #expect(parse.id == nil)
        #expect(parse.result == .failure(.parseError("The message body is not JSON")))
        #expect(invalid.id == .number(9))
        #expect((try? invalid.result.get()) == nil)
        // The malformed response is logged, not answered.
        #expect(logged.count == 3)
    }

    @Test("after a header block framed with LF alone, one parse error is answered and both next requests arrive")
    func lineFeedOnlyHeaderLosesNothing() throws {
        let input = try TemporaryFile()
        let output = try TemporaryFile()
        let stream =
            Array("Content-Length: 2\n\n{}".utf8) + framed(#"{"jsonrpc":"2.0","id":501,"method":"a"}"#)
            + framed(#"{"jsonrpc":"2.0","id":502,"method":"b"}"#)
        _ = stream.withUnsafeBytes { pwrite(input.descriptor, $0.baseAddress, $0.count, 0) }
        lseek(input.descriptor, 0, SEEK_SET)

        let connection = Connection(input: input.descriptor, output: output.descriptor)
        var received: [Message] = []
        _ = connection.run(log: ignoringLog) { message in
            received.append(message)
            return .proceed
        }
        #expect(
            received == [
                .request(Request(id: .number(501), method: "a")), .request(Request(id: .number(502), method: "b")),
            ])
        let answers = messages(in: output.contents())
        #expect(answers.count == 1)
        guard answers.count == 1, case .response(let parse) = answers[0] else { return }
        #expect(parse.id == nil)
        #expect((try? parse.result.get()) == nil)
    }

    @Test("the handler can stop the loop, and a stream cut inside a message ends uncleanly")
    func stopping() throws {
        let input = try TemporaryFile()
        let output = try TemporaryFile()
        let stream = framed(#"{"jsonrpc":"2.0","method":"exit"}"#) + framed(#"{"jsonrpc":"2.0","method":"after"}"#)
        _ = stream.withUnsafeBytes { pwrite(input.descriptor, $0.baseAddress, $0.count, 0) }
        var seen: [String] = []
        let ending = Connection(input: input.descriptor, output: output.descriptor).run(log: ignoringLog) { message in
            if case .notification(let notification) = message { seen.append(notification.method) }
            return .stop
        }
        #expect(ending == .stopped)
        #expect(seen == ["exit"])

        let cut = try TemporaryFile()
        let partial = Array("Content-Length: 50\r\n\r\n{\"jsonrpc\"".utf8)
        _ = partial.withUnsafeBytes { pwrite(cut.descriptor, $0.baseAddress, $0.count, 0) }
        let ending2 = Connection(input: cut.descriptor, output: output.descriptor).run(log: ignoringLog) { _ in .proceed
        }
        #expect(ending2 == .endOfInput(cleanly: false))
    }

    @Test("messages sent from many threads at once arrive whole")
    func concurrentWrites() throws {
        let file = try TemporaryFile()
        let output = FileOutput(fileDescriptor: file.descriptor)
        let padding = String(repeating: "p", count: 5000)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            output.send(.notification(Notification(method: "m\(index)", params: .array([.string(padding)]))))
        }
        let received = messages(in: file.contents())
        #expect(received.count == 200)
        let methods = Set(
            received.compactMap { message -> String? in
                if case .notification(let notification) = message { return notification.method }
                return nil
            })
        #expect(methods == Set((0..<200).map { "m\($0)" }))
    }

    @Test("a closed output drops messages instead of failing")
    func closedOutput() {
        var descriptors: [Int32] = [0, 0]
        pipe(&descriptors)
        close(descriptors[0])
        signal(SIGPIPE, SIG_IGN)
        let output = FileOutput(fileDescriptor: descriptors[1])
        output.send(.notification(Notification(method: "x")))
        #expect(output.isClosed)
        output.send(.notification(Notification(method: "y")))
        close(descriptors[1])
    }
}

/// A log that drops what it is given, for runs whose logging is not under test.
private func ignoringLog(_: String) {}
