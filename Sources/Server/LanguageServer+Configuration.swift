// Settings: the editor's `impulse` section (asked with `workspace/configuration` when the client supports it,
// else taken from `didChangeConfiguration`) over each document's nearest `.impulse.json`.
import JSON
import RPC
import Reporting
import Scene

extension LanguageServer {
    /// The `.impulse.json` settings for a document (the defaults for non-file URIs). An invalid file is shown once
    /// (until it changes) and the defaults are used.
    func configuration(forDocument uri: String) -> Configuration {
        guard let path = DocumentURI.filePath(uri) else { return .defaults }
        switch configurations.configuration(forFile: path) {
        case .success(let configuration):
            return configuration
        case .failure(let error):
            let message = "\(error.description) — the default settings are used"
            if shownConfigurationErrors.insert(message).inserted { show(message, type: .error) }
            return .defaults
        }
    }

    /// The rule severities for a document: its `.impulse.json`'s, overridden code by code by the editor's.
    func ruleSettings(for configuration: Configuration) -> RuleSettings {
        RuleSettings(overrides: configuration.rules).merging(RuleSettings(overrides: editorSettings.rules))
    }

    /// Builds the snapshot of a document version under the current settings.
    func makeDocument(
        uri: String, languageID: String, version: Int, bytes: [UInt8], parsed: JSONDocument? = nil,
        previous: consuming LintResult? = nil
    ) -> Document {
        let configuration = configuration(forDocument: uri)
        return Document(
            uri: uri, languageID: languageID, version: version, bytes: bytes, encoding: encoding,
            configuration: configuration, ruleSettings: ruleSettings(for: configuration), parsed: parsed,
            previous: consume previous)
    }

    /// Whether the simulation rules run for a document: the editor's `simulate` when set, else `.impulse.json`'s.
    package func simulates(_ document: Document) -> Bool {
        editorSettings.simulate ?? document.configuration.simulate
    }

    /// Re-applies the settings to every open document and refreshes what the editor shows.
    func settingsChanged() {
        for (uri, document) in documents {
            let configuration = configuration(forDocument: uri)
            let simulated = editorSettings.simulate ?? configuration.simulate
            documents[uri] = document.reconfigured(
                configuration: configuration, ruleSettings: ruleSettings(for: configuration),
                keepingSimulation: simulated)
        }
        diagnosticsChangedForAllDocuments()
        for uri in documents.keys.sorted() {
            if let document = documents[uri] { simulateIfNeeded(document) }
        }
    }

    /// Takes new editor settings from a settings value (`{"impulse": {...}}` or the section itself).
    func applyEditorSettings(from value: JSONValue, source: String) {
        guard let section = EditorSettings.section(in: value) else { return }
        let (settings, problems) = EditorSettings.parse(section)
        for problem in problems { show("Impulse settings (\(source)): \(problem)", type: .warning) }
        editorSettings = settings
    }

    /// Asks the client for the `impulse` section; the answer re-applies the settings.
    func requestEditorSettings() {
        let params = LSP.ConfigurationParams(items: [LSP.ConfigurationItem(section: "impulse")])
        sendRequest("workspace/configuration", params) { [self] result in
            switch result {
            case .success(let values):
                let section = values.arrayValue?.first ?? .null
                let (settings, problems) = EditorSettings.parse(section)
                for problem in problems { show("Impulse settings: \(problem)", type: .warning) }
                guard settings != editorSettings else { return }
                editorSettings = settings
                settingsChanged()
            case .failure(let error):
                log("workspace/configuration failed: \(error.message)", type: .warning)
            }
        }
    }

    func didChangeConfiguration(_ params: LSP.DidChangeConfigurationParams) throws {
        if client.workspaceConfiguration {
            // Pull model: the notification only says something changed.
            requestEditorSettings()
            return
        }
        let previous = editorSettings
        applyEditorSettings(from: params.settings, source: "didChangeConfiguration")
        if editorSettings != previous { settingsChanged() }
    }

    /// Asks the client to report changes of `.impulse.json` files.
    func watchConfigurationFiles() {
        let options = JSONValue.object(
            JSONObject([
                ("watchers", .array([.object(JSONObject([("globPattern", .string("**/" + Configuration.fileName))]))]))
            ]))
        let registration = LSP.Registration(
            id: "impulse.configurationFiles", method: "workspace/didChangeWatchedFiles", registerOptions: options)
        sendRequest("client/registerCapability", LSP.RegistrationParams(registrations: [registration])) {
            [self] result in
            if case .failure(let error) = result {
                log("Could not watch \(Configuration.fileName) files: \(error.message)", type: .warning)
            }
        }
    }

    func didChangeWatchedFiles(_ params: LSP.DidChangeWatchedFilesParams) throws {
        if params.changes.contains(where: { DocumentURI.fileName($0.uri) == Configuration.fileName }) {
            configurationFilesChanged()
        }
    }

    /// An `.impulse.json` was created, changed or deleted: read the files again and refresh every document.
    func configurationFilesChanged() {
        configurations.invalidate()
        shownConfigurationErrors.removeAll()
        settingsChanged()
    }
}
