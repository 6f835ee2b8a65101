// `textDocument/documentSymbol`.
import JSON

extension LSP {
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
