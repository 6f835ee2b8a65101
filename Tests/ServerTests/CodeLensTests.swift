import JSON
import RPC
import Scene
import Testing

@testable import Server

@Suite("Code lens")
struct CodeLensTests {
    func lenses(_ client: TestClient, _ uri: String = PreviewScenes.uri) throws -> [LSP.CodeLens] {
        let result = try client.request("textDocument/codeLens", #"{"textDocument": {"uri": "\#(uri)"}}"#).get()
        return try (result.arrayValue ?? []).map { try LSP.CodeLens(json: $0, path: "lens") }
    }

    static let top = LSP.Range(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))

    @Test("▶ Preview on line 0 runs impulse.preview with the document's uri")
    func previewLens() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        let lenses = try lenses(client)
        #expect(
            lenses == [
                LSP.CodeLens(
                    range: Self.top,
                    command: LSP.Command(
                        title: "▶ Preview", command: "impulse.preview", arguments: [.string(PreviewScenes.uri)]))
            ])
        let initialize = try TestClient().request("initialize", #"{"capabilities": {}}"#).get()
        #expect(
            initialize.objectValue?["capabilities"]?.objectValue?["codeLensProvider"]
                == .object(JSONObject([("resolveProvider", .bool(false))])))
    }

    @Test("after a preview of this version: still moving after S s")
    func stillMoving() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        _ = try #require(
            client.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 90}"#)
        ).get()
        #expect(try lenses(client).map { $0.command?.title } == ["▶ Preview", "still moving after 1.5 s"])
        #expect(try lenses(client).last?.command?.command == "impulse.preview")
    }

    @Test("after a preview that comes to rest: at rest after S s; executeCommand counts too")
    func atRest() throws {
        let client = try PreviewScenes.session(PreviewScenes.still)
        _ = try #require(
            client.backgroundRequest(
                "workspace/executeCommand", #"{"command": "impulse.preview", "arguments": ["\#(PreviewScenes.uri)"]}"#)
        ).get()
        // The item rests from the start; the animator pauses at frame 31 (0.517 s).
        #expect(try lenses(client).map { $0.command?.title } == ["▶ Preview", "at rest after 0.52 s"])
    }

    @Test("an edit drops the result until the next preview; a scene with errors or a cancelled preview adds none")
    func editsAndFailures() throws {
        let client = try PreviewScenes.session(PreviewScenes.falling)
        _ = try #require(
            client.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 60}"#)
        ).get()
        #expect(try lenses(client).count == 2)
        client.change(PreviewScenes.uri, version: 2, [.init(text: PreviewScenes.broken)])
        #expect(try lenses(client).map { $0.command?.title } == ["▶ Preview"])
        _ = try #require(
            client.backgroundRequest("impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}}"#)
        ).get()
        #expect(try lenses(client).map { $0.command?.title } == ["▶ Preview"])
        client.change(PreviewScenes.uri, version: 3, [.init(text: PreviewScenes.bouncing)])
        let id = client.send("impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}}"#)
        client.notify("$/cancelRequest", #"{"id": \#(id)}"#)
        client.server.waitForBackgroundWork()
        #expect(try lenses(client).map { $0.command?.title } == ["▶ Preview"])
        // Another server's previews are its own.
        let other = try PreviewScenes.session(PreviewScenes.falling)
        #expect(try lenses(other).count == 1)
    }

    @Test("clients that support it are asked to refresh their lenses when a preview ends")
    func refresh() throws {
        let client = try PreviewScenes.session(
            PreviewScenes.falling, capabilities: #"{"workspace": {"codeLens": {"refreshSupport": true}}}"#)
        _ = client.takeServerRequests("workspace/codeLens/refresh")
        _ = try #require(
            client.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 2}"#)
        ).get()
        #expect(client.takeServerRequests("workspace/codeLens/refresh").count == 1)
        let plain = try PreviewScenes.session(PreviewScenes.falling)
        _ = try #require(
            plain.backgroundRequest(
                "impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}, "frames": 2}"#)
        ).get()
        #expect(plain.takeServerRequests("workspace/codeLens/refresh").isEmpty)
    }

    /// A box that falls onto a floor and rests there, with `expect` given as JSON text.
    static func expecting(_ expect: String) -> String {
        #"""
        {"format": 1, "referenceView": {"width": 320, "height": 480},
          "items": [{"id": "card", "center": [160, 100], "size": [40, 40]}],
          "behaviors": [{"type": "gravity", "items": ["card"]},
            {"type": "collision", "items": ["card"], "boundaries": [{"id": "floor", "from": [0, 300], "to": [320, 300]}]}],
          "expect": [\#(expect)]}
        """#
    }

    @Test("after a preview, a scene with expectations says how many hold")
    func expectationsAfterAPreview() throws {
        let client = try PreviewScenes.session(
            Self.expecting(
                #"{"type": "rests", "item": "card", "by": 2.5}, {"type": "near", "item": "card", "point": [0, 0], "within": 1, "by": 1}"#
            ))
        #expect(try lenses(client).map { $0.command?.title } == ["▶ Preview"])
        _ = try #require(
            client.backgroundRequest("impulse/preview", #"{"textDocument": {"uri": "\#(PreviewScenes.uri)"}}"#)
        ).get()
        #expect(
            try lenses(client).map { $0.command?.title } == [
                "▶ Preview", "at rest after 1.38 s", "✗ 1 of 2 expectations hold",
            ])
    }

    @Test("with simulate on, the expectations lens follows the simulation of this version")
    func expectationsWhenSimulating() throws {
        let client = try TestClient.initialized(simulator: { SimulationDiagnostics.diagnostics(for: $0) })
        client.notify("workspace/didChangeConfiguration", #"{"settings": {"impulse": {"simulate": true}}}"#)
        client.open(PreviewScenes.uri, Self.expecting(#"{"type": "rests", "item": "card", "by": 2.5}"#))
        client.server.waitForBackgroundWork()
        #expect(try lenses(client).map { $0.command?.title } == ["▶ Preview", "✓ 1 of 1 expectation holds"])
        client.change(PreviewScenes.uri, version: 2, [.init(text: Self.expecting(""))])
        client.server.waitForBackgroundWork()
        #expect(try lenses(client).map { $0.command?.title } == ["▶ Preview"])
    }
}
