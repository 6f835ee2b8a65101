import JSON
import Testing

@testable import Scene

/// Decoding a scene into the typed model: what rules and the simulation read.
@Suite("Decoding the typed scene")
struct DecodingTests {
    private func decode(_ text: String, fileName: String? = "drop.dynamics.json") -> LintResult {
        Linter.lint(Array(text.utf8), fileName: fileName)
    }

    @Test func fullSceneDecodesEveryBehaviorType() throws {
        let text = """
            {
              "format": 1,
              "referenceView": {"width": 390, "height": 844},
              "items": [
                {"id": "box", "center": [100, 50], "size": [80, 40], "angle": 0.25},
                {"id": "ball", "center": [200, 50], "size": [40, 40], "collisionBounds": "ellipse"},
                {"id": "kite", "center": [300, 50], "size": [40, 40], "collisionBounds": {"path": [[0, -20], [20, 0], [0, 20], [-20, 0]]}}
              ],
              "behaviors": [
                {"id": "g", "type": "gravity", "items": ["box", "ball"], "angle": 1.2, "magnitude": 0.5},
                {"type": "collision", "items": ["box", "ball", "kite"], "mode": "boundaries", "translatesReferenceBoundsIntoBoundary": true,
                 "insets": {"top": 10, "bottom": 20},
                 "boundaries": [{"id": "floor", "from": [0, 600], "to": [390, 600]}, {"id": "cup", "path": [[0, 0], [10, 10], [20, 0]]}]},
                {"id": "rope", "type": "attachment", "item": "kite", "anchor": [300, 0], "length": 80, "frequency": 2, "damping": 0.3},
                {"type": "attachment", "kind": "sliding", "item": "box", "attachedTo": "ball", "attachedOffset": [5, 0], "axis": [1, 0], "range": [-50, 50]},
                {"id": "s", "type": "snap", "item": "ball", "point": [200, 400], "damping": 0.8},
                {"type": "push", "items": ["box"], "mode": "instantaneous", "direction": [2, 0], "offset": [0, 10]},
                {"type": "dynamicItem", "items": ["box"], "elasticity": 0.20, "friction": 0.8, "allowsRotation": false, "linearVelocity": [0, 0], "angularVelocity": 3},
                {"type": "field", "kind": "vortex", "items": ["ball"], "position": [100, 100], "region": {"radius": 50}, "strength": 2}
              ],
              "events": [
                {"at": 0.5, "set": "rope", "values": {"anchor": [250, 0], "length": 60}},
                {"at": 1, "remove": "s"},
                {"at": 1.5, "add": {"type": "snap", "item": "ball", "point": [10, 10]}}
              ],
              "preview": {"duration": 2, "frameRate": 120}
            }
            """
        let result = decode(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.isComplete)
        let scene = try #require(result.scene)
        #expect(scene.name == "drop")
        #expect(scene.format == 1)
        #expect(scene.referenceView == Size(width: 390, height: 844))
        #expect(scene.items.map(\.id) == ["box", "ball", "kite"])
        #expect(scene.items[0].angle == 0.25)
        #expect(scene.items[1].collisionBounds == .ellipse)
        #expect(
            scene.items[2].collisionBounds
                == .path([Vector(x: 0, y: -20), Vector(x: 20, y: 0), Vector(x: 0, y: 20), Vector(x: -20, y: 0)]))
        #expect(scene.items[0].pointer == JSONPointer.root.appending("items").appending(0))
        #expect(scene.preview.duration == 2 && scene.preview.frameRate == 120)

        guard case .gravity(let gravity)? = scene.behaviors[0].kind else {
            Issue.record("gravity")
            return
        }
        #expect(gravity.items.map(\.id) == ["box", "ball"])
        #expect(gravity.items[1].pointer.description == "/behaviors/0/items/1")
        #expect(gravity.angle == 1.2 && gravity.magnitude == 0.5 && gravity.direction == nil)

        guard case .collision(let collision)? = scene.behaviors[1].kind else {
            Issue.record("collision")
            return
        }
        #expect(collision.mode == .boundaries)
        #expect(collision.translatesReferenceBoundsIntoBoundary)
        #expect(collision.insets?.top == 10 && collision.insets?.bottom == 20 && collision.insets?.left == 0)
        #expect(collision.boundaries.map(\.id) == ["floor", "cup"])
        #expect(collision.boundaries[0].shape == .segment(from: Vector(x: 0, y: 600), to: Vector(x: 390, y: 600)))

