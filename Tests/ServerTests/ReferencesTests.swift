import JSON
import RPC
import Testing

@testable import Server

@Suite("References")
struct ReferencesTests {
    func references(_ session: NavigationSession, at marker: String, includeDeclaration: Bool) throws -> [LSP.Range]? {
        let params = session.positionParams(
            marker, [("context", .object(JSONObject([("includeDeclaration", .bool(includeDeclaration))])))])
        let result = try session.request("textDocument/references", params).get()
        if result == .null { return nil }
        let locations = try #require(result.arrayValue).enumerated().map {
            try LSP.Location(json: $1, path: "result[\($0)]")
        }
        #expect(locations.allSatisfy { $0.uri == session.uri })
        return locations.map(\.range)
    }

    @Test("every place an item is named, in text order, with its definition only when asked")
    func itemReferences() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let hook = #""hook""#
        // "hook" appears as: item id (0), behavior id (1), attachedTo (2), collision items (3), event set (4).
        let item = [0, 2, 3].map { session.range(of: hook, occurrence: $0) }
        #expect(try references(session, at: "4️⃣", includeDeclaration: true) == item)
        #expect(try references(session, at: "4️⃣", includeDeclaration: false) == Array(item.dropFirst()))
        #expect(try references(session, at: "1️⃣", includeDeclaration: false) == Array(item.dropFirst()))
    }

    @Test("a behavior's references are the events that set or remove it, never the item of the same name")
    func behaviorReferences() throws {
        let session = try NavigationSession(NavigationScenes.pendulum)
        let hook = #""hook""#
        #expect(
            try references(session, at: "5️⃣", includeDeclaration: true)
                == [1, 4].map { session.range(of: hook, occurrence: $0) })
        #expect(try references(session, at: "7️⃣", includeDeclaration: false) == [session.range(of: hook, occurrence: 4)])
        #expect(
            try references(session, at: "6️⃣", includeDeclaration: true) == [
                session.range(of: #""g""#), session.range(of: #""g""#, occurrence: 1),
            ])
    }

    @Test(
        "boundary ids belong to their collision behavior: another behavior's boundary of the same name is not a reference"
    )
    func boundaryScopes() throws {
        let session = try NavigationSession(
            #"""
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "a", "center": [1, 1], "size": [4, 4]}, {"id": "b", "center": [9, 9], "size": [4, 4]}],
              "behaviors": [
                {"type": "collision", "items": ["a"], "boundaries": [{"id": "1️⃣floor", "from": [0, 700], "to": [400, 700]}]},
                {"type": "collision", "items": ["b"], "boundaries": [{"id": "floor", "path": [[0, 0], [10, 0]]}, {"id": "2️⃣floor", "from": [0, 1], "to": [1, 1]}]}
              ]}
            """#)
        let floor = #""floor""#
        #expect(try references(session, at: "1️⃣", includeDeclaration: true) == [session.range(of: floor)])
        #expect(
            try references(session, at: "2️⃣", includeDeclaration: true)
                == [1, 2].map { session.range(of: floor, occurrence: $0) })
    }

    @Test("ids are compared byte for byte: case and Unicode normalization make different ids")
    func exactComparison() throws {
        // "é" precomposed (U+00E9) and decomposed (e + U+0301) are two ids.
        let session = try NavigationSession(
            """
            {"referenceView": {"width": 400, "height": 800},
              "items": [{"id": "1️⃣caf\u{E9}", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "gravity", "items": ["caf\u{E9}", "cafe\u{301}", "CAF\u{C9}", "caf\\u00e9"]}]}
            """)
        let ranges = try #require(try references(session, at: "1️⃣", includeDeclaration: true))
        #expect(
            ranges == [
                session.range(of: "\"caf\u{E9}\""), session.range(of: "\"caf\u{E9}\"", occurrence: 1),
                session.range(of: #""caf\u00e9""#),
            ])
    }

    @Test("null when the cursor is not on an id")
    func offId() throws {
        let session = try NavigationSession(#"{"referenceView": {"wi1️⃣dth": 400, "height": 800}, "items": []}"#)
        #expect(try references(session, at: "1️⃣", includeDeclaration: true) == nil)
    }

    @Test("UTF-8 and UTF-16 ranges on a line with Cyrillic and emoji", arguments: ["utf-16", "utf-8"])
    func unicodeColumns(encoding: String) throws {
        let session = try NavigationSession(NavigationScenes.unicode, encoding: encoding)
        let expected = (0..<3).map { session.range(of: #""мяч😀""#, occurrence: $0) }
        #expect(try references(session, at: "2️⃣", includeDeclaration: true) == expected)
        #expect(expected[2].end.character - expected[2].start.character == (encoding == "utf-8" ? 12 : 7))
    }
}
