import JSON
import RPC
import Testing

@testable import Server

@Suite("Selection ranges")
struct SelectionRangeTests {
    static let scene = """
        8️⃣{"name": "Сцена 🚀5️⃣", "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "ba3️⃣ll", "ce2️⃣nter": [100, 1️⃣200], "size": [40, 404️⃣]}]}9️⃣

        """

    func chains(_ session: NavigationSession, _ markers: [String]) throws -> [[LSP.Range]] {
        let params = JSONValue.object(
            JSONObject([
                ("textDocument", session.documentJSON),
                ("positions", .array(markers.map { session.position($0).json })),
            ]))
        let result = try #require(try session.request("textDocument/selectionRange", params).get().arrayValue)
        return try result.map { json in
            let selection = try LSP.SelectionRange(json: json, path: "result")
            return [selection.range] + selection.parents
        }
    }

    /// The ranges every chain in the item ends with: the item, the items array, its member, the root, the whole text.
    func itemAndUp(_ session: NavigationSession) -> [LSP.Range] {
        let item = session.range(of: #"{"id": "ball", "center": [100, 200], "size": [40, 40]}"#)
        let array = session.range(of: #"[{"id": "ball", "center": [100, 200], "size": [40, 40]}]"#)
        let member = session.range(of: #""items": [{"id": "ball", "center": [100, 200], "size": [40, 40]}]"#)
        let whole = LSP.Range(start: session.position("8️⃣"), end: LSP.Position(line: 2, character: 0))
        return [item, array, member, session.range("8️⃣", "9️⃣"), whole]
    }

    @Test(
        "from a number: the number, its array, the member, the item, the list, its member, the scene, the text",
        arguments: ["utf-16", "utf-8"])
    func number(encoding: String) throws {
        let session = try NavigationSession(Self.scene, encoding: encoding)
        #expect(
            try chains(session, ["1️⃣"]) == [
                [
                    session.range(of: "200"), session.range(of: "[100, 200]"),
                    session.range(of: #""center": [100, 200]"#),
                ] + itemAndUp(session)
            ])
    }

    @Test("from a key or a string value: its contents, the token with quotes, the member, and outward")
    func strings() throws {
        let session = try NavigationSession(Self.scene)
        let chains = try chains(session, ["2️⃣", "3️⃣"])
        #expect(chains.count == 2)
        #expect(
            chains[0] == [
                session.range(of: "center"), session.range(of: #""center""#),
                session.range(of: #""center": [100, 200]"#),
            ] + itemAndUp(session))
        #expect(
            chains[1] == [
                session.range(of: "ball"), session.range(of: #""ball""#), session.range(of: #""id": "ball""#),
            ] + itemAndUp(session))
    }

    @Test("just after a token, the token is selected, not the container")
    func afterToken() throws {
        let session = try NavigationSession(Self.scene)
        let chain = try #require(try chains(session, ["4️⃣"]).first)
        #expect(
            Array(chain.prefix(3)) == [
                session.range(of: "40]").start.range(length: 2), session.range(of: "[40, 40]"),
                session.range(of: #""size": [40, 40]"#),
            ])
    }

    @Test("columns after Cyrillic and emoji in UTF-8 and UTF-16", arguments: ["utf-16", "utf-8"])
    func unicodeColumns(encoding: String) throws {
        let session = try NavigationSession(Self.scene, encoding: encoding)
        let whole = LSP.Range(start: session.position("8️⃣"), end: LSP.Position(line: 2, character: 0))
        #expect(
            try chains(session, ["5️⃣"]) == [
                [
                    session.range(of: "Сцена 🚀"), session.range(of: #""Сцена 🚀""#),
                    session.range(of: #""name": "Сцена 🚀""#),
                    session.range("8️⃣", "9️⃣"), whole,
                ]
            ])
        #expect(session.range(of: "Сцена 🚀").end.character == (encoding == "utf-8" ? 25 : 18))
    }

    @Test("each range holds the one before it, also in a broken document past its error")
    func brokenDocument() throws {
        let session = try NavigationSession(
            """
            {"items": [{"id": "a", "center": [1, 1️⃣1]}],
              "behaviors": [{"type": "gravity" "items": ["a2️⃣"]}]}
            """)
        let chains = try chains(session, ["1️⃣", "2️⃣"])
        #expect(chains[0].first == session.range(of: "1]").start.range(length: 1))
        #expect(chains[0].count == 8)
        // Past the error only the whole text is known.
        #expect(chains[1] == [LSP.Range(start: .init(line: 0, character: 0), end: session.range(of: "]}]}").end)])
        for chain in chains {
            for (inner, outer) in zip(chain, chain.dropFirst()) {
                #expect(outer.start <= inner.start && inner.end <= outer.end && inner != outer)
            }
        }
    }
}

extension LSP.Position {
    /// The range of `length` characters from here on one line.
    fileprivate func range(length: Int) -> LSP.Range {
        LSP.Range(start: self, end: LSP.Position(line: line, character: character + length))
    }
}
