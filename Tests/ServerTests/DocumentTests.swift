import JSON
import RPC
import Scene
import Testing

@testable import Server

@Suite("Document snapshots")
struct DocumentTests {
    static let text = "{\"name\": \"😀é\",\n \"format\": 1}"

    func document(_ encoding: LineIndex.Encoding) -> Document {
        Document(
            uri: "file:///d.dynamics.json", languageID: "dynamics-scene", version: 1, bytes: Array(Self.text.utf8),
            encoding: encoding)
    }

    @Test("byte offsets and LSP positions convert both ways in the document's encoding")
    func conversions() {
        let closingQuote = Array(Self.text.utf8).lastIndex(of: UInt8(ascii: "\""))!  // after "format"
        let nameEnd = Array("{\"name\": \"😀é".utf8).count
        for (encoding, nameEndCharacter) in [(LineIndex.Encoding.utf8, nameEnd), (.utf16, 13)] {
            let document = document(encoding)
            #expect(document.position(of: nameEnd) == LSP.Position(line: 0, character: nameEndCharacter), "\(encoding)")
            #expect(document.offset(of: LSP.Position(line: 0, character: nameEndCharacter)) == nameEnd, "\(encoding)")
            #expect(document.position(of: closingQuote) == LSP.Position(line: 1, character: 8))
            #expect(
                document.range(of: 0..<1)
                    == LSP.Range(start: .init(line: 0, character: 0), end: .init(line: 0, character: 1)))
            // Out of range positions clamp; reversed ranges are put in order.
            #expect(
                document.offset(of: LSP.Position(line: 0, character: 500)) == Array("{\"name\": \"😀é\",".utf8).count)
            #expect(document.offset(of: LSP.Position(line: 9, character: 0)) == Self.text.utf8.count)
            #expect(
                document.byteRange(
                    of: LSP.Range(start: .init(line: 1, character: 1), end: .init(line: 0, character: 0)))
                    == 0..<(nameEnd + 4))
            #expect(document.contains(LSP.Position(line: 1, character: 13)))
            #expect(!document.contains(LSP.Position(line: 1, character: 14)))
            #expect(!document.contains(LSP.Position(line: 2, character: 0)))
        }
    }

    @Test("a snapshot carries its parse and lint, and reconfiguring keeps the lint but applies the new severities")
    func lintAndSettings() {
        let document = Document(
            uri: "file:///d.dynamics.json", languageID: "dynamics-scene", version: 3,
            bytes: Array(scene(extra: #" "bogus": 1,"#).utf8), encoding: .utf16)
        #expect(document.lint.document.isValid)
        #expect(document.lint.scene != nil)
        #expect(document.diagnostics.contains { $0.code == "scene.unknownKey" && $0.severity == .warning })
        let off = document.reconfigured(
            configuration: .defaults, ruleSettings: .init(overrides: ["scene.unknownKey": Severity?.none]))
        #expect(!off.diagnostics.contains { $0.code == "scene.unknownKey" })
        #expect(off.lint.diagnostics == document.lint.diagnostics)
        #expect(off.version == 3)
    }

    @Test("requests find open documents by identifier; others are −32602")
    func lookup() throws {
        let client = try TestClient.initialized()
        client.open("file:///a.dynamics.json", scene(), version: 2)
        #expect(try client.server.document(.init(uri: "file:///a.dynamics.json")).version == 2)
        #expect(throws: ResponseError.invalidParams("file:///b.dynamics.json is not an open scene")) {
            try client.server.document(.init(uri: "file:///b.dynamics.json"))
        }
    }

    @Test("file URIs convert to paths and back, percent escapes included")
    func uris() {
        #expect(
            DocumentURI.filePath("file:///Users/me/My%20Scenes/a%C3%A9.dynamics.json")
                == "/Users/me/My Scenes/aé.dynamics.json")
        #expect(DocumentURI.filePath("file://localhost/tmp/x.json") == "/tmp/x.json")
        #expect(DocumentURI.filePath("untitled:Untitled-1") == nil)
        #expect(DocumentURI.filePath("file:///bad%zz") == nil)
        #expect(DocumentURI.fileURI("/Users/me/My Scenes/aé.json") == "file:///Users/me/My%20Scenes/a%C3%A9.json")
        #expect(DocumentURI.fileName("file:///a/b%20c.dynamics.json?x=1") == "b c.dynamics.json")
        #expect(DocumentURI.filePath(DocumentURI.fileURI("/tmp/#1 [x]/ü.json")) == "/tmp/#1 [x]/ü.json")
    }
}
