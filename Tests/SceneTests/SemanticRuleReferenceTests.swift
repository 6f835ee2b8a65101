import JSON
import Testing

@testable import Scene

/// The "References and identity" codes (rules.md), each with a case that must fire and one that must not.
@Suite("References and identity rules")
struct SemanticRuleReferenceTests {
    // MARK: item.duplicateId

    @Test func duplicateItemIdIsReportedOnTheLaterIdRelatedToTheFirst() throws {
        let marked = scene(
            items: """
                {"id": "a", "center": [100, 100], "size": [40, 40]},
                    {"id": "b", "center": [200, 100], "size": [40, 40]},
                    {"id": ⟦"a"⟧, "center": [300, 100], "size": [40, 40]}
                """)
        let found = expectDiagnostics("item.duplicateId", in: marked)
        let diagnostic = try #require(found.first)
        let text = unmarked(marked)
        #expect(diagnostic.related.map(\.range) == [semanticTestRange(of: #""a""#, in: text)])
        #expect(diagnostic.message.contains(#""a""#))
        // The fix renames the later item to an id nothing uses.
        let fix = try #require(diagnostic.fixes.first)
        #expect(applying(fix, to: text).contains(#"{"id": "item1", "center": [300, 100]"#))
        expectNoDiagnostic("item.duplicateId", in: scene())
    }

    @Test func anItemWhoseIdIsADuplicateGetsOnlyDuplicateId() {
        // The later "b" is named by the gravity (which names the first "b"), and is not also unused.
        let marked = scene(
            items: """
                {"id": "a", "center": [100, 100], "size": [40, 40]},
                    {"id": "b", "center": [200, 100], "size": [40, 40]},
                    {"id": ⟦"b"⟧, "center": [300, 100], "size": [40, 40]}
                """)
        expectDiagnostics("item.duplicateId", in: marked)
        expectNoDiagnostic("item.unused", in: marked)
    }

