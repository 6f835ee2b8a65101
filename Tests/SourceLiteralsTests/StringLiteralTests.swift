import SourceLiterals
import Testing

/// The string literals the code generator writes and the build tools compile in: what a Swift or Objective-C
/// compiler reads back must be the text that went in.
@Suite struct StringLiteralTests {
    @Test func quotesBackslashesAndLineEndsAreEscapedInBothLanguages() {
        for swift in [true, false] {
            #expect(StringLiteral.escaped("say \"hi\"\\n\n\r\t", swift: swift) == #"say \"hi\"\\n\n\r\t"#)
        }
    }

    @Test func controlCharactersAreUnicodeEscapesInSwiftAndOctalBytesInObjectiveC() {
        #expect(StringLiteral.escaped("a\u{1}b\u{7F}", swift: true) == #"a\u{1}b\u{7f}"#)
        #expect(StringLiteral.escaped("a\u{1}b\u{7F}", swift: false) == #"a\001b\177"#)
        // C1 controls and the two Unicode line separators, which would end a line in some readers.
        #expect(StringLiteral.escaped("\u{85}\u{2028}\u{2029}", swift: true) == #"\u{85}\u{2028}\u{2029}"#)
        #expect(StringLiteral.escaped("\u{85}", swift: false) == #"\302\205"#)
        #expect(StringLiteral.escaped("\u{2028}", swift: false) == #"\342\200\250"#)
    }

    @Test func aQuestionMarkIsEscapedOnlyInObjectiveCWhereTrigraphsExist() {
        #expect(StringLiteral.escaped("??=", swift: true) == "??=")
        #expect(StringLiteral.escaped("??=", swift: false) == #"\?\?="#)
    }

    @Test func otherTextStaysAsItIs() {
        let text = "Ünïcødé 🎉 — π/2, 1000 pt/s²"
        #expect(StringLiteral.escaped(text, swift: true) == text)
        #expect(StringLiteral.escaped(text, swift: false) == text)
    }

    @Test func aSwiftLiteralIsQuoted() {
        #expect(StringLiteral.swift("a\"b") == #""a\"b""#)
        #expect(StringLiteral.swift("") == #""""#)
    }

    @Test func aCommentQuoteCannotCloseTheComment() {
        #expect(StringLiteral.quotedForComment("a */ b") == #""a *\/ b""#)
        #expect(StringLiteral.quotedForComment("/* a */") == #""/* a *\/""#)
        #expect(!StringLiteral.quotedForComment("**/**/").contains("*/"))
    }
}
