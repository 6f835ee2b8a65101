// `initialize`: the client's capabilities and the server's answer.
import JSON

extension LSP {
    /// The parts of the client's capabilities the server reads.
    ///
    /// Capabilities are read leniently: a member of an unexpected type counts as absent, so a client with an
    /// odd capability still gets a working server (everything else in `initialize` is decoded strictly).
    package struct ClientCapabilities: Equatable, Sendable, LSPDecodable, LSPEncodable {
        /// `general.positionEncodings`, in the client's order.
        package var positionEncodings: [String]
        /// `textDocument.diagnostic` is present: the client pulls diagnostics.
        package var pullDiagnostics: Bool
        /// `textDocument.publishDiagnostics.relatedInformation`.
        package var diagnosticRelatedInformation: Bool
        /// `textDocument.completion.completionItem.snippetSupport`.
        package var completionSnippets: Bool
        /// `textDocument.completion.completionItem.documentationFormat` ("markdown", "plaintext").
        package var completionDocumentationFormats: [String]
        /// `textDocument.completion.completionItem.resolveSupport.properties`: the members of a completion item
        /// that `completionItem/resolve` may fill in later ("documentation", "detail", …).
        package var completionResolvableProperties: [String]
        /// `textDocument.completion.completionList.itemDefaults`: the members a completion list may give once for
        /// all its items ("editRange", …).
        package var completionItemDefaults: [String]
        /// `textDocument.hover.contentFormat`.
        package var hoverContentFormats: [String]
        /// `textDocument.documentSymbol.hierarchicalDocumentSymbolSupport`.
        package var hierarchicalDocumentSymbols: Bool
        /// `textDocument.codeAction.codeActionLiteralSupport` is present.
        package var codeActionLiterals: Bool
        /// `textDocument.rename.prepareSupport`.
        package var prepareRename: Bool
        /// `workspace.configuration`: the client answers `workspace/configuration`.
        package var workspaceConfiguration: Bool
        /// `workspace.diagnostics.refreshSupport`: the client honours `workspace/diagnostic/refresh`.
        package var diagnosticRefresh: Bool
        /// `workspace.didChangeWatchedFiles.dynamicRegistration`.
        package var watchedFilesRegistration: Bool
        /// `workspace.codeLens.refreshSupport`.
        package var codeLensRefresh: Bool
        /// `window.workDoneProgress`: the server may create progress tokens.
        package var workDoneProgress: Bool
        /// The capabilities as sent, for anything not read above.
        package var raw: JSONValue

        /// The capabilities of a client that announced nothing.
        package init() {
            self.init(raw: .object(JSONObject()))
        }

        package init(json: JSONValue, path: String) throws {
            guard case .object = json else {
                throw ResponseError.invalidParams("\(path): expected an object, not \(json.typeName)")
            }
            self.init(raw: json)
        }

        private init(raw: JSONValue) {
            func value(_ keys: String...) -> JSONValue? {
                var current: JSONValue? = raw
                for key in keys { current = current?.objectValue?[key] }
                return current
            }
            func flag(_ keys: String...) -> Bool {
                var current: JSONValue? = raw
                for key in keys { current = current?.objectValue?[key] }
                return current?.boolValue ?? false
            }
            func strings(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

            positionEncodings = strings(value("general", "positionEncodings"))
            pullDiagnostics = value("textDocument", "diagnostic")?.objectValue != nil
            diagnosticRelatedInformation = flag("textDocument", "publishDiagnostics", "relatedInformation")
            completionSnippets = flag("textDocument", "completion", "completionItem", "snippetSupport")
            completionDocumentationFormats = strings(
                value("textDocument", "completion", "completionItem", "documentationFormat"))
            completionResolvableProperties = strings(
                value("textDocument", "completion", "completionItem", "resolveSupport", "properties"))
            completionItemDefaults = strings(value("textDocument", "completion", "completionList", "itemDefaults"))
            hoverContentFormats = strings(value("textDocument", "hover", "contentFormat"))
            hierarchicalDocumentSymbols = flag("textDocument", "documentSymbol", "hierarchicalDocumentSymbolSupport")
            codeActionLiterals = value("textDocument", "codeAction", "codeActionLiteralSupport")?.objectValue != nil
            prepareRename = flag("textDocument", "rename", "prepareSupport")
            workspaceConfiguration = flag("workspace", "configuration")
            diagnosticRefresh = flag("workspace", "diagnostics", "refreshSupport")
            watchedFilesRegistration = flag("workspace", "didChangeWatchedFiles", "dynamicRegistration")
            codeLensRefresh = flag("workspace", "codeLens", "refreshSupport")
            workDoneProgress = flag("window", "workDoneProgress")
            self.raw = raw
        }

        package var json: JSONValue { raw }
    }

    package struct ClientInfo: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var name: String
        package var version: String?

        package init(name: String, version: String? = nil) {
            self.name = name
            self.version = version
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            name = try fields.string("name")
            version = try fields.optionalString("version")
        }

        package var json: JSONValue {
            .object(JSONObject(omittingNil: [("name", .string(name)), ("version", version.map(JSONValue.string))]))
        }
    }

