// libFuzzer target: the incremental re-parse (`JSONDocument.reparsing`), a text and a sequence of edits.
//
// The input: two bytes (little-endian) give the text's length n, the next n bytes are the text, and the rest
// is a sequence of edits, each 5 bytes plus its replacement: start (2 bytes) and deleted length (1 byte), taken
// modulo the current text, a flag byte, and the replacement's length (1 byte), then the replacement. A flag with
// its low bit set re-types the deleted span's own bytes (an editor's "replace the selection with the same
// text"), which is what splices whole containers. Property: after every edit the document equals a fresh
// parse of the new text: value, syntax error, duplicate keys, line starts and every source-map entry.
import CFuzzer
import Glibc
import JSON

private func entries(_ document: JSONDocument) -> [String] {
    var list: [String] = []
    document.sourceMap.forEachEntry { pointer, entry in
        list.append("\(pointer) \(String(describing: entry.keyRange)) \(entry.valueRange)")
    }
    return list
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReparse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard input.count >= 2 else { return 0 }
    let textLength = min(input.count - 2, Int(input[0]) | Int(input[1]) << 8)
    var document = JSONDocument.parse(Array(input[2..<(2 + textLength)]), processors: 1)
    var cursor = 2 + textLength
    var step = 0
    while cursor + 5 <= input.count, step < 64 {
        let bytes = document.bytes
        let start = (Int(input[cursor]) | Int(input[cursor + 1]) << 8) % (bytes.count + 1)
        let end = min(bytes.count, start + Int(input[cursor + 2]))
        let retype = input[cursor + 3] & 1 == 1
        let length = Int(input[cursor + 4])
        cursor += 5
        let replacement: [UInt8]
        if retype {
            replacement = Array(bytes[start..<end])
        } else {
            replacement = Array(input[cursor..<min(input.count, cursor + length)])
            cursor += replacement.count
        }
        let incremental = document.reparsing(afterEdit: start..<end, replacement: replacement)
        let fresh = JSONDocument.parse(incremental.bytes, processors: 1)
        if incremental.root != fresh.root || incremental.syntaxError != fresh.syntaxError
            || incremental.unsupported != fresh.unsupported || incremental.duplicateKeys != fresh.duplicateKeys
            || incremental.lineIndex.lineStarts != fresh.lineIndex.lineStarts || entries(incremental) != entries(fresh)
        {
            fatalError("step \(step): the re-parse after replacing \(start)..<\(end) differs from a fresh parse")
        }
        document = incremental
        step += 1
    }
    return 0
}

@main
enum FuzzReparseMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = withUnsafeMutablePointer(to: &argv) { LLVMFuzzerRunDriver(&argc, $0, fuzzReparse) }
        exit(status)
    }
}
