import JSON
import RPC
import Scene
import Testing

@testable import Server

@Suite("Code actions")
struct CodeActionTests {
    static let literalClient =
        #"{"codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix"]}}}}"#

    /// A scene around one behavior or item list; markers 1️⃣…2️⃣ surround the offending token.
    static func scene(
        items: String = #"{"id": "ball", "center": [100, 100], "size": [40, 40]}"#, behaviors: String
    ) -> String {
        #"""
        {"referenceView": {"width": 400, "height": 800},
          "items": [\#(items)],
          "behaviors": [\#(behaviors)]}
        """#
    }

    func actions(
        _ session: NavigationSession, _ range: LSP.Range, diagnostics: [LSP.Diagnostic] = [], only: [String]? = nil
    ) throws -> [LSP.CodeAction] {
        var context: [(String, JSONValue)] = [("diagnostics", diagnostics.json)]
        if let only { context.append(("only", .array(only.map(JSONValue.string)))) }
        let params = JSONValue.object(
            JSONObject([
                ("textDocument", session.documentJSON), ("range", range.json),
                ("context", .object(JSONObject(context.map { (key: $0.0, value: $0.1) }))),
            ]))
        let result = try #require(try session.request("textDocument/codeAction", params).get().arrayValue)
        return try result.map { try LSP.CodeAction(json: $0, path: "result") }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var code: String
        var marked: String
        var title: String
        /// What the text holds after the fix where it held `before`.
        var before: String
        var after: String
        var testDescription: String { code + ": " + title }
    }

    static let cases: [Case] = [
        Case(
            code: "scene.unknownKey",
            marked: scene(behaviors: #"{"type": "dynamicItem", "items": ["ball"], 1️⃣"elastcity"2️⃣: 0.5}"#),
            title: "Replace with 'elasticity'", before: #""elastcity": 0.5"#, after: #""elasticity": 0.5"#),
        Case(
            code: "scene.enum", marked: scene(behaviors: #"{"type": 1️⃣"gravty"2️⃣, "items": ["ball"]}"#),
            title: "Replace with 'gravity'", before: #""type": "gravty""#, after: #""type": "gravity""#),
        Case(
            code: "item.unknown", marked: scene(behaviors: #"{"type": "gravity", "items": [1️⃣"bal"2️⃣]}"#),
            title: #"Replace with "ball""#, before: #"["bal"]"#, after: #"["ball"]"#),
        Case(
            code: "scene.range",
            marked: scene(
                behaviors:
                    #"{"type": "gravity", "items": ["ball"]}, {"type": "dynamicItem", "items": ["ball"], "elasticity": 1️⃣1.52️⃣}"#
            ),
            title: "Clamp to 1", before: #""elasticity": 1.5"#, after: #""elasticity": 1"#),
        Case(
            code: "json.duplicateKey",
            marked: scene(
                items: #"{"id": "ball", "center": [1, 1], 1️⃣"center"2️⃣: [2, 2], "size": [40, 40]}"#,
                behaviors: #"{"type": "gravity", "items": ["ball"]}"#),
            title: #"Remove the later "center""#, before: #""center": [1, 1], "center": [2, 2], "#,
            after: #""center": [1, 1], "#),
        Case(
            code: "behavior.duplicateId",
            marked: scene(
                behaviors:
                    #"{"type": "gravity", "id": "g", "items": ["ball"]}, {"type": "push", "id": 1️⃣"g"2️⃣, "items": ["ball"]}"#
            ),
            title: #"Rename to "push1""#, before: #""type": "push", "id": "g""#,
            after: #""type": "push", "id": "push1""#),
        Case(
            code: "scene.missingKey",
            marked: scene(
                items: #"1️⃣{2️⃣"id": "ball", "size": [40, 40]}"#, behaviors: #"{"type": "gravity", "items": ["ball"]}"#),
            title: #"Add "center": [0, 0]"#, before: #"{"id": "ball", "size""#,
            after: #"{"center": [0, 0], "id": "ball", "size""#),
        Case(
            code: "scene.missingKey",
            marked: scene(
                items: #"1️⃣{2️⃣"id": "ball", "center": [1, 1]}"#, behaviors: #"{"type": "gravity", "items": ["ball"]}"#),
            title: #"Add "size": [40, 40]"#, before: #"{"id": "ball", "center""#,
            after: #"{"size": [40, 40], "id": "ball", "center""#),
        Case(
            code: "scene.missingKey",
            marked: scene(
                items:
                    #"{"id": "item1", "center": [1, 1], "size": [4, 4]}, {"id": "item2", "center": [9, 9], "size": [4, 4]}, 1️⃣{2️⃣"center": [5, 5], "size": [4, 4]}"#,
                behaviors: #"{"type": "gravity", "items": ["item1", "item2"]}"#),
            title: #"Add "id": "item3""#, before: #"{"center": [5, 5]"#, after: #"{"id": "item3", "center": [5, 5]"#),
        // A pan on an attachment between two items: the fix gives the attachment an anchor where the other item
        // holds it, so that the pan has something to move (event.noAnchor, issue 23).
        Case(
            code: "event.noAnchor",
            marked: #"""
                {"referenceView": {"width": 400, "height": 800},
                  "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}, {"id": "hook", "center": [100, 20], "size": [10, 10]}],
                  "behaviors": [{"type": "attachment", "id": "rope", "item": "ball", "attachedTo": "hook"}],
                  "events": [{"at": 1, "pan": 1️⃣"rope"2️⃣, "path": [[100, 20], [200, 20]], "duration": 1}]}
                """#,
            title: #"Anchor attachment "rope" at [100, 20], where item "hook" holds it now"#,
            before: #""attachedTo": "hook""#, after: #""anchor": [100, 20]"#),
    ]

    @Test("each quick fix carries its edit, is preferred, and clears its diagnostic", arguments: cases)
    func quickFix(_ fix: Case) throws {
        let session = try NavigationSession(fix.marked, textDocument: Self.literalClient)
        let diagnostic = try #require(
            session.diagnostics.first { $0.code == fix.code && $0.range.start == session.position("1️⃣") },
            "no \(fix.code) at the marker in \(session.diagnostics.map(\.code))")
        let actions = try actions(session, session.range("1️⃣", "1️⃣"))
        let action = try #require(actions.first { $0.title == fix.title }, "titles: \(actions.map(\.title))")
        #expect(action.kind == .quickFix)
        #expect(action.isPreferred == true)
        #expect(action.diagnostics == [diagnostic])
        let fixed = session.applying(session.edits(try #require(action.edit)))
        #expect(fixed == session.text.replacingFirstOccurrence(fix.before, with: fix.after))
        let after = Linter.lint(Array(fixed.utf8))
        #expect(!after.diagnostics.contains { $0.code == fix.code }, "\(after.diagnostics.map(\.message))")
    }

    @Test("an anchor on a pin: every fix offered ends in a valid scene")
    func anchorOnPin() throws {
        let items =
            #"{"id": "ball", "center": [100, 100], "size": [40, 40]}, {"id": "box", "center": [200, 100], "size": [40, 40]}"#
        // Without attachedTo, removing the anchor would leave a pin attached to nothing: the kind changes instead.
        let alone = try NavigationSession(
            Self.scene(
                items: items, behaviors: #"{"type": "attachment", "item": "ball", "kind": "pin", 1️⃣"anchor": [0, 0]}"#))
        let fixes = try actions(alone, alone.range("1️⃣", "1️⃣"))
        #expect(fixes.map(\.title) == [#"Change kind to "distance""#])
        for fix in fixes {
            let fixed = alone.applying(alone.edits(try #require(fix.edit)))
            #expect(!Linter.lint(Array(fixed.utf8)).hasErrors, "\(fix.title) leaves: \(fixed)")
        }
        // With a key of pins only (frictionTorque), no kind takes both: no fix at all.
        let torque = try NavigationSession(
            Self.scene(
                items: items,
                behaviors:
                    #"{"type": "attachment", "item": "ball", "kind": "pin", "frictionTorque": 1, 1️⃣"anchor": [0, 0]}"#))
        #expect(try actions(torque, torque.range("1️⃣", "1️⃣")).isEmpty)
        // With attachedTo, removing the anchor leaves a valid pin.
        let attached = try NavigationSession(
            Self.scene(
                items: items,
                behaviors:
                    #"{"type": "attachment", "item": "ball", "kind": "pin", "attachedTo": "box", 1️⃣"anchor": [0, 0]}"#))
        let removal = try #require(
            try actions(attached, attached.range("1️⃣", "1️⃣")).first { $0.title == "Remove anchor" })
        let fixed = attached.applying(attached.edits(try #require(removal.edit)))
        #expect(!Linter.lint(Array(fixed.utf8)).hasErrors, "\(fixed)")
    }

    @Test("a duplicate behavior can also be removed; only the first fix of a diagnostic is preferred")
    func alternatives() throws {
        let session = try NavigationSession(
            Self.scene(
                behaviors:
                    #"{"type": "gravity", "id": "g", "items": ["ball"]}, {"type": "gravity", "id": 1️⃣"g", "items": ["ball"]}"#
            ))
        let actions = try actions(session, session.range("1️⃣", "1️⃣"))
        #expect(actions.map(\.title) == [#"Rename to "gravity1""#, "Remove this behavior"])
        #expect(actions.map(\.isPreferred) == [true, nil])
        let removed = session.applying(session.edits(try #require(actions[1].edit)))
        #expect(
            removed
                == session.text.replacingFirstOccurrence(
                    #", {"type": "gravity", "id": "g", "items": ["ball"]}]"#, with: "]"))
    }

    @Test("the client's copy of the diagnostic (with its data) is attached when code and range match")
    func clientDiagnostics() throws {
        let session = try NavigationSession(Self.cases[0].marked)
        var copy = try #require(session.diagnostics.first { $0.code == "scene.unknownKey" })
        copy.data = .object(JSONObject([("client", .bool(true))]))
        var stale = copy
        stale.code = "scene.other"
        let actions = try actions(session, copy.range, diagnostics: [stale, copy])
        #expect(actions.count == 1)
        #expect(actions.first?.diagnostics == [copy])
    }

    @Test("no actions away from diagnostics, or when only other kinds are wanted")
    func filters() throws {
        let session = try NavigationSession(Self.cases[0].marked)
        #expect(try actions(session, session.range(of: #""referenceView""#)).isEmpty)
        #expect(try actions(session, session.range("1️⃣", "2️⃣"), only: ["refactor"]).isEmpty)
        #expect(try actions(session, session.range("1️⃣", "2️⃣"), only: ["quickfix"]).count == 1)
        // A selection that merely touches the diagnostic's end still counts.
        #expect(try actions(session, session.range("2️⃣", "2️⃣")).count == 1)
    }

    @Test("edits land on the right columns after Cyrillic and emoji", arguments: ["utf-16", "utf-8"])
    func unicodeColumns(encoding: String) throws {
        let session = try NavigationSession(
            #"""
            {"name": "Сцена 🚀", "referenceView": {"width": 400, "height": 800}, "items": [{"id": "мяч😀", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "gravity", "id": "падение 🍎", "items": [1️⃣"мяч😀 "]}]}
            """#, encoding: encoding)
        let action = try #require(try actions(session, session.range("1️⃣", "1️⃣")).first)
        #expect(action.title == #"Replace with "мяч😀""#)
        let fixed = session.applying(session.edits(try #require(action.edit)))
        #expect(fixed == session.text.replacingFirstOccurrence(#"["мяч😀 "]"#, with: #"["мяч😀"]"#))
    }

    @Test("the capability lists quickfix for clients that take code action literals")
    func capability() throws {
        let client = TestClient()
        let literal = try client.request("initialize", #"{"capabilities": {"textDocument": \#(Self.literalClient)}}"#)
            .get()
        #expect(
            literal.objectValue?["capabilities"]?.objectValue?["codeActionProvider"]
                == .object(JSONObject([("codeActionKinds", .array([.string("quickfix")]))])))
        let plain = TestClient()
        let bare = try plain.request("initialize", #"{"capabilities": {}}"#).get()
        #expect(bare.objectValue?["capabilities"]?.objectValue?["codeActionProvider"] == .bool(true))
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced (recording an issue when there is none).
    func replacingFirstOccurrence(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else {
            Issue.record("\(target) is not in the text")
            return self
        }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
