// libFuzzer target: the tolerant scanner and jansson, on any bytes.
//
// Properties: nothing traps; the strict parse (`JSONValue.parse`) accepts exactly the texts the document calls
// valid, with the same value; every range of the source map lies inside the text; the canonical formatter's
// output of a valid text parses to the same value.
import CFuzzer
import Glibc
import JSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let document = JSONDocument.parse(bytes, processors: 1)
    let strict = JSONValue.parse(bytes)
    if document.isValid != (strict != nil) {
        fatalError(
            "the document says valid: \(document.isValid), the strict parse \(strict == nil ? "refused" : "accepted")")
    }
    if let strict, document.root != strict { fatalError("the document's value differs from the strict parse's") }
    document.sourceMap.forEachEntry { pointer, entry in
        if entry.valueRange.upperBound > bytes.count || (entry.keyRange?.upperBound ?? 0) > bytes.count {
            fatalError("\(pointer): a range past the end of the text")
        }
    }
    if let strict, let formatted = Formatter.format(bytes, indent: 2) {
        if JSONValue.parse(formatted) != strict { fatalError("formatting changed the value") }
    }
    return 0
}

@main
enum FuzzParseMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = withUnsafeMutablePointer(to: &argv) { LLVMFuzzerRunDriver(&argc, $0, fuzzParse) }
        exit(status)
    }
}
