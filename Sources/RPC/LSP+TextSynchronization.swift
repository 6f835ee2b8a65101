// `textDocument/didOpen`, `didChange`, `didClose` and `didSave`.
import JSON

extension LSP {
    package struct DidOpenTextDocumentParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentItem

        package init(textDocument: TextDocumentItem) { self.textDocument = textDocument }

        package init(json: JSONValue, path: String) throws {
            textDocument = try JSONFields(json, path: path).decode("textDocument")
        }

        package var json: JSONValue { .object(JSONObject([("textDocument", textDocument.json)])) }
    }

    /// One change of `didChange`: the whole text (no range) or a replacement of `range`.
    package struct TextDocumentContentChangeEvent: Equatable, Sendable, LSPDecodable, LSPEncodable {
        /// nil replaces the whole document.
        package var range: Range?
        /// The deprecated `rangeLength`, kept for round trips; the server goes by `range`.
        package var rangeLength: Int?
        package var text: String

        package init(range: Range? = nil, rangeLength: Int? = nil, text: String) {
            self.range = range
            self.rangeLength = rangeLength
            self.text = text
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            range = try fields.optional("range")
            rangeLength = try fields.optionalInt("rangeLength", minimum: 0)
            text = try fields.string("text")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("range", range?.json), ("rangeLength", rangeLength?.json), ("text", .string(text)),
                ]))
        }
    }

    package struct DidChangeTextDocumentParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: VersionedTextDocumentIdentifier
        /// Applied in order, each to the text the previous one produced.
        package var contentChanges: [TextDocumentContentChangeEvent]

        package init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
            self.textDocument = textDocument
            self.contentChanges = contentChanges
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            contentChanges = try fields.array("contentChanges")
        }

        package var json: JSONValue {
            .object(JSONObject([("textDocument", textDocument.json), ("contentChanges", contentChanges.json)]))
        }
    }

    package struct DidCloseTextDocumentParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier

        package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }

        package init(json: JSONValue, path: String) throws {
            textDocument = try JSONFields(json, path: path).decode("textDocument")
        }

        package var json: JSONValue { .object(JSONObject([("textDocument", textDocument.json)])) }
    }

    package struct DidSaveTextDocumentParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var text: String?

        package init(textDocument: TextDocumentIdentifier, text: String? = nil) {
            self.textDocument = textDocument
            self.text = text
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            text = try fields.optionalString("text")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [("textDocument", textDocument.json), ("text", text.map(JSONValue.string))]))
        }
    }
}
