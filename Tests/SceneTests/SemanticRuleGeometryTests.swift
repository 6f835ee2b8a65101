import JSON
import Testing

@testable import Scene

/// item.startsOverlapping, item.startsOutside and item.nonConvexPath: exact shapes (rectangles with their
/// angle, ellipses, convex paths); touching is not overlapping.
@Suite("Geometry rules")
struct SemanticRuleGeometryTests {
    /// Two items under gravity and one collision behavior (`collision` members appended to its object).
    static func colliding(_ first: String, _ second: String, collision: String = "") -> String {
        """
        {"referenceView": {"width": 400, "height": 800},
         "items": [
          \(first),
          \(second)
         ],
         "behaviors": [
          {"type": "gravity", "items": ["a", "b"]},
          {"type": "collision", "items": ["a", "b"]\(collision)}
         ]}
        """
    }

    static let quarterTurn = "0.7853981633974483"

    // MARK: item.startsOverlapping

    @Test func overlappingSquaresAreReportedOnTheLaterCenterRelatedToTheEarlier() throws {
        let marked = Self.colliding(
            #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#,
            #"{"id": "b", "center": ⟦[120, 110]⟧, "size": [40, 40]}"#)
        let found = expectDiagnostics("item.startsOverlapping", in: marked)
        #expect(found.first?.related.map(\.range) == [semanticTestRange(of: "[100, 100]", in: unmarked(marked))])
        #expect(found.first?.message.contains(#""a""#) == true && found.first?.message.contains(#""b""#) == true)
    }

    @Test func touchingSquaresDoNotOverlap() {
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#,
                #"{"id": "b", "center": [140, 100], "size": [40, 40]}"#))
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#,
                #"{"id": "b", "center": [140, 140], "size": [40, 40]}"#))
        // Stacked: one resting exactly on the other.
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [100, 100]}"#,
                #"{"id": "b", "center": [100, 200], "size": [100, 100]}"#))
    }

