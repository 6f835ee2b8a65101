// `textDocument/codeAction`.
import JSON

extension LSP {
    /// A code action kind (`quickfix`, `refactor`, `source`...): hierarchical, dot-separated.
    package struct CodeActionKind: RawRepresentable, Hashable, Sendable {
        package var rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        package static let quickFix = CodeActionKind(rawValue: "quickfix")
        package static let refactor = CodeActionKind(rawValue: "refactor")
        package static let source = CodeActionKind(rawValue: "source")
        package static let sourceFixAll = CodeActionKind(rawValue: "source.fixAll")

        /// Whether a request's `only` filter entry admits this kind (`refactor` admits `refactor.extract`).
        package func isIncluded(in filter: CodeActionKind) -> Bool {
            rawValue == filter.rawValue || rawValue.hasPrefix(filter.rawValue + ".")
        }
    }

    package struct CodeActionParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var range: Range
        /// The diagnostics the client shows at `range` (as it received them, `data` included).
        package var diagnostics: [Diagnostic]
        /// Only actions of these kinds are wanted (nil: any).
        package var only: [CodeActionKind]?

        package init(
            textDocument: TextDocumentIdentifier, range: Range, diagnostics: [Diagnostic], only: [CodeActionKind]? = nil
        ) {
            self.textDocument = textDocument
            self.range = range
            self.diagnostics = diagnostics
            self.only = only
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            range = try fields.decode("range")
            let context = try fields.fields("context")
            diagnostics = try context.array("diagnostics")
            only = try context.optionalStrings("only")?.map(CodeActionKind.init(rawValue:))
        }

        package var json: JSONValue {
            .object(
                JSONObject([
                    ("textDocument", textDocument.json),
                    ("range", range.json),
                    (
                        "context",
                        .object(
                            JSONObject(omittingNil: [
                                ("diagnostics", diagnostics.json),
                                ("only", only.map { .array($0.map { .string($0.rawValue) }) }),
                            ]))
                    ),
                ]))
        }
    }

    package struct CodeAction: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var title: String
        package var kind: CodeActionKind?
        /// The diagnostics this action resolves.
        package var diagnostics: [Diagnostic]?
        package var isPreferred: Bool?
        package var edit: WorkspaceEdit?
        package var command: Command?
        package var data: JSONValue?

        package init(
            title: String, kind: CodeActionKind? = nil, diagnostics: [Diagnostic]? = nil, isPreferred: Bool? = nil,
            edit: WorkspaceEdit? = nil, command: Command? = nil, data: JSONValue? = nil
        ) {
            self.title = title
            self.kind = kind
            self.diagnostics = diagnostics
            self.isPreferred = isPreferred
            self.edit = edit
            self.command = command
            self.data = data
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            title = try fields.string("title")
            kind = try fields.optionalString("kind").map(CodeActionKind.init(rawValue:))
            diagnostics = try fields.optionalArray("diagnostics")
            isPreferred = try fields.optionalBool("isPreferred")
            edit = try fields.optional("edit")
            command = try fields.optional("command")
            data = fields.value("data")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("title", .string(title)),
                    ("kind", kind.map { .string($0.rawValue) }),
                    ("diagnostics", diagnostics?.json),
                    ("isPreferred", isPreferred?.json),
                    ("edit", edit?.json),
                    ("command", command?.json),
                    ("data", data),
                ]))
        }
    }
}
