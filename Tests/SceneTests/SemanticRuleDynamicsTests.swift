import JSON
import Testing

@testable import Scene

/// The "Dynamics semantics" codes that relate behaviors (rules.md), each with a case that must fire and one
/// that must not. Geometry has its own suite.
@Suite("Dynamics semantics rules")
struct SemanticRuleDynamicsTests {
    static let threeItems = """
        {"id": "a", "center": [100, 100], "size": [40, 40]},
            {"id": "b", "center": [200, 100], "size": [40, 40]},
            {"id": "c", "center": [300, 100], "size": [40, 40]}
        """

    // MARK: attachment.duplicate

    @Test func twoAttachmentsHoldingOneItemAreEachReportedRelatedToTheOther() throws {
        let marked = scene(
            behaviors: """
                {"type": "attachment", "id": "rope1", "item": ⟦"a"⟧, "anchor": [100, 0]},
                    {"type": "attachment", "id": "rope2", "item": ⟦"a"⟧, "attachedTo": "b"}
                """)
        let found = expectDiagnostics("attachment.duplicate", in: marked)
        try #require(found.count == 2)
        #expect(found[0].related.map(\.range) == [found[1].range])
        #expect(found[1].related.map(\.range) == [found[0].range])
        #expect(found[1].message.contains(#"attachment "rope1""#) && found[1].message.contains("chain"))
    }

    @Test func threeAttachmentsOnOneItemAreEachRelatedToTheTwoOthers() {
        let found = expectDiagnostics(
            "attachment.duplicate",
            in: scene(
                behaviors: """
                    {"type": "attachment", "item": ⟦"a"⟧, "anchor": [100, 0]},
                        {"type": "attachment", "item": ⟦"a"⟧, "anchor": [0, 0]},
                        {"type": "attachment", "item": ⟦"a"⟧, "attachedTo": "b"}
                    """))
        #expect(found.map(\.related.count) == [2, 2, 2])
    }

    @Test func aChainOfAttachmentsIsFine() {
        expectNoDiagnostic(
            "attachment.duplicate",
            in: scene(
                items: Self.threeItems,
                behaviors: """
                    {"type": "attachment", "item": "a", "anchor": [100, 0]},
                        {"type": "attachment", "item": "b", "attachedTo": "a"},
                        {"type": "attachment", "item": "c", "attachedTo": "b"}
                    """))
    }

    @Test func attachmentDuplicatesFollowTheTimeline() {
        let rope = #"{"type": "attachment", "id": "rope", "item": "a", "anchor": [100, 0]}"#
        expectNoDiagnostic(
            "attachment.duplicate",
            in: scene(
                behaviors: rope,
                events: """
                    {"at": 1, "remove": "rope"}, {"at": 1, "add": {"type": "attachment", "item": "a", "anchor": [50, 0]}}
                    """))
        expectDiagnostics(
            "attachment.duplicate",
            in: scene(
                behaviors: #"{"type": "attachment", "id": "rope", "item": ⟦"a"⟧, "anchor": [100, 0]}"#,
                events: """
                    {"at": 1, "add": {"type": "attachment", "item": ⟦"a"⟧, "anchor": [50, 0]}}
                    """))
    }

    // MARK: attachment.self

