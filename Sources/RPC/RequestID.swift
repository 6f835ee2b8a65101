import JSON

/// A JSON-RPC request id: an integer or a string (LSP `integer | string`).
///
/// Ids round-trip exactly: an integer a double holds exactly (|x| < 2^53) is `number`; a larger one
/// (`9223372036854775807`, or one of 40 digits) keeps the decimal text the peer sent (`largeInteger`), and its
/// response carries that text, digit for digit.
package enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int)
    case string(String)
    /// An integer beyond ±2^53, as the decimal text it was sent as (`-?[0-9]+`).
    case largeInteger(String)

    /// The largest magnitude below which every integer is a double.
    static let exactIntegerLimit: Double = 9_007_199_254_740_992

    /// Decodes an id; nil for any other shape (null, a fraction, a boolean, an object...). A large integer
    /// read from a parsed value has lost its last digits; `Message.decode(body:)` restores them from the text.
    package init?(json: JSONValue) {
        switch json {
        case .string(let text):
            self = .string(text)
        case .number(let number):
            guard number.isFinite, number == number.rounded(.towardZero) else { return nil }
            if abs(number) < Self.exactIntegerLimit {
                self = .number(Int(number))
            } else {
                self = .largeInteger(Self.decimalText(number))
            }
        default:
            return nil
        }
    }

    /// An id from the exact text of a JSON number; nil unless it is an integer without fraction or exponent.
    package init?(integerText text: String) {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if let value = Int(text), abs(Double(value)) < Self.exactIntegerLimit {
            self = .number(value)
        } else {
            self = .largeInteger(text)
        }
    }

    package var json: JSONValue {
        switch self {
        case .number(let number): .number(Double(number))
        case .string(let text): .string(text)
        case .largeInteger(let text): .number(Double(text) ?? 0)
        }
    }

    package var description: String {
        switch self {
        case .number(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        case .largeInteger(let text): text
        }
    }

    /// Two large integers are the same request when they are the same double: a `$/cancelRequest` names its
    /// request inside `params`, where only the double survives parsing.
    package static func == (lhs: RequestID, rhs: RequestID) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.largeInteger(let a), .largeInteger(let b)): a == b || Double(a) == Double(b)
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .number(let number): hasher.combine(number)
        case .string(let text): hasher.combine(text)
        case .largeInteger(let text): hasher.combine(Double(text))
        }
    }

    /// The shortest decimal integer text of an integral double beyond 2^53.
    private static func decimalText(_ number: Double) -> String {
        if let exact = Int(exactly: number) { return String(exact) }
        // Beyond Int64: print the mantissa shifted by the exponent, in decimal through repeated doubling.
        var magnitude = abs(number)
        var exponent = 0
        while magnitude >= 9_007_199_254_740_992 {
            magnitude /= 2
            exponent += 1
        }
        var digits: [UInt8] = Array(String(UInt64(magnitude)).utf8).map { $0 - 48 }.reversed()
        for _ in 0..<exponent {
            var carry: UInt8 = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        return (number < 0 ? "-" : "") + String(decoding: digits.reversed().map { $0 + 48 }, as: UTF8.self)
    }
}
