import Testing

@testable import JSON

/// The completion context in texts being typed: `1️⃣` marks the cursor.
@Suite struct CursorContextTests {
    private func context(_ text: String, _ marker: Int = 1) -> CursorContext {
        let marked = MarkedText(text)
        return CursorContext(marked.bytes, at: marked[marker])
    }

    private func pointer(_ segments: JSONPointer.Segment...) -> JSONPointer { JSONPointer(segments) }

    @Test func afterAnOpeningBraceIsAKeyWithTheKeysAlreadyThere() {
        let c = context(
            """
            {"items": [{1️⃣ "id": "ball", "size": [40, 40]}]}
            """)
        #expect(c.slot == .key)
        #expect(c.container == pointer(.key("items"), .index(0)))
        #expect(c.presentKeys == ["id", "size"])
        #expect(c.token == nil)
        #expect(c.replacementRange == c.offset..<c.offset)
    }

    @Test func insideAPartialKeyInAnUnclosedDocument() {
        let c = context(
            """
            {"behaviors": [{"type": "attachment", "ite1️⃣
            """)
        #expect(c.slot == .key)
        #expect(c.container == pointer(.key("behaviors"), .index(0)))
        #expect(c.token?.text == "\"ite")
        #expect(c.token?.prefix == "ite")
        #expect(c.token?.isClosed == false)
        #expect(c.presentKeys == ["type"])
        #expect(c.object?.scalarMembers["type"] == .string("attachment"))
        #expect(
            c.containers.map(\.pointer) == [pointer(.key("behaviors"), .index(0)), pointer(.key("behaviors")), .root])
    }

    @Test func insideAClosedKeyTheTokenIsTheWholeKey() {
        let text = #"{"type": "gravity", "mag1️⃣nitude": 1}"#
        let c = context(text)
        #expect(c.slot == .key)
        #expect(c.token?.text == #""magnitude""#)
        #expect(c.token?.prefix == "mag")
        #expect(c.token?.isClosed == true)
        #expect(c.presentKeys == ["type"])
    }

    @Test func afterAColonIsTheValueOfThatKey() {
        let c = context(
            """
            {"type": 1️⃣
            """)
        #expect(c.slot == .value(key: "type"))
        #expect(c.container == .root)
    }

    @Test func insideAnUnclosedStringValue() {
        let source = """
            {"behaviors": [{"type": "att1️⃣
              "items": ["a"]}]}
            """
        let c = context(source)
        #expect(c.slot == .value(key: "type"))
        #expect(c.token?.prefix == "att")
        #expect(c.token?.isClosed == false)
        // The next line's member still counts: the unclosed string ended at its line.
        #expect(c.presentKeys == ["type", "items"])
        let text = String(decoding: MarkedText(source).bytes, as: UTF8.self)
        #expect(
            c.containers.first?.range == range(of: "{\"type\"", in: text).lowerBound..<range(of: "]}]}", in: text)
                .lowerBound + 2)
    }

    @Test func insideAClosedStringValueThePrefixEndsAtTheCursor() {
        let c = context(#"{"shape": "elli1️⃣pse"}"#)
        #expect(c.slot == .value(key: "shape"))
        #expect(c.token?.prefix == "elli")
        #expect(c.token?.text == #""ellipse""#)
    }

    @Test func afterAClosedStringTheCursorIsNotInIt() {
        let c = context(#"{"shape": "ellipse"1️⃣}"#)
        #expect(c.slot == .other)
        #expect(c.token == nil)
    }

    @Test func arrayElementsKnowTheirIndex() {
        let c = context(
            """
            {"items": ["a", "b", 1️⃣]}
            """)
        #expect(c.slot == .element(index: 2))
        #expect(c.container == pointer(.key("items")))
        #expect(c.containers.first?.count == 2)
        let typing = context(#"{"behaviors": [{"items": ["ball", "bo1️⃣"#)
        #expect(typing.slot == .element(index: 1))
        #expect(typing.token?.prefix == "bo")
        #expect(typing.container == pointer(.key("behaviors"), .index(0), .key("items")))
        #expect(typing.containers[1].scalarMembers.isEmpty)
    }

    @Test func afterATrailingCommaIsTheNextKey() {
        let c = context(
            """
            {"id": "a", "size": [1, 2], 1️⃣}
            """)
        #expect(c.slot == .key)
        #expect(c.presentKeys == ["id", "size"])
        #expect(c.object?.member("size")?.scalar == nil)
        #expect(c.object?.member("size")?.valueRange != nil)
    }

    @Test func aMissingColonStillGivesTheValueOnTheSameLine() {
        let c = context(#"{"type" "grav1️⃣"#)
        #expect(c.slot == .value(key: "type"))
        #expect(c.token?.prefix == "grav")
    }

    @Test func aMissingCommaBeforeANewKeyIsAKey() {
        let c = context(
            """
            {"type": "snap"
              "po1️⃣
            }
            """)
        #expect(c.slot == .key)
        #expect(c.token?.prefix == "po")
        #expect(c.object?.scalarMembers["type"] == .string("snap"))
    }

    @Test func aKeyWithoutItsValueCountsAsPresent() {
        let c = context(
            """
            {"type": "snap", "point": , 1️⃣ "damping": 0.5}
            """)
        #expect(c.slot == .key)
        #expect(c.presentKeys == ["type", "point", "damping"])
        #expect(c.object?.member("point")?.valueRange == nil)
        #expect(c.object?.scalarMembers["damping"] == .number(0.5))
    }

    @Test func siblingValuesOfEnclosingObjectsAreReadable() {
        let c = context(
            """
            {"behaviors": [{"type": "attachment", "kind": "sliding", "anchor": [1️⃣], "item": "ball"}]}
            """)
        #expect(c.slot == .element(index: 0))
        #expect(c.container == pointer(.key("behaviors"), .index(0), .key("anchor")))
        let behavior = c.containers[1]
        #expect(behavior.pointer == pointer(.key("behaviors"), .index(0)))
        #expect(
            behavior.scalarMembers == [
                "type": .string("attachment"), "kind": .string("sliding"), "item": .string("ball"),
            ])
    }

    @Test func insideANumberOrLiteralBeingTyped() {
        let c = context(#"{"items": [{"density": 1.1️⃣"#)
        #expect(c.slot == .value(key: "density"))
        #expect(c.token?.text == "1.")
        #expect(c.token?.isString == false)
        let literal = context(#"{"resting": tr1️⃣}"#)
        #expect(literal.slot == .value(key: "resting"))
        #expect(literal.token?.prefix == "tr")
    }

    @Test func anEmptyTextIsTheTopLevel() {
        #expect(context("1️⃣").slot == .topLevel)
        #expect(context("  1️⃣  ").containers.isEmpty)
        #expect(context("{} 1️⃣").slot == .other)
    }

    @Test func escapedKeysAreDecoded() {
        let c = context(#"{"\u0074ype": "gravity", 1️⃣}"#)
        #expect(c.presentKeys == ["type"])
        #expect(c.object?.scalarMembers["type"] == .string("gravity"))
    }

    @Test func mismatchedBracketsCloseUpToTheirMatch() {
        let c = context(
            """
            {"a": [1, {"b": 2], "c": 3, 1️⃣}
            """)
        #expect(c.slot == .key)
        #expect(c.container == .root)
        #expect(c.presentKeys == ["a", "c"])
    }

    @Test func aDocumentGivesTheSameContextAsItsBytes() {
        let marked = MarkedText(#"{"a": 1, 1️⃣}"#)
        let document = JSONDocument.parse(marked.bytes)
        #expect(document.context(at: marked[1]) == CursorContext(marked.bytes, at: marked[1]))
    }

    /// Found by the mutation run (issue 15): a completion inside 200,000 open brackets after a syntax error (so
    /// the scanner never reaches the depth the parser refuses) took minutes building a pointer per level.
    @Test func aCursorNestedDeeperThanTheParserTakesHasNoContainers() {
        let opened = String(repeating: "[", count: 200_000)
        let text = Array((#"{"items": x, "b": "# + opened + "1" + opened).utf8)
        let context = CursorContext(text, at: text.count / 2)
        #expect(context.containers.isEmpty && context.slot == .other)
        // At the parser's limit, the containers are all there.
        let limit = Array((String(repeating: "[", count: 2047) + "1").utf8)
        #expect(CursorContext(limit, at: limit.count - 1).containers.count == 2047)
    }
}
