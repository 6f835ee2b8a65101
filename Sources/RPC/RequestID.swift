import JSON

/// A JSON-RPC request id: an integer or a string (LSP `integer | string`).
package enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)

    /// Decodes an id; nil for any other shape (null, a fraction, a boolean, an object...).
    package init?(json: JSONValue) {
        switch json {
        case .string(let text):
            self = .string(text)
        case .number(let number):
            guard number.isFinite, number == number.rounded(.towardZero), abs(number) < 9_007_199_254_740_992 else {
                return nil
            }
            self = .number(Int(number))
        default:
            return nil
        }
    }

    package var json: JSONValue {
        switch self {
        case .number(let number): .number(Double(number))
        case .string(let text): .string(text)
        }
    }

    package var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        }
    }
}
