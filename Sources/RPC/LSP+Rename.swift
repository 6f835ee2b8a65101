// `textDocument/prepareRename` and `textDocument/rename`.
import JSON

extension LSP {
    package struct RenameParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var position: Position
        package var newName: String

        package init(textDocument: TextDocumentIdentifier, position: Position, newName: String) {
            self.textDocument = textDocument
            self.position = position
            self.newName = newName
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            position = try fields.decode("position")
            newName = try fields.string("newName")
        }

        package var json: JSONValue {
            .object(
                JSONObject([
                    ("textDocument", textDocument.json), ("position", position.json), ("newName", .string(newName)),
                ]))
        }
    }

    /// The answer to `textDocument/prepareRename`: the range to rename and the text to start from.
    package struct PrepareRenameResult: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var range: Range
        package var placeholder: String

        package init(range: Range, placeholder: String) {
            self.range = range
            self.placeholder = placeholder
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            range = try fields.decode("range")
            placeholder = try fields.string("placeholder")
        }

        package var json: JSONValue {
            .object(JSONObject([("range", range.json), ("placeholder", .string(placeholder))]))
        }
    }
}
