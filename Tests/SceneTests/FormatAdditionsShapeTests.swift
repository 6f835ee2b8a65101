import JSON
import Testing

@testable import Scene

/// The second review's additions to the shape of a scene: `$comment` anywhere, an item's `color`, angles that
/// look like degrees (`scene.angleUnits`), and UIKit's property names used as keys.
@Suite("Format additions: comments, color, angle units, UIKit names")
struct FormatAdditionsShapeTests {
    // MARK: $comment

    @Test func aCommentIsAllowedInEveryObjectAndChangesNothing() throws {
        let comment = #""$comment": "why this is here""#
        let text = """
            {"$comment": "top", "format": 1,
             "referenceView": {"width": 400, "height": 800, \(comment)},
             "preview": {"duration": 2, \(comment)},
             "items": [
               {"id": "a", "center": [100, 100], "size": [40, 40], \(comment)},
               {"id": "b", "center": [200, 100], "size": [40, 40], "collisionBounds": {"path": [[0, -10], [10, 10], [-10, 10]], \(comment)}}
             ],
             "behaviors": [
               {"type": "gravity", "id": "g", "items": ["a", "b"], \(comment)},
               {"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": true,
                "insets": {"top": 1, \(comment)},
                "boundaries": [{"id": "s", "from": [0, 700], "to": [400, 700], \(comment)}, {"id": "p", "path": [[0, 750], [400, 750]], \(comment)}], \(comment)},
               {"type": "attachment", "id": "rope", "item": "a", "anchor": [100, 20], \(comment)},
               {"type": "snap", "item": "b", "point": [200, 300], \(comment)},
               {"type": "push", "items": ["a"], "magnitude": 1, \(comment)},
               {"type": "dynamicItem", "items": ["a"], "elasticity": 0.5, \(comment)},
               {"type": "field", "kind": "vortex", "items": ["b"], "region": {"radius": 50, \(comment)}, \(comment)}
             ],
             "events": [
               {"at": 1, "set": "g", "values": {"magnitude": 2, \(comment)}, \(comment)},
               {"at": 1.5, "remove": "rope", \(comment)}
             ]}
            """
        expectClean(text)
        // Without the comments, the scene is the same (positions in the text aside).
        let plain = try #require(Linter.lint(Array(text.replacingOccurrences(of: ", " + comment, with: "").utf8)).scene)
        let commented = try #require(Linter.lint(Array(text.utf8)).scene)
        #expect(plain.items == commented.items)
        #expect(plain.behaviors == commented.behaviors)
        #expect(plain.events == commented.events)
    }

