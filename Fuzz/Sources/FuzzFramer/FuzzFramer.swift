// libFuzzer target: the JSON-RPC framer and message decoding, on any byte stream.
//
// Properties: nothing traps; the events are the same whether the stream comes whole or in chunks (the chunk
// sizes come from the input's first byte); every body that decodes as a message encodes to a body that
// decodes and encodes to the same bytes, with the same id (whatever its size).
import CFuzzer
import Glibc
import JSON
import RPC

private func id(of message: Message) -> RequestID? {
    switch message {
    case .request(let request): request.id
    case .response(let response): response.id
    case .notification: nil
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFramer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let chunking = input.first else { return 0 }
    let stream = Array(input.dropFirst())
    let limit = 1 << 16

    var whole = MessageFramer(maximumBodyLength: limit)
    let expected = whole.consume(stream)

    var pieces = MessageFramer(maximumBodyLength: limit)
    var events: [FramingEvent] = []
    var start = 0
    var step = 0
    while start < stream.count {
        let length = 1 + Int((UInt32(chunking) &* 31 &+ UInt32(step) &* 17) % 64)
        let end = min(stream.count, start + length)
        events += pieces.consume(stream[start..<end])
        start = end
        step += 1
    }
    if events != expected { fatalError("chunked framing differs from whole framing") }

    for case .body(let body) in expected {
        guard case .success(let message) = Message.decode(body: body) else { continue }
        // Numbers in params are written with 15 significant digits, so the first encoding may round them; from
        // then on the bytes are stable, and the id never changes.
        let encoded = message.serialized()
        guard case .success(let decoded) = Message.decode(body: encoded) else {
            fatalError("an encoded message does not decode: \(String(decoding: encoded, as: UTF8.self))")
        }
        if decoded.serialized() != encoded {
            fatalError("encoding is not stable: \(String(decoding: encoded, as: UTF8.self))")
        }
        if id(of: decoded) != id(of: message) {
            fatalError("the id changed through encoding: \(String(decoding: encoded, as: UTF8.self))")
        }
    }
    return 0
}

@main
enum FuzzFramerMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = withUnsafeMutablePointer(to: &argv) { LLVMFuzzerRunDriver(&argc, $0, fuzzFramer) }
        exit(status)
    }
}
