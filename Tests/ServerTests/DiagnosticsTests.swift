import JSON
import RPC
import Testing

@testable import Server

@Suite("Pulled and pushed diagnostics")
struct DiagnosticsTests {
    static let uri = "file:///tmp/impulse-tests/p.dynamics.json"
    static let pullCapabilities =
        #"{"textDocument": {"diagnostic": {"dynamicRegistration": false}}, "workspace": {"diagnostics": {"refreshSupport": true}}}"#

    @Test(
        "a client that pulls gets a diagnostic provider, answers to textDocument/diagnostic and no publishDiagnostics")
    func pull() throws {
        let client = TestClient()
        let result = try LSP.InitializeResult(
            json: client.request("initialize", #"{"capabilities": \#(Self.pullCapabilities)}"#).get(), path: "r")
        #expect(result.capabilities.diagnosticProvider?.interFileDependencies == false)
        client.notify("initialized", "{}")
        client.open(Self.uri, scene(extra: #" "bogus": 1,"#))
        let report = try LSP.DocumentDiagnosticReport(
            json: client.request("textDocument/diagnostic", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#).get(),
            path: "r")
        guard case .full(let resultID?, let items) = report else {
            Issue.record("expected a full report with a result id, got \(report)")
            return
        }
        #expect(items.contains { $0.code == "scene.unknownKey" && $0.source == "impulse" })
        // Asking again with the same result id: nothing changed.
        let again = try LSP.DocumentDiagnosticReport(
            json: client.request(
                "textDocument/diagnostic",
                #"{"textDocument": {"uri": "\#(Self.uri)"}, "previousResultId": "\#(resultID)"}"#
            ).get(), path: "r")
        #expect(again == .unchanged(resultID: resultID))
        // After an edit the report is full again.
        client.change(Self.uri, version: 2, [.init(text: scene())])
        let edited = try LSP.DocumentDiagnosticReport(
            json: client.request(
                "textDocument/diagnostic",
                #"{"textDocument": {"uri": "\#(Self.uri)"}, "previousResultId": "\#(resultID)"}"#
            ).get(), path: "r")
        guard case .full(_, let editedItems) = edited else {
            Issue.record("expected a full report after an edit")
            return
        }
        #expect(editedItems.isEmpty)
        client.notify("textDocument/didClose", #"{"textDocument": {"uri": "\#(Self.uri)"}}"#)
        // Never pushed, not even on close.
        #expect(try client.published().isEmpty)
    }

    @Test("a client that cannot pull gets no diagnostic provider and pushed diagnostics")
    func push() throws {
        let client = TestClient()
        let result = try LSP.InitializeResult(
            json: client.request("initialize", #"{"capabilities": {}}"#).get(), path: "r")
        #expect(result.capabilities.diagnosticProvider == nil)
        client.notify("initialized", "{}")
        client.open(Self.uri, scene(extra: #" "bogus": 1,"#))
        #expect(try client.published().count == 1)
    }

    @Test("related places carry the document's uri")
    func relatedInformation() throws {
        let client = try TestClient.initialized()
        // The name is given twice: the later key is reported, the first one is the related place.
        let text = scene(extra: #" "name": "again","#)
        client.open(Self.uri, text)
        let duplicate = try #require(try client.published().first?.diagnostics.first { $0.code == "json.duplicateKey" })
        #expect(duplicate.severity == .warning)
        #expect(duplicate.range.start == position(of: #""name": "again""#, in: text, encoding: "utf-16"))
        let related = try #require(duplicate.relatedInformation?.first)
        #expect(related.location.uri == Self.uri)
        #expect(related.location.range.start == position(of: #""name""#, in: text, encoding: "utf-16"))
    }
}
