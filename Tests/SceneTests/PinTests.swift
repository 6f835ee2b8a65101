import JSON
import Testing

@testable import Scene

/// `pin` (format 1.2): which edges a point keeps its distance to when the reference view has another size.
@Suite("Pins: shape, defaults and placement")
struct PinTests {
    // MARK: Shape

    @Test func twoHorizontalEdgesAreAConflictOnTheLaterOne() throws {
        let found = expectDiagnostics(
            "scene.pinConflict",
            in: scene(items: #"{"id": "a", "center": [100, 100], "size": [40, 40], "pin": ["left", ⟦"right"⟧]}"#))
        let conflict = try #require(found.first)
        #expect(conflict.message.contains("two horizontal edges, \"left\" and \"right\""))
        #expect(conflict.related.count == 1)
        let fix = try #require(conflict.fixes.first)
        let fixed = applying(
            fix,
            to: unmarked(
                scene(items: #"{"id": "a", "center": [100, 100], "size": [40, 40], "pin": ["left", "right"]}"#)))
        #expect(fixed.contains(#""pin": ["left"]"#))
    }

    @Test func twoVerticalEdgesOrOneEdgeTwiceAreConflictsEverywhereAPinGoes() {
        expectDiagnostics(
            "scene.pinConflict",
            in: scene(
                behaviors: #"{"type": "snap", "item": "a", "point": [10, 10], "pin": ["top", "right", ⟦"centerY"⟧]}"#))
        expectDiagnostics(
            "scene.pinConflict",
            in: scene(
                behaviors:
                    #"{"type": "collision", "items": ["a"], "boundaries": [{"id": "f", "from": [0, 700], "to": [400, 700], "pin": ["bottom", ⟦"bottom"⟧]}]}"#
            ))
        expectDiagnostics(
            "scene.pinConflict",
            in: #"{"referenceView": {"width": 400, "height": 800, "pin": ["centerX", ⟦"left"⟧]}, "items": []}"#)
        expectNoDiagnostic(
            "scene.pinConflict",
            in: scene(
                behaviors:
                    #"{"type": "field", "kind": "vortex", "items": ["a"], "position": [10, 10], "pin": ["centerX", "centerY"]}"#
            ))
    }

    @Test func anUnknownEdgeIsAnEnumErrorWithTheNearestEdge() throws {
        let found = expectDiagnostics(
            "scene.enum",
            in: scene(behaviors: #"{"type": "attachment", "item": "a", "anchor": [0, 0], "pin": [⟦"botom"⟧]}"#))
        #expect(found.first?.message.contains("did you mean \"bottom\"?") == true)
        expectDiagnostics(
            "scene.type",
            in: scene(items: #"{"id": "a", "center": [100, 100], "size": [40, 40], "pin": ⟦"right"⟧}"#))
    }

    @Test func anAttachmentPinsOnlyAnAnchor() {
        expectDiagnostics(
            "attachment.kindKey",
            in: scene(
                behaviors: #"{"type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", ⟦"pin"⟧: ["right"]}"#
            ))
        expectNoDiagnostic(
            "attachment.kindKey",
            in: scene(behaviors: #"{"type": "attachment", "item": "a", "anchor": [10, 10], "pin": ["right"]}"#))
    }

    @Test func previewSizesArePositivePairs() {
        expectDiagnostics("scene.range", in: scene(extra: #""preview": {"sizes": [[320, 568], [⟦0⟧, 10]]}"#))
        expectDiagnostics("scene.type", in: scene(extra: #""preview": {"sizes": [⟦[320]⟧]}"#))
        expectDiagnostics("scene.range", in: scene(extra: #""preview": {"sizes": [[320, ⟦-1⟧]]}"#))
        expectClean(scene(extra: #""preview": {"sizes": [[320, 568], [430, 932]]}"#))
    }

    // MARK: Model

    @Test func anAxisLeftOutTakesTheScenesDefault() throws {
        let text = """
            {"referenceView": {"width": 400, "height": 800, "pin": ["centerX", "bottom"]},
             "items": [
               {"id": "a", "center": [100, 100], "size": [40, 40]},
               {"id": "b", "center": [200, 100], "size": [40, 40], "pin": ["right"]},
               {"id": "c", "center": [300, 100], "size": [40, 40], "pin": ["top"]}
             ],
             "behaviors": [{"type": "gravity", "items": ["a", "b", "c"]}]}
            """
        let scene = try #require(Linter.lint(Array(text.utf8)).scene)
        #expect(scene.defaultPin == Pin(.centerX, .bottom))
        #expect(
            scene.items.map { $0.resolvedPin(in: scene) } == [
                Pin(.centerX, .bottom), Pin(.right, .bottom), Pin(.centerX, .top),
            ])
        let plain = try #require(Linter.lint(Array(PinTests.floorScene(pin: nil).utf8)).scene)
        #expect(plain.defaultPin == .topLeft)
    }

    @Test func eachEdgePlacesAPointAsTheFormatSays() {
        let design = Size(width: 375, height: 667)
        let actual = Size(width: 320, height: 568)
        let point = Vector(x: 100, y: 567)
        #expect(Pin(.left, .top).place(point, design: design, actual: actual) == point)
        #expect(Pin(.right, .bottom).place(point, design: design, actual: actual) == Vector(x: 320 - 275, y: 568 - 100))
        #expect(
            Pin(.centerX, .centerY).place(point, design: design, actual: actual)
                == Vector(x: 160 + (100 - 187.5), y: 284 + (567 - 333.5)))
    }

    // MARK: Placement

    /// A box falling on a floor 100 pt above the bottom of a 375×667 view.
    static func floorScene(pin: String?, extra: String = "") -> String {
        let pinText = pin.map { #", "pin": \#($0)"# } ?? ""
        return """
            {"referenceView": {"width": 375, "height": 667},
             "items": [{"id": "box", "center": [187, 100], "size": [50, 50]}],
             "behaviors": [
               {"type": "gravity", "items": ["box"]},
               {"type": "collision", "items": ["box"],
                "boundaries": [{"id": "floor", "from": [0, 567], "to": [375, 567]\(pinText)}]}
             ]\(extra)}
            """
    }

    @Test func aPlacedSceneMovesPinnedPointsAndKeepsSizes() throws {
        let text = """
            {"referenceView": {"width": 375, "height": 667},
             "items": [{"id": "box", "center": [187, 100], "size": [50, 50], "pin": ["centerX"]}],
             "behaviors": [
               {"type": "collision", "items": ["box"],
                "boundaries": [{"id": "floor", "from": [0, 567], "to": [375, 567], "pin": ["bottom"]}]},
               {"type": "attachment", "id": "rope", "item": "box", "anchor": [300, 20], "pin": ["right"]},
               {"type": "field", "kind": "vortex", "items": ["box"]}
             ],
             "events": [
               {"at": 1, "set": "rope", "values": {"anchor": [350, 30]}},
               {"at": 2, "pan": "rope", "path": [[300, 20], [360, 20]], "duration": 1}
             ]}
            """
        let scene = try #require(Linter.lint(Array(text.utf8)).scene)
        let placed = scene.placed(in: Size(width: 320, height: 568))
        #expect(placed.referenceView == Size(width: 320, height: 568))
        #expect(placed.items[0].center == Vector(x: 187 - 27.5, y: 100))
        #expect(placed.items[0].size == Size(width: 50, height: 50))
        guard case .collision(let collision)? = placed.behaviors[0].kind,
            case .attachment(let rope)? = placed.behaviors[1].kind,
            case .field(let field)? = placed.behaviors[2].kind
        else {
            Issue.record("the behaviors changed type")
            return
        }
        #expect(collision.boundaries[0].shape == .segment(from: Vector(x: 0, y: 468), to: Vector(x: 375, y: 468)))
        #expect(rope.anchor == Vector(x: 245, y: 20))
        #expect(field.position == nil)
        guard case .set(_, let values)? = placed.events[0].action, case .pan(_, let pan)? = placed.events[1].action
        else {
            Issue.record("the events changed action")
            return
        }
        #expect(values.anchor == Vector(x: 295, y: 30))
        #expect(pan.path == [Vector(x: 245, y: 20), Vector(x: 305, y: 20)])
        #expect(scene.placed(in: Size(width: 375, height: 667)) == scene)
    }
}