    @Test func aCommentThatIsNotAStringIsATypeError() {
        let found = expectDiagnostics(
            "scene.type",
            in: scene(behaviors: #"{"type": "snap", "item": "a", "point": [50, 50], "$comment": ⟦["a", "b"]⟧}"#))
        #expect(found.first?.message.contains("$comment must be a string") == true)
        expectDiagnostics(
            "scene.type",
            in: scene(
                behaviors: #"{"type": "gravity", "id": "g2", "items": []}"#,
                events: #"{"at": 1, "set": "g2", "values": {"magnitude": 2, "$comment": ⟦3⟧}}"#))
    }

    // MARK: color

    @Test func colorsAreHexOrCSSNamesAndTheModelHoldsTheirRGB() throws {
        let text = scene(
            items: """
                {"id": "a", "center": [100, 100], "size": [40, 40], "color": "#F80"},
                    {"id": "b", "center": [200, 100], "size": [40, 40], "color": "tomato"},
                    {"id": "c", "center": [300, 100], "size": [40, 40], "color": "#0a0B0c"}
                """,
            behaviors: #"{"type": "snap", "item": "c", "point": [300, 100]}"#)
        expectClean(text)
        let items = try #require(Linter.lint(Array(text.utf8)).scene?.items)
        #expect(
            items.map(\.color) == [
                RGBColor(red: 255, green: 136, blue: 0), RGBColor(red: 255, green: 99, blue: 71),
                RGBColor(red: 10, green: 11, blue: 12),
            ])
        #expect(items[1].color?.hex == "#ff6347")
        #expect(Catalog.colorNames.count == 148)
        #expect(RGBColor("rebeccapurple")?.hex == "#663399")
    }

    @Test func anUnknownColorNameIsAnEnumErrorWithTheNearestName() throws {
        func item(_ color: String) -> String {
            scene(
                items: #"{"id": "a", "center": [100, 100], "size": [40, 40], "color": ⟦\#(color)⟧}"#,
                behaviors: ""
            )
            .replacingOccurrences(of: #"["a", "b"]"#, with: #"["a"]"#)
        }
        let misspelled = item(#""tomatoe""#)
        let found = expectDiagnostics("scene.enum", in: misspelled)
        #expect(found.first?.message.contains(#"did you mean "tomato"?"#) == true)
        let fix = try #require(found.first?.fixes.first)
        #expect(applying(fix, to: unmarked(misspelled)).contains(#""color": "tomato""#))
        // Names are lower case, as CSS lists them: the fix writes them so.
        let upper = expectDiagnostics("scene.enum", in: item(#""Red""#))
        #expect(upper.first?.fixes.first?.edits.first?.newText == #""red""#)
        let badHex = expectDiagnostics("scene.enum", in: item(##""#12345""##))
        #expect(badHex.first?.message.contains("#rrggbb") == true && badHex.first?.fixes.isEmpty == true)
        expectDiagnostics("scene.enum", in: item(##""#ggg""##))
        expectDiagnostics("scene.type", in: item("255"))
        #expect(Linter.lint(Array(unmarked(item("255")).utf8)).scene?.items.first?.color == nil)
    }

    // MARK: scene.angleUnits

    @Test func anItemAngleAboveAFullTurnLooksLikeDegreesAndConvertsToRadians() throws {
        let marked = scene(
            items: """
                {"id": "a", "center": [100, 100], "size": [40, 40], "angle": ⟦90⟧},
                    {"id": "b", "center": [200, 100], "size": [40, 40], "angle": 6.2}
                """)
        let found = expectDiagnostics("scene.angleUnits", in: marked)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message.contains("looks like degrees") && diagnostic.message.contains("90° is 1.571 rad"))
        let fix = try #require(diagnostic.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""angle": 1.5707963267948966"#))
    }

    @Test func gravityPushAndSetAnglesAndPinRangesAreChecked() {
        expectDiagnostics(
            "scene.angleUnits",
            in: scene(
                behaviors: """
                    {"type": "gravity", "id": "g2", "items": [], "angle": ⟦-180⟧},
                        {"type": "push", "id": "p", "items": ["a"], "angle": ⟦720⟧, "magnitude": 1},
                        {"type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", "range": [⟦-90⟧, ⟦45⟧]},
                        {"type": "attachment", "kind": "sliding", "item": "b", "anchor": [0, 0], "axis": [1, 0], "range": [-100, 100]}
                    """,
                events: """
                    {"at": 1, "set": "p", "values": {"angle": ⟦45⟧}}, {"at": 2, "set": "g2", "values": {"angle": 3.14}}
                    """))
    }

    @Test func aFullTurnAndNonFiniteAnglesAreNotReported() {
        expectNoDiagnostic(
            "scene.angleUnits",
            in: scene(
                items: """
                    {"id": "a", "center": [100, 100], "size": [40, 40], "angle": 6.283185307179586},
                        {"id": "b", "center": [200, 100], "size": [40, 40], "angle": -6.283185307179586}
                    """))
        let huge = scene(items: #"{"id": "a", "center": [100, 100], "size": [40, 40], "angle": 1e999}"#)
        expectNoDiagnostic("scene.angleUnits", in: huge)
        expectDiagnostics(
            "scene.nonFinite",
            in: scene(items: #"{"id": "a", "center": [100, 100], "size": [40, 40], "angle": ⟦1e999⟧}"#))
    }

    // MARK: UIKit names as keys

    @Test(
        "a UIKit property name is an unknown key whose message names the key meant, with a rename",
        arguments: [
            ("snapPoint", #"{"type": "snap", "item": "a", "snapPoint": [1, 2]}"#, "point"),
            ("anchorPoint", #"{"type": "attachment", "item": "a", "anchorPoint": [1, 2]}"#, "anchor"),
            (
                "gravityDirection", #"{"type": "gravity", "id": "g2", "items": [], "gravityDirection": [0, 1]}"#,
                "direction"
            ),
            ("pushDirection", #"{"type": "push", "items": ["a"], "pushDirection": [1, 0]}"#, "direction"),
            ("collisionMode", #"{"type": "collision", "items": ["a", "b"], "collisionMode": "items"}"#, "mode"),
            (
                "offsetFromCenter",
                #"{"type": "attachment", "item": "a", "anchor": [0, 0], "offsetFromCenter": [1, 0]}"#, "offset"
            ),
            (
                "targetOffsetFromCenter",
                #"{"type": "push", "items": ["a"], "magnitude": 1, "targetOffsetFromCenter": [1, 0]}"#, "offset"
            ),
            (
                "attachmentRange",
                #"{"type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", "attachmentRange": [-1, 1]}"#,
                "range"
            ),
        ])
    func uiKitNameInABehavior(name: String, behavior: String, meant: String) throws {
        let marked = scene(behaviors: behavior.replacingOccurrences(of: "\"\(name)\"", with: "⟦\"\(name)\"⟧"))
        let found = expectDiagnostics("scene.unknownKey", in: marked)
        let diagnostic = try #require(found.first)
        #expect(
            diagnostic.message.contains("\(name) is UIKit's name") && diagnostic.message.contains("the key is \(meant)")
        )
        let fix = try #require(diagnostic.fixes.first)
        #expect(fix.title == "Rename to '\(meant)'")
        let renamed = applying(fix, to: unmarked(marked))
        #expect(!Linter.lint(Array(renamed.utf8)).diagnostics.contains { $0.code == "scene.unknownKey" })
    }

    @Test func uiKitNamesOfItemsAndLiveValuesAreNamedToo() throws {
        let item = expectDiagnostics(
            "scene.unknownKey",
            in: scene(
                items: #"{"id": "a", "center": [100, 100], "size": [40, 40], ⟦"collisionBoundsType"⟧: "ellipse"}"#))
        #expect(item.first?.message.contains("the key is collisionBounds") == true)
        let live = expectDiagnostics(
            "scene.unknownKey",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [1, 2]}"#,
                events: #"{"at": 1, "set": "s", "values": {⟦"snapPoint"⟧: [5, 5]}}"#))
        #expect(live.first?.message.contains("the key is point") == true)
        #expect(live.first?.fixes.first?.edits.first?.newText == #""point""#)
    }

    @Test func aUIKitNameBesideTheKeyItMeansGetsNoRename() throws {
        let found = expectDiagnostics(
            "scene.unknownKey",
            in: scene(behaviors: #"{"type": "snap", "item": "a", "point": [1, 2], ⟦"snapPoint"⟧: [1, 2]}"#))
        #expect(found.first?.message.contains("given already") == true)
        #expect(found.first?.fixes.isEmpty == true)
        // A UIKit name that is a key of the format elsewhere keeps the "belongs in" message.
        #expect(Catalog.key(forUIKitName: "items", in: .behavior(.attachment)) == nil)
        #expect(Catalog.key(forUIKitName: "snapPoint", in: .behavior(.snap))?.name == "point")
    }
}
