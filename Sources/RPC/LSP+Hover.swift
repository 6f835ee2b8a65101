// `textDocument/hover`.
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
}
