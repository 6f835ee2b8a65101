import TestSupport
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

    @Test func lineStartsMatchALineByLineReading() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<200 {
            let length = Int(random.next() % 80)
            let bytes: [UInt8] = (0..<length).map { _ in
                [0x0A, 0x0D, 0x61, 0x62, 0x20, 0xC3, 0xA9][Int(random.next() % 7)]
            }
            var expected = [0]
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                if bytes[i] == 0x0A || bytes[i] == 0x0D { expected.append(i + 1) }
                i += 1
            }
            #expect(LineIndex(bytes).lineStarts == expected, "\(bytes)")
        }
    }

    @Test func anIndexUpdatedForAnEditMatchesOneBuiltFromTheNewText() {
        var random = SplitMix64(seed: 11)
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x61, 0x62, 0x20, 0xC3, 0xA9, 0x31]
        for _ in 0..<5_000 {
            let bytes: [UInt8] = (0..<Int(random.next() % 60)).map { _ in alphabet[Int(random.next() % 8)] }
            let start = Int(random.next() % UInt64(bytes.count + 1))
            let end = start + Int(random.next() % UInt64(bytes.count - start + 1))
            // Mostly replacements without line breaks (the shortcut), sometimes with.
            let pool = random.next() % 4 == 0 ? alphabet : [0x61, 0x62, 0x31, 0x20]
            let replacement: [UInt8] = (0..<Int(random.next() % 5)).map { _ in
                pool[Int(random.next() % UInt64(pool.count))]
            }
            var edited = bytes
            edited.replaceSubrange(start..<end, with: replacement)
            let updated = LineIndex(
                edited, editing: LineIndex(bytes), edit: start..<end, replacementCount: replacement.count)
            #expect(
                updated.lineStarts == LineIndex(edited).lineStarts,
                "\(bytes) edit \(start)..<\(end) with \(replacement)")
        }
    }
}
