import Foundation
import JSON
import RPC
import Scene
import Testing

@testable import Server

@Suite("Rename")
struct RenameTests {
    func prepare(_ session: NavigationSession, at marker: String) throws -> LSP.PrepareRenameResult? {
        let result = try session.request("textDocument/prepareRename", session.positionParams(marker)).get()
        return result == .null ? nil : try LSP.PrepareRenameResult(json: result, path: "result")
    }

    func rename(
        _ session: NavigationSession, at marker: String, to newName: String
    ) -> Result<LSP.WorkspaceEdit, ResponseError> {
        session.request("textDocument/rename", session.positionParams(marker, [("newName", .string(newName))])).flatMap
        { json in
            Result { try LSP.WorkspaceEdit(json: json, path: "result") }.mapError {
                $0 as? ResponseError ?? .internalError("\($0)")
            }
        }
    }

    /// The text after renaming at `marker`.
    func renamed(_ session: NavigationSession, at marker: String, to newName: String) throws -> String {
        session.applying(session.edits(try rename(session, at: marker, to: newName).get()))
    }

    @Test("prepareRename gives the id's contents without quotes and the id as placeholder")
    func prepareRange() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let result = try #require(try prepare(session, at: "4️⃣"))
        #expect(result.placeholder == "hook")
        let quoted = session.range(of: #""hook""#, occurrence: 2)
        #expect(
            result.range
                == LSP.Range(
                    start: .init(line: quoted.start.line, character: quoted.start.character + 1),
                    end: .init(line: quoted.end.line, character: quoted.end.character - 1)))
    }

    @Test("prepareRename is null off ids")
    func prepareOffId() throws {
        let session = try NavigationSession(
            #"{"referenceView": {"width": 1️⃣400, "height": 800}, "na2️⃣me": "x3️⃣", "items": []}"#)
        for marker in ["1️⃣", "2️⃣", "3️⃣"] {
            #expect(try prepare(session, at: marker) == nil, "at \(marker)")
        }
    }

    @Test("renaming item hook changes its definition and references only; behavior hook stays")
    func itemSpace() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let text = try renamed(session, at: "8️⃣", to: "anchor")
        let expected = CursorText(NavigationScenes.pendulum).text
            .replacingFirst(#"{"id": "hook""#, with: #"{"id": "anchor""#)
            .replacingFirst(#""attachedTo": "hook""#, with: #""attachedTo": "anchor""#)
            .replacingFirst(#""items": ["bob", "hook"]"#, with: #""items": ["bob", "anchor"]"#)
        #expect(text == expected)
        #expect(Linter.lint(Array(text.utf8)).diagnostics.isEmpty)
    }

    @Test("renaming behavior hook changes its id and the events naming it; item hook stays")
    func behaviorSpace() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let text = try renamed(session, at: "5️⃣", to: "rope")
        let expected = CursorText(NavigationScenes.pendulum).text
            .replacingFirst(#""type": "attachment", "id": "hook""#, with: #""type": "attachment", "id": "rope""#)
            .replacingFirst(#""set": "hook""#, with: #""set": "rope""#)
        #expect(text == expected)
    }

    @Test("a boundary is renamed within its collision behavior; a name another behavior's boundary has is free")
    func boundarySpace() throws {
        let marked = #"""
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "a", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [
                {"type": "collision", "items": ["a"], "boundaries": [{"id": "1️⃣floor", "from": [0, 700], "to": [400, 700]}, {"id": "wall", "from": [0, 0], "to": [0, 700]}]},
                {"type": "collision", "items": ["a"], "boundaries": [{"id": "floor", "from": [0, 1], "to": [1, 1]}, {"id": "roof", "from": [0, 2], "to": [1, 2]}]}
              ]}
            """#
        let session = try NavigationSession(marked)
        let text = try renamed(session, at: "1️⃣", to: "roof")
        #expect(text == CursorText(marked).text.replacingFirst(#""floor""#, with: #""roof""#))
        #expect(rename(session, at: "1️⃣", to: "wall").failure?.code == .requestFailed)
    }

    @Test("renaming reaches the items and boundaries of reactions and expectations")
    func contactPairs() throws {
        let marked = #"""
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "1️⃣card", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "collision", "id": "c", "items": ["card"], "boundaries": [{"id": "floor", "from": [0, 700], "to": [400, 700]}]}],
              "events": [{"on": {"contactBegan": {"item": "card", "with": {"boundary": "2️⃣floor"}}}, "once": true, "remove": "c"}],
              "expect": [{"type": "contact", "item": "card", "with": {"boundary": "floor"}, "before": 1}]}
            """#
        let session = try NavigationSession(marked)
        let cards = try renamed(session, at: "1️⃣", to: "box")
        #expect(cards == CursorText(marked).text.replacingOccurrences(of: #""card""#, with: #""box""#))
        let floors = try renamed(session, at: "2️⃣", to: "ground")
        #expect(floors == CursorText(marked).text.replacingOccurrences(of: #""floor""#, with: #""ground""#))
    }

    @Test("the new name is written as JSON string contents: quotes, backslashes and control characters escaped")
    func escaping() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let newName = "a \"quoted\" \\ name\n\u{1}é"
        let text = try renamed(session, at: "3️⃣", to: newName)
        let document = JSONDocument.parse(text)
        #expect(document.isValid)
        let items = try #require(document.root?.objectValue?["items"]?.arrayValue)
        #expect(items[1].objectValue?["id"]?.stringValue == newName)
        let gravity = try #require(document.root?.objectValue?["behaviors"]?.arrayValue?.first?.objectValue)
        #expect(gravity["items"] == .array([.string(newName)]))
        #expect(text.contains(#""a \"quoted\" \\ name\n\u0001é""#))
    }

    @Test("an id written with escapes is renamed with its plain references")
    func escapedDefinition() throws {
        let session = try NavigationSession(
            #"""
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "b\u0061ll", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "gravity", "items": ["1️⃣ball"]}]}
            """#)
        #expect(try prepare(session, at: "1️⃣")?.placeholder == "ball")
        let text = try renamed(session, at: "1️⃣", to: "orb")
        #expect(
            text.contains(#"{"id": "orb""#) && text.contains(#"["orb"]"#) && !text.contains("ball")
                && !text.contains("b\\u0061ll"))
    }

    @Test("a name that exists in the same space is refused, and so is an empty one, with a message")
    func refusals() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let taken = rename(session, at: "3️⃣", to: "hook")
        #expect(taken.failure?.code == .requestFailed)
        #expect(taken.failure?.message.contains("\"hook\" exists already") == true)
        // A behavior may take the name of an item, and the other way round.
        #expect(try renamed(session, at: "6️⃣", to: "bob").contains(#""remove": "bob""#))
        let empty = rename(session, at: "3️⃣", to: "")
        #expect(empty.failure?.code == .invalidParams)
        #expect(rename(session, at: "3️⃣", to: "bob").map { $0.changes.flatMap(\.edits) }.success == [])
    }

    @Test("a text that is not valid JSON is not renamed: the ids after the error are unknown")
    func brokenDocument() throws {
        let session = try NavigationSession(
            #"""
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "1️⃣ball", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "gravity" "items": ["ball"]}]}
            """#)
        let prepared = session.request("textDocument/prepareRename", session.positionParams("1️⃣"))
        #expect(prepared.failure?.code == .requestFailed)
        #expect(prepared.failure?.message.contains("line 3") == true)
        #expect(rename(session, at: "1️⃣", to: "orb").failure?.code == .requestFailed)
    }

    @Test("renaming off an id is an error, not a silent no-op")
    func offId() throws {
        let session = try NavigationSession(#"{"referenceView": {"width": 400, "height": 800}, "it1️⃣ems": []}"#)
        #expect(rename(session, at: "1️⃣", to: "x").failure?.code == .requestFailed)
    }

    @Test(
        "edits land on the right columns in UTF-8 and UTF-16 on lines with Cyrillic and emoji",
        arguments: ["utf-16", "utf-8"])
    func unicodeColumns(encoding: String) throws {
        let session = try NavigationSession(NavigationScenes.unicode, encoding: encoding)
        let prepared = try #require(try prepare(session, at: "2️⃣"))
        #expect(prepared.placeholder == "мяч😀")
        #expect(prepared.range.start == session.position("2️⃣") && prepared.range.end == session.position("3️⃣"))
        let text = try renamed(session, at: "2️⃣", to: "шар🎈")
        #expect(text == CursorText(NavigationScenes.unicode).text.replacingAll("мяч😀", with: "шар🎈"))
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else {
            Issue.record("\(target) is not in the text")
            return self
        }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }

    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        var result = self
        while result.range(of: target) != nil { result = result.replacingFirst(target, with: replacement) }
        return result
    }
}

extension Result {
    fileprivate var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
    fileprivate var success: Success? { if case .success(let value) = self { value } else { nil } }
}
