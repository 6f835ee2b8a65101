// The basic structures every request shares: positions, ranges, locations, documents, edits, markup and
// commands (LSP 3.17, "Basic JSON Structures").
import JSON

extension LSP {
    /// A 0-based line and a 0-based character offset in the negotiated position encoding.
    package struct Position: Hashable, Sendable, Comparable, LSPDecodable, LSPEncodable {
        package var line: Int
        package var character: Int

        package init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            line = try fields.int("line", minimum: 0)
            character = try fields.int("character", minimum: 0)
        }

        package var json: JSONValue {
            .object(JSONObject([("line", line.json), ("character", character.json)]))
        }

        package static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }
    }

    /// A range between two positions; `end` is exclusive.
    package struct Range: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var start: Position
        package var end: Position

        package init(start: Position, end: Position) {
            self.start = start
            self.end = end
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            start = try fields.decode("start")
            end = try fields.decode("end")
        }

        package var json: JSONValue {
            .object(JSONObject([("start", start.json), ("end", end.json)]))
        }
    }

    /// A range in a document.
    package struct Location: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var uri: String
        package var range: Range

        package init(uri: String, range: Range) {
            self.uri = uri
            self.range = range
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            uri = try fields.string("uri")
            range = try fields.decode("range")
        }

        package var json: JSONValue {
            .object(JSONObject([("uri", .string(uri)), ("range", range.json)]))
        }
    }

    package struct TextDocumentIdentifier: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var uri: String

        package init(uri: String) { self.uri = uri }

        package init(json: JSONValue, path: String) throws {
            uri = try JSONFields(json, path: path).string("uri")
        }

        package var json: JSONValue { .object(JSONObject([("uri", .string(uri))])) }
    }

    package struct VersionedTextDocumentIdentifier: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var uri: String
        package var version: Int

        package init(uri: String, version: Int) {
            self.uri = uri
            self.version = version
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            uri = try fields.string("uri")
            version = try fields.int("version")
        }

        package var json: JSONValue {
            .object(JSONObject([("uri", .string(uri)), ("version", version.json)]))
        }
    }

    /// A document as `didOpen` carries it.
    package struct TextDocumentItem: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var uri: String
        package var languageID: String
        package var version: Int
        package var text: String

        package init(uri: String, languageID: String, version: Int, text: String) {
            self.uri = uri
            self.languageID = languageID
            self.version = version
            self.text = text
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            uri = try fields.string("uri")
            languageID = try fields.string("languageId")
            version = try fields.int("version")
            text = try fields.string("text")
        }

        package var json: JSONValue {
            .object(
                JSONObject([
                    ("uri", .string(uri)), ("languageId", .string(languageID)), ("version", version.json),
                    ("text", .string(text)),
                ]))
        }
    }

    /// A document and a position in it (hover, definition, prepareRename...).
    package struct TextDocumentPositionParams: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var position: Position

        package init(textDocument: TextDocumentIdentifier, position: Position) {
            self.textDocument = textDocument
            self.position = position
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            position = try fields.decode("position")
        }

        package var json: JSONValue {
            .object(JSONObject([("textDocument", textDocument.json), ("position", position.json)]))
        }
    }

    /// Params that name only a document (documentSymbol, foldingRange, codeLens, diagnostic without ids...).
    package struct TextDocumentParams: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier

        package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }

        package init(json: JSONValue, path: String) throws {
            textDocument = try JSONFields(json, path: path).decode("textDocument")
        }

        package var json: JSONValue { .object(JSONObject([("textDocument", textDocument.json)])) }
    }

    /// Replace `range` with `newText`.
    package struct TextEdit: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var range: Range
        package var newText: String

        package init(range: Range, newText: String) {
            self.range = range
            self.newText = newText
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            range = try fields.decode("range")
            newText = try fields.string("newText")
        }

        package var json: JSONValue {
            .object(JSONObject([("range", range.json), ("newText", .string(newText))]))
        }
    }

    /// Edits to several documents, as `changes` (uri → edits), in a stable order.
    package struct WorkspaceEdit: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var changes: [(uri: String, edits: [TextEdit])]

        package init(changes: [(uri: String, edits: [TextEdit])]) { self.changes = changes }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            guard let changes = try fields.optionalFields("changes") else {
                self.changes = []
                return
            }
            self.changes = try changes.object.members.map { member in
                (member.key, try changes.array(member.key, of: TextEdit.self))
            }
        }

        package var json: JSONValue {
            .object(
                JSONObject([
                    ("changes", .object(JSONObject(changes.map { (key: $0.uri, value: $0.edits.json) })))
                ]))
        }

        package static func == (a: WorkspaceEdit, b: WorkspaceEdit) -> Bool {
            a.changes.count == b.changes.count
                && zip(a.changes, b.changes).allSatisfy { $0.uri == $1.uri && $0.edits == $1.edits }
        }
    }

    package enum MarkupKind: String, Sendable {
        case plaintext
        case markdown
    }

    /// Text for humans, plain or Markdown.
    package struct MarkupContent: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var kind: MarkupKind
        package var value: String

        package init(kind: MarkupKind, value: String) {
            self.kind = kind
            self.value = value
        }

        /// Also accepts a bare string (the older `string` form), read as plain text.
        package init(json: JSONValue, path: String) throws {
            if case .string(let text) = json {
                kind = .plaintext
                value = text
                return
            }
            let fields = try JSONFields(json, path: path)
            let kindName = try fields.string("kind")
            guard let kind = MarkupKind(rawValue: kindName) else {
                throw ResponseError.invalidParams("\(fields.path("kind")): unknown markup kind '\(kindName)'")
            }
            self.kind = kind
            value = try fields.string("value")
        }

        package var json: JSONValue {
            .object(JSONObject([("kind", .string(kind.rawValue)), ("value", .string(value))]))
        }
    }

    /// A command the client runs (or sends back with `workspace/executeCommand`).
    package struct Command: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var title: String
        package var command: String
        package var arguments: [JSONValue]?

        package init(title: String, command: String, arguments: [JSONValue]? = nil) {
            self.title = title
            self.command = command
            self.arguments = arguments
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            title = try fields.string("title")
            command = try fields.string("command")
            arguments = try fields.optionalArray("arguments", of: JSONValue.self)
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("title", .string(title)), ("command", .string(command)),
                    ("arguments", arguments.map { .array($0) }),
                ]))
        }
    }
}

/// A `$/progress` token: an integer or a string, like a request id.
package typealias ProgressToken = RequestID

extension RequestID: LSPDecodable, LSPEncodable {
    package init(json: JSONValue, path: String) throws {
        guard let id = RequestID(json: json) else {
            throw ResponseError.invalidParams("\(path): expected an integer or a string, not \(json.typeName)")
        }
        self = id
    }
}
