// `textDocument/inlayHint`.
import JSON

extension LSP {
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
}
