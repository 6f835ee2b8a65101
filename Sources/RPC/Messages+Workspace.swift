// Workspace and window messages: configuration, watched files, registration, commands, cancellation,
// logging and progress.
import JSON

extension LSP {
    package struct ConfigurationItem: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var scopeURI: String?
        package var section: String?

        package init(scopeURI: String? = nil, section: String?) {
            self.scopeURI = scopeURI
            self.section = section
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            scopeURI = try fields.optionalString("scopeUri")
            section = try fields.optionalString("section")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("scopeUri", scopeURI.map(JSONValue.string)), ("section", section.map(JSONValue.string)),
                ]))
        }
    }

    /// `workspace/configuration` params (server → client); the answer is an array, one value per item.
    package struct ConfigurationParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var items: [ConfigurationItem]

        package init(items: [ConfigurationItem]) { self.items = items }

        package init(json: JSONValue, path: String) throws {
            items = try JSONFields(json, path: path).array("items")
        }

        package var json: JSONValue { .object(JSONObject([("items", items.json)])) }
    }

    package struct DidChangeConfigurationParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        /// Any value; null when the client only says "something changed" (pull model).
        package var settings: JSONValue

        package init(settings: JSONValue) { self.settings = settings }

        package init(json: JSONValue, path: String) throws {
            settings = try JSONFields(json, path: path).object["settings"] ?? .null
        }

        package var json: JSONValue { .object(JSONObject([("settings", settings)])) }
    }

    package enum FileChangeType: Int, Sendable {
        case created = 1
        case changed = 2
        case deleted = 3
    }

    package struct FileEvent: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var uri: String
        package var type: FileChangeType

        package init(uri: String, type: FileChangeType) {
            self.uri = uri
            self.type = type
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            uri = try fields.string("uri")
            let typeValue = try fields.int("type")
            guard let type = FileChangeType(rawValue: typeValue) else {
                throw ResponseError.invalidParams("\(fields.path("type")): unknown file change type \(typeValue)")
            }
            self.type = type
        }

        package var json: JSONValue { .object(JSONObject([("uri", .string(uri)), ("type", type.rawValue.json)])) }
    }

    package struct DidChangeWatchedFilesParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var changes: [FileEvent]

        package init(changes: [FileEvent]) { self.changes = changes }

        package init(json: JSONValue, path: String) throws {
            changes = try JSONFields(json, path: path).array("changes")
        }

        package var json: JSONValue { .object(JSONObject([("changes", changes.json)])) }
    }

    package struct Registration: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var id: String
        package var method: String
        package var registerOptions: JSONValue?

        package init(id: String, method: String, registerOptions: JSONValue? = nil) {
            self.id = id
            self.method = method
            self.registerOptions = registerOptions
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            id = try fields.string("id")
            method = try fields.string("method")
            registerOptions = fields.value("registerOptions")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("id", .string(id)), ("method", .string(method)), ("registerOptions", registerOptions),
                ]))
        }
    }

    /// `client/registerCapability` params.
    package struct RegistrationParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var registrations: [Registration]

        package init(registrations: [Registration]) { self.registrations = registrations }

        package init(json: JSONValue, path: String) throws {
            registrations = try JSONFields(json, path: path).array("registrations")
        }

        package var json: JSONValue { .object(JSONObject([("registrations", registrations.json)])) }
    }

    package struct ExecuteCommandParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var command: String
        package var arguments: [JSONValue]
        package var workDoneToken: ProgressToken?

        package init(command: String, arguments: [JSONValue] = [], workDoneToken: ProgressToken? = nil) {
            self.command = command
            self.arguments = arguments
            self.workDoneToken = workDoneToken
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            command = try fields.string("command")
            arguments = try fields.optionalArray("arguments", of: JSONValue.self) ?? []
            workDoneToken = try fields.optional("workDoneToken")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("command", .string(command)), ("arguments", .array(arguments)),
                    ("workDoneToken", workDoneToken?.json),
                ]))
        }
    }

    /// `$/cancelRequest` params.
    package struct CancelParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var id: RequestID

        package init(id: RequestID) { self.id = id }

        package init(json: JSONValue, path: String) throws {
            id = try JSONFields(json, path: path).decode("id")
        }

        package var json: JSONValue { .object(JSONObject([("id", id.json)])) }
    }

    package enum MessageType: Int, Sendable {
        case error = 1
        case warning = 2
        case info = 3
        case log = 4
        case debug = 5
    }

    /// `window/logMessage` and `window/showMessage` params.
    package struct MessageParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var type: MessageType
        package var message: String

        package init(type: MessageType, message: String) {
            self.type = type
            self.message = message
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            let typeValue = try fields.int("type")
            guard let type = MessageType(rawValue: typeValue) else {
                throw ResponseError.invalidParams("\(fields.path("type")): unknown message type \(typeValue)")
            }
            self.type = type
            message = try fields.string("message")
        }

        package var json: JSONValue {
            .object(JSONObject([("type", type.rawValue.json), ("message", .string(message))]))
        }
    }

    /// The value of a work-done `$/progress` notification.
    package enum WorkDoneProgress: Equatable, Sendable, LSPDecodable, LSPEncodable {
        case begin(title: String, cancellable: Bool?, message: String?, percentage: Int?)
        case report(cancellable: Bool?, message: String?, percentage: Int?)
        case end(message: String?)

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            switch try fields.string("kind") {
            case "begin":
                self = .begin(
                    title: try fields.string("title"), cancellable: try fields.optionalBool("cancellable"),
                    message: try fields.optionalString("message"),
                    percentage: try fields.optionalInt("percentage", minimum: 0))
            case "report":
                self = .report(
                    cancellable: try fields.optionalBool("cancellable"), message: try fields.optionalString("message"),
                    percentage: try fields.optionalInt("percentage", minimum: 0))
            case "end":
                self = .end(message: try fields.optionalString("message"))
            case let other:
                throw ResponseError.invalidParams("\(fields.path("kind")): unknown progress kind '\(other)'")
            }
        }

        package var json: JSONValue {
            switch self {
            case .begin(let title, let cancellable, let message, let percentage):
                .object(
                    JSONObject(omittingNil: [
                        ("kind", .string("begin")), ("title", .string(title)), ("cancellable", cancellable?.json),
                        ("message", message.map(JSONValue.string)), ("percentage", percentage?.json),
                    ]))
            case .report(let cancellable, let message, let percentage):
                .object(
                    JSONObject(omittingNil: [
                        ("kind", .string("report")), ("cancellable", cancellable?.json),
                        ("message", message.map(JSONValue.string)), ("percentage", percentage?.json),
                    ]))
            case .end(let message):
                .object(
                    JSONObject(omittingNil: [("kind", .string("end")), ("message", message.map(JSONValue.string))]))
            }
        }
    }

    /// `$/progress` params.
    package struct ProgressParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var token: ProgressToken
        package var value: JSONValue

        package init(token: ProgressToken, value: JSONValue) {
            self.token = token
            self.value = value
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            token = try fields.decode("token")
            guard let value = fields.object["value"] else {
                throw ResponseError.invalidParams("\(fields.path("value")) is missing")
            }
            self.value = value
        }

        package var json: JSONValue { .object(JSONObject([("token", token.json), ("value", value)])) }
    }
}
