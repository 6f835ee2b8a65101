// `textDocument/foldingRange`.
import JSON

extension LSP {
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
}
