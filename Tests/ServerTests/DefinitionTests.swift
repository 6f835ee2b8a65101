import JSON
import RPC
import Testing

@testable import Server

/// Scenes the navigation tests share. An item and a behavior are both called `hook`: they must never be confused.
enum NavigationScenes {
    static let pendulum = #"""
        {
          "name": "Маятник 😀",
          "referenceView": {"width": 400, "height": 800},
          "items": [
            {"id": "1️⃣hook", "center": [200, 100], "size": [10, 10]},
            {"id": "bo2️⃣b", "center": [200, 300], "size": [40, 40]}
          ],
          "behaviors": [
            {"type": "gravity", "id": "g", "items": ["3️⃣bob"]},
            {"type": "attachment", "id": "7️⃣hook", "item": "bob", "attachedTo": "4️⃣hook"},
            {"type": "collision", "id": "walls", "items": ["bob", "hook8️⃣"], "boundaries": [{"id": "floor", "from": [0, 700], "to": [400, 700]}]}
          ],
          "events": [
            {"at": 1, "set": "5️⃣hook", "values": {"length": 150}},
            {"at": 2, "remove": "g6️⃣"}
          ]
        }
        """#

    /// Ids after Cyrillic and emoji on their lines, so UTF-8 and UTF-16 columns differ.
    static let unicode = #"""
        {"name": "Сцена 🚀", "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "1️⃣мяч😀", "center": [100, 100], "size": [40, 40]}],
          "behaviors": [{"type": "gravity", "id": "падение", "items": ["мяч😀", "2️⃣мяч😀3️⃣"4️⃣]}]}
        """#
}

@Suite("Definition")
struct DefinitionTests {
    func definition(_ session: NavigationSession, at marker: String) throws -> [LSP.Location]? {
        let result = try session.request("textDocument/definition", session.positionParams(marker)).get()
        if result == .null { return nil }
        return try #require(result.arrayValue).enumerated().map { try LSP.Location(json: $1, path: "result[\($0)]") }
    }

    @Test("an item named in items, item or attachedTo leads to the item's id string, quotes included")
    func itemReferences() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let hookItem = session.range(of: #""hook""#)
        let bobItem = session.range(of: #""bob""#)
        #expect(try definition(session, at: "3️⃣") == [LSP.Location(uri: session.uri, range: bobItem)])
        #expect(try definition(session, at: "4️⃣") == [LSP.Location(uri: session.uri, range: hookItem)])
        #expect(try definition(session, at: "8️⃣") == [LSP.Location(uri: session.uri, range: hookItem)])
    }

    @Test("an event's set and remove lead to the behavior, never to the item of the same name")
    func behaviorReferences() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let hookBehavior = session.range(of: #""hook""#, occurrence: 1)
        #expect(try definition(session, at: "5️⃣") == [LSP.Location(uri: session.uri, range: hookBehavior)])
        #expect(try definition(session, at: "6️⃣") == [LSP.Location(uri: session.uri, range: session.range(of: #""g""#))])
    }

    @Test("on a definition, the definition itself")
    func onDefinition() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        #expect(
            try definition(session, at: "1️⃣") == [LSP.Location(uri: session.uri, range: session.range(of: #""hook""#))])
        #expect(
            try definition(session, at: "2️⃣") == [LSP.Location(uri: session.uri, range: session.range(of: #""bob""#))])
        #expect(
            try definition(session, at: "7️⃣") == [
                LSP.Location(uri: session.uri, range: session.range(of: #""hook""#, occurrence: 1))
            ])
    }

    @Test("null off ids, for unknown ids, and on keys that only look like ids")
    func nothing() throws {
        let session = try NavigationSession(
            #"""
            {"referenceView": {"width": 400, "height": 800}, "na1️⃣me": "ho2️⃣ok",
              "items": [{"id": "ball", "cen3️⃣ter": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "grav4️⃣ity", "items": ["ba5️⃣l"]}]}
            """#)
        for marker in ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"] {
            #expect(try definition(session, at: marker) == nil, "at \(marker)")
        }
    }

    @Test("an item id defined twice gives both definitions")
    func duplicateDefinitions() throws {
        let session = try NavigationSession(
            #"""
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "box", "center": [1, 1], "size": [4, 4]}, {"id": "box", "center": [9, 9], "size": [4, 4]}],
              "behaviors": [{"type": "gravity", "items": ["1️⃣box"]}]}
            """#)
        #expect(
            try definition(session, at: "1️⃣") == [
                LSP.Location(uri: session.uri, range: session.range(of: #""box""#)),
                LSP.Location(uri: session.uri, range: session.range(of: #""box""#, occurrence: 1)),
            ])
    }

    @Test("behaviors added by events, behaviors with a misspelled type and escaped ids are followed")
    func robustness() throws {
        let session = try NavigationSession(
            #"""
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "b\u0061ll", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "gravty", "items": ["1️⃣ball"]}],
              "events": [{"at": 1, "add": {"type": "snap", "id": "pin", "item": "2️⃣ball", "point": [0, 0]}},
                         {"at": 2, "remove": "3️⃣pin"}]}
            """#)
        let ball = [LSP.Location(uri: session.uri, range: session.range(of: #""b\u0061ll""#))]
        #expect(try definition(session, at: "1️⃣") == ball)
        #expect(try definition(session, at: "2️⃣") == ball)
        #expect(
            try definition(session, at: "3️⃣") == [LSP.Location(uri: session.uri, range: session.range(of: #""pin""#))])
    }

    @Test("a document broken further down still navigates before the error")
    func brokenDocument() throws {
        let session = try NavigationSession(
            #"""
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "ball", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "gravity", "items": ["1️⃣ball"]}, {"type": "snap", "item": "ball" "point": [0, 0]}
            """#)
        #expect(
            try definition(session, at: "1️⃣") == [LSP.Location(uri: session.uri, range: session.range(of: #""ball""#))])
    }

    @Test(
        "columns count UTF-16 code units or UTF-8 bytes, as negotiated, on lines with Cyrillic and emoji",
        arguments: ["utf-16", "utf-8"])
    func unicodeColumns(encoding: String) throws {
        let session = try NavigationSession(NavigationScenes.unicode, encoding: encoding)
        let item = [LSP.Location(uri: session.uri, range: session.range(of: #""мяч😀""#))]
        // The second reference starts after "падение" and "мяч😀": 72 UTF-16 code units, 84 UTF-8 bytes.
        #expect(session.position("2️⃣").character == (encoding == "utf-8" ? 85 : 73))
        #expect(try definition(session, at: "2️⃣") == item)
        // At the end of the contents, and just after the closing quote, the cursor is still on the id.
        #expect(try definition(session, at: "3️⃣") == item)
        #expect(try definition(session, at: "4️⃣") == item)
    }
}
