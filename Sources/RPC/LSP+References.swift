// `textDocument/references`.
import JSON

extension LSP {
    package struct ReferenceParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var position: Position
        package var includeDeclaration: Bool

        package init(textDocument: TextDocumentIdentifier, position: Position, includeDeclaration: Bool) {
            self.textDocument = textDocument
            self.position = position
            self.includeDeclaration = includeDeclaration
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            position = try fields.decode("position")
            includeDeclaration = try fields.optionalFields("context")?.optionalBool("includeDeclaration") ?? false
        }

        package var json: JSONValue {
            .object(
                JSONObject([
                    ("textDocument", textDocument.json), ("position", position.json),
                    ("context", .object(JSONObject([("includeDeclaration", .bool(includeDeclaration))]))),
                ]))
        }
    }
}
