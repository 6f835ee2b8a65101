import JSON
import Testing

@testable import Scene

/// The second review's semantic codes: `snap.pointOutside`, `boundary.outside`, `attachment.undamped`, and
/// how `snap.duplicate` names its behaviors and offers its fix. The view of `scene(...)` is 400×800.
@Suite("Reference view and spring rules")
struct SemanticRuleViewTests {
    // MARK: snap.pointOutside

    @Test func aSnapPointOutsideTheViewIsReportedWithAFixMovingItInside() throws {
        let marked = scene(behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": ⟦[450, -20]⟧}"#)
        let found = expectDiagnostics("snap.pointOutside", in: marked)
        let diagnostic = try #require(found.first)
        #expect(
            diagnostic.message.contains(#"snap "s" snaps its item to [450, -20], outside the 400×800 reference view"#))
        let fix = try #require(diagnostic.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""point": [400, 0]"#))
    }

    @Test func snapPointsInsideOrOnTheEdgeAreFine() {
        expectNoDiagnostic(
            "snap.pointOutside",
            in: scene(
                behaviors: """
                    {"type": "snap", "item": "a", "point": [0, 800]}, {"type": "snap", "item": "b", "point": [400, 0]}
                    """))
    }

    @Test func snapPointsAddedOrSetByEventsAreChecked() {
        expectDiagnostics(
            "snap.pointOutside",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [100, 100]}"#,
                events: """
                    {"at": 1, "set": "s", "values": {"point": ⟦[100, 900]⟧}},
                        {"at": 2, "set": "s", "values": {"point": [100, 700]}},
                        {"at": 3, "add": {"type": "snap", "item": "b", "point": ⟦[-1, 10]⟧}}
                    """))
        // An attachment's anchor may lie anywhere: the rule is about snaps.
        expectNoDiagnostic(
            "snap.pointOutside",
            in: scene(
                behaviors: #"{"type": "attachment", "id": "rope", "item": "a", "anchor": [100, -50]}"#,
                events: #"{"at": 1, "set": "rope", "values": {"anchor": [100, -80]}}"#))
    }

    // MARK: boundary.outside

    @Test func aBoundaryEntirelyOutsideTheViewIsReportedOnTheBoundary() throws {
        let found = expectDiagnostics(
            "boundary.outside",
            in: scene(
                behaviors: """
                    {"type": "collision", "id": "c", "items": ["a", "b"], "boundaries": [
                          ⟦{"id": "floor", "from": [0, 900], "to": [400, 900]}⟧,
                          ⟦{"id": "box", "path": [[500, 0], [600, 0], [600, 100]]}⟧,
                          {"id": "ok", "from": [-100, 700], "to": [500, 700]}]}
                    """))
        #expect(
            found.first?.message.contains(
                #"boundary "floor" of collision "c" lies entirely outside the 400×800 reference view"#) == true)
    }

    @Test func aBoundaryTouchingTheViewOrGoingAroundItIsFine() {
        expectNoDiagnostic(
            "boundary.outside",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "boundaries": [
                          {"id": "edge", "from": [0, 800], "to": [400, 800]},
                          {"id": "diagonal", "from": [-100, 100], "to": [100, -100]},
                          {"id": "around", "path": [[-10, -10], [410, -10], [410, 810], [-10, 810]]}]}
                    """))
    }

    @Test func boundariesOfACollisionAddedByAnEventAreChecked() {
        expectDiagnostics(
            "boundary.outside",
            in: scene(
                events: """
                    {"at": 1, "add": {"type": "collision", "items": ["a"], "boundaries": [⟦{"id": "f", "from": [0, -5], "to": [400, -5]}⟧]}}
                    """))
    }

    // MARK: attachment.undamped

    @Test func aSpringWithoutDampingIsAHintOnItsFrequencyWithAFixAddingDamping() throws {
        let marked = scene(
            behaviors: #"{"type": "attachment", "id": "spring", "item": "a", "anchor": [100, 0], "frequency": ⟦2⟧}"#)
        let found = expectDiagnostics("attachment.undamped", severity: .hint, in: marked)
        let diagnostic = try #require(found.first)
        #expect(
            diagnostic.message.contains(#"attachment "spring" is a spring of 2 Hz with damping 0: it never settles"#))
        let fix = try #require(diagnostic.fixes.first)
        let fixed = applying(fix, to: unmarked(marked))
        #expect(fixed.contains(#""damping": 0.5, "frequency": 2"#))
        expectClean(fixed)
    }

    @Test func anExplicitZeroDampingIsReplaced() throws {
        let marked = scene(
            behaviors: #"{"type": "attachment", "item": "a", "anchor": [100, 0], "frequency": ⟦3⟧, "damping": 0}"#)
        let fix = try #require(expectDiagnostics("attachment.undamped", in: marked).first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""frequency": 3, "damping": 0.5"#))
    }

    @Test func dampedSpringsRodsAndSpringsDampedByAnEventAreFine() {
        expectNoDiagnostic(
            "attachment.undamped",
            in: scene(
                behaviors: """
                    {"type": "attachment", "item": "a", "anchor": [100, 0], "frequency": 2, "damping": 0.3},
                        {"type": "attachment", "id": "rod", "item": "b", "anchor": [200, 0], "frequency": 0},
                        {"type": "attachment", "id": "later", "item": "a", "attachedTo": "b", "frequency": 1}
                    """,
                events: #"{"at": 1, "set": "later", "values": {"damping": 0.2}}"#))
    }

    // MARK: snap.duplicate

    @Test func aDuplicateSnapNamesEachBehaviorOnceAndEveryOneCanBeRemoved() throws {
        // Snap "snap" is added, removed and added again while "s2" holds the same item.
        let marked = scene(
            behaviors: #"{"type": "snap", "id": "s2", "item": ⟦"a"⟧, "point": [50, 50]}"#,
            events: """
                {"at": 1, "add": {"type": "snap", "id": "snap", "item": ⟦"a"⟧, "point": [60, 60]}},
                    {"at": 2, "remove": "snap"},
                    {"at": 3, "add": {"type": "snap", "id": "snap", "item": ⟦"a"⟧, "point": [70, 70]}}
                """)
        let found = expectDiagnostics("snap.duplicate", in: marked)
        try #require(found.count == 3)
        // Each addition of "snap" once, named by its place: the two share an id.
        #expect(
            found[0].message.contains(
                #"also snapped by snap "snap" added by /events/0 and snap "snap" added by /events/2 at the same time"#),
            "\(found[0].message)")
        #expect(found[0].related.count == 2)
        #expect(found.allSatisfy { !$0.fixes.isEmpty })
        #expect(found[0].fixes.first?.title == "Remove this snap")
        #expect(found[1].fixes.first?.title == "Remove the event that adds this snap")
    }
}
