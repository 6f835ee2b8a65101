// `textDocument/diagnostic` (the client pulls a document's diagnostics).
import JSON

extension LSP {
    /// `textDocument/diagnostic` params.
    package struct DocumentDiagnosticParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var identifier: String?
        package var previousResultID: String?

        package init(textDocument: TextDocumentIdentifier, identifier: String? = nil, previousResultID: String? = nil) {
            self.textDocument = textDocument
            self.identifier = identifier
            self.previousResultID = previousResultID
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            identifier = try fields.optionalString("identifier")
            previousResultID = try fields.optionalString("previousResultId")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("textDocument", textDocument.json),
                    ("identifier", identifier.map(JSONValue.string)),
                    ("previousResultId", previousResultID.map(JSONValue.string)),
                ]))
        }
    }

    /// The answer to `textDocument/diagnostic`.
    package enum DocumentDiagnosticReport: Equatable, Sendable, LSPDecodable, LSPEncodable {
        case full(resultID: String?, items: [Diagnostic])
        /// The previous report (`resultID`) still holds.
        case unchanged(resultID: String)

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            switch try fields.string("kind") {
            case "full": self = .full(resultID: try fields.optionalString("resultId"), items: try fields.array("items"))
            case "unchanged": self = .unchanged(resultID: try fields.string("resultId"))
            case let other: throw ResponseError.invalidParams("\(fields.path("kind")): unknown report kind '\(other)'")
            }
        }

        package var json: JSONValue {
            switch self {
            case .full(let resultID, let items):
                .object(
                    JSONObject(omittingNil: [
                        ("kind", .string("full")), ("resultId", resultID.map(JSONValue.string)), ("items", items.json),
                    ]))
            case .unchanged(let resultID):
                .object(JSONObject([("kind", .string("unchanged")), ("resultId", .string(resultID))]))
            }
        }
    }
}
