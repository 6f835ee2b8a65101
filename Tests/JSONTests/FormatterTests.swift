import Testing

@testable import JSON

@Suite struct FormatterTests {
    private func format(_ text: String, indent: Int = 2) -> String? {
        Formatter.format(Array(text.utf8), indent: indent).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func layoutIsOneMemberPerLineWithNumberArraysOnOneLine() {
        let text =
            #"{"format":1,"items":[{"id":"ball","center":[ 10 ,20.50 ],"tags":["a"],"extra":{},"list":[]}],"x":[1,"a"]}"#
        #expect(
            format(text) == """
                {
                  "format": 1,
                  "items": [
                    {
                      "id": "ball",
                      "center": [10, 20.50],
                      "tags": [
                        "a"
                      ],
                      "extra": {},
                      "list": []
                    }
                  ],
                  "x": [
                    1,
                    "a"
                  ]
                }

                """)
    }

    @Test func tokensKeepTheirText() {
        let text = #"{"\u0061": [1E+2, -0.0e-0], "s": "\u00e9\/\n", "t": true, "n": null}"#
        let formatted = format(text, indent: 4)
        #expect(
            formatted == """
                {
                    "\\u0061": [1E+2, -0.0e-0],
                    "s": "\\u00e9\\/\\n",
                    "t": true,
                    "n": null
                }

                """)
        #expect(JSONValue.parse(Array(formatted!.utf8)) == JSONValue.parse(Array(text.utf8)))
    }

    @Test func formattingIsIdempotent() {
        let texts = [
            #"[[],[[1,2],[{"a":[{}]}]],"x",{"k":{"l":{"m":[true,false,null]}}}]"#,
            "  \"lone\"  ", "42", #"{"a":1,"a":2}"#,
        ]
        for text in texts {
            let once = Formatter.format(Array(text.utf8), indent: 2)
            #expect(once != nil)
            if let once { #expect(Formatter.format(once, indent: 2) == once, "\(text)") }
        }
    }

    @Test func scalarsAndRepeatedKeysAreKept() {
        #expect(format(" 42 ") == "42\n")
        #expect(format(#"{"a":1,"a":2}"#) == "{\n  \"a\": 1,\n  \"a\": 2\n}\n")
    }

    @Test func textThatIsNotJSONIsNotFormatted() {
        #expect(format("[1,]") == nil)
        #expect(format("") == nil)
        #expect(format(String(repeating: "[", count: 2049) + String(repeating: "]", count: 2049)) == nil)
        #expect(format(#"{"a\u0000": 1}"#) == nil)
    }

    @Test func aByteOrderMarkIsKept() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[ 1 ]".utf8)
        #expect(Formatter.format(bytes, indent: 2) == [0xEF, 0xBB, 0xBF] + Array("[1]\n".utf8))
    }

    @Test func aParsedDocumentFormatsLikeItsBytes() {
        let bytes = Array(#"{"a": [1, {"b": "c"}]}"#.utf8)
        #expect(Formatter.format(JSONDocument.parse(bytes), indent: 3) == Formatter.format(bytes, indent: 3))
    }
}
