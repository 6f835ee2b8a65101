// Diagnostics: pushed with `textDocument/publishDiagnostics` to clients that cannot pull, answered to
// `textDocument/diagnostic` for clients that announced it — never both.
import JSON
import RPC
import Scene

extension LanguageServer {
    /// Whether the client pulls diagnostics (it announced `textDocument.diagnostic`).
    package var pullsDiagnostics: Bool { client.pullDiagnostics }

    /// A document's diagnostics as LSP diagnostics (source `impulse`, the rule code, related places in the document).
    package func lspDiagnostics(for document: Document) -> [LSP.Diagnostic] {
        document.diagnostics.map { LanguageServer.lspDiagnostic($0, in: document) }
    }

    /// One diagnostic in LSP form.
    package static func lspDiagnostic(_ diagnostic: Diagnostic, in document: Document) -> LSP.Diagnostic {
        LSP.Diagnostic(
            range: document.range(of: diagnostic.range),
            severity: lspSeverity(diagnostic.severity),
            code: diagnostic.code,
            source: "impulse",
            message: diagnostic.message,
            relatedInformation: diagnostic.related.isEmpty
                ? nil
                : diagnostic.related.map { related in
                    LSP.DiagnosticRelatedInformation(
                        location: LSP.Location(uri: document.uri, range: document.range(of: related.range)),
                        message: related.message)
                })
    }

    package static func lspSeverity(_ severity: Severity) -> LSP.DiagnosticSeverity {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .info: .information
        case .hint: .hint
        }
    }

    /// Tells the client that `document`'s diagnostics may have changed: publishes them in push mode (pull clients
    /// ask on their own after an edit).
    func diagnosticsChanged(for document: Document) {
        guard !pullsDiagnostics else { return }
        if let published = publishedVersions[document.uri], published > document.version {
            // Never replace newer diagnostics with older ones.
            return
        }
        publishedVersions[document.uri] = document.version
        sendNotification(
            "textDocument/publishDiagnostics",
            LSP.PublishDiagnosticsParams(
                uri: document.uri, version: document.version, diagnostics: lspDiagnostics(for: document)))
    }

    /// After a change of settings: every open document is published again (push), or the client is asked to pull
    /// again when it supports `workspace/diagnostic/refresh` (pull).
    func diagnosticsChangedForAllDocuments() {
        settingsGeneration += 1
        if pullsDiagnostics {
            if client.diagnosticRefresh { sendRequest("workspace/diagnostic/refresh", JSONValue.null) }
            return
        }
        for uri in documents.keys.sorted() {
            if let document = documents[uri] { diagnosticsChanged(for: document) }
        }
    }

    /// The result id of a document's current diagnostics: its version, the settings generation, and whether the
    /// simulation's diagnostics are in.
    func diagnosticResultID(_ document: Document) -> String {
        "\(document.version).\(settingsGeneration)\(document.simulation == nil ? "" : ".s")"
    }

    func documentDiagnostic(
        _ params: LSP.DocumentDiagnosticParams, _ context: RequestContext
    ) throws -> LSP.DocumentDiagnosticReport {
        guard let document = documents[params.textDocument.uri] else {
            // Not open (or not a scene): nothing to report.
            return .full(resultID: nil, items: [])
        }
        let resultID = diagnosticResultID(document)
        if params.previousResultID == resultID { return .unchanged(resultID: resultID) }
        return .full(resultID: resultID, items: lspDiagnostics(for: document))
    }
}
