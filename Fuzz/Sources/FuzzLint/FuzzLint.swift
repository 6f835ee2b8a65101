// libFuzzer target: scene decoding and every rule, on any bytes.
//
// Properties: nothing traps; every diagnostic, related place and fix stays inside the text; linting the same
// bytes again gives the same diagnostics.
import CFuzzer
import Glibc
import JSON
import Scene

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = Linter.lint(bytes, fileName: "fuzz.dynamics.json", processors: 1)
    for diagnostic in result.diagnostics {
        let ranges =
            [diagnostic.range] + diagnostic.related.map(\.range) + diagnostic.fixes.flatMap { $0.edits.map(\.range) }
        for range in ranges where range.lowerBound < 0 || range.upperBound > bytes.count {
            fatalError("\(diagnostic.code): range \(range) outside a text of \(bytes.count) bytes")
        }
    }
    let again = Linter.lint(bytes, fileName: "fuzz.dynamics.json", processors: 1)
    if again.diagnostics != result.diagnostics { fatalError("the same bytes gave different diagnostics") }
    return 0
}

@main
enum FuzzLintMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = withUnsafeMutablePointer(to: &argv) { LLVMFuzzerRunDriver(&argc, $0, fuzzLint) }
        exit(status)
    }
}
