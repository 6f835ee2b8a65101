import JSON
import Testing

@testable import Scene

/// The "Syntax and shape" codes (rules.md), each with a case that must fire and one that must not.
@Suite("Syntax and shape rules")
struct ShapeRuleTests {
    // MARK: json.*

    @Test func syntaxErrorIsReportedOnTheClosingBracketAfterATrailingComma() {
        expectDiagnostics(
            "json.syntax",
            in: """
                {"referenceView": {"width": 400, "height": 800}, "items": [1, 2,⟦]⟧}
                """)
        expectNoDiagnostic("json.syntax", in: scene())
    }

    @Test func duplicateKeyIsReportedOnTheLaterKeyRelatedToTheEarlierOne() throws {
        let marked = """
            {"referenceView": {"width": 400, "height": 800}, "items": [], ⟦"items"⟧: []}
            """
        let found = expectDiagnostics("json.duplicateKey", in: marked)
        let diagnostic = try #require(found.first)
        let text = unmarked(marked)
        let first = try #require(text.utf8.firstRange(of: Array(#""items""#.utf8)))
        let firstStart = text.utf8.distance(from: text.utf8.startIndex, to: first.lowerBound)
        #expect(diagnostic.related.first?.range == firstStart..<(firstStart + 7))
        let fix = try #require(diagnostic.fixes.first)
        #expect(applying(fix, to: text) == #"{"referenceView": {"width": 400, "height": 800}, "items": []}"#)
        expectNoDiagnostic("json.duplicateKey", in: scene())
    }

