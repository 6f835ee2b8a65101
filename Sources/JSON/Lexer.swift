// Token-level reading of JSON text (RFC 8259), shared by the scanner, the formatter and the completion context.
//
// Everything works on an `UnsafeBufferPointer<UInt8>` and byte offsets, never on `String`, so a 2 MB
// text is read at memory speed. Tokens are judged strictly: strings must be valid UTF-8 without raw
// control characters and with valid escapes (a lone UTF-16 surrogate escape is rejected, as jansson
// rejects it); numbers follow the RFC grammar exactly.
#if canImport(Glibc)
    internal import Glibc
#endif

/// Why a text stops being JSON. Each kind has our own wording (jansson's words where jansson has the same
/// error) and names the jansson messages that describe the same problem.
enum SyntaxProblem: Equatable, Sendable {
    /// A value was expected (`[1,]` at `]`, `{"a":}` at `}`, a stray `,`).
    case unexpectedToken
    /// A word that is neither a number nor `true`/`false`/`null` (`tru`, `01`, `1.`, `.5`, `+1`, `NaN`).
    case invalidToken
    /// In an object, where a key or `}` must come (after `{`, after `,`).
    case keyExpected
    /// After a key.
    case colonExpected
    /// After an array element.
    case commaOrBracketExpected
    /// After an object member.
    case commaOrBraceExpected
    /// Something after the top-level value.
    case endOfTextExpected
    /// The text ends where something must still come.
    case unexpectedEnd
    /// The text holds nothing but (maybe) whitespace.
    case emptyText
    /// A string not closed before the end of its line or of the text.
    case unterminatedString
    /// A raw control character (U+0000–U+001F) inside a string.
    case controlCharacter(UInt8)
    /// A backslash not followed by one of `"\/bfnrtu`, or `\u` without 4 hex digits.
    case invalidEscape
    /// A `\u` escape of a lone UTF-16 surrogate.
    case invalidUnicodeEscape(String)
    /// Bytes that are not UTF-8.
    case invalidUTF8(UInt8)

    /// Our words (jansson's where it has the same error, without its `near '…'` excerpt: the range shows it).
    var message: String {
        switch self {
        case .unexpectedToken: "unexpected token"
        case .invalidToken: "invalid token"
        case .keyExpected: "string or '}' expected"
        case .colonExpected: "':' expected"
        case .commaOrBracketExpected: "',' or ']' expected"
        case .commaOrBraceExpected: "',' or '}' expected"
        case .endOfTextExpected: "end of file expected"
        case .unexpectedEnd: "unexpected end of text"
        case .emptyText: "the text is empty: a JSON value is expected"
        case .unterminatedString: "string is not closed"
        case .controlCharacter(let byte):
            "control character 0x\(String(byte, radix: 16)) in a string (write it as an escape)"
        case .invalidEscape: "invalid escape"
        case .invalidUnicodeEscape(let escape): "invalid Unicode '\(escape)'"
        case .invalidUTF8(let byte): "unable to decode byte 0x\(String(byte, radix: 16)) (the text is not UTF-8)"
        }
    }

    /// The beginnings of jansson messages that describe this problem (its message is used when it also
    /// agrees on the position).
    var janssonMessages: [String] {
        switch self {
        case .unexpectedToken: ["unexpected token"]
        case .invalidToken: ["invalid token"]
        case .keyExpected: ["string or '}' expected"]
        case .colonExpected: ["':' expected"]
        case .commaOrBracketExpected: ["']' expected"]
        case .commaOrBraceExpected: ["'}' expected"]
        case .endOfTextExpected: ["end of file expected"]
        case .unexpectedEnd:
            [
                "']' expected near end of file", "'}' expected near end of file",
                "':' expected near end of file", "string or '}' expected near end of file",
                "unexpected token near end of file",
            ]
        case .emptyText: []
        case .unterminatedString: ["premature end of input", "unexpected newline"]
        case .controlCharacter: ["control character"]
        case .invalidEscape: ["invalid escape"]
        case .invalidUnicodeEscape: ["invalid Unicode"]
        case .invalidUTF8: ["unable to decode byte"]
        }
    }
}

/// A syntax problem and the bytes it concerns.
struct LexError: Error, Equatable, Sendable {
    var problem: SyntaxProblem
    var range: Range<Int>
}

/// What a string token holds, learned while checking it.
struct StringToken {
    /// One past the closing quote.
    var end: Int
    /// The string has a backslash escape (its bytes are not its decoded text).
    var hasEscape: Bool
    /// The string has a `\u0000` escape.
    var hasNulEscape: Bool
}

