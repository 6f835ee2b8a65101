import Testing

@testable import JSON

/// Where and how a text stops being JSON (RFC 8259 decides, not jansson's quirks).
@Suite struct SyntaxErrorTests {
    private func error(_ text: String) -> JSONDocument.SyntaxError? { parse(text).syntaxError }

    @Test func trailingCommaPointsAtTheClosingBracket() {
        let text = "[1, 2,]"
        #expect(error(text)?.range == range(of: "]", in: text))
        #expect(error(text)?.message == "unexpected token")
        let object = "{\"a\": 1,\n}"
        #expect(error(object)?.range == range(of: "}", in: object))
        #expect(error(object)?.message == "string or '}' expected")
    }

    @Test func missingColonPointsAtTheTokenAfterTheKey() {
        let text = #"{"a" 1}"#
        #expect(error(text)?.range == range(of: "1", in: text))
        #expect(error(text)?.message == "':' expected")
    }

    @Test func missingCommaPointsAtTheNextValue() {
        let text = #"{"a": 1 "b": 2}"#
        #expect(error(text)?.range == range(of: #""b""#, in: text))
        #expect(error(text)?.message == "'}' expected")
        let array = "[1 true]"
        #expect(error(array)?.range == range(of: "true", in: array))
    }

    @Test func unexpectedEndOfTextIsAnEmptyRangeAtTheEnd() {
        let text = "{\"a\": [1, 2"
        #expect(error(text)?.range == text.utf8.count..<text.utf8.count)
        #expect(error(text)?.message == "']' expected near end of file")
        let afterColon = #"{"a":"#
        #expect(error(afterColon)?.range == 5..<5)
    }

    @Test func unclosedStringRunsFromItsQuoteToTheEndOfTheLine() {
        let text = "{\"type\": \"attac\n}"
        #expect(error(text)?.range == range(of: "\"attac", in: text))
        #expect(error(text)?.message == "unexpected newline")
        let atEnd = "[\"abc"
        #expect(error(atEnd)?.range == 1..<5)
        #expect(error(atEnd)?.message == "premature end of input")
    }

    @Test func emptyAndBlankTextsAreNotJSON() {
        #expect(error("")?.range == 0..<0)
        #expect(error("")?.message == "the text is empty: a JSON value is expected")
        #expect(error(" \n ")?.range == 3..<3)
        #expect(parse("").root == nil)
    }

    @Test func loneScalarsAreJSON() {
        #expect(parse("1").root == .number(1))
        #expect(parse(" \"x\" ").root == .string("x"))
        #expect(parse("null").root == .null)
        #expect(parse("false").isValid)
    }

    @Test func numbersFollowTheRFCGrammar() {
        for valid in ["-0", "0", "0.5", "1e5", "1E+5", "-1.25e-3", "123456789012345678901234567890"] {
            #expect(parse(valid).isValid, "\(valid)")
        }
        #expect(parse("-0").root == .number(-0.0))
        for invalid in ["01", "1.", ".5", "+1", "-", "1e", "1e+", "0x10", "NaN", "Infinity", "-Infinity", "1.5.2"] {
            let document = parse("[\(invalid)]")
            #expect(document.syntaxError?.range == 1..<(1 + invalid.utf8.count), "\(invalid)")
            #expect(document.syntaxError?.message == "invalid token", "\(invalid)")
        }
    }

    @Test func literalsMustBeComplete() {
        let text = "[true, tru"
        #expect(error(text)?.range == range(of: "tru", in: text, occurrence: 2))
        #expect(error(text)?.message == "invalid token")
        #expect(parse(text).root == .array([.bool(true)]))
    }

    @Test func trailingContentAfterTheValueIsAnError() {
        let text = #"{"a": 1} x"#
        #expect(error(text)?.range == range(of: "x", in: text))
        #expect(error(text)?.message == "end of file expected")
        #expect(parse(text).root == .object(JSONObject([("a", .number(1))])))
    }

    @Test func rawNulAfterANumberIsAnError() {
        // jansson accepts it; RFC 8259 does not.
        let bytes: [UInt8] = Array("1".utf8) + [0]
        let document = JSONDocument.parse(bytes)
        #expect(document.syntaxError?.range == 1..<2)
        #expect(document.root == .number(1))
        #expect(JSONValue.parse(bytes) == nil)
    }

    @Test func rawControlCharactersInStringsAreErrors() {
        let text = "[\"a\tb\"]"
        #expect(error(text)?.range == 3..<4)
        #expect(error(text)?.message == "control character 0x9")
        let nul = JSONDocument.parse(Array("[\"a".utf8) + [0] + Array("\"]".utf8))
        #expect(nul.syntaxError?.range == 3..<4)
    }

    @Test func invalidEscapesAreErrors() {
        let text = #"["a\x"]"#
        #expect(error(text)?.range == range(of: #"\x"#, in: text))
        #expect(error(text)?.message == "invalid escape")
        let short = #"["\u12"]"#
        #expect(error(short)?.range == range(of: #"\u12"#, in: short))
        let surrogate = #"["\uD800"]"#
        #expect(error(surrogate)?.range == range(of: #"\uD800"#, in: surrogate))
        #expect(error(surrogate)?.message == #"invalid Unicode '\uD800'"#)
        #expect(parse(#"["\uD834\uDD1E"]"#).root == .array([.string("𝄞")]))
    }

    @Test func invalidUTF8IsAnErrorAtTheFirstBadByte() {
        let inString = JSONDocument.parse(Array("[\"ab".utf8) + [0xFF] + Array("\"]".utf8))
        #expect(inString.syntaxError?.range == 4..<5)
        #expect(inString.syntaxError?.message == "unable to decode byte 0xff")
        // Overlong encodings and encoded surrogates are not UTF-8.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let document = JSONDocument.parse([0x22] + bad + [0x22])
            #expect(document.syntaxError?.range.lowerBound == 1, "\(bad)")
        }
        let outside = JSONDocument.parse([0x5B, 0xFE, 0x5D])
        #expect(outside.syntaxError?.range == 1..<2)
        #expect(JSONDocument.parse(Array("[\"é😀я\"]".utf8)).isValid)
    }

    @Test func aLeadingByteOrderMarkIsSkippedButCounted() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": [1, 2,]}"#.utf8)
        let document = JSONDocument.parse(bytes)
        #expect(document.syntaxError?.range == 15..<16)
        #expect(document.root == .object(JSONObject([("a", .array([.number(1), .number(2)]))])))
        let valid = JSONDocument.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(valid.isValid)
        #expect(valid.sourceMap[JSONPointer.root]?.valueRange == 3..<11)
        #expect(valid.sourceMap[JSONPointer([.key("a")])]?.valueRange == 9..<10)
        // A BOM in the middle is not whitespace.
        #expect(
            JSONDocument.parse(Array("[1,".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8)).syntaxError?.range == 3..<6)
    }

    @Test func messagesAreOursWhenJanssonDisagrees() {
        // jansson stops at the raw NUL (`end of file expected`) only at the top level; inside an array it
        // says something else at another place. Our words are stable either way.
        let bytes: [UInt8] = Array("[1".utf8) + [0] + Array("]".utf8)
        let document = JSONDocument.parse(bytes)
        #expect(document.syntaxError?.range == 2..<3)
        #expect(document.syntaxError.map { !$0.message.isEmpty && !$0.message.contains("near '") } == true)
    }
}