    @Test func attachingAnItemToItselfIsReportedOnAttachedTo() {
        expectDiagnostics(
            "attachment.self", in: scene(behaviors: #"{"type": "attachment", "item": "a", "attachedTo": ⟦"a"⟧}"#))
        expectNoDiagnostic(
            "attachment.self", in: scene(behaviors: #"{"type": "attachment", "item": "a", "attachedTo": "b"}"#))
    }

    // MARK: snap.duplicate

    @Test func twoSnapsOnOneItemAreEachReportedAndEitherCanBeRemoved() throws {
        let marked = scene(
            behaviors: """
                {"type": "snap", "item": ⟦"a"⟧, "point": [50, 50]},
                    {"type": "snap", "item": ⟦"a"⟧, "point": [90, 90]}
                """)
        let found = expectDiagnostics("snap.duplicate", in: marked)
        try #require(found.count == 2)
        #expect(found[0].related.map(\.range) == [found[1].range])
        let first = try #require(found[0].fixes.first)
        #expect(
            applying(first, to: unmarked(marked))
                == unmarked(scene(behaviors: #"{"type": "snap", "item": "a", "point": [90, 90]}"#)))
        let fix = try #require(found[1].fixes.first)
        #expect(
            applying(fix, to: unmarked(marked))
                == unmarked(scene(behaviors: #"{"type": "snap", "item": "a", "point": [50, 50]}"#)))
    }

    @Test func removingASnapThenAddingANewOneOnTheSameItemIsFine() {
        let snap = #"{"type": "snap", "id": "s", "item": "a", "point": [50, 50]}"#
        expectNoDiagnostic(
            "snap.duplicate",
            in: scene(
                behaviors: snap,
                events: """
                    {"at": 1, "remove": "s"}, {"at": 1, "add": {"type": "snap", "id": "s", "item": "a", "point": [90, 90]}}
                    """))
        // Adding before removing, even in one frame, holds two snaps for a moment.
        expectDiagnostics(
            "snap.duplicate",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": ⟦"a"⟧, "point": [50, 50]}"#,
                events: """
                    {"at": 1, "add": {"type": "snap", "id": "t", "item": ⟦"a"⟧, "point": [90, 90]}}, {"at": 1, "remove": "s"}
                    """))
        // Snaps on different items are fine.
        expectNoDiagnostic(
            "snap.duplicate",
            in: scene(
                behaviors: """
                    {"type": "snap", "item": "a", "point": [50, 50]}, {"type": "snap", "item": "b", "point": [90, 90]}
                    """))
    }

    // MARK: gravity.multiple

    static func gravities(_ behaviors: String, events: String = "") -> String {
        """
        {"referenceView": {"width": 400, "height": 800},
         "items": [{"id": "a", "center": [100, 100], "size": [40, 40]}],
         "behaviors": [\(behaviors)],
         "events": [\(events)]}
        """
    }

    @Test func everyGravityButTheLastIsReportedRelatedToTheLast() throws {
        let marked = Self.gravities(
            """
            {"type": ⟦"gravity"⟧, "items": ["a"]}, {"type": ⟦"gravity"⟧, "items": ["a"], "magnitude": 2}, {"type": "gravity", "id": "last", "items": ["a"]}
            """)
        let found = expectDiagnostics("gravity.multiple", in: marked)
        try #require(found.count == 2)
        let last = semanticTestRange(of: #""gravity""#, in: unmarked(marked), occurrence: 2)
        #expect(found.allSatisfy { $0.related.map(\.range) == [last] })
        #expect(found[0].message.contains(#"gravity "last""#))
        expectNoDiagnostic("gravity.multiple", in: Self.gravities(#"{"type": "gravity", "items": ["a"]}"#))
    }

    @Test func aGravityAddedByAnEventCountsWhileTheOtherExists() {
        expectDiagnostics(
            "gravity.multiple",
            in: Self.gravities(
                #"{"type": ⟦"gravity"⟧, "id": "g1", "items": ["a"]}"#,
                events: """
                    {"at": 1, "add": {"type": "gravity", "id": "g2", "items": ["a"], "direction": [1, 0]}}
                    """))
        // Switching gravities (remove one, then add the other) never has two.
        expectNoDiagnostic(
            "gravity.multiple",
            in: Self.gravities(
                #"{"type": "gravity", "id": "g1", "items": ["a"]}"#,
                events: """
                    {"at": 1, "remove": "g1"}, {"at": 1, "add": {"type": "gravity", "id": "g2", "items": ["a"], "direction": [1, 0]}}
                    """))
    }

    // MARK: dynamicItem.conflict

    @Test func twoDynamicItemBehaviorsGivingOneItemDifferentValuesConflictOnTheLaterValue() throws {
        let marked = scene(
            behaviors: """
                {"type": "dynamicItem", "items": ["a"], "elasticity": 0.5},
                    {"type": "dynamicItem", "items": ["a"], "elasticity": ⟦0.8⟧}
                """)
        let found = expectDiagnostics("dynamicItem.conflict", in: marked)
        #expect(found.first?.related.map(\.range) == [semanticTestRange(of: "0.5", in: unmarked(marked))])
        #expect(found.first?.message.contains(#""a""#) == true)
    }

    @Test func oneConflictPerItemAndProperty() {
        // Three values for one item and property: one diagnostic, on the last, related to both earlier ones.
        let found = expectDiagnostics(
            "dynamicItem.conflict",
            in: scene(
                behaviors: """
                    {"type": "dynamicItem", "items": ["a"], "friction": 0.5},
                        {"type": "dynamicItem", "items": ["a"], "friction": 0.6},
                        {"type": "dynamicItem", "items": ["a"], "friction": ⟦0.7⟧}
                    """))
        #expect(found.count == 1)
        #expect(found.first?.related.count == 2)
        // Two items given different values by two behaviors: one diagnostic each, on the same value.
        let both = expectDiagnostics(
            "dynamicItem.conflict",
            in: scene(
                behaviors: """
                    {"type": "dynamicItem", "items": ["a", "b"], "density": 3},
                        {"type": "dynamicItem", "items": ["b", "a"], "density": ⟦2⟧}
                    """))
        #expect(both.count == 2)
    }

    @Test func valuesGivenWithTheirDefaultOrEqualAsNumbersDoNotConflict() {
        expectNoDiagnostic(
            "dynamicItem.conflict",
            in: scene(
                behaviors: """
                    {"type": "dynamicItem", "items": ["a"], "elasticity": 0.50, "allowsRotation": false},
                        {"type": "dynamicItem", "items": ["a"], "elasticity": 0.5, "friction": 0.2, "allowsRotation": false},
                        {"type": "dynamicItem", "items": ["a"], "elasticity": 5e-1, "allowsRotation": true}
                    """))
        // Velocities add up (each behavior adds its own once): not a conflict.
        expectNoDiagnostic(
            "dynamicItem.conflict",
            in: scene(
                behaviors: """
                    {"type": "dynamicItem", "items": ["a"], "linearVelocity": [10, 0]},
                        {"type": "dynamicItem", "items": ["a"], "linearVelocity": [0, 10]}
                    """))
    }

    // MARK: collision.noEffect

    @Test func aCollisionWithOneItemAndNoBoundaryHasNoEffect() {
        expectDiagnostics("collision.noEffect", in: scene(behaviors: #"{"type": "collision", "items": ⟦["a"]⟧}"#))
        expectDiagnostics("collision.noEffect", in: scene(behaviors: #"{"type": "collision", "items": ⟦["a", "a"]⟧}"#))
        expectNoDiagnostic(
            "collision.noEffect",
            in: scene(
                behaviors: #"{"type": "collision", "items": ["a"], "translatesReferenceBoundsIntoBoundary": true}"#))
        expectNoDiagnostic(
            "collision.noEffect",
            in: scene(
                behaviors:
                    #"{"type": "collision", "items": ["a"], "boundaries": [{"id": "f", "from": [0, 700], "to": [400, 700]}]}"#
            ))
        expectNoDiagnostic("collision.noEffect", in: scene(behaviors: #"{"type": "collision", "items": ["a", "b"]}"#))
        // An explicit false is the same as leaving the key out.
        expectDiagnostics(
            "collision.noEffect",
            in: scene(
                behaviors: #"{"type": "collision", "items": ⟦["a"]⟧, "translatesReferenceBoundsIntoBoundary": false}"#))
    }

    @Test func aOneItemCollisionInModeItemsHasNoEffectWhateverItsBoundaries() {
        expectDiagnostics(
            "collision.noEffect",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ⟦["a"]⟧, "mode": "items", "translatesReferenceBoundsIntoBoundary": true}
                    """))
    }

    // MARK: collision.ignoredBoundaries

    @Test func boundariesAndReferenceBoundsInModeItemsAreIgnored() throws {
        let marked = scene(
            behaviors: """
                {"type": "collision", "items": ["a", "b"], "mode": "items", ⟦"translatesReferenceBoundsIntoBoundary"⟧: true,
                     ⟦"boundaries"⟧: [{"id": "f", "from": [0, 700], "to": [400, 700]}]}
                """)
        let found = expectDiagnostics("collision.ignoredBoundaries", in: marked)
        let fix = try #require(found.first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""mode": "everything""#))
        expectNoDiagnostic(
            "collision.ignoredBoundaries",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "mode": "everything", "translatesReferenceBoundsIntoBoundary": true}
                    """))
        expectNoDiagnostic(
            "collision.ignoredBoundaries",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "mode": "items", "translatesReferenceBoundsIntoBoundary": false, "boundaries": []}
                    """))
    }

    // MARK: collision.insetsWithoutBounds

    @Test func insetsWithoutReferenceBoundsAreReportedOnTheKeyWithTwoFixes() throws {
        let marked = scene(behaviors: #"{"type": "collision", "items": ["a", "b"], ⟦"insets"⟧: {"top": 10}}"#)
        let found = expectDiagnostics("collision.insetsWithoutBounds", in: marked)
        let fixes = try #require(found.first?.fixes)
        try #require(fixes.count == 2)
        let text = unmarked(marked)
        #expect(
            applying(fixes[0], to: text).contains(
                #"["a", "b"], "translatesReferenceBoundsIntoBoundary": true, "insets": {"top": 10}}"#))
        #expect(applying(fixes[1], to: text).contains(#"{"type": "collision", "items": ["a", "b"]}"#))
        // An explicit false: the fix turns it to true.
        let explicit = scene(
            behaviors:
                #"{"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": false, ⟦"insets"⟧: {"top": 10}}"#
        )
        let again = try #require(expectDiagnostics("collision.insetsWithoutBounds", in: explicit).first?.fixes.first)
        #expect(
            applying(again, to: unmarked(explicit)).contains(
                #""translatesReferenceBoundsIntoBoundary": true, "insets""#))
        expectNoDiagnostic(
            "collision.insetsWithoutBounds",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": true, "insets": {"top": 10}}
                    """))
    }

    // MARK: boundary.degenerate

    @Test func aZeroLengthSegmentOrAOnePointPathIsDegenerate() {
        expectDiagnostics(
            "boundary.degenerate",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "boundaries": [
                        {"id": "dot", "from": [10, 700], "to": ⟦[10.0, 700]⟧},
                        {"id": "loop", "path": ⟦[[5, 5], [5, 5], [5, 5]]⟧}]}
                    """))
        expectNoDiagnostic(
            "boundary.degenerate",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "boundaries": [
                        {"id": "floor", "from": [0, 700], "to": [400, 700]}, {"id": "line", "path": [[0, 0], [10, 0]]}]}
                    """))
    }

    // MARK: push.noEffect

    @Test func aPushWithoutMagnitudeHasNoEffect() {
        expectDiagnostics(
            "push.noEffect", in: scene(behaviors: #"{"type": "push", "items": ["a"], "magnitude": ⟦0⟧, "angle": 1}"#))
        expectDiagnostics(
            "push.noEffect", in: scene(behaviors: #"{"type": "push", "items": ["a"], "direction": ⟦[0, 0]⟧}"#))
        expectDiagnostics(
            "push.noEffect", in: scene(behaviors: #"{"type": ⟦"push"⟧, "items": ["a"], "mode": "instantaneous"}"#))
        expectNoDiagnostic(
            "push.noEffect", in: scene(behaviors: #"{"type": "push", "items": ["a"], "direction": [0, -1]}"#))
        expectNoDiagnostic(
            "push.noEffect", in: scene(behaviors: #"{"type": "push", "items": ["a"], "magnitude": 0.5}"#))
    }

    @Test func aLaterEventGivingThePushAMagnitudeGivesItAnEffect() {
        let push = #"{"type": "push", "id": "p", "items": ["a"], "mode": "instantaneous", "active": false}"#
        expectNoDiagnostic(
            "push.noEffect",
            in: scene(behaviors: push, events: #"{"at": 1, "set": "p", "values": {"magnitude": 2, "active": true}}"#))
        expectNoDiagnostic(
            "push.noEffect",
            in: scene(behaviors: push, events: #"{"at": 1, "set": "p", "values": {"direction": [3, 0]}}"#))
        // Turning a zero push leaves its magnitude 0.
        expectDiagnostics(
            "push.noEffect",
            in: scene(
                behaviors: #"{"type": ⟦"push"⟧, "id": "p", "items": ["a"]}"#,
                events: #"{"at": 1, "set": "p", "values": {"angle": 2}}"#))
    }

    @Test func pushNoEffectWaitsForTheWholeFile() {
        // The events after a syntax error could give the push a magnitude.
        expectNoDiagnostic(
            "push.noEffect",
            in: """
                {"referenceView": {"width": 400, "height": 800}, "items": [{"id": "a", "center": [1, 1], "size": [4, 4]}],
                 "behaviors": [{"type": "push", "id": "p", "items": ["a"]}], "events": [{"at": 1 "set": "p"}]}
                """)
    }

    // MARK: event.order

    @Test func anEventEarlierThanTheOneBeforeItIsReportedWithAFixSortingTheEvents() throws {
        let marked = scene(
            behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [5, 5]}"#,
            events: """
                {"at": 1, "set": "s", "values": {"point": [1, 1]}}, {"at": 3, "set": "s", "values": {"point": [3, 3]}}, {"at": ⟦2⟧, "set": "s", "values": {"point": [2, 2]}}, {"at": 2.5, "remove": "s"}
                """)
        let found = expectDiagnostics("event.order", in: marked)
        let fix = try #require(found.first?.fixes.first)
        let sorted = applying(fix, to: unmarked(marked))
        #expect(
            sorted
                == unmarked(
                    scene(
                        behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [5, 5]}"#,
                        events: """
                            {"at": 1, "set": "s", "values": {"point": [1, 1]}}, {"at": 2, "set": "s", "values": {"point": [2, 2]}}, {"at": 2.5, "remove": "s"}, {"at": 3, "set": "s", "values": {"point": [3, 3]}}
                            """)))
        expectNoDiagnostic(
            "event.order",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [5, 5]}"#,
                events: """
                    {"at": 0, "set": "s", "values": {"point": [1, 1]}}, {"at": 0, "set": "s", "values": {"point": [2, 2]}}, {"at": 1, "remove": "s"}
                    """))
    }
}
