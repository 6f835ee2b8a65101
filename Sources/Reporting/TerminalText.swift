/// Text from a user's files (a file name, a scene's name) made safe to print on a terminal: control characters
/// (C0 but the tab, DEL, C1) shown as `\xNN`, so that an ESC in a name cannot move the cursor, retitle the
/// window or hide a line, and a line break cannot split one diagnostic line into two.
package enum TerminalText {
    /// `text` with every control character but the tab replaced by `\xNN` (its code point in hex).
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}
