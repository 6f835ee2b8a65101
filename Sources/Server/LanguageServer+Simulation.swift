// The `sim.*` diagnostics: when a document's settings simulate (`"simulate": true` in the editor's settings or
// its `.impulse.json`) and the scene has no errors, the scene is run off the message loop and its diagnostics
// join the document's when they arrive — if the document has not changed meanwhile.
import RPC
import Scene

extension LanguageServer {
    /// Starts the simulation of `document` when its settings ask for it and it has none yet.
    func simulateIfNeeded(_ document: Document) {
        simulations.removeValue(forKey: document.uri)?.cancel(.contentModified)
        guard let simulator, simulates(document), document.simulation == nil, document.lint.maySimulate else { return }
        let token = CancellationToken()
        simulations[document.uri] = token
        let lint = document.lint
        inBackground { [self] in
            guard !token.isCancelled else { return }
            let diagnostics = simulator(lint) ?? []
            onLoop { [self] in
                guard !token.isCancelled, let current = documents[document.uri], current.version == document.version,
                    current.bytes == document.bytes, simulates(current)
                else { return }
                simulations[document.uri] = nil
                let simulated = current.withSimulation(diagnostics)
                documents[document.uri] = simulated
                if pullsDiagnostics {
                    if client.diagnosticRefresh { sendRequest("workspace/diagnostic/refresh", NullResult()) }
                } else {
                    diagnosticsChanged(for: simulated)
                }
            }
        }
    }

    /// Stops the simulation of a document that changed or closed.
    func stopSimulation(_ uri: String) {
        simulations.removeValue(forKey: uri)?.cancel(.contentModified)
    }
}