/// Reads tokens of one text.
struct Lexer {
    let text: UnsafeBufferPointer<UInt8>
    var count: Int { text.count }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// Bytes that can belong to a word: a number or a literal, or a malformed one (`tru`, `01`, `+1`, `NaN`).
    static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// The offset of the first non-whitespace byte at or after `i`.
    @inline(__always)
    func skipWhitespace(_ i: Int) -> Int {
        var i = i
        while i < count, Lexer.isWhitespace(text[i]) { i += 1 }
        return i
    }

    /// The end of the word starting at `i` (== `i` when `text[i]` is not a word byte).
    func wordEnd(_ i: Int) -> Int {
        var j = i
        while j < count, Lexer.isWordByte(text[j]) { j += 1 }
        return j
    }

    /// The offset where the line holding `i` ends (a line break or the end of the text).
    func lineEnd(_ i: Int) -> Int {
        var j = i
        while j < count, text[j] != 0x0A, text[j] != 0x0D { j += 1 }
        return j
    }

    enum WordKind { case null, `true`, `false`, number }

    /// What the word `range` is, or nil when it is neither a literal nor an RFC 8259 number.
    func classifyWord(_ range: Range<Int>) -> WordKind? {
        let n = range.count
        guard n > 0 else { return nil }
        let first = text[range.lowerBound]
        if first == UInt8(ascii: "t") { return matches(range, "true") ? .true : nil }
        if first == UInt8(ascii: "f") { return matches(range, "false") ? .false : nil }
        if first == UInt8(ascii: "n") { return matches(range, "null") ? .null : nil }
        return isNumber(range) ? .number : nil
    }

    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<range.count where text[range.lowerBound + k] != w[k] { return false }
        return true
    }

    /// Whether `range` is exactly `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    func isNumber(_ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        let end = range.upperBound
        func isDigit(_ k: Int) -> Bool { k < end && text[k] >= 0x30 && text[k] <= 0x39 }
        if i < end, text[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { return false }
        if text[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < end, text[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        if i < end, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < end, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        return i == end
    }

    /// Whether the valid number `range` is too large for a double (`1e999`, `-1e400`).
    func overflowsDouble(_ range: Range<Int>) -> Bool {
        // Without an exponent a number needs more than 308 digits to overflow.
        var hasExponent = false
        for k in range where text[k] == UInt8(ascii: "e") || text[k] == UInt8(ascii: "E") {
            hasExponent = true
            break
        }
        guard hasExponent || range.count > 300 else { return false }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: range.count + 1) { buffer in
            for k in 0..<range.count { buffer[k] = CChar(bitPattern: text[range.lowerBound + k]) }
            buffer[range.count] = 0
            return strtod(buffer.baseAddress!, nil).isInfinite
        }
    }

    /// Checks the string whose opening quote is at `quote`.
    func scanString(_ quote: Int) -> Result<StringToken, LexError> {
        var i = quote + 1
        var hasEscape = false
        var hasNulEscape = false
        while i < count {
            i = skipPlainStringBytes(i)
            guard i < count else { break }
            let b = text[i]
            if b == 0x22 {
                return .success(StringToken(end: i + 1, hasEscape: hasEscape, hasNulEscape: hasNulEscape))
            }
            if b == UInt8(ascii: "\\") {
                hasEscape = true
                guard i + 1 < count else {
                    return .failure(LexError(problem: .unterminatedString, range: quote..<count))
                }
                let e = text[i + 1]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    guard let unit = hex4(i + 2) else {
                        var end = i + 2
                        while end < min(i + 6, count), Lexer.hexValue(text[end]) != nil { end += 1 }
                        return .failure(LexError(problem: .invalidEscape, range: i..<end))
                    }
                    if unit == 0 { hasNulEscape = true }
                    if unit >= 0xD800 && unit <= 0xDBFF {
                        if i + 12 <= count, text[i + 6] == UInt8(ascii: "\\"), text[i + 7] == UInt8(ascii: "u"),
                            let low = hex4(i + 8), low >= 0xDC00 && low <= 0xDFFF
                        {
                            i += 12
                            continue
                        }
                        return .failure(LexError(problem: .invalidUnicodeEscape(escapeText(i)), range: i..<(i + 6)))
                    }
                    if unit >= 0xDC00 && unit <= 0xDFFF {
                        return .failure(LexError(problem: .invalidUnicodeEscape(escapeText(i)), range: i..<(i + 6)))
                    }
                    i += 6
                default:
                    let width = e >= 0x20 && e < 0x80 ? 2 : 1
                    return .failure(LexError(problem: .invalidEscape, range: i..<(i + width)))
                }
                continue
            }
            if b < 0x20 {
                if b == 0x0A || b == 0x0D {
                    return .failure(LexError(problem: .unterminatedString, range: quote..<i))
                }
                return .failure(LexError(problem: .controlCharacter(b), range: i..<(i + 1)))
            }
            if b < 0x80 {
                i += 1
                continue
            }
            let width = utf8SequenceLength(at: i)
            guard width > 0 else { return .failure(LexError(problem: .invalidUTF8(b), range: i..<(i + 1))) }
            i += width
        }
        return .failure(LexError(problem: .unterminatedString, range: quote..<count))
    }

    /// The first offset at or after `i` holding a byte that needs a look inside a string: a quote, a backslash,
    /// a control character or a non-ASCII byte. Reads 8 bytes at a time.
    @inline(__always)
    func skipPlainStringBytes(_ i: Int) -> Int {
        var i = i
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        if let base = text.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                // A byte is zero in `v` when `(v - 1) & ~v` has its high bit; bytes below 0x20 likewise
                // against 0x20; non-ASCII bytes have their own high bit.
                let special =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((word &- ones &* 0x20) & ~word) | word
                if special & highs != 0 { break }
                i += 8
            }
        }
        while i < count {
            let b = text[i]
            if b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80 { return i }
            i += 1
        }
        return i
    }

    /// The end of the string token starting at `quote` for the purpose of pointing at it: its closing quote, or
    /// the end of its line. Does not judge the string.
    func roughStringEnd(_ quote: Int) -> Int {
        var i = quote + 1
        while i < count {
            let b = text[i]
            if b == UInt8(ascii: "\"") { return i + 1 }
            if b == 0x0A || b == 0x0D { return i }
            i += b == UInt8(ascii: "\\") ? 2 : 1
        }
        return count
    }

    /// The length of the valid UTF-8 sequence of a non-ASCII character at `i`, or 0 when the bytes there are
    /// not UTF-8 (overlong forms, surrogates and values past U+10FFFF are not).
    func utf8SequenceLength(at i: Int) -> Int {
        let b0 = text[i]
        func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            k < count && text[k] >= low && text[k] <= high
        }
        switch b0 {
        case 0xC2...0xDF:
            return continuation(i + 1) ? 2 : 0
        case 0xE0:
            return continuation(i + 1, 0xA0, 0xBF) && continuation(i + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(i + 1) && continuation(i + 2) ? 3 : 0
        case 0xED:
            return continuation(i + 1, 0x80, 0x9F) && continuation(i + 2) ? 3 : 0
        case 0xF0:
            return continuation(i + 1, 0x90, 0xBF) && continuation(i + 2) && continuation(i + 3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(i + 1) && continuation(i + 2) && continuation(i + 3) ? 4 : 0
        case 0xF4:
            return continuation(i + 1, 0x80, 0x8F) && continuation(i + 2) && continuation(i + 3) ? 4 : 0
        default:
            return 0
        }
    }

    /// The problem of an unexpected non-ASCII byte outside strings and the bytes it covers.
    func unexpectedCharacter(at i: Int, problem: SyntaxProblem) -> LexError {
        let b = text[i]
        if b < 0x80 { return LexError(problem: problem, range: i..<(i + 1)) }
        let width = utf8SequenceLength(at: i)
        if width == 0 { return LexError(problem: .invalidUTF8(b), range: i..<(i + 1)) }
        return LexError(problem: problem, range: i..<(i + width))
    }

    /// The extent of the token at `i` for pointing at it in an error: a string to its end, a word, or one character.
    func tokenEnd(_ i: Int) -> Int {
        guard i < count else { return i }
        let b = text[i]
        if b == UInt8(ascii: "\"") { return roughStringEnd(i) }
        if Lexer.isWordByte(b) { return wordEnd(i) }
        if b >= 0x80 { return i + max(1, utf8SequenceLength(at: i)) }
        return i + 1
    }

    private func hex4(_ i: Int) -> UInt32? {
        guard i + 4 <= count else { return nil }
        var value: UInt32 = 0
        for k in i..<(i + 4) {
            guard let digit = Lexer.hexValue(text[k]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private func escapeText(_ i: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[i..<min(i + 6, count)]), as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - 0x61 + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - 0x41 + 10)
        default: nil
        }
    }

    /// The decoded text of the string token `range` (quotes included), which must be valid.
    func decodeString(_ range: Range<Int>) -> String {
        let inner = (range.lowerBound + 1)..<(range.upperBound - 1)
        return String(decoding: decodedBytes(inner), as: UTF8.self)
    }

    /// The decoded UTF-8 bytes of a valid string's contents (between the quotes).
    func decodedBytes(_ inner: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(inner.count)
        var i = inner.lowerBound
        while i < inner.upperBound {
            let b = text[i]
            guard b == UInt8(ascii: "\\"), i + 1 < inner.upperBound else {
                out.append(b)
                i += 1
                continue
            }
            let e = text[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(i) ?? 0xFFFD
                i += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF, i + 6 <= inner.upperBound, let low = hex4(i + 2),
                    low >= 0xDC00 && low <= 0xDFFF
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                let unicode = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: UTF8.encode(unicode)!)
            default: out.append(e)
            }
        }
        return out
    }
}
