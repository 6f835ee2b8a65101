// `$/progress` and work-done progress.
import JSON

extension LSP {
    /// The value of a work-done `$/progress` notification.
    package enum WorkDoneProgress: Equatable, Sendable, LSPDecodable, LSPEncodable {
        case begin(title: String, cancellable: Bool?, message: String?, percentage: Int?)
        case report(cancellable: Bool?, message: String?, percentage: Int?)
        case end(message: String?)

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            switch try fields.string("kind") {
            case "begin":
                self = .begin(
                    title: try fields.string("title"), cancellable: try fields.optionalBool("cancellable"),
                    message: try fields.optionalString("message"),
                    percentage: try fields.optionalInt("percentage", minimum: 0))
            case "report":
                self = .report(
                    cancellable: try fields.optionalBool("cancellable"), message: try fields.optionalString("message"),
                    percentage: try fields.optionalInt("percentage", minimum: 0))
            case "end":
                self = .end(message: try fields.optionalString("message"))
            case let other:
                throw ResponseError.invalidParams("\(fields.path("kind")): unknown progress kind '\(other)'")
            }
        }

        package var json: JSONValue {
            switch self {
            case .begin(let title, let cancellable, let message, let percentage):
                .object(
                    JSONObject(omittingNil: [
                        ("kind", .string("begin")), ("title", .string(title)), ("cancellable", cancellable?.json),
                        ("message", message.map(JSONValue.string)), ("percentage", percentage?.json),
                    ]))
            case .report(let cancellable, let message, let percentage):
                .object(
                    JSONObject(omittingNil: [
                        ("kind", .string("report")), ("cancellable", cancellable?.json),
                        ("message", message.map(JSONValue.string)), ("percentage", percentage?.json),
                    ]))
            case .end(let message):
                .object(
                    JSONObject(omittingNil: [("kind", .string("end")), ("message", message.map(JSONValue.string))]))
            }
        }
    }

    /// `$/progress` params.
    package struct ProgressParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var token: ProgressToken
        package var value: JSONValue

        package init(token: ProgressToken, value: JSONValue) {
            self.token = token
            self.value = value
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            token = try fields.decode("token")
            guard let value = fields.object["value"] else {
                throw ResponseError.invalidParams("\(fields.path("value")) is missing")
            }
            self.value = value
        }

        package var json: JSONValue { .object(JSONObject([("token", token.json), ("value", value)])) }
    }
}
