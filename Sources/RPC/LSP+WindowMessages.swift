// `window/showMessage` and `window/logMessage`.
import JSON

extension LSP {
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
}
