/// A JSON value as Impulse holds it after parsing (through jansson) or before writing (through jansson).
///
/// Objects keep their members in text order. Duplicate keys are collapsed by the parser: the last one
/// wins, as in jansson; `JSONDocument.duplicateKeys` records the collision.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// Every number is a double. A number too large for a double (`1e999`) is `.infinity`/`-.infinity`;
    /// the source text is available through the source map.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// An ordered JSON object.
package struct JSONObject: Equatable, Sendable {
    package var members: [(key: String, value: JSONValue)]

    package init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of `key` (the last one when a key repeats).
    package subscript(key: String) -> JSONValue? {
        get { members.last(where: { $0.key == key })?.value }
        set {
            if let index = members.lastIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    package var keys: [String] { members.map(\.key) }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSONValue {
    package var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    package var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    package var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    package var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    package var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    package var isNull: Bool { if case .null = self { true } else { false } }

    /// The JSON type's name as users read it in messages: "object", "array", "string", "number", "boolean", "null".
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
