// `workspace/didChangeWatchedFiles`.
import JSON

extension LSP {
    package enum FileChangeType: Int, Sendable {
        case created = 1
        case changed = 2
        case deleted = 3
    }

    package struct FileEvent: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var uri: String
        package var type: FileChangeType

        package init(uri: String, type: FileChangeType) {
            self.uri = uri
            self.type = type
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            uri = try fields.string("uri")
            let typeValue = try fields.int("type")
            guard let type = FileChangeType(rawValue: typeValue) else {
                throw ResponseError.invalidParams("\(fields.path("type")): unknown file change type \(typeValue)")
            }
            self.type = type
        }

        package var json: JSONValue { .object(JSONObject([("uri", .string(uri)), ("type", type.rawValue.json)])) }
    }

    package struct DidChangeWatchedFilesParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var changes: [FileEvent]

        package init(changes: [FileEvent]) { self.changes = changes }

        package init(json: JSONValue, path: String) throws {
            changes = try JSONFields(json, path: path).array("changes")
        }

        package var json: JSONValue { .object(JSONObject([("changes", changes.json)])) }
    }
}
