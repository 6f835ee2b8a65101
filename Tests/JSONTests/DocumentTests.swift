import Testing

@testable import JSON

/// Values, source map, duplicate keys and the limits of what Impulse can hold.
@Suite struct DocumentTests {
    private func pointer(_ segments: JSONPointer.Segment...) -> JSONPointer { JSONPointer(segments) }

    @Test func sourceMapGivesKeyAndValueRangesOfEveryValue() {
        let text = """
            {"items": [{"id": "ball", "center": [10, 20.5]}], "empty": {}, "list": []}
            """
        let document = parse(text)
        #expect(document.isValid)
        let map = document.sourceMap
        #expect(map[.root] == SourceMap.Entry(keyRange: nil, valueRange: 0..<text.utf8.count))
        #expect(map[pointer(.key("items"))]?.keyRange == range(of: #""items""#, in: text))
        #expect(map[pointer(.key("items"), .index(0), .key("id"))]?.valueRange == range(of: #""ball""#, in: text))
        #expect(map[pointer(.key("items"), .index(0), .key("center"))]?.valueRange == range(of: "[10, 20.5]", in: text))
        #expect(
            map[pointer(.key("items"), .index(0), .key("center"), .index(1))]?.valueRange == range(of: "20.5", in: text)
        )
        #expect(map[pointer(.key("empty"))]?.valueRange == range(of: "{}", in: text))
        #expect(map[pointer(.key("list"))]?.valueRange == range(of: "[]", in: text))
        #expect(map[pointer(.key("items"), .index(1))] == nil)
        #expect(map[pointer(.key("nothing"))] == nil)
        #expect(map.count == 9)
    }

    @Test func lookupsFallBackToTheNearestAncestor() {
        let text = #"{"a": {"b": [1]}}"#
        let map = parse(text).sourceMap
        #expect(map.valueRange(pointer(.key("a"), .key("zzz"))) == range(of: #"{"b": [1]}"#, in: text))
        #expect(map.keyRange(pointer(.key("a"), .key("b"))) == range(of: #""b""#, in: text))
        #expect(map.keyRange(pointer(.key("a"), .key("b"), .index(0))) == range(of: "1", in: text))
        #expect(map.openingBracket(pointer(.key("a"), .key("b"))) == range(of: "[", in: text))
    }

    @Test func escapedKeysAreFoundByTheirDecodedText() {
        let text = #"{"a\u0062c": 1, "\/": 2}"#
        let document = parse(text)
        #expect(document.root == .object(JSONObject([("abc", .number(1)), ("/", .number(2))])))
        #expect(document.sourceMap[pointer(.key("abc"))]?.valueRange == range(of: "1", in: text))
        #expect(document.sourceMap[pointer(.key("/"))]?.keyRange == range(of: #""\/""#, in: text))
    }

    @Test func childPointersAndInnermostPointerFollowTheText() {
        let text = #"{"b": [1, {"c": true}], "a": null}"#
        let map = parse(text).sourceMap
        #expect(map.childPointers(of: .root) == [pointer(.key("b")), pointer(.key("a"))])
        #expect(
            map.childPointers(of: pointer(.key("b"))) == [pointer(.key("b"), .index(0)), pointer(.key("b"), .index(1))])
        #expect(
            map.innermostPointer(containing: range(of: "true", in: text).lowerBound + 1)
                == pointer(.key("b"), .index(1), .key("c")))
        #expect(
            map.innermostPointer(containing: range(of: #""c""#, in: text).lowerBound)
                == pointer(.key("b"), .index(1), .key("c")))
        #expect(map.innermostPointer(containing: range(of: ",", in: text).lowerBound) == pointer(.key("b")))
        #expect(map.innermostPointer(containing: text.utf8.count) == nil)
    }

    @Test func forEachEntryVisitsEveryValueWithItsPointer() {
        let text = #"{"a": [1, {"b": 2}], "c": 3}"#
        let document = parse(text)
        var seen: [String] = []
        document.sourceMap.forEachEntry { pointer, _ in seen.append(pointer.description) }
        #expect(seen == ["", "/a", "/a/0", "/a/1", "/a/1/b", "/c"])
        #expect(document.sourceMap.entries.count == 6)
        #expect(document.sourceMap.entries[pointer(.key("c"))]?.valueRange == range(of: "3", in: text))
    }

    @Test func duplicateKeysKeepTheLastValueAndAreReportedPairwise() {
        let text = #"{"a": 1, "b": 2, "\u0061": 3, "a": 4}"#
        let document = parse(text)
        #expect(document.isValid)
        #expect(document.root?.objectValue?["a"] == .number(4))
        #expect(document.root?.objectValue?.keys == ["a", "b"])
        #expect(document.sourceMap[pointer(.key("a"))]?.valueRange == range(of: "4", in: text))
        #expect(
            document.duplicateKeys == [
                JSONDocument.DuplicateKey(
                    object: .root, key: "a", firstKeyRange: range(of: #""a""#, in: text),
                    laterKeyRange: range(of: #""\u0061""#, in: text)),
                JSONDocument.DuplicateKey(
                    object: .root, key: "a", firstKeyRange: range(of: #""\u0061""#, in: text),
                    laterKeyRange: range(of: #""a""#, in: text, occurrence: 2)),
            ])
    }

    @Test func duplicateKeysAreFoundInLargeObjects() {
        var text = "{"
        for k in 0..<100 { text += "\"k\(k)\": \(k), " }
        text += "\"k42\": \"again\"}"
        let document = parse(text)
        #expect(document.duplicateKeys.map(\.key) == ["k42"])
        #expect(document.root?.objectValue?["k42"] == .string("again"))
        #expect(document.duplicateKeys.first?.firstKeyRange == range(of: #""k42""#, in: text))
    }

    @Test func nestedDuplicateKeysNameTheirObject() {
        let document = parse(#"{"items": [{"id": "a", "id": "b"}]}"#)
        #expect(document.duplicateKeys.map(\.object) == [pointer(.key("items"), .index(0))])
    }

    @Test func numbersTooLargeForADoubleAreInfinitiesNotErrors() {
        let text = #"{"a": 1e999, "b": [-1e400, 2], "c": 1e308}"#
        let document = parse(text)
        #expect(document.isValid)
        let object = document.root?.objectValue
        #expect(object?["a"] == .number(.infinity))
        #expect(object?["b"] == .array([.number(-.infinity), .number(2)]))
        #expect(object?["c"] == .number(1e308))
        #expect(document.sourceMap[pointer(.key("a"))]?.valueRange == range(of: "1e999", in: text))
        #expect(parse("1e999").root == .number(.infinity))
        #expect(parse("1e-999").root == .number(0))
        // A repeated key: only the winning value is infinite.
        #expect(parse(#"{"a": 1e999, "a": 0}"#).root == .object(JSONObject([("a", .number(0))])))
        #expect(parse(#"{"a": 0, "a": -1e999}"#).root == .object(JSONObject([("a", .number(-.infinity))])))
    }

    @Test func nulEscapesAreFineInValuesButUnsupportedInKeys() {
        let value = parse(#"{"a": "x\u0000y"}"#)
        #expect(value.isValid)
        #expect(value.root?.objectValue?["a"] == .string("x\u{0}y"))
        let text = #"{"ok": 1, "a\u0000b": 2}"#
        let key = parse(text)
        #expect(key.syntaxError == nil)
        #expect(
            key.unsupported == [
                JSONDocument.Unsupported(range: range(of: #""a\u0000b""#, in: text), message: ParsedText.nulKeyMessage)
            ])
        #expect(!key.isValid)
        #expect(key.sourceMap[pointer(.key("ok"))]?.valueRange == range(of: "1", in: text))
    }

    private func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test func nestingUpTo2048LevelsIsSupported() {
        let document = parse(nested(2048))
        #expect(document.isValid)
        #expect(document.root != nil)
    }

    @Test func nestingPast2048LevelsIsUnsupportedAtTheBracketThatGoesPast() {
        let document = parse(nested(2049))
        #expect(document.syntaxError == nil)
        #expect(document.unsupported.map(\.range) == [2048..<2049])
        #expect(document.unsupported.first?.message == "nesting deeper than 2048 levels is not supported")
        #expect(document.sourceMap.count == 2049)
    }

    @Test func a100000LevelNestingDoesNotOverflowTheStack() {
        let valid = parse(nested(100_000))
        #expect(valid.unsupported.count == 1)
        #expect(valid.root == nil)
        let open = parse(String(repeating: "[{\"a\":", count: 50_000))
        #expect(open.syntaxError?.range == 300_000..<300_000)
        #expect(open.root == nil)
    }

    @Test func aDuplicateKeyInsideATooDeepDocumentIsStillReportedNearTheTop() {
        let text = #"{"a": 1, "a": "# + nested(3000) + "}"
        let document = parse(text)
        #expect(document.duplicateKeys.count == 1)
        #expect(document.unsupported.count == 1)
    }

    @Test func aFiftyMegabyteDocumentParses() {
        // 50 000 items of about 1 kB, mostly long strings: quick to generate and to check.
        let filler = String(repeating: "lorem ipsum dolor sit amet, ", count: 34)
        let item = Array("  {\"id\": \"item\", \"center\": [120.5, -33.25], \"note\": \"\(filler)\\n\\u00e9\"},\n".utf8)
        let count = 50_000_000 / item.count + 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * item.count + 32)
        bytes.append(contentsOf: "{\"items\": [\n".utf8)
        for _ in 0..<count { bytes.append(contentsOf: item) }
        bytes.append(contentsOf: "  {}\n]}\n".utf8)
        #expect(bytes.count > 50_000_000)
        let document = JSONDocument.parse(bytes)
        #expect(document.isValid)
        let items = document.root?.objectValue?["items"]?.arrayValue
        #expect(items?.count == count + 1)
        #expect(items?.first?.objectValue?["note"]?.stringValue?.hasSuffix("amet, \né") == true)
        #expect(document.sourceMap[pointer(.key("items"), .index(count - 1), .key("note"))] != nil)
        #expect(document.lineIndex.lineCount == count + 4)
    }
}
