// What the editor draws from the server: hover, folding ranges, selection ranges, inlay hints, code lenses.
import JSON

extension LSP {
    package struct Hover: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var contents: MarkupContent
        package var range: Range?

        package init(contents: MarkupContent, range: Range? = nil) {
            self.contents = contents
            self.range = range
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            contents = try fields.decode("contents")
            range = try fields.optional("range")
        }

        package var json: JSONValue {
            .object(JSONObject(omittingNil: [("contents", contents.json), ("range", range?.json)]))
        }
    }

    package enum FoldingRangeKind: String, Sendable {
        case comment
        case imports
        case region
    }

    package struct FoldingRange: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var startLine: Int
        package var startCharacter: Int?
        package var endLine: Int
        package var endCharacter: Int?
        package var kind: FoldingRangeKind?
        package var collapsedText: String?

        package init(
            startLine: Int, startCharacter: Int? = nil, endLine: Int, endCharacter: Int? = nil,
            kind: FoldingRangeKind? = nil, collapsedText: String? = nil
        ) {
            self.startLine = startLine
            self.startCharacter = startCharacter
            self.endLine = endLine
            self.endCharacter = endCharacter
            self.kind = kind
            self.collapsedText = collapsedText
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            startLine = try fields.int("startLine", minimum: 0)
            startCharacter = try fields.optionalInt("startCharacter", minimum: 0)
            endLine = try fields.int("endLine", minimum: 0)
            endCharacter = try fields.optionalInt("endCharacter", minimum: 0)
            kind = try fields.optionalString("kind").flatMap(FoldingRangeKind.init(rawValue:))
            collapsedText = try fields.optionalString("collapsedText")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("startLine", startLine.json),
                    ("startCharacter", startCharacter?.json),
                    ("endLine", endLine.json),
                    ("endCharacter", endCharacter?.json),
                    ("kind", kind.map { .string($0.rawValue) }),
                    ("collapsedText", collapsedText.map(JSONValue.string)),
                ]))
        }
    }

    package struct SelectionRangeParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var positions: [Position]

        package init(textDocument: TextDocumentIdentifier, positions: [Position]) {
            self.textDocument = textDocument
            self.positions = positions
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            positions = try fields.array("positions")
        }

        package var json: JSONValue {
            .object(JSONObject([("textDocument", textDocument.json), ("positions", positions.json)]))
        }
    }

    /// A range and the ranges that enclose it, innermost first.
    package struct SelectionRange: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var range: Range
        /// The enclosing ranges from the nearest outward (the `parent` chain, flattened).
        package var parents: [Range]

        package init(range: Range, parents: [Range] = []) {
            self.range = range
            self.parents = parents
        }

        package init(json: JSONValue, path: String) throws {
            var fields = try JSONFields(json, path: path)
            range = try fields.decode("range")
            parents = []
            while let parent = try fields.optionalFields("parent") {
                parents.append(try parent.decode("range"))
                fields = parent
            }
        }

        /// Built from the outermost parent inward, without recursion.
        package var json: JSONValue {
            var node: JSONValue? = nil
            for range in ([range] + parents).reversed() {
                node = .object(JSONObject(omittingNil: [("range", range.json), ("parent", node)]))
            }
            return node!
        }
    }

    package struct InlayHintParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var range: Range

        package init(textDocument: TextDocumentIdentifier, range: Range) {
            self.textDocument = textDocument
            self.range = range
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            range = try fields.decode("range")
        }

        package var json: JSONValue {
            .object(JSONObject([("textDocument", textDocument.json), ("range", range.json)]))
        }
    }

    package enum InlayHintKind: Int, Sendable {
        case type = 1
        case parameter = 2
    }

    package struct InlayHint: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var position: Position
        package var label: String
        package var kind: InlayHintKind?
        package var tooltip: MarkupContent?
        package var paddingLeft: Bool?
        package var paddingRight: Bool?

        package init(
            position: Position, label: String, kind: InlayHintKind? = nil, tooltip: MarkupContent? = nil,
            paddingLeft: Bool? = nil, paddingRight: Bool? = nil
        ) {
            self.position = position
            self.label = label
            self.kind = kind
            self.tooltip = tooltip
            self.paddingLeft = paddingLeft
            self.paddingRight = paddingRight
        }

        /// A label given as parts is read as their joined text.
        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            position = try fields.decode("position")
            if case .array(let parts)? = fields.value("label") {
                label = try parts.enumerated().map {
                    try JSONFields($0.element, path: "\(fields.path("label"))[\($0.offset)]").string("value")
                }.joined()
            } else {
                label = try fields.string("label")
            }
            kind = try fields.optionalInt("kind").flatMap(InlayHintKind.init(rawValue:))
            tooltip = try fields.optional("tooltip")
            paddingLeft = try fields.optionalBool("paddingLeft")
            paddingRight = try fields.optionalBool("paddingRight")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("position", position.json),
                    ("label", .string(label)),
                    ("kind", kind?.rawValue.json),
                    ("tooltip", tooltip?.json),
                    ("paddingLeft", paddingLeft?.json),
                    ("paddingRight", paddingRight?.json),
                ]))
        }
    }

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
