import JSON
import RPC
import Testing

@testable import Server

@Suite("Document synchronization")
struct DocumentSyncTests {
    static let uri = "file:///tmp/impulse-tests/a.dynamics.json"

    func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> LSP.Range {
        LSP.Range(
            start: .init(line: startLine, character: startCharacter), end: .init(line: endLine, character: endCharacter)
        )
    }

    @Test("didOpen publishes the document's diagnostics with its version, source impulse and the rule code")
    func openPublishes() throws {
        let client = try TestClient.initialized()
        client.open(Self.uri, scene(extra: #" "bogus": 1,"#), version: 7)
        let published = try client.published()
        #expect(published.count == 1)
        #expect(published.first?.uri == Self.uri)
        #expect(published.first?.version == 7)
        let unknown = try #require(published.first?.diagnostics.first { $0.code == "scene.unknownKey" })
        #expect(unknown.source == "impulse")
        #expect(unknown.severity == .warning)
        #expect(unknown.message.contains("bogus"))
    }

    @Test("a clean scene publishes an empty list")
    func cleanScene() throws {
        let client = try TestClient.initialized()
        client.open(Self.uri, scene())
        #expect(try client.published().map(\.diagnostics) == [[]])
    }

    @Test("incremental changes apply in order and each publish carries the new version")
    func incrementalChanges() throws {
        let client = try TestClient.initialized()
        client.open(Self.uri, scene())
        _ = try client.published()
        // Insert an unknown key after the name, then rename it in a second change of the same notification.
        let insertAt = try #require(position(of: #" "referenceView""#, in: scene(), encoding: "utf-16"))
        client.change(
            Self.uri, version: 2,
            [
                .init(
                    range: range(insertAt.line, insertAt.character, insertAt.line, insertAt.character),
                    text: #" "bogus": 1,"#),
                .init(
                    range: range(insertAt.line, insertAt.character + 2, insertAt.line, insertAt.character + 7),
                    text: "other"),
            ])
        #expect(client.server.documents[Self.uri]?.text == scene(extra: #" "other": 1,"#))
        let published = try client.published()
        #expect(published.map(\.version) == [2])
        #expect(
            published.first?.diagnostics.contains { $0.code == "scene.unknownKey" && $0.message.contains("other") }
                == true)

        // A full replacement.
        client.change(Self.uri, version: 3, [.init(text: scene())])
        #expect(client.server.documents[Self.uri]?.text == scene())
        #expect(try client.published().map(\.version) == [3])
    }

    @Test("a single ranged change (re-parsed incrementally) lints exactly as the whole new text does")
    func singleChangeLintsAsFullText() throws {
        let client = try TestClient.initialized()
        let text = scene()
        client.open(Self.uri, text)
        _ = try client.published()
        var current = text
        var version = 1
        // Edits inside one value, one that breaks the JSON, and one that mends it again.
        for (needle, replacement) in [
            ("375", "-5"), ("[100, 100]", "[100, 120]"), ("\"name\"", "\"nam\""), ("{", "{{"), ("{{", "{"),
        ] {
            let found = try #require(current.range(of: needle))
            let start = try #require(position(of: needle, in: current, encoding: "utf-16"))
            let end = LSP.Position(line: start.line, character: start.character + needle.utf16.count)
            version += 1
            client.change(
                Self.uri, version: version, [.init(range: LSP.Range(start: start, end: end), text: replacement)])
            current.replaceSubrange(found, with: replacement)
            let document = try #require(client.server.documents[Self.uri])
            #expect(document.text == current)
            let fresh = Document(
                uri: Self.uri, languageID: "dynamics-scene", version: version, bytes: Array(current.utf8),
                encoding: .utf16)
            #expect(
                document.lint.diagnostics == fresh.lint.diagnostics, "after replacing \(needle) with \(replacement)")
            #expect(document.json.root == fresh.json.root)
        }
    }

    @Test("incremental changes count characters in the negotiated encoding")
    func changesInEncoding() throws {
        let text = "{\"name\": \"😀x\"}"
        for (encoding, xColumn) in [("utf-8", 14), ("utf-16", 12)] {
            let client = try TestClient.initialized(
                capabilities: #"{"general": {"positionEncodings": ["\#(encoding)"]}}"#)
            client.open(Self.uri, text)
            client.change(Self.uri, version: 2, [.init(range: range(0, xColumn, 0, xColumn + 1), text: "y")])
            #expect(client.server.documents[Self.uri]?.text == "{\"name\": \"😀y\"}", "\(encoding)")
        }
    }

    @Test("ranges outside the document are clamped and logged, never trusted")
    func outOfRangeEdits() throws {
        let client = try TestClient.initialized()
        client.open(Self.uri, "ab\ncd")
        // A character past the end of its line means the line's end.
        client.change(Self.uri, version: 2, [.init(range: range(0, 99, 0, 120), text: "X")])
        #expect(client.server.documents[Self.uri]?.text == "abX\ncd")
        // A line past the last means the end of the text.
        client.change(Self.uri, version: 3, [.init(range: range(40, 0, 41, 3), text: "!")])
        #expect(client.server.documents[Self.uri]?.text == "abX\ncd!")
        // A reversed range is applied in order.
        client.change(Self.uri, version: 4, [.init(range: range(1, 1, 0, 1), text: "-")])
        #expect(client.server.documents[Self.uri]?.text == "a-d!")
        let logged = client.logLines.current.filter { $0.contains(Self.uri) && $0.contains("change 0") }
        #expect(logged.count == 5)
        #expect(logged.contains { $0.contains("the start 0:99 is not a position in the text; used 0:2") })
        #expect(logged.contains { $0.contains("the end 41:3 is not a position in the text; used 1:2") })
        #expect(logged.contains { $0.contains("the range ends before it starts") })
        // Each version is still published.
        #expect(try client.published().map(\.version) == [1, 2, 3, 4])
    }

    @Test("changes to documents that are not open are ignored")
    func changeUnknownDocument() throws {
        let client = try TestClient.initialized()
        client.change("file:///nowhere.dynamics.json", version: 2, [.init(text: "{}")])
        #expect(client.server.documents.isEmpty)
        #expect(try client.published().isEmpty)
    }

    @Test("didClose publishes an empty list and forgets the document")
    func closeClears() throws {
        let client = try TestClient.initialized()
        client.open(Self.uri, scene(extra: #" "bogus": 1,"#), version: 4)
        _ = try client.published()
        client.notify("textDocument/didClose", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#)
        let published = try client.published()
        #expect(published == [LSP.PublishDiagnosticsParams(uri: Self.uri, version: 4, diagnostics: [])])
        #expect(client.server.documents[Self.uri] == nil)
    }

    @Test("scenes are taken as dynamics-scene, or as json when the file is named *.dynamics.json")
    func languageIDs() throws {
        let client = try TestClient.initialized()
        client.open("file:///a.dynamics.json", scene(), language: "json")
        client.open("file:///b.json", scene(), language: "json")
        client.open("file:///c.dynamics.json", scene(), language: "plaintext")
        client.open("untitled:Untitled-1", scene(), language: "dynamics-scene")
        #expect(Set(client.server.documents.keys) == ["file:///a.dynamics.json", "untitled:Untitled-1"])
        #expect(try client.published().map(\.uri) == ["file:///a.dynamics.json", "untitled:Untitled-1"])
    }

    @Test("text that is not JSON is tracked and reported, mid-typing")
    func invalidJSON() throws {
        let client = try TestClient.initialized()
        client.open(Self.uri, #"{"format": 1, "items": [{"id": "#)
        let diagnostics = try client.published().first?.diagnostics ?? []
        #expect(diagnostics.contains { $0.code == "json.syntax" && $0.severity == .error })
        #expect(client.server.documents[Self.uri]?.lint.document.isValid == false)
    }
}
