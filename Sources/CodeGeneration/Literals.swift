/// Numbers and strings as source literals that both languages read back exactly.
enum NumberLiteral {
    /// A whole number without a fraction (`40`, `-35`), anything else in Swift's shortest form that reads back
    /// as the same double (`0.1`, `1e-05`, `-0.0`): valid in Swift and in C, for CGFloat as for double.
    static func text(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return value.description
    }
}

enum StringLiteral {
    /// The body of a string literal (without quotes) that reads back as `text` in Swift and in Objective-C:
    /// `\` and `"` escaped, control characters as escapes, everything else as UTF-8.
    static func escaped(_ text: String, swift: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "?" where !swift: out += "\\?"  // no trigraphs in C
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    if swift {
                        out += "\\u{" + String(scalar.value, radix: 16) + "}"
                    } else {
                        // A universal character name may not name a control character in C; an octal escape
                        // of the UTF-8 bytes reads back the same.
                        for byte in String(scalar).utf8 { out += "\\" + String(byte, radix: 8).leftPadded(to: 3) }
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// The text as it would appear in JSON (quoted, escaped), for comments: one line, no `*/`.
    static func quotedForComment(_ text: String) -> String {
        "\"" + escaped(text, swift: true).replacingSlashStar() + "\""
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }

    fileprivate func replacingSlashStar() -> String {
        guard utf8.contains(UInt8(ascii: "*")) else { return self }
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in unicodeScalars {
            if previous == "*", scalar == "/" { out += "\\" }
            out.unicodeScalars.append(scalar)
            previous = scalar
        }
        return out
    }
}
