// Document synchronization: didOpen, didChange (incremental and full), didClose, didSave.
import JSON
import RPC
import Reporting

extension LanguageServer {
    /// The language ids the server takes: `dynamics-scene`, and `json` for files named `*.dynamics.json`.
    static func accepts(languageID: String, uri: String) -> Bool {
        switch languageID {
        case "dynamics-scene": true
        case "json", "jsonc": DocumentURI.fileName(uri).lowercased().hasSuffix(".dynamics.json")
        default: false
        }
    }

    /// The open document a request names, at its latest version; −32602 when it is not an open scene.
    package func document(_ identifier: LSP.TextDocumentIdentifier) throws -> Document {
        guard let document = documents[identifier.uri] else {
            throw ResponseError.invalidParams("\(identifier.uri) is not an open scene")
        }
        return document
    }

    func didOpen(_ params: LSP.DidOpenTextDocumentParams) throws {
        let item = params.textDocument
        guard LanguageServer.accepts(languageID: item.languageID, uri: item.uri) else {
            log("Not a scene: \(item.uri) (language '\(item.languageID)'); it is not tracked", type: .info)
            return
        }
        if documents[item.uri] != nil {
            log("\(item.uri) was opened twice; the new text replaces the old", type: .warning)
        }
        stopRequests(dependingOn: item.uri)
        let document = makeDocument(
            uri: item.uri, languageID: item.languageID, version: item.version, bytes: Array(item.text.utf8))
        documents[item.uri] = document
        diagnosticsChanged(for: document)
        simulateIfNeeded(document)
    }

    func didChange(_ params: LSP.DidChangeTextDocumentParams) throws {
        let uri = params.textDocument.uri
        guard let current = documents[uri] else {
            log("Ignored a change to \(uri), which is not open", type: .error)
            return
        }
        if params.textDocument.version <= current.version {
            log(
                "\(uri): version \(params.textDocument.version) does not follow \(current.version); applied anyway",
                type: .warning)
        }
        let (bytes, problems) = Document.applying(
            params.contentChanges, to: current.bytes, encoding: encoding, lineIndex: current.lineIndex)
        for problem in problems { log("\(uri): \(problem)", type: .error) }
        stopRequests(dependingOn: uri)
        let parsed =
            problems.isEmpty
            ? Document.incrementalParse(of: params.contentChanges, on: current, editedText: bytes) : nil
        // The server lets go of the version it replaces, so that the incremental lint is the only holder of its
        // scene and updates the edited element in place instead of copying every item or behavior. The facts
        // completion and hover keep per version hold that scene too.
        documents[uri] = nil
        SceneFactsCache.forget(uri, in: self)
        let languageID = current.languageID
        let document = makeDocument(
            uri: uri, languageID: languageID, version: params.textDocument.version, bytes: bytes, parsed: parsed,
            previous: current.takeLint())
        documents[uri] = document
        diagnosticsChanged(for: document)
        simulateIfNeeded(document)
    }

    func didClose(_ params: LSP.DidCloseTextDocumentParams) throws {
        let uri = params.textDocument.uri
        guard let closed = documents.removeValue(forKey: uri) else { return }
        SceneFactsCache.forget(uri, in: self)
        stopRequests(dependingOn: uri)
        stopSimulation(uri)
        if !pullsDiagnostics {
            // Clear what the editor shows, at the last version the document had.
            sendNotification(
                "textDocument/publishDiagnostics",
                LSP.PublishDiagnosticsParams(uri: uri, version: closed.version, diagnostics: []))
        }
        publishedVersions[uri] = nil
    }

    func didSave(_ params: LSP.DidSaveTextDocumentParams) throws {
        // A saved `.impulse.json` (for clients that do not watch files) changes the settings of every scene.
        if DocumentURI.fileName(params.textDocument.uri) == Configuration.fileName {
            configurationFilesChanged()
        }
    }
}
