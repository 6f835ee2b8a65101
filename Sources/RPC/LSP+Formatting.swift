// `textDocument/formatting`.
import JSON

extension LSP {
    package struct FormattingOptions: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var tabSize: Int
        package var insertSpaces: Bool
        package var trimTrailingWhitespace: Bool?
        package var insertFinalNewline: Bool?
        package var trimFinalNewlines: Bool?

        package init(
            tabSize: Int, insertSpaces: Bool, trimTrailingWhitespace: Bool? = nil, insertFinalNewline: Bool? = nil,
            trimFinalNewlines: Bool? = nil
        ) {
            self.tabSize = tabSize
            self.insertSpaces = insertSpaces
            self.trimTrailingWhitespace = trimTrailingWhitespace
            self.insertFinalNewline = insertFinalNewline
            self.trimFinalNewlines = trimFinalNewlines
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            tabSize = try fields.int("tabSize", minimum: 0)
            insertSpaces = try fields.bool("insertSpaces")
            trimTrailingWhitespace = try fields.optionalBool("trimTrailingWhitespace")
            insertFinalNewline = try fields.optionalBool("insertFinalNewline")
            trimFinalNewlines = try fields.optionalBool("trimFinalNewlines")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("tabSize", tabSize.json),
                    ("insertSpaces", .bool(insertSpaces)),
                    ("trimTrailingWhitespace", trimTrailingWhitespace?.json),
                    ("insertFinalNewline", insertFinalNewline?.json),
                    ("trimFinalNewlines", trimFinalNewlines?.json),
                ]))
        }
    }

    package struct DocumentFormattingParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var options: FormattingOptions

        package init(textDocument: TextDocumentIdentifier, options: FormattingOptions) {
            self.textDocument = textDocument
            self.options = options
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            options = try fields.decode("options")
        }

        package var json: JSONValue {
            .object(JSONObject([("textDocument", textDocument.json), ("options", options.json)]))
        }
    }
}
