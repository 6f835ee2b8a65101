// `textDocument/publishDiagnostics` (the server pushes a document's diagnostics).
import JSON

extension LSP {
    package struct PublishDiagnosticsParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var uri: String
        package var version: Int?
        package var diagnostics: [Diagnostic]

        package init(uri: String, version: Int?, diagnostics: [Diagnostic]) {
            self.uri = uri
            self.version = version
            self.diagnostics = diagnostics
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            uri = try fields.string("uri")
            version = try fields.optionalInt("version")
            diagnostics = try fields.array("diagnostics")
        }

        package var json: JSONValue {
            .object(
                JSONObject(omittingNil: [
                    ("uri", .string(uri)), ("version", version?.json), ("diagnostics", diagnostics.json),
                ]))
        }
    }
}
