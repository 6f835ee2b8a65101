// `workspace/configuration` and `workspace/didChangeConfiguration`.
import JSON

extension LSP {
    package struct ConfigurationItem: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var scopeURI: String?
        package var section: String?

        package init(scopeURI: String? = nil, section: String?) {
            self.scopeURI = scopeURI
            self.section = section
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            scopeURI = try fields.optionalString("scopeUri")
            section = try fields.optionalString("section")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("scopeUri", scopeURI.map(JSONValue.string)), ("section", section.map(JSONValue.string)),
                ]))
        }
    }

    /// `workspace/configuration` params (server → client); the answer is an array, one value per item.
    package struct ConfigurationParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var items: [ConfigurationItem]

        package init(items: [ConfigurationItem]) { self.items = items }

        package init(json: JSONValue, path: String) throws {
            items = try JSONFields(json, path: path).array("items")
        }

        package var json: JSONValue { .object(JSONObject([("items", items.json)])) }
    }

    package struct DidChangeConfigurationParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        /// Any value; null when the client only says "something changed" (pull model).
        package var settings: JSONValue

        package init(settings: JSONValue) { self.settings = settings }

        package init(json: JSONValue, path: String) throws {
            settings = try JSONFields(json, path: path).object["settings"] ?? .null
        }

        package var json: JSONValue { .object(JSONObject([("settings", settings)])) }
    }
}
