// `client/registerCapability`.
import JSON

extension LSP {
    package struct Registration: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var id: String
        package var method: String
        package var registerOptions: JSONValue?

        package init(id: String, method: String, registerOptions: JSONValue? = nil) {
            self.id = id
            self.method = method
            self.registerOptions = registerOptions
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            id = try fields.string("id")
            method = try fields.string("method")
            registerOptions = fields.value("registerOptions")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("id", .string(id)), ("method", .string(method)), ("registerOptions", registerOptions),
                ]))
        }
    }

    /// `client/registerCapability` params.
    package struct RegistrationParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var registrations: [Registration]

        package init(registrations: [Registration]) { self.registrations = registrations }

        package init(json: JSONValue, path: String) throws {
            registrations = try JSONFields(json, path: path).array("registrations")
        }

        package var json: JSONValue { .object(JSONObject([("registrations", registrations.json)])) }
    }
}
