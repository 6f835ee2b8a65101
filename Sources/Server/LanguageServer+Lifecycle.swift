// initialize, initialized, shutdown and $/cancelRequest (exit is handled by the loop itself).
import JSON
import RPC
import Reporting

extension LanguageServer {
    func initialize(_ params: LSP.InitializeParams, _ context: RequestContext) throws -> LSP.InitializeResult {
        client = params.capabilities
        // utf-8 whenever the client lists it, whatever its place; utf-16 otherwise (also when it says nothing).
        encoding = client.positionEncodings.contains(LineIndex.Encoding.utf8.rawValue) ? .utf8 : .utf16
        lifecycle = .running
        if let options = params.initializationOptions {
            applyEditorSettings(from: options, source: "initializationOptions")
        }
        let capabilities = LSP.ServerCapabilities(
            positionEncoding: encoding.rawValue,
            textDocumentSync: LSP.TextDocumentSyncOptions(
                openClose: true, change: .incremental, saveIncludesText: false),
            diagnosticProvider: pullsDiagnostics
                ? LSP.DiagnosticOptions(
                    identifier: "impulse", interFileDependencies: false, workspaceDiagnostics: false)
                : nil,
            providers: routeCapabilities())
        return LSP.InitializeResult(
            capabilities: capabilities, serverName: ToolInfo.name, serverVersion: ToolInfo.version)
    }

    func initialized(_ params: IgnoredParams) throws {
        if client.workspaceConfiguration { requestEditorSettings() }
        if client.watchedFilesRegistration { watchConfigurationFiles() }
    }

    func shutdown(_ params: IgnoredParams, _ context: RequestContext) throws -> NullResult {
        lifecycle = .shutDown
        return NullResult()
    }

    func cancelRequest(_ params: LSP.CancelParams) throws {
        // Requests answered on the loop are done already; only background ones can still be stopped.
        stop(params.id, reason: .requestCancelled)
    }
}
