import Testing

@testable import Scene

/// Reactions (`on`), pans, item lists set by events and expectations: the rules that check them without a
/// simulation, and `expect.failed` with one. Every case goes through the rule helper.
@Suite struct SemanticRuleContactTests {
    /// A square falling onto a floor segment, with `events` and `expect` given as JSON text.
    static func floorScene(events: String = "", expect: String = "", collision: String = "") -> String {
        """
        {
          "referenceView": {"width": 320, "height": 480},
          "items": [
            {"id": "square", "center": [160, 100], "size": [40, 40]},
            {"id": "ball", "center": [60, 100], "size": [20, 20]}
          ],
          "behaviors": [
            {"type": "gravity", "id": "gravity", "items": ["square", "ball"]},
            {"type": "collision", "id": "walls", "items": ["square", "ball"]\(collision), "boundaries": [
              {"id": "floor", "from": [0, 300], "to": [320, 300]}
            ]}
          ],
          "events": [\(events)],
          "expect": [\(expect)]
        }
        """
    }

    // MARK: Shape

    @Test func anEventWithBothAtAndOnIsExclusive() {
        expectDiagnostics(
            "scene.exclusiveKeys",
            in: Self.floorScene(
                events: #"""
                    {"at": 1, ⟦"on"⟧: {"contactBegan": {"item": "square", "with": {"boundary": "floor"}}},
                    "remove": "gravity"}
                    """#
            ))
    }

    @Test func anEventWithNeitherAtNorOnSaysSo() {
        let found = expectDiagnostics(
            "scene.exclusiveKeys", in: Self.floorScene(events: #"⟦{⟧"remove": "gravity"}"#))
        #expect(found.first?.message.contains("at or on") == true, "\(found.map(\.message))")
    }

    @Test func onceWithAtIsExclusive() {
        expectDiagnostics(
            "scene.exclusiveKeys", in: Self.floorScene(events: #"{"at": 1, ⟦"once"⟧: true, "remove": "gravity"}"#))
    }

    @Test func aPanNeedsAPathAndADuration() {
        let found = expectDiagnostics(
            "scene.missingKey",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [100, 100]}"#,
                events: #"⟦{⟧"at": 0, "pan": "s", "path": [[0, 0]]}"#))
        #expect(found.first?.message.contains("duration") == true)
    }

    /// `path` and `duration` belong with `pan` only, so they are reported against `set` too.
    @Test func aPanWithASetIsExclusive() {
        expectDiagnostics(
            "scene.exclusiveKeys",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [100, 100]}"#,
                events: #"""
                    {"at": 0, "set": "s", "values": {"point": [1, 1]}, ⟦"pan"⟧: "s", ⟦"path"⟧: [[0, 0]],
                    ⟦"duration"⟧: 1}
                    """#
            ))
    }

    @Test func aPanOfAGravityIsNotLive() {
        expectDiagnostics(
            "event.notLive",
            in: scene(events: #"{"at": 0, "pan": ⟦"g"⟧, "path": [[0, 0]], "duration": 1}"#).replacingOccurrences(
                of: #"{"type": "gravity", "items""#, with: #"{"type": "gravity", "id": "g", "items""#))
    }

    @Test func anEmptyPanPathIsATypeError() {
        expectDiagnostics(
            "scene.type",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [100, 100]}"#,
                events: #"{"at": 0, "pan": "s", "path": ⟦[]⟧, "duration": 1}"#))
    }

    @Test func itemsCanBeSetOnAGravityButNotOnASnap() {
        expectNoDiagnostic(
            "event.notLive",
            in: Self.floorScene(events: #"{"at": 1, "set": "gravity", "values": {"items": ["ball"]}}"#))
        expectDiagnostics(
            "event.notLive",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [100, 100]}"#,
                events: #"{"at": 0, "set": "s", "values": {⟦"item"⟧: "b"}}"#))
    }

    @Test func anExpectationNeedsTheKeysOfItsType() {
        let found = expectDiagnostics(
            "scene.missingKey",
            in: Self.floorScene(
                expect: #"""
                    ⟦{⟧"type": "near", "item": "square", "by": 1}
                    """#))
        #expect(found.map(\.message).joined().contains("point"))
        #expect(found.map(\.message).joined().contains("within"))
    }

    @Test func aKeyOfAnotherTypeOfExpectationSaysWhichTypesTakeIt() {
        let found = expectDiagnostics(
            "scene.unknownKey",
            in: Self.floorScene(expect: #"{"type": "rests", "item": "square", "by": 1, ⟦"before"⟧: 2}"#))
        #expect(found.first?.message.contains("belongs with contact") == true, "\(found.map(\.message))")
    }

    @Test func anUnknownExpectationTypeSuggestsTheNearest() {
        let found = expectDiagnostics(
            "scene.enum", in: Self.floorScene(expect: #"{"type": ⟦"rest"⟧, "item": "square", "by": 1}"#))
        #expect(found.first?.message.contains(#"did you mean "rests"?"#) == true)
    }

    @Test func aBoundaryMayBeNullButNotANumber() {
        expectNoDiagnostic(
            "scene.type",
            in: Self.floorScene(expect: #"{"type": "noContact", "item": "square", "with": {"boundary": null}}"#))
        expectDiagnostics(
            "scene.type",
            in: Self.floorScene(expect: #"{"type": "noContact", "item": "square", "with": {"boundary": ⟦3⟧}}"#))
    }

    // MARK: References

    @Test func aReactionOnAnUnknownItemSuggestsTheNearest() {
        let found = expectDiagnostics(
            "item.unknown",
            in: Self.floorScene(
                events: #"""
                    {"on": {"contactBegan": {"item": ⟦"sqare"⟧, "with": {"boundary": "floor"}}}, "once": true,
                    "remove": "gravity"}
                    """#
            ))
        #expect(found.first?.message.contains(#"did you mean "square"?"#) == true)
    }

    @Test func anExpectationOnAnUnknownItemIsUnknown() {
        expectDiagnostics("item.unknown", in: Self.floorScene(expect: #"{"type": "rests", "item": ⟦"box"⟧, "by": 1}"#))
    }

    @Test func anItemGivenByASetEventMustExistAndCountsAsNamed() {
        expectDiagnostics(
            "item.unknown",
            in: scene(
                items: #"""
                    {"id": "a", "center": [100, 100], "size": [40, 40]}, {"id": "c", "center": [300, 100],
                    "size": [40, 40]}
                    """#,
                events: #"{"at": 1, "set": "g", "values": {"items": ["a", ⟦"cc"⟧]}}"#
            ).replacingOccurrences(of: #""items": ["a", "b"]"#, with: #""id": "g", "items": ["a"]"#))
        expectNoDiagnostic(
            "item.unused",
            in: scene(
                items: #"""
                    {"id": "a", "center": [100, 100], "size": [40, 40]}, {"id": "c", "center": [300, 100],
                    "size": [40, 40]}
                    """#,
                events: #"{"at": 1, "set": "g", "values": {"items": ["a", "c"]}}"#
            ).replacingOccurrences(of: #""items": ["a", "b"]"#, with: #""id": "g", "items": ["a"]"#))
    }

    @Test func anUnknownBoundarySuggestsTheNearest() {
        let marked = Self.floorScene(
            expect: #"{"type": "contact", "item": "square", "with": {"boundary": ⟦"flor"⟧}, "before": 1}"#)
        let found = expectDiagnostics("boundary.unknown", in: marked)
        #expect(found.first?.message.contains(#"did you mean "floor"?"#) == true)
        let fixed = found.first?.fixes.first.map { applying($0, to: unmarked(marked)) }
        #expect(fixed?.contains(#""with": {"boundary": "floor"}"#) == true)
    }

    @Test func aReactionNamingABehaviorThatNeverExistsIsUnknown() {
        expectDiagnostics(
            "behavior.unknown",
            in: Self.floorScene(
                events: #"""
                    {"on": {"contactBegan": {"item": "square", "with": {"boundary": "floor"}}},
                    "remove": ⟦"gravty"⟧}
                    """#
            ))
    }

    @Test func aReactionMayNameABehaviorThatAnEventAddsLater() {
        expectNoDiagnostic(
            "behavior.unknown",
            in: Self.floorScene(
                events: #"""
                    {"on": {"contactBegan": {"item": "square", "with": {"boundary": "floor"}}}, "remove": "push"},
                    {"at": 2, "add": {"type": "push", "id": "push", "items": ["ball"], "magnitude": 1}}
                    """#))
    }

    // MARK: Pairs that never touch

    @Test func twoItemsInNoSharedCollisionBehaviorNeverTouch() {
        let found = expectDiagnostics(
            "reaction.neverTouches",
            in: scene(
                behaviors: #"{"type": "collision", "items": ["a"], "translatesReferenceBoundsIntoBoundary": true}"#,
                events: #"""
                    {"on": {"contactBegan": {"item": "a", "with": ⟦{"item": "b"}⟧}}, "once": true, "set": "c",
                    "values": {"items": ["a"]}}
                    """#
            ).replacingOccurrences(
                of: #"""
                    "type": "collision", "items"
                    """#, with: #""type": "collision", "id": "c", "items""#))
        #expect(found.first?.message.contains("no collision behavior holds both") == true)
    }

    @Test func itemsAddedToACollisionBehaviorByASetEventCanTouch() {
        expectNoDiagnostic(
            "reaction.neverTouches",
            in: scene(
                behaviors: #"""
                    {"type": "collision", "id": "c", "items": ["a"], "translatesReferenceBoundsIntoBoundary": true}
                    """#,
                events: #"""
                    {"at": 1, "set": "c", "values": {"items": ["a", "b"]}},
                    {"on": {"contactBegan": {"item": "b", "with": {"item": "a"}}}, "once": true, "remove": "c"}
                    """#))
    }

    @Test func modeBoundariesLetsNoTwoItemsTouch() {
        let found = expectDiagnostics(
            "reaction.neverTouches",
            in: Self.floorScene(
                expect: #"{"type": "noContact", "item": "square", "with": ⟦{"item": "ball"}⟧}"#,
                collision: #", "mode": "boundaries""#))
        #expect(found.first?.message.contains(#"mode "boundaries""#) == true)
    }

    @Test func modeItemsIgnoresTheBoundaryAReactionListensTo() {
        expectDiagnostics(
            "reaction.neverTouches",
            in: Self.floorScene(
                events: #"""
                    {"on": {"contactEnded": {"item": "ball", "with": ⟦{"boundary": "floor"}⟧}},
                    "remove": "gravity"}
                    """#,
                collision: #", "mode": "items""#))
    }

    @Test func theReferenceBoundsNeedTranslatesReferenceBoundsIntoBoundary() {
        expectDiagnostics(
            "reaction.neverTouches",
            in: Self.floorScene(
                expect: #"""
                    {"type": "contact", "item": "ball", "with": ⟦{"boundary": null}⟧, "before": 1}
                    """#))
    }

    @Test func anItemNeverTouchesItself() {
        expectDiagnostics(
            "reaction.neverTouches",
            in: Self.floorScene(expect: #"{"type": "noContact", "item": "ball", "with": ⟦{"item": "ball"}⟧}"#))
    }

    // MARK: A reaction that removes its own contact

    @Test func aReactionRemovingTheOnlyCollisionOfItsPairAppliesOnce() {
        let found = expectDiagnostics(
            "reaction.removesItsContact",
            in: Self.floorScene(
                events: #"""
                    {"on": {"contactBegan": {"item": "square", "with": {"boundary": "floor"}}},
                    "remove": ⟦"walls"⟧}
                    """#
            ))
        #expect(found.first?.related.count == 1)
        #expect(found.first?.message.contains(#""once": true"#) == true)
    }

    @Test func onceSaysThatASingleApplicationIsMeant() {
        expectNoDiagnostic(
            "reaction.removesItsContact",
            in: Self.floorScene(
                events: #"""
                    {"on": {"contactBegan": {"item": "square", "with": {"boundary": "floor"}}}, "once": true,
                    "remove": "walls"}
                    """#
            ))
    }

    @Test func removingAnotherBehaviorIsFine() {
        expectClean(
            Self.floorScene(
                events: #"""
                    {"on": {"contactBegan": {"item": "square", "with": {"boundary": "floor"}}},
                    "remove": "gravity"}
                    """#
            ))
    }

    // MARK: expect.failed

    @Test func expectationsAreOnlyCheckedForShapeWithoutASimulation() {
        expectNoDiagnostic(
            "expect.failed", in: Self.floorScene(expect: #"{"type": "rests", "item": "square", "by": 0.1}"#))
    }

    @Test func anItemStillMovingAtItsRestTimeSaysWhenItRests() {
        let found = expectDiagnostics(
            "expect.failed", in: Self.floorScene(expect: #"{"type": ⟦"rests"⟧, "item": "square", "by": 0.5}"#),
            simulating: true)
        let message = found.first?.message ?? ""
        #expect(message.hasPrefix(#""square" is still moving at 0.5 s ("#), "\(message)")
        #expect(message.contains("; it comes to rest at "), "\(message)")
    }

    @Test func aNearExpectationSaysHowFarAndWhenItGetsWithin() {
        let found = expectDiagnostics(
            "expect.failed",
            in: Self.floorScene(
                expect: #"{"type": ⟦"near"⟧, "item": "square", "point": [160, 278.2], "within": 0.5, "by": 0.5}"#),
            simulating: true)
        let message = found.first?.message ?? ""
        #expect(message.hasPrefix(#""square" is "#), "\(message)")
        #expect(message.contains(" pt from (160, 278.2) at 0.5 s; it gets within 0.5 pt at "), "\(message)")
    }

    @Test func aContactTooLateSaysWhenItCame() {
        let found = expectDiagnostics(
            "expect.failed",
            in: Self.floorScene(
                expect: #"{"type": ⟦"contact"⟧, "item": "square", "with": {"boundary": "floor"}, "before": 0.3}"#),
            simulating: true)
        #expect(found.first?.message.contains(#"first touches boundary "floor" at "#) == true)
        #expect(found.first?.message.hasSuffix("not before 0.3 s") == true)
    }

    @Test func aContactThatHappensBreaksNoContact() {
        let found = expectDiagnostics(
            "expect.failed",
            in: Self.floorScene(expect: #"{"type": ⟦"noContact"⟧, "item": "ball", "with": {"boundary": "floor"}}"#),
            simulating: true)
        #expect(found.first?.message.hasPrefix(#""ball" touches boundary "floor" at "#) == true)
    }

    @Test func anExpectationAfterTheEndOfTheRunFails() {
        let found = expectDiagnostics(
            "expect.failed", in: Self.floorScene(expect: #"{"type": ⟦"pauses"⟧, "by": 10}"#), simulating: true)
        #expect(found.first?.message.contains("lengthen preview.duration") == true)
    }

    @Test func expectationsThatHoldAreClean() {
        expectNoDiagnostic(
            "expect.failed",
            in: Self.floorScene(
                expect: #"""
                    {"type": "rests", "item": "square", "by": 2.5},
                    {"type": "pauses", "by": 2.5},
                    {"type": "near", "item": "square", "point": [160, 278], "within": 2, "by": 2, "angleWithin": 0.01},
                    {"type": "contact", "item": "ball", "with": {"boundary": "floor"}, "before": 1},
                    {"type": "noContact", "item": "ball", "with": {"item": "square"}}
                    """#),
            simulating: true)
    }
}
