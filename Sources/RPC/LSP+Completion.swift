// `textDocument/completion` and `completionItem/resolve`: their params, items and lists.
import JSON

extension LSP {
    package enum CompletionTriggerKind: Int, Sendable {
        case invoked = 1
        case triggerCharacter = 2
        case triggerForIncompleteCompletions = 3
    }

    package struct CompletionParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var position: Position
        package var triggerKind: CompletionTriggerKind?
        package var triggerCharacter: String?

        package init(
            textDocument: TextDocumentIdentifier, position: Position,
            triggerKind: CompletionTriggerKind? = nil, triggerCharacter: String? = nil
        ) {
            self.textDocument = textDocument
            self.position = position
            self.triggerKind = triggerKind
            self.triggerCharacter = triggerCharacter
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            position = try fields.decode("position")
            if let context = try fields.optionalFields("context") {
                let kind = try context.int("triggerKind")
                guard let triggerKind = CompletionTriggerKind(rawValue: kind) else {
                    throw ResponseError.invalidParams("\(context.path("triggerKind")): unknown trigger kind \(kind)")
                }
                self.triggerKind = triggerKind
                triggerCharacter = try context.optionalString("triggerCharacter")
            } else {
                triggerKind = nil
                triggerCharacter = nil
            }
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("textDocument", textDocument.json),
                    ("position", position.json),
                    (
                        "context",
                        triggerKind.map { kind in
                            .object(
                                JSONObject(omittingNil: [
                                    ("triggerKind", kind.rawValue.json),
                                    ("triggerCharacter", triggerCharacter.map(JSONValue.string)),
                                ]))
                        }
                    ),
                ]))
        }
    }

    package enum CompletionItemKind: Int, Sendable, CaseIterable {
        case text = 1
        case method, function, constructor, field, variable, `class`, interface, module, property, unit, value,
            `enum`, keyword, snippet, color, file, reference, folder, enumMember, constant, `struct`, event, `operator`,
            typeParameter
    }

    package enum InsertTextFormat: Int, Sendable {
        case plainText = 1
        /// `$1`, `${1:placeholder}`, `$0` tab stops (only when the client has `snippetSupport`).
        case snippet = 2
    }

    package struct CompletionItem: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var label: String
        package var kind: CompletionItemKind?
        package var detail: String?
        package var documentation: MarkupContent?
        package var preselect: Bool?
        package var sortText: String?
        package var filterText: String?
        package var insertText: String?
        package var insertTextFormat: InsertTextFormat?
        /// Replaces a range of the document (takes precedence over `insertText`).
        package var textEdit: TextEdit?
        /// The text that replaces the list's default `editRange` (LSP 3.17), for an item without `textEdit`;
        /// clients use `label` when it is absent.
        package var textEditText: String?
        package var additionalTextEdits: [TextEdit]?
        package var commitCharacters: [String]?
        package var command: Command?
        package var data: JSONValue?

        package init(
            label: String, kind: CompletionItemKind? = nil, detail: String? = nil, documentation: MarkupContent? = nil,
            preselect: Bool? = nil, sortText: String? = nil, filterText: String? = nil, insertText: String? = nil,
            insertTextFormat: InsertTextFormat? = nil, textEdit: TextEdit? = nil, textEditText: String? = nil,
            additionalTextEdits: [TextEdit]? = nil,
            commitCharacters: [String]? = nil, command: Command? = nil, data: JSONValue? = nil
        ) {
            self.label = label
            self.kind = kind
            self.detail = detail
            self.documentation = documentation
            self.preselect = preselect
            self.sortText = sortText
            self.filterText = filterText
            self.insertText = insertText
            self.insertTextFormat = insertTextFormat
            self.textEdit = textEdit
            self.textEditText = textEditText
            self.additionalTextEdits = additionalTextEdits
            self.commitCharacters = commitCharacters
            self.command = command
            self.data = data
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            label = try fields.string("label")
            kind = try fields.optionalInt("kind").flatMap(CompletionItemKind.init(rawValue:))
            detail = try fields.optionalString("detail")
            documentation = try fields.optional("documentation")
            preselect = try fields.optionalBool("preselect")
            sortText = try fields.optionalString("sortText")
            filterText = try fields.optionalString("filterText")
            insertText = try fields.optionalString("insertText")
            insertTextFormat = try fields.optionalInt("insertTextFormat").flatMap(InsertTextFormat.init(rawValue:))
            textEdit = try fields.optional("textEdit")
            textEditText = try fields.optionalString("textEditText")
            additionalTextEdits = try fields.optionalArray("additionalTextEdits")
            commitCharacters = try fields.optionalStrings("commitCharacters")
            command = try fields.optional("command")
            data = fields.value("data")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("label", .string(label)),
                    ("kind", kind?.rawValue.json),
                    ("detail", detail.map(JSONValue.string)),
                    ("documentation", documentation?.json),
                    ("preselect", preselect?.json),
                    ("sortText", sortText.map(JSONValue.string)),
                    ("filterText", filterText.map(JSONValue.string)),
                    ("insertText", insertText.map(JSONValue.string)),
                    ("insertTextFormat", insertTextFormat?.rawValue.json),
                    ("textEdit", textEdit?.json),
                    ("textEditText", textEditText.map(JSONValue.string)),
                    ("additionalTextEdits", additionalTextEdits?.json),
                    ("commitCharacters", commitCharacters?.json),
                    ("command", command?.json),
                    ("data", data),
                ]))
        }
    }

    package struct CompletionList: Equatable, Sendable, LSPDecodable, LSPEncodable {
        /// More typing should ask again (the list was cut short).
        package var isIncomplete: Bool
        /// What items leave out (LSP 3.17's `itemDefaults`; only for clients that list it in
        /// `completionList.itemDefaults`): the range an item without `textEdit` replaces.
        package var defaultEditRange: Range?
        package var items: [CompletionItem]

        package init(isIncomplete: Bool, defaultEditRange: Range? = nil, items: [CompletionItem]) {
            self.isIncomplete = isIncomplete
            self.defaultEditRange = defaultEditRange
            self.items = items
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            isIncomplete = try fields.bool("isIncomplete")
            defaultEditRange = try fields.optionalFields("itemDefaults").flatMap { try $0.optional("editRange") }
            items = try fields.array("items")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("isIncomplete", .bool(isIncomplete)),
                    ("itemDefaults", defaultEditRange.map { .object(JSONObject([("editRange", $0.json)])) }),
                    ("items", items.json),
                ]))
        }
    }
}
