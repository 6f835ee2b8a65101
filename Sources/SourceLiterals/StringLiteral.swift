/// String literals of Swift and Objective-C source, written by the code generator and by the build tools that
/// compile files of the repository (rule pages, the player page) into Swift constants. One copy, so that what
/// the generated code and the compiled pages read back cannot drift apart.
package enum StringLiteral {
    /// The body of a string literal (without quotes) that reads back as `text` in Swift (`swift: true`) or in
    /// Objective-C: `\` and `"` escaped, control characters as escapes, everything else as UTF-8.
    package static func escaped(_ text: String, swift: Bool) -> String {
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

    /// A whole Swift string literal, quotes included, that reads back as `text`.
    package static func swift(_ text: String) -> String { "\"" + escaped(text, swift: true) + "\"" }

    /// The text as it would appear in JSON (quoted, escaped), for comments: one line, no `*/`.
    package static func quotedForComment(_ text: String) -> String {
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
