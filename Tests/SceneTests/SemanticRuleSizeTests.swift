import JSON
import Testing

@testable import Scene

/// The rules that look at the view check every size of `preview.sizes` too, with each point placed by its
/// pin. The view of `scene(...)` is 400×800.
@Suite("View rules at every listed size")
struct SemanticRuleSizeTests {
    @Test func aSnapPointOutsideASmallerListedViewIsReportedNamingTheSize() throws {
        let marked = scene(
            behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": ⟦[350, 100]⟧}"#,
            extra: #""preview": {"sizes": [[320, 568], [300, 500]]}"#)
        let found = expectDiagnostics("snap.pointOutside", in: marked)
        let diagnostic = try #require(found.first)
        // One diagnostic for the two sizes that agree, naming both, without a fix in placed coordinates.
        #expect(diagnostic.message.hasPrefix("at 320×568 and 300×500: snap \"s\" snaps its item to [350, 100]"))
        #expect(diagnostic.fixes.isEmpty)
        // Pinned to the right edge, the point stays 50 pt inside at every size.
        expectNoDiagnostic(
            "snap.pointOutside",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [350, 100], "pin": ["right"]}"#,
                extra: #""preview": {"sizes": [[320, 568]]}"#))
    }

    @Test func aProblemAtTheDesignSizeIsReportedOnceAsBefore() throws {
        let found = expectDiagnostics(
            "snap.pointOutside",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": ⟦[450, 100]⟧}"#,
                extra: #""preview": {"sizes": [[320, 568], [400, 800]]}"#))
        #expect(found.first?.message.hasPrefix("snap \"s\"") == true)
        #expect(found.first?.fixes.isEmpty == false)
    }

    @Test func aBoundaryPinnedToTheBottomOfATallerDesignLeavesASmallerView() {
        // Pinned to the top, a floor at y = 700 is below a 568 pt view.
        expectDiagnostics(
            "boundary.outside",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "boundaries": [
                          ⟦{"id": "floor", "from": [0, 700], "to": [400, 700]}⟧]}
                    """,
                extra: #""preview": {"sizes": [[320, 568]]}"#))
        expectNoDiagnostic(
            "boundary.outside",
            in: scene(
                behaviors: """
                    {"type": "collision", "items": ["a", "b"], "boundaries": [
                          {"id": "floor", "from": [0, 700], "to": [400, 700], "pin": ["bottom"]}]}
                    """,
                extra: #""preview": {"sizes": [[320, 568]]}"#))
    }

    @Test func itemsPinnedToOppositeEdgesOverlapInANarrowerView() throws {
        let items = """
            {"id": "a", "center": [100, 100], "size": [40, 40]},
                {"id": "b", "center": [300, 100], "size": [40, 40], "pin": ["right"]}
            """
        let found = expectDiagnostics(
            "item.startsOverlapping",
            in: scene(
                items: items.replacingOccurrences(of: #""center": [300, 100]"#, with: #""center": ⟦[300, 100]⟧"#),
                behaviors: #"{"type": "collision", "items": ["a", "b"]}"#,
                extra: #""preview": {"sizes": [[210, 400]]}"#))
        #expect(found.first?.message.hasPrefix("at 210×400: item \"b\" overlaps item \"a\"") == true)
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: scene(items: items, behaviors: #"{"type": "collision", "items": ["a", "b"]}"#))
    }

    @Test func anItemOutsideASmallerListedViewIsReported() {
        expectDiagnostics(
            "item.startsOutside",
            in: scene(
                items: """
                    {"id": "a", "center": ⟦[380, 100]⟧, "size": [40, 40]},
                        {"id": "b", "center": [100, 100], "size": [40, 40]}
                    """,
                behaviors:
                    #"{"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": true}"#,
                extra: #""preview": {"sizes": [[320, 568]]}"#))
    }
}
