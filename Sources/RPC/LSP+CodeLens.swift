// `textDocument/codeLens`.
import JSON

extension LSP {
    package struct CodeLens: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var range: Range
        package var command: Command?
        package var data: JSONValue?

        package init(range: Range, command: Command? = nil, data: JSONValue? = nil) {
            self.range = range
            self.command = command
            self.data = data
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            range = try fields.decode("range")
            command = try fields.optional("command")
            data = fields.value("data")
        }

        package var json: JSONValue {
            .object(JSONObject(omittingNil: [("range", range.json), ("command", command?.json), ("data", data)]))
        }
    }
}
