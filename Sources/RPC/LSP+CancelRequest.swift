// `$/cancelRequest`.
import JSON

extension LSP {
    /// `$/cancelRequest` params.
    package struct CancelParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var id: RequestID

        package init(id: RequestID) { self.id = id }

        package init(json: JSONValue, path: String) throws {
            id = try JSONFields(json, path: path).decode("id")
        }

        package var json: JSONValue { .object(JSONObject([("id", id.json)])) }
    }
}
