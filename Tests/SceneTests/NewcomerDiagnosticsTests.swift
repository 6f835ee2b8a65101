import JSON
import Testing

@testable import Scene

/// What a newcomer writing the book's recipes tripped on (issue 23): a pan on an attachment without an anchor,
/// a UIKit name that also counted as a missing key, findings that showed only once another error was fixed,
/// two snaps sharing an id told apart only by their places.
@Suite("Newcomer diagnostics: one per mistake, all in one run")
struct NewcomerDiagnosticsTests {
    static let rope = #"{"type": "attachment", "id": "rope", "item": "a", "attachedTo": "b"}"#

    // MARK: event.noAnchor

    @Test func panningAnAttachmentBetweenTwoItemsIsAnErrorRelatedToItsAttachedTo() throws {
        let marked = scene(
            behaviors: Self.rope,
            events: #"{"at": 0.5, "pan": ⟦"rope"⟧, "path": [[100, 50], [200, 50]], "duration": 1}"#)
        let found = expectDiagnostics("event.noAnchor", in: marked)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains(#"attachment "rope" joins two items"#))
        let text = Array(unmarked(marked).utf8)
        let related = try #require(diagnostic.related.first)
        #expect(String(decoding: text[related.range], as: UTF8.self) == #""b""#)
    }

    @Test func settingTheAnchorOfAnAttachmentBetweenTwoItemsIsAnError() {
        expectDiagnostics(
            "event.noAnchor",
            in: scene(behaviors: Self.rope, events: #"{"at": 1, "set": "rope", "values": {⟦"anchor"⟧: [10, 10]}}"#))
        // Its length can change: only the anchor is missing.
        expectNoDiagnostic(
            "event.noAnchor",
            in: scene(behaviors: Self.rope, events: #"{"at": 1, "set": "rope", "values": {"length": 30}}"#))
    }

    @Test func panningAnAnchoredAttachmentOrASnapIsFine() {
        expectClean(
            scene(
                behaviors: #"{"type": "attachment", "id": "rope", "item": "a", "anchor": [100, 20]}"#,
                events: #"{"at": 0.5, "pan": "rope", "path": [[100, 20], [200, 20]], "duration": 1}"#))
        expectNoDiagnostic(
            "event.noAnchor",
            in: scene(
                behaviors: #"{"type": "snap", "id": "s", "item": "a", "point": [100, 20]}"#,
                events: #"{"at": 0.5, "pan": "s", "path": [[100, 20], [200, 20]], "duration": 1}"#))
    }

    @Test func theRuleFollowsTheTimelineToTheAttachmentAliveAtTheEvent() {
        // "rope" joins two items at first, then is replaced by an anchored attachment of the same id.
        let events = """
            {"at": 1, "remove": "rope"},
                {"at": 1, "add": {"type": "attachment", "id": "rope", "item": "a", "anchor": [100, 20]}},
                {"at": 2, "pan": "rope", "path": [[100, 20], [200, 20]], "duration": 1}
            """
        expectNoDiagnostic("event.noAnchor", in: scene(behaviors: Self.rope, events: events))
    }

    @Test func theQuickFixAnchorsTheAttachmentWhereTheOtherItemHoldsIt() throws {
        let marked = scene(
            behaviors:
                #"{"type": "attachment", "id": "rope", "item": "a", "attachedTo": "b", "attachedOffset": [0, -20]}"#,
            events: #"{"at": 0.5, "pan": ⟦"rope"⟧, "path": [[200, 80], [300, 80]], "duration": 1}"#)
        let found = expectDiagnostics("event.noAnchor", in: marked)
        let fix = try #require(found.first?.fixes.first)
        #expect(fix.title.contains("[200, 80]"))
        let fixed = applying(fix, to: unmarked(marked))
        #expect(
            fixed
                == unmarked(
                    scene(
                        behaviors: #"{"type": "attachment", "id": "rope", "item": "a", "anchor": [200, 80]}"#,
                        events: #"{"at": 0.5, "pan": "rope", "path": [[200, 80], [300, 80]], "duration": 1}"#)))
        expectClean(fixed)
    }

    // MARK: One mistake, one diagnostic

    @Test func aBoundaryWithUIKitNamesGetsTheRenamesAlone() throws {
        let marked = scene(
            behaviors: """
                {"type": "collision", "items": ["a", "b"], "boundaries": [{"id": "floor", ⟦"fromPoint"⟧: [0, 700], ⟦"toPoint"⟧: [400, 700]}]}
                """)
        let found = expectDiagnostics("scene.unknownKey", in: marked)
        #expect(found.allSatisfy { $0.message.contains("UIKit's name") && $0.fixes.count == 1 })
        let diagnostics = Linter.lint(Array(unmarked(marked).utf8), fileName: "test.dynamics.json").diagnostics
        #expect(diagnostics.map(\.code) == ["scene.unknownKey", "scene.unknownKey"])
        // The renames are the whole fix.
        var text = unmarked(marked)
        for fix in found.reversed().compactMap(\.fixes.first) { text = applying(fix, to: text) }
        expectClean(text)
    }

    @Test func aPathBoundaryUnderItsUIKitNameIsAPathBoundaryToRename() throws {
        let marked = scene(
            behaviors: """
                {"type": "collision", "items": ["a", "b"], "boundaries": [{"id": "cup", ⟦"forPath"⟧: [[0, 700], [400, 700]]}]}
                """)
        let found = expectDiagnostics("scene.unknownKey", in: marked)
        let diagnostics = Linter.lint(Array(unmarked(marked).utf8), fileName: "test.dynamics.json").diagnostics
        #expect(diagnostics.map(\.code) == ["scene.unknownKey"])
        let fix = try #require(found.first?.fixes.first)
        expectClean(applying(fix, to: unmarked(marked)))
    }

    /// Every UIKit name the catalog knows stands for its key: an object that gives a required key (or one of a
    /// required pair) under its UIKit name gets no `scene.missingKey` nor "needs one of" error for that key.
    @Test func everyUIKitNameStandsForTheKeyItMeans() throws {
        var checked = 0
        for description in ObjectKind.allCases.map(Catalog.object) {
            let grouped = Set(description.requiredGroups.joined())
            for key in description.keys where key.isRequired || key.requiredWith != nil || grouped.contains(key.name) {
                guard let uiKit = key.uiKitName, !Catalog.allKeyNames.contains(uiKit),
                    Catalog.key(forUIKitName: uiKit, in: description.kind)?.name == key.name
                else { continue }
                let members = [uiKit] + (key.requiredWith.map { [$0] } ?? [])
                let text = "{" + members.map { "\(Wording.quoted($0)): 0" }.joined(separator: ", ") + "}"
                let document = JSONDocument.parse(text)
                let object = try #require(document.root?.objectValue)
                let decoder = SceneDecoder(document: document, fileName: nil)
                decoder.checkPresence(of: description, in: object, at: .root)
                let missing = decoder.diagnostics.filter { diagnostic in
                    if diagnostic.code == "scene.missingKey" {
                        return diagnostic.message.contains("needs \(key.name) ")
                    }
                    // "… needs one of anchor or attachedTo; none is given": the names listed.
                    guard diagnostic.code == "scene.exclusiveKeys",
                        let list = diagnostic.message.split(separator: ";").first,
                        let names = list.components(separatedBy: "needs one of ").last
                    else { return false }
                    return names.replacingOccurrences(of: " or ", with: ", ").components(separatedBy: ", ")
                        .contains(key.name)
                }
                #expect(
                    missing.isEmpty, "\(uiKit) in \(description.kind.displayName): \(missing.map(\.message))")
                checked += 1
            }
        }
        // fromPoint, toPoint (boundaries), snapPoint (snap), anchorPoint (attachment)… at least these.
        #expect(checked >= 3)
    }

    // MARK: No staged diagnostics

    @Test func aConflictShowsInTheSameRunAsARangeErrorOfOneOfItsValues() {
        let marked = scene(
            behaviors: """
                {"type": "dynamicItem", "items": ["a"], "elasticity": ⟦1.5⟧},
                    {"type": "dynamicItem", "items": ["a"], "elasticity": 0.5}
                """)
        expectDiagnostics("scene.range", in: marked)
        expectDiagnostics(
            "dynamicItem.conflict",
            in: scene(
                behaviors: """
                    {"type": "dynamicItem", "items": ["a"], "elasticity": 1.5},
                        {"type": "dynamicItem", "items": ["a"], "elasticity": ⟦0.5⟧}
                    """))
    }

    @Test func aNegativeDampingIsARangeErrorNotAlsoAnUndampedSpring() {
        let text = scene(
            behaviors: #"{"type": "attachment", "item": "a", "anchor": [100, 20], "frequency": 2, "damping": -1}"#)
        expectNoDiagnostic("attachment.undamped", in: text)
        expectDiagnostics(
            "scene.range",
            in: scene(
                behaviors: #"{"type": "attachment", "item": "a", "anchor": [100, 20], "frequency": 2, "damping": ⟦-1⟧}"#
            ))
    }

    @Test func aSceneWithARangeErrorIsNotSimulated() throws {
        let result = Linter.lint(
            Array(
                scene(behaviors: #"{"type": "dynamicItem", "items": ["a"], "density": -3}"#).utf8),
            fileName: "test.dynamics.json")
        #expect(result.hasErrors && !result.maySimulate)
        #expect(try PreviewResult.preview(result, SimulationRequest())?.run == nil)
    }

    // MARK: snap.duplicate names both places

    @Test func twoSnapsSharingAnIdAreNamedByTheirPlaces() throws {
        let found = expectDiagnostics(
            "snap.duplicate",
            in: scene(
                behaviors: """
                    {"type": "snap", "id": "snap", "item": ⟦"a"⟧, "point": [50, 50]},
                        {"type": "snap", "id": "snap", "item": ⟦"a"⟧, "point": [90, 90]}
                    """))
        try #require(found.count == 2)
        #expect(
            found[0].message.hasPrefix(
                #"item "a" of snap "snap" at /behaviors/1 is also snapped by snap "snap" at /behaviors/2"#))
        #expect(
            found[1].message.hasPrefix(
                #"item "a" of snap "snap" at /behaviors/2 is also snapped by snap "snap" at /behaviors/1"#))
        #expect(found[0].related.first?.message == #""a" is also the item of snap "snap" at /behaviors/2"#)
    }
}
