import Testing
@testable import JSON

@Suite struct LineIndexTests {
    @Test func cyrillicAndEmojiColumnsDifferByEncoding() {
        // "я" is 2 bytes / 1 UTF-16 unit; "😀" is 4 bytes / 2 UTF-16 units / 1 scalar.
        let text = Array("{\n  \"я😀\": 1\n}".utf8)
        let index = LineIndex(text)
        let offsetOfColon = text.firstIndex(of: UInt8(ascii: ":"))!
        #expect(index.position(of: offsetOfColon, in: .utf8) == .init(line: 1, character: 10))
        #expect(index.position(of: offsetOfColon, in: .utf16) == .init(line: 1, character: 7))
        #expect(index.position(of: offsetOfColon, in: .unicodeScalars) == .init(line: 1, character: 6))
        #expect(index.cliPosition(of: offsetOfColon) == (2, 7))
        #expect(index.offset(of: .init(line: 1, character: 7), in: .utf16) == offsetOfColon)
    }

    @Test func crlfAndLoneCRBreakLines() {
        let index = LineIndex(Array("a\r\nb\rc\nd".utf8))
        #expect(index.lineStarts == [0, 3, 5, 7])
        #expect(index.lineEnd(0) == 1)
    }
}
