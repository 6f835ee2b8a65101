// The `data` of a completion item whose documentation `completionItem/resolve` gives later.
import JSON

/// What an id completion carries for `completionItem/resolve`: the document and the id it offers,
/// `{"uri": …, "item": "ball"}` or `{"uri": …, "behavior": "fall"}`.
enum CompletionResolveData: Equatable {
    case item(uri: String, id: String)
    case behavior(uri: String, id: String)

    var uri: String {
        switch self {
        case .item(let uri, _), .behavior(let uri, _): uri
        }
    }

    var json: JSONValue {
        switch self {
        case .item(let uri, let id): .object(JSONObject([("uri", .string(uri)), ("item", .string(id))]))
        case .behavior(let uri, let id): .object(JSONObject([("uri", .string(uri)), ("behavior", .string(id))]))
        }
    }

    /// The data of an item this server made; nil for anything else (a client may send what it likes).
    init?(json: JSONValue?) {
        guard let object = json?.objectValue, let uri = object["uri"]?.stringValue else { return nil }
        if let id = object["item"]?.stringValue {
            self = .item(uri: uri, id: id)
        } else if let id = object["behavior"]?.stringValue {
            self = .behavior(uri: uri, id: id)
        } else {
            return nil
        }
    }
}