        guard case .attachment(let rope)? = scene.behaviors[2].kind else {
            Issue.record("attachment")
            return
        }
        #expect(
            rope.item?.id == "kite" && rope.anchor == Vector(x: 300, y: 0) && rope.kind == nil
                && rope.resolvedKind == .distance)
        #expect(rope.length == 80 && rope.frequency == 2 && rope.damping == 0.3)
        guard case .attachment(let slider)? = scene.behaviors[3].kind else {
            Issue.record("sliding")
            return
        }
        #expect(slider.kind == .sliding && slider.attachedTo?.id == "ball" && slider.axis == Vector(x: 1, y: 0))
        #expect(slider.range == Interval(min: -50, max: 50))

        guard case .snap(let snap)? = scene.behaviors[4].kind else {
            Issue.record("snap")
            return
        }
        #expect(snap.damping == 0.8 && snap.point == Vector(x: 200, y: 400))
        guard case .push(let push)? = scene.behaviors[5].kind else {
            Issue.record("push")
            return
        }
        #expect(
            push.mode == .instantaneous && push.direction == Vector(x: 2, y: 0) && push.offset == Vector(x: 0, y: 10))

        guard case .dynamicItem(let properties)? = scene.behaviors[6].kind else {
            Issue.record("dynamicItem")
            return
        }
        #expect(properties["elasticity"] == nil, "0.20 is the default: not set")
        #expect(properties.linearVelocity == nil, "[0, 0] is the default: not set")
        #expect(
            properties["friction"] == .number(0.8) && properties["allowsRotation"] == .flag(false)
                && properties.angularVelocity == 3)

        guard case .field(let field)? = scene.behaviors[7].kind else {
            Issue.record("field")
            return
        }
        #expect(field.kind == .vortex && field.region == .radius(50) && field.strength == 2)

        #expect(scene.events.count == 3)
        guard case .set(let target, let values)? = scene.events[0].action else {
            Issue.record("set")
            return
        }
        #expect(
            target.id == "rope" && values.anchor == Vector(x: 250, y: 0) && values.length == 60
                && values.keys == ["anchor", "length"])
        guard case .remove(let removed)? = scene.events[1].action else {
            Issue.record("remove")
            return
        }
        #expect(removed.id == "s")
        guard case .add(let added)? = scene.events[2].action else {
            Issue.record("add")
            return
        }
        #expect(added.pointer.description == "/events/2/add" && added.type == .snap)
    }

    @Test func invalidValuesAreAbsentAndRecorded() throws {
        let text = #"""
            {"referenceView": {"width": 400, "height": 800},
             "items": [{"id": "a", "center": [1, 2, 3], "size": [40, 40]}],
             "behaviors": [{"type": "dynamicItem", "items": ["a"], "elasticity": 2}, {"type": "wobble", "id": "w", "items": ["a"]}]}
            """#
        let scene = try #require(decode(text).scene)
        #expect(scene.items[0].center == nil)
        #expect(scene.invalid.contains(JSONPointer.root.appending("items").appending(0).appending("center")))
        guard case .dynamicItem(let properties)? = scene.behaviors[0].kind else {
            Issue.record("dynamicItem")
            return
        }
        // A behavior's number outside its range is reported but stays, so that the rules across behaviors
        // (dynamicItem.conflict…) see it in the same run; a scene with an error never runs.
        #expect(properties["elasticity"] == .number(2))
        #expect(!scene.invalid.contains(JSONPointer.root.appending("behaviors").appending(0).appending("elasticity")))
        #expect(scene.behaviors[1].kind == nil && scene.behaviors[1].id == "w", "an unknown type keeps its id")
    }

    @Test func nameDefaultsToTheFileNameWithoutItsSuffix() throws {
        let text = unmarked(scene())
        #expect(decode(text, fileName: "Examples/newtons-cradle.dynamics.json").scene?.name == "newtons-cradle")
        #expect(decode(text, fileName: nil).scene?.name == "scene")
        #expect(decode(unmarked(scene(extra: #""name": "Cradle""#))).scene?.name == "Cradle")
    }

    @Test func afterASyntaxErrorOnlyDiagnosticsBeforeItRemain() throws {
        let text = """
            {"referenceView": {"width": -1, "height": 800},
             "items": [{"id": "a", "center": [1, 1], "size": [40, 40]}],
             "behaviors": [{"type": "dynamicItem", "items": ["a"], "elasticity": 5} "density": 0}]}
            """
        let result = decode(text)
        #expect(!result.isComplete)
        let codes = result.diagnostics.map(\.code)
        #expect(codes.contains("json.syntax"))
        #expect(
            codes.filter { $0 == "scene.range" }.count == 2,
            "width and elasticity lie before the error; \(result.diagnostics.map(\.message))")
        let error = try #require(result.document.syntaxError)
        for diagnostic in result.diagnostics where diagnostic.code != "json.syntax" {
            #expect(diagnostic.range.upperBound <= error.range.lowerBound)
        }
    }

    @Test func diagnosticsAreSortedByPosition() {
        let text = unmarked(
            scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "elasticity": 2, "density": -1, "bogus": 1}"#))
        let ranges = Linter.lint(Array(text.utf8)).diagnostics.map(\.range.lowerBound)
        #expect(ranges.count >= 3)
        #expect(ranges == ranges.sorted())
    }

    @Test func garbageNeverCrashesAndNeverPassesSilently() {
        for text in [
            "", "null", "[", "{", "{\"items\": [{", "\u{FEFF}{}", "{\"referenceView\": 1e999, \"items\": {}}", "\"x\"",
        ] {
            let result = Linter.lint(Array(text.utf8))
            #expect(!result.diagnostics.isEmpty, "\(text)")
        }
    }
}
