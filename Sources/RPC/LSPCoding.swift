// Decoding LSP structures from `JSONValue` with errors that say which field is wrong.
//
// Every typed message decodes through `JSONFields`, which throws `ResponseError.invalidParams` naming the
// path of the offending field ("params.position.line: expected a non-negative integer, not string").
// Optional fields that are absent or `null` read as nil; present fields of the wrong type always throw.
import JSON

/// A type that decodes from a JSON value, throwing `ResponseError.invalidParams` on a wrong shape.
package protocol LSPDecodable: Sendable {
    /// - Parameter path: where the value sits, for error messages (`params.textDocument`).
    init(json: JSONValue, path: String) throws
}

extension LSPDecodable {
    /// Decodes request or notification params (path `params`); absent params are decoded as `null`
    /// (so a type whose fields are all optional accepts them, and any other throws `invalidParams`).
    package init(params: JSONValue?) throws {
        try self.init(json: params ?? .null, path: "params")
    }
}

/// A type that encodes to the JSON the protocol expects.
package protocol LSPEncodable: Sendable {
    var json: JSONValue { get }
}

/// The members of a JSON object being decoded, with typed accessors that throw `invalidParams`.
package struct JSONFields: Sendable {
    package let object: JSONObject
    package let path: String

    /// Requires `json` to be an object.
    package init(_ json: JSONValue, path: String) throws {
        guard let object = json.objectValue else {
            throw ResponseError.invalidParams("\(path): expected an object, not \(json.typeName)")
        }
        self.object = object
        self.path = path
    }

    package func path(_ key: String) -> String { "\(path).\(key)" }

    /// The member's value; nil when absent or `null`.
    package func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ value: JSONValue) -> ResponseError {
        .invalidParams("\(path(key)): expected \(expected), not \(value.typeName)")
    }

    private func missing(_ key: String) -> ResponseError {
        .invalidParams("\(path(key)) is missing")
    }

    package func optionalString(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw mismatch(key, "a string", value) }
        return text
    }

    package func string(_ key: String) throws -> String {
        guard let text = try optionalString(key) else { throw missing(key) }
        return text
    }

    package func optionalBool(_ key: String) throws -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else { throw mismatch(key, "a boolean", value) }
        return flag
    }

    package func bool(_ key: String) throws -> Bool {
        guard let flag = try optionalBool(key) else { throw missing(key) }
        return flag
    }

    package func optionalNumber(_ key: String) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number.isFinite else { throw mismatch(key, "a number", value) }
        return number
    }

    package func number(_ key: String) throws -> Double {
        guard let number = try optionalNumber(key) else { throw missing(key) }
        return number
    }

    /// An integer within ±2^53 (LSP `integer`); `minimum` rejects smaller values (0 for `uinteger`).
    package func optionalInt(_ key: String, minimum: Int? = nil) throws -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number.isFinite, number == number.rounded(.towardZero),
            abs(number) < 9_007_199_254_740_992
        else { throw mismatch(key, "an integer", value) }
        let integer = Int(number)
        if let minimum, integer < minimum {
            throw ResponseError.invalidParams(
                "\(path(key)): expected an integer of at least \(minimum), not \(integer)")
        }
        return integer
    }

    package func int(_ key: String, minimum: Int? = nil) throws -> Int {
        guard let integer = try optionalInt(key, minimum: minimum) else { throw missing(key) }
        return integer
    }

    /// A nested object's fields.
    package func optionalFields(_ key: String) throws -> JSONFields? {
        guard let value = value(key) else { return nil }
        return try JSONFields(value, path: path(key))
    }

    package func fields(_ key: String) throws -> JSONFields {
        guard let fields = try optionalFields(key) else { throw missing(key) }
        return fields
    }

    package func optional<T: LSPDecodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        guard let value = value(key) else { return nil }
        return try T(json: value, path: path(key))
    }

    package func decode<T: LSPDecodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        guard let decoded = try optional(key, as: T.self) else { throw missing(key) }
        return decoded
    }

    package func optionalArray<T: LSPDecodable>(_ key: String, of type: T.Type = T.self) throws -> [T]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw mismatch(key, "an array", value) }
        return try elements.enumerated().map { try T(json: $0.element, path: "\(path(key))[\($0.offset)]") }
    }

    package func array<T: LSPDecodable>(_ key: String, of type: T.Type = T.self) throws -> [T] {
        guard let elements = try optionalArray(key, of: T.self) else { throw missing(key) }
        return elements
    }

    /// An array of strings (unknown non-string entries are an error).
    package func optionalStrings(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw mismatch(key, "an array", value) }
        return try elements.enumerated().map { index, element in
            guard case .string(let text) = element else {
                throw ResponseError.invalidParams("\(path(key))[\(index)]: expected a string, not \(element.typeName)")
            }
            return text
        }
    }
}

extension String: LSPDecodable, LSPEncodable {
    package init(json: JSONValue, path: String) throws {
        guard case .string(let text) = json else {
            throw ResponseError.invalidParams("\(path): expected a string, not \(json.typeName)")
        }
        self = text
    }

    package var json: JSONValue { .string(self) }
}

extension JSONValue: LSPDecodable, LSPEncodable {
    /// Any value is accepted as is (for `data`, `arguments`, settings...).
    package init(json: JSONValue, path: String) throws { self = json }
    package var json: JSONValue { self }
}

extension Array: LSPEncodable where Element: LSPEncodable {
    package var json: JSONValue { .array(map(\.json)) }
}

/// Encodes as `null` when absent: the result of requests that may have no answer (`hover` with nothing under
/// the cursor), and LSP fields that are `T | null`.
extension Optional: LSPEncodable where Wrapped: LSPEncodable {
    package var json: JSONValue { self?.json ?? .null }

    /// The value's JSON, or `null`.
    package var jsonOrNull: JSONValue { json }
}

extension JSONObject {
    /// Builds an object from members, leaving out those whose value is nil (optional LSP fields).
    package init(omittingNil members: [(String, JSONValue?)]) {
        self.init(members.compactMap { key, value in value.map { (key: key, value: $0) } })
    }
}

extension Int: LSPEncodable {
    package var json: JSONValue { .number(Double(self)) }
}

extension Bool: LSPEncodable {
    package var json: JSONValue { .bool(self) }
}
