import JSON
import RPC
import Testing

@testable import Server

@Suite("Formatting")
struct FormattingTests {
    static let compact =
        #"{"name":"Сцена 🚀","referenceView":{"width":400,"height":800},"items":[{"id":"мяч😀","center":[1,1.50],"size":[4,4]}],"behaviors":[]}"#

    static let canonical = """
        {
          "name": "Сцена 🚀",
          "referenceView": {
            "width": 400,
            "height": 800
          },
          "items": [
            {
              "id": "мяч😀",
              "center": [1, 1.50],
              "size": [4, 4]
            }
          ],
          "behaviors": []
        }

        """

    func format(_ session: NavigationSession, tabSize: Int = 8, insertSpaces: Bool = false) throws -> [LSP.TextEdit] {
        let options = LSP.FormattingOptions(tabSize: tabSize, insertSpaces: insertSpaces)
        let params = JSONValue.object(JSONObject([("textDocument", session.documentJSON), ("options", options.json)]))
        let result = try #require(try session.request("textDocument/formatting", params).get().arrayValue)
        return try result.map { try LSP.TextEdit(json: $0, path: "result") }
    }

    @Test(
        "the canonical layout with 2 spaces, whatever tabSize and insertSpaces say; numbers stay as written",
        arguments: ["utf-16", "utf-8"])
    func canonicalLayout(encoding: String) throws {
        let session = try NavigationSession(Self.compact, encoding: encoding)
        let edits = try format(session)
        #expect(edits.count == 1)
        #expect(session.applying(edits) == Self.canonical)
    }

    @Test("the same bytes as impulse format (Formatter.format with the configured indent)")
    func sameAsFormatCommand() throws {
        let text =
            "{\"items\": [ {\"id\":\"a\" ,\n\n \"center\" :[ 1e2 , -0.0 ], \"size\": [4,4],\"collisionBounds\":{\"path\":[[0,0],[1,0],[0,1]]}}],\r\n\"referenceView\":{\"width\":1,\"height\":1}}"
        let session = try NavigationSession(text)
        let expected = try #require(Formatter.format(Array(text.utf8), indent: 2))
        #expect(
            session.applying(try format(session, tabSize: 4, insertSpaces: true))
                == String(decoding: expected, as: UTF8.self))
    }

    @Test("a formatted document gets no edits, and formatting twice changes nothing more")
    func idempotent() throws {
        let session = try NavigationSession(Self.canonical)
        #expect(try format(session).isEmpty)
        let other = try NavigationSession(Self.compact)
        other.replace(other.applying(try format(other)), version: 2)
        #expect(try format(other).isEmpty)
    }

    @Test("a text that is not valid JSON gets no edits")
    func invalid() throws {
        let session = try NavigationSession(#"{"items": [1, 2,], "name": "x"}"#)
        #expect(try format(session).isEmpty)
        let truncated = try NavigationSession(#"{"items": [{"id": "a""#)
        #expect(try format(truncated).isEmpty)
    }

    @Test("the edit replaces only the part that changes, on character boundaries")
    func minimalEdit() throws {
        let text = Self.canonical.replacingFirstOccurrence(#""center": [1, 1.50]"#, with: #""center": [1,1.50]"#)
        let session = try NavigationSession(text, encoding: "utf-16")
        let edits = try format(session)
        // Only the space after the comma is missing: one insertion there.
        let comma = session.range(of: #""center": [1,"#).end
        #expect(edits == [LSP.TextEdit(range: LSP.Range(start: comma, end: comma), newText: " ")])
        #expect(session.applying(edits) == Self.canonical)
    }

    @Test("the changed span never cuts a character in two")
    func characterBoundaries() {
        // "é" (C3 A9) and "è" (C3 A8) share their first byte: the span starts before it.
        let old = Array(#"{"id": "é"}"#.utf8)
        let new = Array(#"{"id": "è"}"#.utf8)
        let span = LanguageServer.changedSpan(from: old, to: new)
        #expect(span.range == 8..<10)
        #expect(String(decoding: span.replacement, as: UTF8.self) == "è")
        // "😀" (F0 9F 98 80) and "🙀" (F0 9F 99 80) differ in their third byte and share the last: whole characters.
        let cat = LanguageServer.changedSpan(from: Array("a😀b".utf8), to: Array("a🙀b".utf8))
        #expect(cat.range == 1..<5 && Array(cat.replacement) == Array("🙀".utf8))
    }

    @Test("the indent of the document's .impulse.json applies")
    func configuredIndent() throws {
        let folder = TemporaryFolder()
        folder.write(".impulse.json", #"{"indent": 4}"#)
        let session = try NavigationSession(#"{"items": [{"id": "a"}]}"#, uri: folder.uri("a.dynamics.json"))
        #expect(
            session.applying(try format(session))
                == "{\n    \"items\": [\n        {\n            \"id\": \"a\"\n        }\n    ]\n}\n")
    }
}
