import JSON
import RPC
import Testing

@testable import Server

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `bytes` to an unlinked temporary file and returns its descriptor, positioned at the start.
func temporaryFile(_ bytes: [UInt8] = []) -> Int32 {
    var template = Array("/tmp/impulse-e2e-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    lseek(descriptor, 0, SEEK_SET)
    return descriptor
}

func contents(_ descriptor: Int32) -> [UInt8] {
    lseek(descriptor, 0, SEEK_SET)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}

func frame(_ text: String) -> [UInt8] { MessageFramer.frame(Array(text.utf8)) }

@Suite("The server over byte streams")
struct EndToEndTests {
    func run(_ input: [UInt8]) -> (status: Int32, messages: [Message]) {
        let inputFile = temporaryFile(input)
        let outputFile = temporaryFile()
        defer {
            close(inputFile)
            close(outputFile)
        }
        let status = runLanguageServer(input: inputFile, output: outputFile)
        var reader = MessageReader()
        let messages = reader.consume(contents(outputFile)).compactMap { event -> Message? in
            if case .message(let message) = event { return message }
            Issue.record("the server wrote something that is not a message: \(event)")
            return nil
        }
        return (status, messages)
    }

    func response(_ id: RequestID?, in messages: [Message]) -> Response? {
        for case .response(let response) in messages where response.id == id { return response }
        return nil
    }

    @Test("a session with malformed frames and bodies keeps serving and exits 0 after shutdown")
    func session() throws {
        let input =
            frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
            + Array("Content-Type: nothing\r\n\r\n".utf8)
            + frame("{not json")
            + frame(#"[{"jsonrpc":"2.0","id":2,"method":"shutdown"}]"#)
            + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
            + frame(#"{"jsonrpc":"2.0","id":3,"method":"nope"}"#)
            + frame(#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#)
            + frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
            + frame(#"{"jsonrpc":"2.0","id":5,"method":"shutdown"}"#)
        let (status, messages) = run(input)
        #expect(status == 0)
        #expect(response(.number(1), in: messages).map { (try? $0.result.get()) != nil } == true)
        let anonymous = messages.compactMap { message -> ResponseError.Code? in
            guard case .response(let response) = message, response.id == nil, case .failure(let error) = response.result
            else { return nil }
            return error.code
        }
        #expect(anonymous == [.parseError, .parseError, .invalidRequest])
        #expect(response(.number(3), in: messages)?.result == .failure(.methodNotFound("nope")))
        #expect(response(.number(4), in: messages)?.result == .success(.null))
        // Nothing is read after exit.
        #expect(response(.number(5), in: messages) == nil)
    }

    @Test("the end of input without shutdown exits with status 1")
    func endOfInput() {
        let (status, messages) = run(
            frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
        #expect(status == 1)
        #expect(messages.count >= 1)
        #expect(run([]).status == 1)
    }
}