    @Test func nulEscapeInAKeyIsUnsupported() {
        let result = Linter.lint(
            Array(#"{"referenceView": {"width": 400, "height": 800}, "items": [], "a\u0000b": 1}"#.utf8))
        #expect(result.diagnostics.contains { $0.code == "json.unsupported" && $0.severity == .error })
        expectNoDiagnostic(
            "json.unsupported", in: #"{"referenceView": {"width": 400, "height": 800}, "items": [], "a\u0001b": 1}"#)
    }

    // MARK: scene.format

    @Test func formatOtherThanOneIsAnError() throws {
        let found = expectDiagnostics(
            "scene.format",
            in: """
                {"format": ⟦2⟧, "referenceView": {"width": 400, "height": 800}, "items": []}
                """)
        #expect(found.first?.message.contains("2") == true)
        expectDiagnostics(
            "scene.format",
            in: """
                {"format": ⟦1.5⟧, "referenceView": {"width": 400, "height": 800}, "items": []}
                """)
        expectNoDiagnostic("scene.format", in: scene(extra: #""format": 1.0"#))
        expectNoDiagnostic("scene.format", in: scene(extra: #""format": 1"#))
    }

    @Test func formatAsAStringIsATypeErrorNotAFormatError() throws {
        let marked = scene(extra: #""format": ⟦"1"⟧"#)
        let found = expectDiagnostics("scene.type", in: marked)
        expectNoDiagnostic("scene.format", in: marked)
        let fix = try #require(found.first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""format": 1"#))
    }

    // MARK: scene.noItems

    @Test func emptyItemsIsAWarning() {
        expectDiagnostics(
            "scene.noItems",
            in: """
                {"referenceView": {"width": 400, "height": 800}, "items": ⟦[]⟧}
                """)
        expectNoDiagnostic("scene.noItems", in: scene())
    }

    // MARK: scene.missingKey

    @Test func missingRequiredKeyIsReportedOnTheObjectsBrace() throws {
        let marked = """
            ⟦{⟧"items": [⟦{⟧"id": "a", "size": [40, 40]}]}
            """
        let found = expectDiagnostics("scene.missingKey", in: marked)
        #expect(found.count == 2)
        #expect(found[0].message.contains("referenceView"))
        #expect(found[1].message.contains("center"))
        let fix = try #require(found[1].fixes.first)
        #expect(applying(fix, to: unmarked(marked)) == #"{"items": [{"center": [0, 0], "id": "a", "size": [40, 40]}]}"#)
        expectNoDiagnostic("scene.missingKey", in: scene())
    }

    @Test func missingIdGetsAFreshIdAsItsPlaceholder() throws {
        let marked = scene(
            items: """
                {"id": "item1", "center": [100, 100], "size": [40, 40]}, ⟦{⟧"center": [0, 0], "size": [40, 40]}
                """)
        let found = expectDiagnostics("scene.missingKey", in: marked)
        let fix = try #require(found.first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#"{"id": "item2", "center": [0, 0]"#))
    }

    @Test func missingKeyInsertionFollowsTheObjectsLayout() throws {
        let marked = """
            {
              "referenceView": ⟦{⟧
                "width": 400
              },
              "items": []
            }
            """
        let found = expectDiagnostics("scene.missingKey", in: marked)
        let fix = try #require(found.first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains("{\n    \"height\": 800,\n    \"width\": 400\n  }"))
    }

    @Test func objectsCutOffBySyntaxErrorAreNotMissingKeys() {
        expectNoDiagnostic(
            "scene.missingKey",
            in: """
                {"referenceView": {"width": 400, "height": 800}, "items": [{"id": "a", "center": [1, 2]
                """)
    }

    @Test func slidingAttachmentNeedsAnAxis() {
        expectDiagnostics(
            "scene.missingKey",
            in: scene(
                behaviors: """
                    ⟦{⟧"type": "attachment", "item": "a", "anchor": [0, 0], "kind": "sliding"}
                    """))
        expectNoDiagnostic(
            "scene.missingKey",
            in: scene(
                behaviors: """
                    {"type": "attachment", "item": "a", "anchor": [0, 0], "kind": "sliding", "axis": [0, 1]}
                    """))
    }

    @Test func setEventNeedsValues() {
        expectDiagnostics(
            "scene.missingKey",
            in: scene(
                behaviors: #"{"id": "s", "type": "snap", "item": "a", "point": [1, 1]}"#,
                events: #"⟦{⟧"at": 1, "set": "s"}"#))
    }

    // MARK: scene.unknownKey

    @Test func unknownKeySuggestsTheNearestKey() throws {
        let marked = scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], ⟦"elastcity"⟧: 0.5}"#)
        let found = expectDiagnostics("scene.unknownKey", in: marked)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.message.contains("elasticity"))
        let fix = try #require(diagnostic.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""elasticity": 0.5"#))
        expectNoDiagnostic(
            "scene.unknownKey", in: scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "elasticity": 0.5}"#))
    }

    @Test func keyOfAnotherBehaviorTypeSaysWhereItBelongs() throws {
        let found = expectDiagnostics(
            "scene.unknownKey", in: scene(behaviors: #"{"type": "gravity", "items": ["b"], ⟦"point"⟧: [1, 2]}"#))
        #expect(found.first?.message.contains("snap behavior") == true)
    }

    @Test func schemaKeyIsNotUnknown() {
        expectNoDiagnostic("scene.unknownKey", in: scene(extra: #""$schema": "../schemas/dynamics-scene.schema.json""#))
        expectDiagnostics("scene.unknownKey", in: scene(extra: #"⟦"gravity"⟧: 1"#))
    }

    @Test func unknownKeyInEventValuesSuggestsALiveKey() throws {
        let found = expectDiagnostics(
            "scene.unknownKey",
            in: scene(
                behaviors: #"{"id": "s", "type": "snap", "item": "a", "point": [1, 1]}"#,
                events: #"{"at": 1, "set": "s", "values": {⟦"pont"⟧: [2, 2]}}"#))
        #expect(found.first?.fixes.first?.edits.first?.newText == #""point""#)
    }

    // MARK: scene.type

    @Test func threeElementPointIsATypeError() throws {
        let found = expectDiagnostics(
            "scene.type", in: scene(items: #"{"id": "a", "center": ⟦[1, 2, 3]⟧, "size": [40, 40]}"#))
        #expect(found.first?.message.contains("3 elements") == true)
        expectNoDiagnostic("scene.type", in: scene())
    }

    @Test func numberWrittenAsAStringIsATypeErrorWithAFix() throws {
        let marked = scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "elasticity": ⟦"0.5"⟧}"#)
        let found = expectDiagnostics("scene.type", in: marked)
        let fix = try #require(found.first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""elasticity": 0.5"#))
    }

    @Test func singleIdForItemsIsATypeErrorThatWrapsIt() throws {
        let marked = scene(behaviors: #"{"type": "collision", "items": ⟦"a"⟧}"#)
        let fix = try #require(expectDiagnostics("scene.type", in: marked).first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""items": ["a"]"#))
    }

    @Test func nonStringIdsAreTypeErrors() {
        expectDiagnostics("scene.type", in: scene(behaviors: #"{"type": "collision", "items": ["a", ⟦7⟧]}"#))
        expectDiagnostics("scene.type", in: scene(items: #"{"id": ⟦""⟧, "center": [1, 1], "size": [40, 40]}"#))
    }

    @Test func topLevelThatIsNotAnObjectIsATypeError() {
        expectDiagnostics("scene.type", in: "⟦[1, 2]⟧")
    }

    // MARK: scene.enum

    @Test func valueOutsideItsEnumerationSuggestsTheNearest() throws {
        let marked = scene(behaviors: #"{"type": ⟦"colision"⟧, "items": ["a"]}"#)
        let fix = try #require(expectDiagnostics("scene.enum", in: marked).first?.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""type": "collision""#))
        expectDiagnostics(
            "scene.enum", in: scene(behaviors: #"{"type": "collision", "items": ["a"], "mode": ⟦"all"⟧}"#))
        expectDiagnostics(
            "scene.enum",
            in: scene(behaviors: #"{"type": "attachment", "item": "a", "attachedTo": "b", "kind": ⟦"spring"⟧}"#))
        expectDiagnostics(
            "scene.enum",
            in: scene(items: #"{"id": "a", "center": [1, 1], "size": [40, 40], "collisionBounds": ⟦"circle"⟧}"#))
        expectNoDiagnostic(
            "scene.enum",
            in: scene(items: #"{"id": "a", "center": [1, 1], "size": [40, 40], "collisionBounds": "ellipse"}"#))
    }

    // MARK: scene.range

    @Test func elasticityOutsideZeroToOneIsAnErrorWithAClampFix() throws {
        let marked = scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "elasticity": ⟦1.5⟧}"#)
        let diagnostic = try #require(expectDiagnostics("scene.range", in: marked).first)
        #expect(diagnostic.message == "elasticity 1.5 is outside 0…1; use a value between 0 and 1")
        let fix = try #require(diagnostic.fixes.first)
        #expect(applying(fix, to: unmarked(marked)).contains(#""elasticity": 1}"#))
        expectNoDiagnostic(
            "scene.range", in: scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "elasticity": 0}"#))
        expectNoDiagnostic(
            "scene.range", in: scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "elasticity": 1}"#))
    }

    @Test func everyRangeOfTheRulesPageIsChecked() {
        let cases: [(String, String)] = [
            ("snap damping", scene(behaviors: #"{"type": "snap", "item": "a", "point": [1, 1], "damping": ⟦1.2⟧}"#)),
            ("negative friction", scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "friction": ⟦-0.1⟧}"#)),
            (
                "negative resistance",
                scene(
                    behaviors:
                        #"{"type": "dynamicItem", "items": ["a"], "resistance": ⟦-1⟧, "angularResistance": ⟦-2⟧}"#)
            ),
            ("density zero", scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "density": ⟦0⟧}"#)),
            (
                "attachment numbers",
                scene(
                    behaviors:
                        #"{"type": "attachment", "item": "a", "anchor": [0, 0], "length": ⟦-1⟧, "damping": ⟦-1⟧, "frequency": ⟦-1⟧}"#
                )
            ),
            (
                "friction torque",
                scene(
                    behaviors:
                        #"{"type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", "frictionTorque": ⟦-1⟧}"#
                )
            ),
            (
                "minimum radius",
                scene(behaviors: #"{"type": "field", "kind": "radialGravity", "items": ["a"], "minimumRadius": ⟦-5⟧}"#)
            ),
            (
                "size",
                scene(
                    items:
                        #"{"id": "a", "center": [1, 1], "size": [⟦0⟧, 40]}, {"id": "b", "center": [1, 1], "size": [40, ⟦-3⟧]}"#
                )
            ),
            (
                "reference view",
                #"{"referenceView": {"width": ⟦0⟧, "height": ⟦-1⟧}, "items": [{"id": "a", "center": [1, 1], "size": [1, 1]}], "behaviors": [{"type": "gravity", "items": ["a"]}]}"#
            ),
            (
                "at",
                scene(
                    behaviors: #"{"id": "s", "type": "snap", "item": "a", "point": [1, 1]}"#,
                    events: #"{"at": ⟦-1⟧, "remove": "s"}"#)
            ),
            (
                "range min",
                scene(
                    behaviors:
                        #"{"type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", "range": [⟦0.5⟧, 1]}"#)
            ),
            (
                "range max",
                scene(
                    behaviors:
                        #"{"type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", "range": [-1, ⟦-0.5⟧]}"#
                )
            ),
            (
                "zero axis",
                scene(
                    behaviors:
                        #"{"type": "attachment", "kind": "sliding", "item": "a", "attachedTo": "b", "axis": ⟦[0, 0]⟧}"#)
            ),
            ("duration", scene(extra: #""preview": {"duration": ⟦0⟧}"#)),
            ("frame rate zero", scene(extra: #""preview": {"frameRate": ⟦0⟧}"#)),
            ("frame rate high", scene(extra: #""preview": {"frameRate": ⟦1001⟧}"#)),
            ("too many frames", scene(extra: #""preview": {"frameRate": 60, "duration": ⟦3601⟧}"#)),
            ("too many frames, rate later", scene(extra: #""preview": {"duration": 3600, "frameRate": ⟦61⟧}"#)),
        ]
        for (name, text) in cases {
            let found = expectDiagnostics("scene.range", in: text)
            #expect(!found.isEmpty, "\(name)")
        }
    }

    @Test func boundaryValuesAreInsideTheirRanges() {
        expectNoDiagnostic(
            "scene.range",
            in: scene(
                behaviors: """
                    {"type": "snap", "item": "a", "point": [1, 1], "damping": 0},
                    {"type": "attachment", "kind": "pin", "item": "b", "attachedTo": "a", "range": [0, 0], "frictionTorque": 0},
                    {"type": "dynamicItem", "items": ["a"], "friction": 0, "resistance": 0, "density": 0.001}
                    """,
                events: #"{"at": 0, "remove": "x"}"#,
                extra: #""preview": {"duration": 3600, "frameRate": 60}"#))
        expectNoDiagnostic("scene.range", in: scene(extra: #""preview": {"frameRate": 1000, "duration": 216}"#))
    }

    // MARK: scene.rangeAdvice (retired)

    @Test func frictionAboveOneIsValid() {
        // Apple documents higher values as stronger friction: nothing to say about them.
        expectClean(scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "friction": 1.5}"#))
        expectClean(scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "friction": 40}"#))
        expectDiagnostics(
            "scene.range", in: scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "friction": ⟦-0.5⟧}"#))
    }

    // MARK: scene.nonFinite

    @Test func numberTooLargeForADoubleIsNonFinite() {
        let marked = scene(
            behaviors: #"{"type": "dynamicItem", "items": ["a"], "density": ⟦1e999⟧, "charge": ⟦-1e400⟧}"#)
        expectDiagnostics("scene.nonFinite", in: marked)
        expectNoDiagnostic("json.syntax", in: marked)
        expectNoDiagnostic(
            "scene.nonFinite", in: scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "density": 1e300}"#))
    }

    // MARK: scene.exclusiveKeys

    @Test func directionWithAngleIsReportedOnTheLaterKey() {
        expectDiagnostics(
            "scene.exclusiveKeys",
            in: scene(behaviors: #"{"type": "push", "items": ["a"], "angle": 1, ⟦"direction"⟧: [1, 0]}"#))
        expectDiagnostics(
            "scene.exclusiveKeys",
            in: scene(behaviors: #"{"type": "gravity", "items": ["b"], "direction": [1, 0], ⟦"magnitude"⟧: 2}"#))
        expectNoDiagnostic(
            "scene.exclusiveKeys",
            in: scene(behaviors: #"{"type": "push", "items": ["a"], "angle": 1, "magnitude": 2}"#))
    }

    @Test func attachmentNeedsExactlyOneOfAnchorAndAttachedTo() {
        expectDiagnostics(
            "scene.exclusiveKeys",
            in: scene(behaviors: #"{"type": "attachment", "item": "a", "attachedTo": "b", ⟦"anchor"⟧: [0, 0]}"#))
        expectDiagnostics("scene.exclusiveKeys", in: scene(behaviors: #"⟦{⟧"type": "attachment", "item": "a"}"#))
        expectNoDiagnostic(
            "scene.exclusiveKeys", in: scene(behaviors: #"{"type": "attachment", "item": "a", "anchor": [0, 0]}"#))
    }

    @Test func eventNeedsExactlyOneAction() {
        let behaviors = #"{"id": "s", "type": "snap", "item": "a", "point": [1, 1]}"#
        expectDiagnostics("scene.exclusiveKeys", in: scene(behaviors: behaviors, events: #"⟦{⟧"at": 1}"#))
        expectDiagnostics(
            "scene.exclusiveKeys",
            in: scene(
                behaviors: behaviors, events: #"{"at": 1, "remove": "s", ⟦"add"⟧: {"type": "gravity", "items": ["a"]}}"#
            ))
        expectNoDiagnostic("scene.exclusiveKeys", in: scene(behaviors: behaviors, events: #"{"at": 1, "remove": "s"}"#))
    }

    // MARK: Catalog-driven semantic codes

    @Test func attachmentKeyItsKindDoesNotTake() {
        expectDiagnostics(
            "attachment.kindKey",
            in: scene(behaviors: #"{"type": "attachment", "item": "a", "anchor": [0, 0], ⟦"frictionTorque"⟧: 1}"#))
        expectDiagnostics(
            "attachment.kindKey",
            in: scene(behaviors: #"{"type": "attachment", "kind": "pin", "item": "a", ⟦"anchor"⟧: [0, 0]}"#))
        expectDiagnostics(
            "attachment.kindKey",
            in: scene(
                behaviors:
                    #"{"type": "attachment", "kind": "fixed", "item": "a", "attachedTo": "b", ⟦"frequency"⟧: 2, ⟦"damping"⟧: 1}"#
            ))
        expectDiagnostics(
            "attachment.kindKey",
            in: scene(
                behaviors:
                    #"{"type": "attachment", "kind": "limit", "item": "a", "attachedTo": "b", ⟦"range"⟧: [-1, 1]}"#))
        expectNoDiagnostic(
            "attachment.kindKey",
            in: scene(
                behaviors:
                    #"{"type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", "range": [-1, 1], "frictionTorque": 2}"#
            ))
        expectNoDiagnostic(
            "attachment.kindKey",
            in: scene(
                behaviors:
                    #"{"type": "attachment", "kind": "sliding", "item": "a", "anchor": [1, 1], "axis": [1, 0], "range": [-10, 10]}"#
            ))
    }

    @Test func fieldKeyItsKindIgnores() {
        expectDiagnostics(
            "field.kindKey",
            in: scene(behaviors: #"{"type": "field", "kind": "radialGravity", "items": ["a"], ⟦"smoothness"⟧: 0.5}"#))
        expectNoDiagnostic(
            "field.kindKey",
            in: scene(behaviors: #"{"type": "field", "kind": "linearGravity", "items": ["a"], "direction": [1, 0]}"#))
    }

    @Test func settingAPropertyThatCannotChangeLiveIsNotLive() {
        let snap = #"{"id": "s", "type": "snap", "item": "a", "point": [1, 1]}"#
        expectDiagnostics(
            "event.notLive", in: scene(behaviors: snap, events: #"{"at": 1, "set": "s", "values": {⟦"damping"⟧: 0.2}}"#)
        )
        expectNoDiagnostic(
            "event.notLive", in: scene(behaviors: snap, events: #"{"at": 1, "set": "s", "values": {"point": [3, 3]}}"#))
        let attachment = #"{"id": "rope", "type": "attachment", "item": "a", "anchor": [0, 0]}"#
        expectNoDiagnostic(
            "event.notLive",
            in: scene(
                behaviors: attachment,
                events: #"{"at": 1, "set": "rope", "values": {"damping": 0.2, "anchor": [5, 5]}}"#))
        expectDiagnostics(
            "event.notLive",
            in: scene(behaviors: attachment, events: #"{"at": 1, "set": "rope", "values": {⟦"kind"⟧: "pin"}}"#))
    }

    // MARK: Explicit defaults

    @Test func explicitFalseReferenceBoundsIsLikeAbsent() throws {
        let text = unmarked(
            scene(
                behaviors:
                    #"{"type": "collision", "items": ["a", "b"], "translatesReferenceBoundsIntoBoundary": false}"#))
        let result = Linter.lint(Array(text.utf8))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
        let collision = try #require(result.scene?.behaviors.last)
        guard case .collision(let behavior)? = collision.kind else {
            Issue.record("not a collision")
            return
        }
        #expect(behavior.translatesReferenceBoundsIntoBoundary == false)
    }
}
