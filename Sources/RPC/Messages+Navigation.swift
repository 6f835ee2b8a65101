// Navigation and structure: definition, references, rename, document symbols.
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

    package enum SymbolKind: Int, Sendable, CaseIterable {
        case file = 1
        case module, namespace, package, `class`, method, property, field, constructor, `enum`, interface,
            function, variable, constant, string, number, boolean, array, object, key, null, enumMember, `struct`,
            event, `operator`, typeParameter
    }

    /// A hierarchical symbol (`textDocument/documentSymbol`).
    package struct DocumentSymbol: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var name: String
        package var detail: String?
        package var kind: SymbolKind
        /// The whole construct (an item's object).
        package var range: Range
        /// What is selected when the symbol is chosen (the item's id); inside `range`.
        package var selectionRange: Range
        package var children: [DocumentSymbol]?

        package init(
            name: String, detail: String? = nil, kind: SymbolKind, range: Range, selectionRange: Range,
            children: [DocumentSymbol]? = nil
        ) {
            self.name = name
            self.detail = detail
            self.kind = kind
            self.range = range
            self.selectionRange = selectionRange
            self.children = children
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            name = try fields.string("name")
            detail = try fields.optionalString("detail")
            let kindValue = try fields.int("kind")
            guard let kind = SymbolKind(rawValue: kindValue) else {
                throw ResponseError.invalidParams("\(fields.path("kind")): unknown symbol kind \(kindValue)")
            }
            self.kind = kind
            range = try fields.decode("range")
            selectionRange = try fields.decode("selectionRange")
            children = try fields.optionalArray("children")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("name", .string(name)),
                    ("detail", detail.map(JSONValue.string)),
                    ("kind", kind.rawValue.json),
                    ("range", range.json),
                    ("selectionRange", selectionRange.json),
                    ("children", children?.json),
                ]))
        }
    }
}