    @Test func idsCompareAsDecodedStringsCaseSensitivelyWithoutNormalization() {
        // "\u044f" is я: the same id. "A" is not "a", and a precomposed é is not e + combining accent.
        expectDiagnostics(
            "item.duplicateId",
            in: scene(
                items: """
                    {"id": "я", "center": [100, 100], "size": [40, 40]},
                        {"id": ⟦"\\u044f"⟧, "center": [200, 100], "size": [40, 40]}
                    """,
                behaviors: #"{"type": "collision", "items": ["я"], "translatesReferenceBoundsIntoBoundary": true}"#))
        expectNoDiagnostic(
            "item.duplicateId",
            in: scene(
                items: """
                    {"id": "a", "center": [100, 100], "size": [40, 40]},
                        {"id": "A", "center": [200, 100], "size": [40, 40]},
                        {"id": "\\u00e9", "center": [300, 100], "size": [40, 40]},
                        {"id": "e\\u0301", "center": [300, 200], "size": [40, 40]}
                    """))
    }

    // MARK: item.unknown

    @Test func unknownItemInItemsSuggestsTheNearestIdAsAFixReplacingTheQuotedToken() throws {
        let items = """
            {"id": "a", "center": [100, 100], "size": [40, 40]},
                {"id": "b", "center": [200, 100], "size": [40, 40]},
                {"id": "crate", "center": [300, 100], "size": [40, 40]}
            """
        let marked = scene(items: items, behaviors: #"{"type": "collision", "items": ["a", ⟦"crat"⟧]}"#)
        let found = expectDiagnostics("item.unknown", in: marked)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message.contains(#""crat""#) && diagnostic.message.contains(#"did you mean "crate""#))
        let fix = try #require(diagnostic.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""items": ["a", "crate"]"#))
        expectNoDiagnostic(
            "item.unknown", in: scene(items: items, behaviors: #"{"type": "collision", "items": ["a", "crate"]}"#))
    }

    @Test func unknownItemInItemAndAttachedToIsReported() {
        expectDiagnostics(
            "item.unknown",
            in: scene(
                behaviors: """
                    {"type": "attachment", "item": ⟦"ghost"⟧, "attachedTo": ⟦"nope"⟧}
                    """))
        expectDiagnostics("item.unknown", in: scene(behaviors: #"{"type": "snap", "item": ⟦"c"⟧, "point": [1, 1]}"#))
    }

    @Test func unknownItemInABehaviorAddedByAnEventIsReported() {
        expectDiagnostics(
            "item.unknown",
            in: scene(
                events: """
                    {"at": 1, "add": {"type": "snap", "item": ⟦"zz"⟧, "point": [10, 10]}}
                    """))
    }

    @Test func anIdWrittenWithAnEscapeNamesTheItem() {
        expectNoDiagnostic(
            "item.unknown",
            in: scene(
                items: """
                    {"id": "a", "center": [100, 100], "size": [40, 40]},
                        {"id": "b", "center": [200, 100], "size": [40, 40]},
                        {"id": "я", "center": [300, 100], "size": [40, 40]}
                    """,
                behaviors: #"{"type": "collision", "items": ["\u044f"], "translatesReferenceBoundsIntoBoundary": true}"#
            ))
        // Ids are case-sensitive.
        expectDiagnostics("item.unknown", in: scene(behaviors: #"{"type": "collision", "items": ["a", ⟦"B"⟧]}"#))
    }

    @Test func unknownItemBeforeASyntaxErrorIsReportedWhenTheItemsWereRead() {
        expectDiagnostics(
            "item.unknown",
            in: """
                {"referenceView": {"width": 400, "height": 800}, "items": [{"id": "a", "center": [1, 1], "size": [4, 4]}],
                 "behaviors": [{"type": "gravity", "items": [⟦"x"⟧]}, {"type": "gravity" "items": []}]}
                """)
        // Items cut off by the error could still define the id.
        expectNoDiagnostic(
            "item.unknown",
            in: """
                {"referenceView": {"width": 400, "height": 800}, "behaviors": [{"type": "gravity", "items": ["x"]}],
                 "items": [{"id": "a", "center": [1, 1], "size": [4, 4]}, {"id" "x"}]}
                """)
    }

    // MARK: item.unused

    @Test func anItemNoBehaviorNamesIsUnused() throws {
        let marked = scene(
            items: """
                {"id": "a", "center": [100, 100], "size": [40, 40]},
                    {"id": "b", "center": [200, 100], "size": [40, 40]},
                    {"id": ⟦"lonely"⟧, "center": [300, 100], "size": [40, 40]}
                """)
        let found = expectDiagnostics("item.unused", in: marked)
        #expect(found.first?.message.contains(#""lonely""#) == true)
        expectNoDiagnostic("item.unused", in: scene())
    }

    @Test func anItemNamedOnlyByAnEventAddedBehaviorIsNotUnused() {
        let items = """
            {"id": "a", "center": [100, 100], "size": [40, 40]},
                {"id": "b", "center": [200, 100], "size": [40, 40]},
                {"id": "c", "center": [300, 100], "size": [40, 40]},
                {"id": "d", "center": [300, 300], "size": [40, 40]}
            """
        expectNoDiagnostic(
            "item.unused",
            in: scene(
                items: items,
                behaviors: """
                    {"type": "attachment", "item": "c", "attachedTo": "a"}
                    """, events: #"{"at": 2, "add": {"type": "snap", "item": "d", "point": [10, 10]}}"#))
    }

    @Test func attachedToNamesAnItem() {
        let items = """
            {"id": "a", "center": [100, 100], "size": [40, 40]},
                {"id": "b", "center": [200, 100], "size": [40, 40]},
                {"id": "hook", "center": [300, 100], "size": [40, 40]}
            """
        expectNoDiagnostic(
            "item.unused",
            in: scene(items: items, behaviors: #"{"type": "attachment", "item": "a", "attachedTo": "hook"}"#))
    }

    @Test func unusedIsNotReportedAfterASyntaxError() {
        expectNoDiagnostic(
            "item.unused",
            in: """
                {"referenceView": {"width": 400, "height": 800}, "items": [{"id": "a", "center": [1, 1], "size": [4, 4]}],
                 "behaviors": [{"type": "gravity" "items": ["a"]}]}
                """)
    }

    // MARK: behavior.duplicateId

    @Test func twoBehaviorsWithOneIdAtTheSameTimeAreReportedOnTheLaterId() throws {
        let marked = scene(
            behaviors: """
                {"type": "collision", "id": "walls", "items": ["a", "b"]},
                    {"type": "dynamicItem", "id": ⟦"walls"⟧, "items": ["a"], "elasticity": 0.5}
                """)
        let found = expectDiagnostics("behavior.duplicateId", in: marked)
        let diagnostic = try #require(found.first)
        let text = unmarked(marked)
        #expect(diagnostic.related.map(\.range) == [semanticTestRange(of: #""walls""#, in: text)])
        // Fixes: a fresh id, or removing the later behavior with its separating comma.
        #expect(diagnostic.fixes.count == 2)
        #expect(applying(diagnostic.fixes[0], to: text).contains(#""id": "dynamicItem1""#))
        #expect(
            applying(diagnostic.fixes[1], to: text)
                == unmarked(scene(behaviors: #"{"type": "collision", "id": "walls", "items": ["a", "b"]}"#)))
        expectNoDiagnostic(
            "behavior.duplicateId", in: scene(behaviors: #"{"type": "collision", "id": "walls", "items": ["a", "b"]}"#))
    }

    @Test func reAddingAnIdAfterItsBehaviorWasRemovedIsFine() {
        let behaviors = #"{"type": "snap", "id": "s", "item": "a", "point": [50, 50]}"#
        expectNoDiagnostic(
            "behavior.duplicateId",
            in: scene(
                behaviors: behaviors,
                events: """
                    {"at": 1, "remove": "s"}, {"at": 1.5, "add": {"type": "snap", "id": "s", "item": "a", "point": [90, 90]}}
                    """))
        // Without the removal, the added behavior duplicates the id.
        expectDiagnostics(
            "behavior.duplicateId",
            in: scene(
                behaviors: behaviors,
                events: """
                    {"at": 1.5, "add": {"type": "snap", "id": ⟦"s"⟧, "item": "b", "point": [90, 90]}}
                    """))
    }

    @Test func eventsApplyInTimeOrderNotFileOrder() {
        // The add at 1.5 s is listed first but applies after the removal at 1 s.
        expectNoDiagnostic(
            "behavior.duplicateId",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [50, 50]}"#,
                events: """
                    {"at": 1.5, "add": {"type": "snap", "id": "s", "item": "a", "point": [90, 90]}}, {"at": 1, "remove": "s"}
                    """))
    }

    @Test func eventsWhoseTimesRoundToOneFrameApplyInFileOrder() {
        // At 60 Hz, 1 s and 0.999 s both apply at frame 60: the removal (listed first) comes before the add.
        let marked = scene(
            behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [50, 50]}"#,
            events: """
                {"at": 1, "remove": "s"}, {"at": 0.999, "add": {"type": "snap", "id": "s", "item": "a", "point": [90, 90]}}
                """)
        expectNoDiagnostic("behavior.duplicateId", in: marked)
        expectNoDiagnostic("snap.duplicate", in: marked)
        // At 1000 Hz they are frames 999 and 1000: the add comes first, while the old snap still exists.
        let fast = scene(
            behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [50, 50]}"#,
            events: """
                {"at": 1, "remove": "s"}, {"at": 0.999, "add": {"type": "snap", "id": ⟦"s"⟧, "item": "a", "point": [90, 90]}}
                """, extra: #""preview": {"frameRate": 1000}"#)
        expectDiagnostics("behavior.duplicateId", in: fast)
    }

    // MARK: behavior.unknown

    @Test func setOfAnIdNoBehaviorHasSuggestsTheNearestLiveId() throws {
        let marked = scene(
            behaviors: #"{"type": "snap", "id": "snap1", "item": "a", "point": [50, 50]}"#,
            events: #"{"at": 1, "set": ⟦"snap2"⟧, "values": {"point": [1, 1]}}"#)
        let found = expectDiagnostics("behavior.unknown", in: marked)
        let fix = try #require(found.first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""set": "snap1""#))
        expectNoDiagnostic(
            "behavior.unknown",
            in: scene(
                behaviors: #"{"type": "snap", "id": "snap1", "item": "a", "point": [50, 50]}"#,
                events: #"{"at": 1, "set": "snap1", "values": {"point": [1, 1]}}"#))
    }

    @Test func setOrRemoveOfARemovedBehaviorIsUnknownRelatedToTheRemoval() throws {
        let marked = scene(
            behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [50, 50]}"#,
            events: """
                {"at": 1, "remove": "s"}, {"at": 2, "set": ⟦"s"⟧, "values": {"point": [1, 1]}}, {"at": 3, "remove": ⟦"s"⟧}
                """)
        let found = expectDiagnostics("behavior.unknown", in: marked)
        #expect(found.count == 2)
        #expect(found[0].message.contains("removed"))
        #expect(found[0].related.count == 1)
    }

    @Test func anEventBeforeTheAddThatCreatesTheIdIsUnknown() throws {
        let found = expectDiagnostics(
            "behavior.unknown",
            in: scene(
                events: """
                    {"at": 0.5, "set": ⟦"late"⟧, "values": {"point": [1, 1]}}, {"at": 1, "add": {"type": "snap", "id": "late", "item": "a", "point": [5, 5]}}
                    """))
        #expect(found.first?.message.contains("adds only after") == true)
        expectNoDiagnostic(
            "behavior.unknown",
            in: scene(
                events: """
                    {"at": 1, "add": {"type": "snap", "id": "late", "item": "a", "point": [5, 5]}}, {"at": 1.5, "set": "late", "values": {"point": [1, 1]}}
                    """))
    }

    @Test func unknownBehaviorIsNotReportedAfterASyntaxError() {
        expectNoDiagnostic(
            "behavior.unknown",
            in: """
                {"referenceView": {"width": 400, "height": 800}, "items": [{"id": "a", "center": [1, 1], "size": [4, 4]}],
                 "behaviors": [{"type": "gravity", "items": ["a"]}],
                 "events": [{"at": 1, "set": "g", "values": {"magnitude": 2}}, {"at": 0.5 "add": {"type": "gravity", "id": "g", "items": ["a"]}}]}
                """)
    }

    // MARK: behavior.duplicateItem

    @Test func aBehaviorListingAnItemTwiceIsReportedOnTheRepeatWithAFixRemovingIt() throws {
        let marked = scene(behaviors: #"{"type": "collision", "items": ["a", "b", ⟦"a"⟧]}"#)
        let found = expectDiagnostics("behavior.duplicateItem", in: marked)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.related.count == 1)
        let fix = try #require(diagnostic.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#"{"type": "collision", "items": ["a", "b"]}"#))
        expectNoDiagnostic(
            "behavior.duplicateItem", in: scene(behaviors: #"{"type": "collision", "items": ["a", "b"]}"#))
    }

    // MARK: behavior.empty

    @Test func aBehaviorWithNoItemsIsEmpty() {
        expectDiagnostics("behavior.empty", in: scene(behaviors: #"{"type": "push", "items": ⟦[]⟧, "magnitude": 1}"#))
        expectDiagnostics(
            "behavior.empty", in: scene(events: #"{"at": 1, "add": {"type": "field", "kind": "drag", "items": ⟦[ ]⟧}}"#)
        )
        expectNoDiagnostic("behavior.empty", in: scene(behaviors: #"{"type": "push", "items": ["a"], "magnitude": 1}"#))
    }

    // MARK: boundary.duplicateId

    @Test func twoBoundariesOfOneCollisionWithOneIdAreReported() {
        expectDiagnostics(
            "boundary.duplicateId",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "boundaries": [
                        {"id": "floor", "from": [0, 700], "to": [400, 700]}, {"id": ⟦"floor"⟧, "from": [0, 600], "to": [400, 600]}]}
                    """))
        // Boundaries of two different collision behaviors may share an id.
        expectNoDiagnostic(
            "boundary.duplicateId",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a"], "boundaries": [{"id": "floor", "from": [0, 700], "to": [400, 700]}]},
                        {"type": "collision", "items": ["b"], "boundaries": [{"id": "floor", "from": [0, 600], "to": [400, 600]}]}
                    """))
    }
}

/// The byte range of the first occurrence of `needle` in `text`.
func semanticTestRange(of needle: String, in text: String, occurrence: Int = 0) -> Range<Int> {
    let bytes = Array(text.utf8)
    let pattern = Array(needle.utf8)
    var seen = 0
    for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<(start + pattern.count)]) == pattern {
        if seen == occurrence { return start..<(start + pattern.count) }
        seen += 1
    }
    return 0..<0
}
