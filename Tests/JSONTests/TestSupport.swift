import FoundationEssentials
import Testing

@testable import JSON

/// The folder of nst/JSONTestSuite's parsing cases, found from this file's place in the repository
/// (Tests/JSONTests/ → Tests/Fixtures/JSONTestSuite/test_parsing).
let jsonTestSuiteDirectory: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    components.removeLast(2)  // file, JSONTests
    return components.joined(separator: "/") + "/Fixtures/JSONTestSuite/test_parsing"
}()

/// The bytes of a file, or nil when it cannot be read.
func readBytes(_ path: String) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return [UInt8](data)
}

/// Parses a text written as a Swift string.
func parse(_ text: String) -> JSONDocument { JSONDocument.parse(Array(text.utf8)) }

/// The byte range of the `occurrence`-th match of `needle` in `text`.
func range(of needle: String, in text: String, occurrence: Int = 1) -> Range<Int> {
    let haystack = Array(text.utf8)
    let pattern = Array(needle.utf8)
    var seen = 0
    for start in 0...(haystack.count - pattern.count)
    where haystack[start..<(start + pattern.count)].elementsEqual(pattern) {
        seen += 1
        if seen == occurrence { return start..<(start + pattern.count) }
    }
    Issue.record("\(needle) not found \(occurrence) times")
    return 0..<0
}

/// A text with cursor markers: `1️⃣`, `2️⃣`, … are removed and their byte offsets recorded.
struct MarkedText {
    let bytes: [UInt8]
    let markers: [Int: Int]

    init(_ text: String) {
        var output: [UInt8] = []
        var markers: [Int: Int] = [:]
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            // A keycap marker: digit, U+FE0F, U+20E3.
            if ("1"..."9").contains(scalar), scalars.count >= 2, scalars.first == "\u{FE0F}",
                scalars.dropFirst().first == "\u{20E3}"
            {
                markers[Int(scalar.value - 0x30)] = output.count
                scalars = scalars.dropFirst(2)
                continue
            }
            output.append(contentsOf: String(scalar).utf8)
        }
        bytes = output
        self.markers = markers
    }

    subscript(marker: Int) -> Int { markers[marker]! }
}
