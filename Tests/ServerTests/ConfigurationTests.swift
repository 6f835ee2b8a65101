import JSON
import RPC
import Testing

@testable import Server

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary folder, removed (with its files) at the end.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array("/tmp/impulse-server-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = created.map { String(cString: $0) } ?? "/tmp"
    }

    func write(_ name: String, _ text: String) {
        let file = fopen(path + "/" + name, "wb")
        _ = Array(text.utf8).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    func uri(_ name: String) -> String { DocumentURI.fileURI(path + "/" + name) }

    deinit {
        for name in [".impulse.json", "a.dynamics.json"] { unlink(path + "/" + name) }
        rmdir(path)
    }
}

@Suite("Settings")
struct ConfigurationTests {
    static let bogus = scene(extra: #" "bogus": 1,"#)

    func unknownKeySeverity(_ published: [LSP.PublishDiagnosticsParams]) -> LSP.DiagnosticSeverity?? {
        guard let last = published.last else { return nil }
        return .some(last.diagnostics.first { $0.code == "scene.unknownKey" }?.severity)
    }

    @Test("didChangeConfiguration settings re-publish every open document (clients without workspace/configuration)")
    func pushedSettings() throws {
        let client = try TestClient.initialized()
        client.open("file:///a.dynamics.json", Self.bogus)
        client.open("file:///b.dynamics.json", Self.bogus)
        #expect(unknownKeySeverity(try client.published()) == .some(.warning))
        client.notify(
            "workspace/didChangeConfiguration", #"{"settings": {"impulse": {"rules": {"scene.unknownKey": "off"}}}}"#)
        let published = try client.published()
        #expect(published.map(\.uri) == ["file:///a.dynamics.json", "file:///b.dynamics.json"])
        #expect(published.allSatisfy { !$0.diagnostics.contains { $0.code == "scene.unknownKey" } })
        client.notify(
            "workspace/didChangeConfiguration", #"{"settings": {"impulse": {"rules": {"scene.unknownKey": "error"}}}}"#)
        #expect(unknownKeySeverity(try client.published()) == .some(.error))
    }

    @Test("bad settings are shown and the valid part is kept")
    func badSettings() throws {
        let client = try TestClient.initialized()
        client.open("file:///a.dynamics.json", Self.bogus)
        _ = try client.published()
        client.notify(
            "workspace/didChangeConfiguration",
            #"{"settings": {"impulse": {"simulate": "yes", "rules": {"scene.unknownKy": "off", "scene.unknownKey": "loud", "item.unused": "hint"}}}}"#
        )
        let shown = client.takeNotifications("window/showMessage").compactMap {
            $0.objectValue?["message"]?.stringValue
        }
        #expect(shown.count == 3)
        #expect(
            shown.contains { $0.contains("\"scene.unknownKy\" is not a rule code") && $0.contains("scene.unknownKey") })
        #expect(client.server.editorSettings == EditorSettings(simulate: nil, rules: ["item.unused": .some(.hint)]))
    }

    @Test("with workspace/configuration the server asks for the impulse section and applies the answer")
    func pulledSettings() throws {
        let client = try TestClient.initialized(capabilities: #"{"workspace": {"configuration": true}}"#)
        let asked = client.takeServerRequests("workspace/configuration")
        #expect(asked.count == 1)
        #expect(asked.first?.params == LSP.ConfigurationParams(items: [.init(section: "impulse")]).json)
        client.open("file:///a.dynamics.json", Self.bogus)
        #expect(unknownKeySeverity(try client.published()) == .some(.warning))
        client.answer(try #require(asked.first), #"[{"simulate": false, "rules": {"scene.unknownKey": "error"}}]"#)
        #expect(unknownKeySeverity(try client.published()) == .some(.error))
        // A change notification makes the server ask again rather than read its (empty) settings.
        client.notify("workspace/didChangeConfiguration", #"{"settings": null}"#)
        let again = client.takeServerRequests("workspace/configuration")
        #expect(again.count == 1)
        client.answer(try #require(again.first), "[null]")
        #expect(unknownKeySeverity(try client.published()) == .some(.warning))
    }

    @Test("with pull diagnostics a settings change asks the client to refresh instead of publishing")
    func pullRefresh() throws {
        let client = try TestClient.initialized(capabilities: DiagnosticsTests.pullCapabilities)
        client.open("file:///a.dynamics.json", Self.bogus)
        client.notify(
            "workspace/didChangeConfiguration", #"{"settings": {"impulse": {"rules": {"scene.unknownKey": "off"}}}}"#)
        #expect(client.takeServerRequests("workspace/diagnostic/refresh").count == 1)
        #expect(try client.published().isEmpty)
        let report = try LSP.DocumentDiagnosticReport(
            json: client.request(
                "textDocument/diagnostic", #"{"textDocument": {"uri": "file:///a.dynamics.json"}}"#
            ).get(), path: "r")
        guard case .full(_, let items) = report else {
            Issue.record("expected a full report")
            return
        }
        #expect(!items.contains { $0.code == "scene.unknownKey" })
    }

    @Test(
        "the nearest .impulse.json applies, the editor's rules override it code by code, and a changed file re-publishes"
    )
    func configurationFile() throws {
        let folder = TemporaryFolder()
        folder.write(".impulse.json", #"{"rules": {"scene.unknownKey": "off", "item.unused": "error"}}"#)
        let client = try TestClient.initialized(
            capabilities: #"{"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}"#)
        let registration = client.takeServerRequests("client/registerCapability")
        #expect(registration.count == 1)
        let uri = folder.uri("a.dynamics.json")
        client.open(uri, Self.bogus)
        #expect(unknownKeySeverity(try client.published()) == .some(nil))
        #expect(client.server.documents[uri]?.configuration.file == folder.path + "/.impulse.json")

        client.notify(
            "workspace/didChangeConfiguration", #"{"settings": {"impulse": {"rules": {"scene.unknownKey": "hint"}}}}"#)
        #expect(unknownKeySeverity(try client.published()) == .some(.hint))
        #expect(client.server.documents[uri]?.ruleSettings.overrides["item.unused"] == .some(.error))

        client.notify("workspace/didChangeConfiguration", #"{"settings": {"impulse": {}}}"#)
        #expect(unknownKeySeverity(try client.published()) == .some(nil))
        folder.write(".impulse.json", #"{"rules": {"scene.unknownKey": "error"}}"#)
        client.notify(
            "workspace/didChangeWatchedFiles", #"{"changes": [{"uri": "\#(folder.uri(".impulse.json"))", "type": 2}]}"#)
        #expect(unknownKeySeverity(try client.published()) == .some(.error))
    }

    @Test("an invalid .impulse.json is shown once and the defaults are used")
    func invalidConfigurationFile() throws {
        let folder = TemporaryFolder()
        folder.write(".impulse.json", #"{"rules": {"scene.unknownKey": "loud"}}"#)
        let client = try TestClient.initialized()
        let uri = folder.uri("a.dynamics.json")
        client.open(uri, Self.bogus)
        #expect(unknownKeySeverity(try client.published()) == .some(.warning))
        let shown = client.takeNotifications("window/showMessage")
        #expect(shown.count == 1)
        #expect(shown.first?.objectValue?["message"]?.stringValue?.contains(".impulse.json") == true)
        #expect(shown.first?.objectValue?["type"] == .number(1))
        client.change(uri, version: 2, [.init(text: Self.bogus)])
        #expect(client.takeNotifications("window/showMessage").isEmpty)
    }
}