    package struct WorkspaceFolder: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var uri: String
        package var name: String

        package init(uri: String, name: String) {
            self.uri = uri
            self.name = name
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            uri = try fields.string("uri")
            name = try fields.string("name")
        }

        package var json: JSONValue { .object(JSONObject([("uri", .string(uri)), ("name", .string(name))])) }
    }

    package struct InitializeParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var processID: Int?
        package var clientInfo: ClientInfo?
        package var rootURI: String?
        package var workspaceFolders: [WorkspaceFolder]?
        package var capabilities: ClientCapabilities
        package var initializationOptions: JSONValue?

        package init(
            processID: Int? = nil, clientInfo: ClientInfo? = nil, rootURI: String? = nil,
            workspaceFolders: [WorkspaceFolder]? = nil, capabilities: ClientCapabilities = ClientCapabilities(),
            initializationOptions: JSONValue? = nil
        ) {
            self.processID = processID
            self.clientInfo = clientInfo
            self.rootURI = rootURI
            self.workspaceFolders = workspaceFolders
            self.capabilities = capabilities
            self.initializationOptions = initializationOptions
        }

        /// `capabilities` is required by LSP but a missing one is read as "announces nothing".
        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            processID = try fields.optionalInt("processId")
            clientInfo = try fields.optional("clientInfo")
            rootURI = try fields.optionalString("rootUri")
            workspaceFolders = try fields.optionalArray("workspaceFolders")
            capabilities = try fields.optional("capabilities") ?? ClientCapabilities()
            initializationOptions = fields.value("initializationOptions")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("processId", processID.jsonOrNull),
                    ("clientInfo", clientInfo?.json),
                    ("rootUri", rootURI.jsonOrNull),
                    ("workspaceFolders", workspaceFolders?.json),
                    ("capabilities", capabilities.json),
                    ("initializationOptions", initializationOptions),
                ]))
        }
    }

    package enum TextDocumentSyncKind: Int, Sendable {
        case none = 0
        case full = 1
        case incremental = 2
    }

    package struct TextDocumentSyncOptions: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var openClose: Bool
        package var change: TextDocumentSyncKind
        /// `save: {includeText}` when set; nil sends no save notifications.
        package var saveIncludesText: Bool?

        package init(openClose: Bool, change: TextDocumentSyncKind, saveIncludesText: Bool?) {
            self.openClose = openClose
            self.change = change
            self.saveIncludesText = saveIncludesText
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            openClose = try fields.optionalBool("openClose") ?? false
            let changeValue = try fields.optionalInt("change") ?? 0
            guard let change = TextDocumentSyncKind(rawValue: changeValue) else {
                throw ResponseError.invalidParams("\(fields.path("change")): unknown sync kind \(changeValue)")
            }
            self.change = change
            if let save = fields.value("save") {
                if case .bool(let flag) = save {
                    saveIncludesText = flag ? false : nil
                } else {
                    saveIncludesText =
                        try JSONFields(save, path: fields.path("save")).optionalBool("includeText") ?? false
                }
            } else {
                saveIncludesText = nil
            }
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("openClose", .bool(openClose)),
                    ("change", change.rawValue.json),
                    ("save", saveIncludesText.map { .object(JSONObject([("includeText", .bool($0))])) }),
                ]))
        }
    }

    /// `diagnosticProvider` (pull diagnostics).
    package struct DiagnosticOptions: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var identifier: String?
        package var interFileDependencies: Bool
        package var workspaceDiagnostics: Bool

        package init(identifier: String?, interFileDependencies: Bool, workspaceDiagnostics: Bool) {
            self.identifier = identifier
            self.interFileDependencies = interFileDependencies
            self.workspaceDiagnostics = workspaceDiagnostics
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            identifier = try fields.optionalString("identifier")
            interFileDependencies = try fields.bool("interFileDependencies")
            workspaceDiagnostics = try fields.bool("workspaceDiagnostics")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("identifier", identifier.map(JSONValue.string)),
                    ("interFileDependencies", .bool(interFileDependencies)),
                    ("workspaceDiagnostics", .bool(workspaceDiagnostics)),
                ]))
        }
    }

    /// What the server offers. The core fields are typed; each feature's provider entry
    /// (`completionProvider`, `hoverProvider`...) goes in `providers`, in registration order.
    package struct ServerCapabilities: Equatable, Sendable, LSPDecodable, LSPEncodable {
        /// "utf-8" or "utf-16".
        package var positionEncoding: String
        package var textDocumentSync: TextDocumentSyncOptions
        /// Present only when diagnostics are pulled.
        package var diagnosticProvider: DiagnosticOptions?
        package var providers: JSONObject

        package init(
            positionEncoding: String, textDocumentSync: TextDocumentSyncOptions,
            diagnosticProvider: DiagnosticOptions? = nil, providers: JSONObject = JSONObject()
        ) {
            self.positionEncoding = positionEncoding
            self.textDocumentSync = textDocumentSync
            self.diagnosticProvider = diagnosticProvider
            self.providers = providers
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            positionEncoding = try fields.optionalString("positionEncoding") ?? "utf-16"
            textDocumentSync = try fields.decode("textDocumentSync")
            diagnosticProvider = try fields.optional("diagnosticProvider")
            let core: Set = ["positionEncoding", "textDocumentSync", "diagnosticProvider"]
            providers = JSONObject(fields.object.members.filter { !core.contains($0.key) })
        }

        package var json: JSONValue {
            var object = JSONObject(omittingNil: [
                ("positionEncoding", .string(positionEncoding)),
                ("textDocumentSync", textDocumentSync.json),
                ("diagnosticProvider", diagnosticProvider?.json),
            ])
            for member in providers.members { object[member.key] = member.value }
            return .object(object)
        }
    }

    package struct InitializeResult: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var capabilities: ServerCapabilities
        package var serverName: String
        package var serverVersion: String?

        package init(capabilities: ServerCapabilities, serverName: String, serverVersion: String?) {
            self.capabilities = capabilities
            self.serverName = serverName
            self.serverVersion = serverVersion
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            capabilities = try fields.decode("capabilities")
            let info = try fields.optionalFields("serverInfo")
            serverName = try info?.string("name") ?? ""
            serverVersion = try info?.optionalString("version")
        }

        package var json: JSONValue {
            .object(
                JSONObject([
                    ("capabilities", capabilities.json),
                    (
                        "serverInfo",
                        .object(
                            JSONObject(omittingNil: [
                                ("name", .string(serverName)), ("version", serverVersion.map(JSONValue.string)),
                            ]))
                    ),
                ]))
        }
    }
}
