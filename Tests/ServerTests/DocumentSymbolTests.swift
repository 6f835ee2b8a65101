import JSON
import RPC
import Testing

@testable import Server

@Suite("Document symbols")
struct DocumentSymbolTests {
    static let hierarchical = #"{"documentSymbol": {"hierarchicalDocumentSymbolSupport": true}}"#

    static let desk = #"""
        1️⃣{
          "name": "Стол 🪑",
          "referenceView": {"width": 400, "height": 800},
          3️⃣"items": [
            5️⃣{"id": "ball", "center": [100, 100], "size": [40, 40]}6️⃣,
            {"center": [200, 100], "size": [40, 40]}
          ]4️⃣,
          "behaviors": [
            {"type": "gravity", "items": ["ball"]},
            7️⃣{"type": "collision", "id": "walls", "items": ["ball"], "boundaries": [
              {"id": "floor", "from": [0, 700], "to": [400, 700]},
              {"id": "bowl", "path": [[0, 0], [10, 10], [20, 0]]}
            ]}8️⃣,
            {"type": "gravty", "items": []}
          ],
          "events": [
            {"at": 1.5, "set": "hook", "values": {"anchor": [10, 20], "length": 5}},
            {"at": 2, "add": {"type": "snap", "id": "pin", "item": "ball", "point": [0, 0]}},
            {"at": 3, "remove": "pin"}
          ]
        }2️⃣
        """#

    func symbols(_ session: NavigationSession) throws -> JSONValue {
        try session.request(
            "textDocument/documentSymbol", .object(JSONObject([("textDocument", session.documentJSON)]))
        ).get()
    }

    /// One line per symbol: indentation for depth, name, kind and detail.
    func outline(_ symbols: [LSP.DocumentSymbol], depth: Int = 0) -> [String] {
        symbols.flatMap { symbol in
            [
                "\(String(repeating: "  ", count: depth))\(symbol.name) (\(symbol.kind)\(symbol.detail.map { ", " + $0 } ?? ""))"
            ]
                + outline(symbol.children ?? [], depth: depth + 1)
        }
    }

    func decoded(_ json: JSONValue) throws -> [LSP.DocumentSymbol] {
        try #require(json.arrayValue).map { try LSP.DocumentSymbol(json: $0, path: "result") }
    }

    @Test("the scene holds items, behaviors with their boundaries, and events with what they add")
    func tree() throws {
        let session = try NavigationSession(Self.desk, textDocument: Self.hierarchical)
        let symbols = try decoded(try symbols(session))
        #expect(
            outline(symbols) == [
                "Стол 🪑 (module, scene)",
                "  items (array, 2 items)",
                "    ball (object, item)",
                "    item 1 (object, item)",
                "  behaviors (array, 3 behaviors)",
                "    gravity (class, UIGravityBehavior)",
                "    walls (class, UICollisionBehavior)",
                "      floor (field, segment boundary)",
                "      bowl (field, path boundary)",
                "    gravty (class, gravty)",
                "  events (array, 3 events)",
                "    at 1.5 s: set hook (event)",
                "      anchor (property, [10, 20])",
                "      length (property, 5)",
                "    at 2 s: add pin (event)",
                "      pin (class, UISnapBehavior)",
                "    at 3 s: remove pin (event)",
            ])
    }

    @Test("ranges cover whole objects (a list: its whole member); selection ranges are ids, else keys or braces")
    func ranges() throws {
        let session = try NavigationSession(Self.desk, textDocument: Self.hierarchical)
        let scene = try #require(try decoded(try symbols(session)).first)
        #expect(scene.range == session.range("1️⃣", "2️⃣"))
        #expect(scene.selectionRange == session.range(of: #""Стол 🪑""#))
        let items = try #require(scene.children?.first)
        #expect(items.range == session.range("3️⃣", "4️⃣"))
        #expect(items.selectionRange == session.range(of: #""items""#))
        let ball = try #require(items.children?.first)
        #expect(ball.range == session.range("5️⃣", "6️⃣"))
        #expect(ball.selectionRange == session.range(of: #""ball""#))
        let unnamed = try #require(items.children?.last)
        let brace = session.range(of: #"{"center": [200"#).start
        #expect(
            unnamed.selectionRange
                == LSP.Range(start: brace, end: .init(line: brace.line, character: brace.character + 1)))
        let walls = try #require(scene.children?[1].children?[1])
        #expect(walls.range == session.range("7️⃣", "8️⃣"))
        #expect(walls.children?.first?.selectionRange == session.range(of: #""floor""#))
        let set = try #require(scene.children?[2].children?.first)
        #expect(set.selectionRange == session.range(of: #""set""#))
    }

    @Test("clients without hierarchical support get SymbolInformation with container names")
    func flat() throws {
        let session = try NavigationSession(Self.desk)
        let list = try #require(try symbols(session).arrayValue)
        let rows = list.map { symbol -> String in
            let object = symbol.objectValue
            return "\(object?["name"]?.stringValue ?? "?") in \(object?["containerName"]?.stringValue ?? "-")"
        }
        #expect(
            rows == [
                "Стол 🪑 in -", "items in Стол 🪑", "ball in items", "item 1 in items", "behaviors in Стол 🪑",
                "gravity in behaviors", "walls in behaviors", "floor in walls", "bowl in walls", "gravty in behaviors",
                "events in Стол 🪑", "at 1.5 s: set hook in events", "anchor in at 1.5 s: set hook",
                "length in at 1.5 s: set hook", "at 2 s: add pin in events",
                "pin in at 2 s: add pin",
                "at 3 s: remove pin in events",
            ])
        let ball = try LSP.Location(json: try #require(list[2].objectValue?["location"]), path: "location")
        #expect(ball == LSP.Location(uri: session.uri, range: session.range("5️⃣", "6️⃣")))
        #expect(list.allSatisfy { $0.objectValue?["selectionRange"] == nil && $0.objectValue?["children"] == nil })
    }

    @Test("a broken document shows what stands before the error")
    func brokenDocument() throws {
        let session = try NavigationSession(
            #"""
            {"name": "half",
              "items": [{"id": "a", "center": [1, 1], "size": [4, 4]}, {"id": "b", "center": [1, 1], "size": [4, 4]}],
              "behaviors": [{"type": "gravity", "id": "fall", "items": ["a", "b"]}, {"type": "snap", "id": "s" "item": "a"}],
              "events": [{"at": 1, "remove": "fall"}]}
            """#, textDocument: Self.hierarchical)
        let lines = outline(try decoded(try symbols(session)))
        #expect(
            Array(lines.prefix(6)) == [
                "half (module, scene)", "  items (array, 2 items)", "    a (object, item)", "    b (object, item)",
                "  behaviors (array, 2 behaviors)", "    fall (class, UIGravityBehavior)",
            ])
        #expect(!lines.contains { $0.contains("events") })
    }

    @Test("a text that is no object has no symbols")
    func notAnObject() throws {
        let session = try NavigationSession("[1, 2]", textDocument: Self.hierarchical)
        #expect(try symbols(session) == .array([]))
    }
}
