// The diagnostic structure, shared by `textDocument/publishDiagnostics` and `textDocument/diagnostic`.
import JSON

extension LSP {
    package enum DiagnosticSeverity: Int, Sendable, CaseIterable {
        case error = 1
        case warning = 2
        case information = 3
        case hint = 4
    }

    package enum DiagnosticTag: Int, Sendable {
        case unnecessary = 1
        case deprecated = 2
    }

    package struct DiagnosticRelatedInformation: Hashable, Sendable, LSPDecodable, LSPEncodable {
        package var location: Location
        package var message: String

        package init(location: Location, message: String) {
            self.location = location
            self.message = message
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            location = try fields.decode("location")
            message = try fields.string("message")
        }

        package var json: JSONValue {
            .object(JSONObject([("location", location.json), ("message", .string(message))]))
        }
    }

    package struct Diagnostic: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var range: Range
        package var severity: DiagnosticSeverity?
        /// The rule code (`scene.unknownKey`); an integer code from elsewhere is read as its decimal text.
        package var code: String?
        /// `codeDescription.href`: where the rule is explained.
        package var codeDescriptionURL: String?
        package var source: String?
        package var message: String
        package var tags: [DiagnosticTag]?
        package var relatedInformation: [DiagnosticRelatedInformation]?
        /// Kept by the client and handed back in code action requests.
        package var data: JSONValue?

        package init(
            range: Range, severity: DiagnosticSeverity?, code: String? = nil, codeDescriptionURL: String? = nil,
            source: String? = nil, message: String, tags: [DiagnosticTag]? = nil,
            relatedInformation: [DiagnosticRelatedInformation]? = nil, data: JSONValue? = nil
        ) {
            self.range = range
            self.severity = severity
            self.code = code
            self.codeDescriptionURL = codeDescriptionURL
            self.source = source
            self.message = message
            self.tags = tags
            self.relatedInformation = relatedInformation
            self.data = data
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            range = try fields.decode("range")
            if let severityValue = try fields.optionalInt("severity") {
                guard let severity = DiagnosticSeverity(rawValue: severityValue) else {
                    throw ResponseError.invalidParams("\(fields.path("severity")): unknown severity \(severityValue)")
                }
                self.severity = severity
            } else {
                severity = nil
            }
            switch fields.value("code") {
            case nil: code = nil
            case .string(let text): code = text
            case .number: code = String(try fields.int("code"))
            case let other?:
                throw ResponseError.invalidParams(
                    "\(fields.path("code")): expected a string or an integer, not \(other.typeName)")
            }
            codeDescriptionURL = try fields.optionalFields("codeDescription")?.string("href")
            source = try fields.optionalString("source")
            message = try fields.string("message")
            // Unknown tags are skipped: clients may know newer ones.
            tags = try fields.optionalArray("tags", of: JSONValue.self).map { values in
                values.compactMap { $0.numberValue.flatMap(Int.init(exactly:)).flatMap(DiagnosticTag.init(rawValue:)) }
            }
            relatedInformation = try fields.optionalArray("relatedInformation")
            data = fields.value("data")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("range", range.json),
                    ("severity", severity?.rawValue.json),
                    ("code", code.map(JSONValue.string)),
                    ("codeDescription", codeDescriptionURL.map { .object(JSONObject([("href", .string($0))])) }),
                    ("source", source.map(JSONValue.string)),
                    ("message", .string(message)),
                    ("tags", tags.map { .array($0.map { $0.rawValue.json }) }),
                    ("relatedInformation", relatedInformation?.json),
                    ("data", data),
                ]))
        }
    }
}
