// `workspace/executeCommand`.
import JSON

extension LSP {
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
}
