/// Converts UTF-8 byte offsets of a text to positions and back.
///
/// CLI positions are 1-based lines and 1-based columns in Unicode scalars; LSP positions are 0-based
/// lines and 0-based characters in UTF-8 bytes or UTF-16 code units.
package struct LineIndex: Sendable {
    package enum Encoding: String, Sendable {
        case utf8 = "utf-8"
        case utf16 = "utf-16"
        case unicodeScalars = "utf-32"
    }

    /// A 0-based line and a 0-based column in some encoding.
    package struct Position: Hashable, Sendable, Comparable {
        package var line: Int
        package var character: Int
        package init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }
        package static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
    }

    /// Byte offset of the start of each line (line 0 starts at 0). Lines end at "\n", "\r\n" or "\r".
    package let lineStarts: [Int]
    private let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = bytes.withUnsafeBufferPointer(LineIndex.lineStarts)
    }

    /// The index of `bytes`, which is `previous`'s text with the bytes `edit` replaced by `replacementCount`
    /// bytes: when neither the replaced nor the new bytes hold a line break (and the edit does not split a
    /// "\r\n"), the lines are the previous ones, shifted after the edit, without reading the text again.
    package init(_ bytes: [UInt8], editing previous: LineIndex, edit: Range<Int>, replacementCount: Int) {
        let delta = replacementCount - edit.count
        func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        let old = previous.bytes
        guard edit.lowerBound >= 0, edit.upperBound <= old.count, old.count + delta == bytes.count,
            !old[edit].contains(where: isBreak),
            !bytes[edit.lowerBound..<(edit.lowerBound + replacementCount)].contains(where: isBreak),
            edit.lowerBound == 0 || old[edit.lowerBound - 1] != 0x0D
        else {
            self.init(bytes)
            return
        }
        var starts = previous.lineStarts
        if delta != 0 {
            // The first line starting after the edit's start: every start from there moves.
            var lo = 0
            var hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] <= edit.lowerBound { lo = mid + 1 } else { hi = mid }
            }
            for k in lo..<starts.count { starts[k] += delta }
        }
        self.init(bytes: bytes, lineStarts: starts)
    }

    private init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// The offsets where lines start; reads 8 bytes at a time between line breaks.
    private static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var i = 0
        let n = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard let base = bytes.baseAddress else { return starts }
        let raw = UnsafeRawPointer(base)
        while i < n {
            while i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let lf = word ^ (ones &* 0x0A)
                let cr = word ^ (ones &* 0x0D)
                if (((lf &- ones) & ~lf) | ((cr &- ones) & ~cr)) & highs != 0 { break }
                i += 8
            }
            guard i < n else { break }
            let b = bytes[i]
            if b == 0x0A {
                starts.append(i + 1)
            } else if b == 0x0D {
                if i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }

    package var lineCount: Int { lineStarts.count }

    /// The 0-based line holding byte `offset` (clamped to the text).
    package func line(of offset: Int) -> Int {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The position of byte `offset` in `encoding` (0-based). An offset inside a multi-byte character counts as its start.
    package func position(of offset: Int, in encoding: Encoding) -> Position {
        let offset = max(0, min(offset, bytes.count))
        let line = line(of: offset)
        var column = 0
        var i = lineStarts[line]
        while i < offset {
            let b = bytes[i]
            let width = LineIndex.sequenceLength(b)
            if i + width > offset { break }
            switch encoding {
            case .utf8: column += width
            case .utf16: column += width == 4 ? 2 : 1
            case .unicodeScalars: column += 1
            }
            i += width
        }
        return Position(line: line, character: column)
    }

    /// The byte offset of a position in `encoding`; characters past the line's end clamp to it, lines past the end clamp to the text's end.
    package func offset(of position: Position, in encoding: Encoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let end = lineEnd(position.line)
        var i = lineStarts[position.line]
        var column = 0
        while i < end && column < position.character {
            let width = LineIndex.sequenceLength(bytes[i])
            switch encoding {
            case .utf8: column += width
            case .utf16: column += width == 4 ? 2 : 1
            case .unicodeScalars: column += 1
            }
            i = min(i + width, end)
        }
        return i
    }

    /// The byte offset where line `line`'s content ends (before its line break).
    package func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line], end - 1 < bytes.count, bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[line], end - 1 < bytes.count, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// 1-based line and 1-based column in Unicode scalars, as the CLI prints them.
    package func cliPosition(of offset: Int) -> (line: Int, column: Int) {
        let p = position(of: offset, in: .unicodeScalars)
        return (p.line + 1, p.character + 1)
    }

    /// Length of the UTF-8 sequence a lead byte starts (1 for ASCII, continuation and invalid bytes).
    static func sequenceLength(_ b: UInt8) -> Int {
        if b < 0xC0 { return 1 }
        if b < 0xE0 { return 2 }
        if b < 0xF0 { return 3 }
        if b < 0xF8 { return 4 }
        return 1
    }
}
