import Testing

@testable import JSON

/// After a syntax error, the values that stand before it are still there.
@Suite struct PartialTreeTests {
    private func pointer(_ segments: JSONPointer.Segment...) -> JSONPointer { JSONPointer(segments) }

    @Test func valuesBeforeTheErrorAreKeptAndOpenContainersClosed() {
        let text = """
            {"format": 1, "items": [{"id": "a", "size": [40, 40]}, {"id": "b", "center": [1,
            """
        let document = parse(text)
        #expect(document.syntaxError?.range == text.utf8.count..<text.utf8.count)
        let expected = JSONValue.object(
            JSONObject([
                ("format", .number(1)),
                (
                    "items",
                    .array([
                        .object(JSONObject([("id", .string("a")), ("size", .array([.number(40), .number(40)]))])),
                        .object(JSONObject([("id", .string("b")), ("center", .array([.number(1)]))])),
                    ])
                ),
            ]))
        #expect(document.root == expected)
        #expect(
            document.truncatedContainers == [
                .root, pointer(.key("items")), pointer(.key("items"), .index(1)),
                pointer(.key("items"), .index(1), .key("center")),
            ])
        let one = range(of: "[1,", in: text).lowerBound + 1
        #expect(
            document.sourceMap[pointer(.key("items"), .index(1), .key("center"), .index(0))]?.valueRange
                == one..<(one + 1))
        // A truncated container's range runs to the error.
        #expect(document.sourceMap[pointer(.key("items"), .index(1))]?.valueRange.upperBound == text.utf8.count)
    }

    @Test func aDanglingKeyAndAHalfValueAreDropped() {
        let text = #"{"a": 1, "b": tru"#
        let document = parse(text)
        #expect(document.syntaxError?.range == range(of: "tru", in: text))
        #expect(document.root == .object(JSONObject([("a", .number(1))])))
        #expect(document.sourceMap[pointer(.key("b"))] == nil)
        #expect(document.sourceMap.count == 2)
        let key = parse(#"{"a": 1, "b""#)
        #expect(key.root == .object(JSONObject([("a", .number(1))])))
        let colon = parse(#"{"a": 1, "b": "#)
        #expect(colon.root == .object(JSONObject([("a", .number(1))])))
    }

    @Test func nothingAfterTheErrorIsRead() {
        let text = #"{"a": [1, 2,], "b": 3}"#
        let document = parse(text)
        #expect(document.root == .object(JSONObject([("a", .array([.number(1), .number(2)]))])))
        #expect(document.sourceMap[pointer(.key("b"))] == nil)
        #expect(document.truncatedContainers == [.root, pointer(.key("a"))])
    }

    @Test func completedContainersAreNotTruncated() {
        let document = parse(#"{"a": {"x": 1}, "b": {"y": 2} "c": 3}"#)
        #expect(document.syntaxError?.message == "'}' expected")
        #expect(document.truncatedContainers == [.root])
        #expect(document.root?.objectValue?.keys == ["a", "b"])
    }

    @Test func anErrorAtTheStartLeavesNoValues() {
        for text in ["}", "[", "{", "\"abc", "x"] {
            let document = parse(text)
            #expect(document.syntaxError != nil, "\(text)")
            if text == "[" || text == "{" {
                #expect(document.root != nil && document.truncatedContainers == [.root], "\(text)")
            } else {
                #expect(document.root == nil && document.sourceMap.count == 0, "\(text)")
            }
        }
    }

    @Test func anErrorAfterTheTopLevelValueKeepsTheWholeValue() {
        let document = parse("[1, 2] [3]")
        #expect(document.root == .array([.number(1), .number(2)]))
        #expect(document.truncatedContainers.isEmpty)
    }

    @Test func overflowingNumbersAndABOMBeforeTheErrorStayInPlace() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": -1e999, "b": [2, }"#.utf8)
        let document = JSONDocument.parse(bytes)
        #expect(document.root == .object(JSONObject([("a", .number(-.infinity)), ("b", .array([.number(2)]))])))
    }

    @Test func duplicateKeysBeforeTheErrorAreReported() {
        let document = parse(#"{"a": 1, "a": 2, "b": "#)
        #expect(document.duplicateKeys.count == 1)
        #expect(document.root == .object(JSONObject([("a", .number(2))])))
    }
}