    @Test func aRotatedSquareOverlappingOnlyByItsCornerIsReported() {
        // b is turned by π/4: its left corner reaches x = 148.28 − 28.28 − 1 = 119, 1 pt into a (which ends at x = 120).
        expectDiagnostics(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#,
                #"{"id": "b", "center": ⟦[147.2842712474619, 100]⟧, "size": [40, 40], "angle": \#(Self.quarterTurn)}"#))
        // The corner just touching a's edge is not an overlap.
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#,
                #"{"id": "b", "center": [148.2842712474619, 100], "size": [40, 40], "angle": \#(Self.quarterTurn)}"#))
        // Bounding boxes overlap, the turned square does not reach a's corner.
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#,
                #"{"id": "b", "center": [145, 145], "size": [40, 40], "angle": \#(Self.quarterTurn)}"#))
    }

    @Test func ellipsesUseTheirRoundShape() {
        // Squares at these centers overlap; circles 42.4 pt apart (radius 20) do not.
        expectDiagnostics(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#,
                #"{"id": "b", "center": ⟦[130, 130]⟧, "size": [40, 40]}"#))
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40], "collisionBounds": "ellipse"}"#,
                #"{"id": "b", "center": [130, 130], "size": [40, 40], "collisionBounds": "ellipse"}"#))
        // A circle against a square's corner (14.1 pt from the circle's center).
        expectDiagnostics(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#,
                #"{"id": "b", "center": ⟦[130, 130]⟧, "size": [40, 40], "collisionBounds": "ellipse"}"#))
        // Circles touching exactly.
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [40, 40], "collisionBounds": "ellipse"}"#,
                #"{"id": "b", "center": [140, 100], "size": [40, 40], "collisionBounds": "ellipse"}"#))
        // A flat ellipse and a tall one crossing; then the tall one moved beside the flat one's tip.
        expectDiagnostics(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [80, 20], "collisionBounds": "ellipse"}"#,
                #"{"id": "b", "center": ⟦[100, 145]⟧, "size": [20, 80], "collisionBounds": "ellipse"}"#))
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [80, 20], "collisionBounds": "ellipse"}"#,
                #"{"id": "b", "center": [150, 100], "size": [20, 80], "collisionBounds": "ellipse"}"#))
        // A turned ellipse reaches farther along its long axis.
        expectDiagnostics(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 100], "size": [20, 20], "collisionBounds": "ellipse"}"#,
                #"{"id": "b", "center": ⟦[100, 145]⟧, "size": [80, 10], "angle": 1.5707963267948966, "collisionBounds": "ellipse"}"#
            ))
    }

    @Test func pathsUseTheirPolygonTurnedWithTheItem() {
        let triangle = #""collisionBounds": {"path": [[0, -20], [20, 20], [-20, 20]]}"#
        // The triangle's tip (y = 70) stays below the square above it (bottom y = 60); moved up and left, it pokes in.
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 40], "size": [40, 40]}"#,
                #"{"id": "b", "center": [125, 90], "size": [40, 40], \#(triangle)}"#))
        expectDiagnostics(
            "item.startsOverlapping",
            in: Self.colliding(
                #"{"id": "a", "center": [100, 40], "size": [40, 40]}"#,
                #"{"id": "b", "center": ⟦[115, 75]⟧, "size": [40, 40], \#(triangle)}"#))
    }

    @Test func onlyItemsThatCollideAreChecked() {
        let a = #"{"id": "a", "center": [100, 100], "size": [40, 40]}"#
        let b = #"{"id": "b", "center": [110, 100], "size": [40, 40]}"#
        expectNoDiagnostic("item.startsOverlapping", in: Self.colliding(a, b, collision: #", "mode": "boundaries""#))
        expectDiagnostics(
            "item.startsOverlapping",
            in: Self.colliding(
                a, #"{"id": "b", "center": ⟦[110, 100]⟧, "size": [40, 40]}"#,
                collision: #", "mode": "items""#))
        // Two collision behaviors make two groups that ignore each other.
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: scene(
                items: "\(a),\n\(b)",
                behaviors: """
                    {"type": "collision", "items": ["a"], "translatesReferenceBoundsIntoBoundary": true},
                        {"type": "collision", "items": ["b"], "translatesReferenceBoundsIntoBoundary": true}
                    """))
        // Two anchored items never push each other.
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: scene(
                items: "\(a),\n\(b)",
                behaviors: """
                    {"type": "collision", "items": ["a", "b"]}, {"type": "dynamicItem", "items": ["a", "b"], "anchored": true}
                    """))
    }

    @Test func aCollisionAddedAtTimeZeroCountsOneAddedLaterDoesNot() {
        let items = """
            {"id": "a", "center": [100, 100], "size": [40, 40]},
                {"id": "b", "center": ⟦[110, 100]⟧, "size": [40, 40]}
            """
        expectDiagnostics(
            "item.startsOverlapping",
            in: scene(items: items, events: #"{"at": 0, "add": {"type": "collision", "items": ["a", "b"]}}"#))
        expectNoDiagnostic(
            "item.startsOverlapping",
            in: scene(items: items, events: #"{"at": 0.5, "add": {"type": "collision", "items": ["a", "b"]}}"#))
    }

    @Test func onePerItemWhateverTheNumberOfSharedCollisions() throws {
        let found = expectDiagnostics(
            "item.startsOverlapping",
            in: scene(
                items: """
                    {"id": "a", "center": [100, 100], "size": [40, 40]},
                        {"id": "b", "center": ⟦[110, 100]⟧, "size": [40, 40]},
                        {"id": "c", "center": ⟦[120, 100]⟧, "size": [40, 40]}
                    """,
                behaviors: """
                    {"type": "collision", "items": ["c", "b", "a"]}, {"type": "collision", "items": ["a", "b"], "mode": "items"}
                    """))
        // b overlaps a; c overlaps a and b: one diagnostic each, on the later item, naming the earlier ones.
        #expect(found.count == 2)
        #expect(found.last?.message.contains(#"overlaps 2 items listed before it ("a" and "b")"#) == true)
        #expect(found.last?.related.count == 2)
    }

    @Test func aCrowdAtOneSpotGetsOneDiagnosticPerItemWithACountAndAFewPlaces() throws {
        let count = 60
        let items = (0..<count).map { #"{"id": "i\#($0)", "center": [100, 100], "size": [40, 40]}"# }
        let ids = (0..<count).map { #""i\#($0)""# }.joined(separator: ", ")
        let text = """
            {"referenceView": {"width": 400, "height": 800}, "items": [\(items.joined(separator: ", "))],
             "behaviors": [{"type": "gravity", "items": [\(ids)]}, {"type": "collision", "items": [\(ids)]}]}
            """
        let found = Linter.lint(Array(text.utf8)).diagnostics.filter { $0.code == "item.startsOverlapping" }
        #expect(found.count == count - 1)
        #expect(found.allSatisfy { $0.related.count <= 3 })
        #expect(found.first?.message.contains(#"overlaps item "i0""#) == true)
        #expect(found.last?.message.contains("overlaps 10 or more items listed before it") == true)
    }

    // MARK: item.startsOutside

    static func bounded(
        _ item: String, collision: String = #", "translatesReferenceBoundsIntoBoundary": true"#
    ) -> String {
        """
        {"referenceView": {"width": 400, "height": 800},
         "items": [\(item)],
         "behaviors": [{"type": "gravity", "items": ["a"]}, {"type": "collision", "items": ["a"]\(collision)}]}
        """
    }

    @Test func anItemPartlyOutsideTheReferenceBoundsIsReported() throws {
        let marked = Self.bounded(#"{"id": "a", "center": ⟦[10, 100]⟧, "size": [40, 40]}"#)
        let found = expectDiagnostics("item.startsOutside", in: marked)
        #expect(found.first?.message.contains("x = -10") == true)
        #expect(found.first?.related.map(\.range) == [semanticTestRange(of: "true", in: unmarked(marked))])
        expectDiagnostics(
            "item.startsOutside",
            in: Self.bounded(#"{"id": "a", "center": ⟦[200, 790]⟧, "size": [40, 40], "collisionBounds": "ellipse"}"#))
        // Touching the edge is inside.
        expectNoDiagnostic(
            "item.startsOutside", in: Self.bounded(#"{"id": "a", "center": [20, 780], "size": [40, 40]}"#))
        expectNoDiagnostic(
            "item.startsOutside", in: Self.bounded(#"{"id": "a", "center": [200, 400], "size": [40, 40]}"#))
    }

    @Test func theInsetBoundsCount() {
        let insets = #", "translatesReferenceBoundsIntoBoundary": true, "insets": {"left": 50}"#
        expectDiagnostics(
            "item.startsOutside",
            in: Self.bounded(#"{"id": "a", "center": ⟦[60, 100]⟧, "size": [40, 40]}"#, collision: insets))
        expectNoDiagnostic(
            "item.startsOutside",
            in: Self.bounded(#"{"id": "a", "center": [70, 100], "size": [40, 40]}"#, collision: insets))
    }

    @Test func aTurnedItemUsesItsTurnedShape() {
        // A 100×10 bar at x = 40: flat it spans x -10…90; turned upright it spans 35…45.
        expectDiagnostics(
            "item.startsOutside", in: Self.bounded(#"{"id": "a", "center": ⟦[40, 100]⟧, "size": [100, 10]}"#))
        expectNoDiagnostic(
            "item.startsOutside",
            in: Self.bounded(#"{"id": "a", "center": [40, 100], "size": [100, 10], "angle": 1.5707963267948966}"#))
    }

    @Test func onlyItemsCollidingWithTheReferenceBoundsAreChecked() {
        let outside = #"{"id": "a", "center": [10, 100], "size": [40, 40]}"#
        expectNoDiagnostic("item.startsOutside", in: Self.bounded(outside, collision: ""))
        expectNoDiagnostic(
            "item.startsOutside",
            in: Self.bounded(outside, collision: #", "translatesReferenceBoundsIntoBoundary": false"#))
        expectNoDiagnostic(
            "item.startsOutside",
            in: Self.bounded(outside, collision: #", "translatesReferenceBoundsIntoBoundary": true, "mode": "items""#))
    }

    // MARK: item.nonConvexPath

    @Test func aPathThatIsNotConvexOrHasFewerThanThreePointsIsAnError() {
        expectDiagnostics(
            "item.nonConvexPath",
            in: scene(
                items: """
                    {"id": "a", "center": [100, 100], "size": [40, 40], "collisionBounds": {"path": ⟦[[0, -20], [20, 20], [0, 5], [-20, 20]]⟧}},
                        {"id": "b", "center": [200, 100], "size": [40, 40], "collisionBounds": {"path": ⟦[[0, 0], [10, 0]]⟧}}
                    """))
        // All points on one line: no area. A star whose corners all turn one way is not convex either.
        expectDiagnostics(
            "item.nonConvexPath",
            in: scene(
                items: """
                    {"id": "a", "center": [100, 100], "size": [40, 40], "collisionBounds": {"path": ⟦[[0, 0], [10, 0], [20, 0]]⟧}},
                        {"id": "b", "center": [200, 100], "size": [40, 40], "collisionBounds": {"path": ⟦[[0, -20], [12, 16], [-19, -6], [19, -6], [-12, 16]]⟧}}
                    """))
    }

    @Test func convexPathsInEitherOrderAndWithPointsAlongAnEdgeAreFine() {
        expectNoDiagnostic(
            "item.nonConvexPath",
            in: scene(
                items: """
                    {"id": "a", "center": [100, 100], "size": [40, 40], "collisionBounds": {"path": [[0, -20], [20, 20], [-20, 20]]}},
                        {"id": "b", "center": [200, 100], "size": [40, 40], "collisionBounds": {"path": [[-20, -20], [0, -20], [20, -20], [20, 20], [-20, 20]]}},
                        {"id": "c", "center": [300, 100], "size": [40, 40], "collisionBounds": {"path": [[-20, 20], [20, 20], [0, -20]]}}
                    """))
    }
}
