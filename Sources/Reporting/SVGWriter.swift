/// Builds SVG text line by line: coordinates rounded to hundredths, animation times to 10⁻⁹ of the run, both
/// printed without trailing zeros (`12.35`, `0`, `-3.1`, `0.016666667`), the same bytes on every run.
struct SVGWriter {
    private(set) var text = ""

    init() {}

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    mutating func append(_ other: SVGWriter) { text += other.text }

    /// A coordinate or angle rounded to hundredths.
    func n(_ value: Double) -> String { Self.fixed(value, decimals: 2) }

    /// A fraction of the run (a key time) rounded to 10⁻⁹: over an hour at 60 Hz, frames stay 4.6·10⁻⁶ apart,
    /// so no two kept frames share a key time and no item is shown at another frame's place.
    func t(_ value: Double) -> String { Self.fixed(value, decimals: 9) }

    /// `value` rounded to `decimals` places (at most 9), printed simply.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < 9e15 else {
            return PreviewNumberText.format(PreviewNumberText.rounded(value, decimals: decimals))
        }
        var units = Int64(scaled)
        if units == 0 { return "0" }
        var result = ""
        if units < 0 {
            result = "-"
            units = -units
        }
        result += String(units / scale)
        var fraction = units % scale
        if fraction != 0 {
            var digits = decimals
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let text = String(fraction)
            result += "."
            result += String(repeating: "0", count: digits - text.count)
            result += text
        }
        return result
    }

    /// Text and attribute content with `&`, `<`, `>`, `"` and `'` escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{9}", "\u{A}", "\u{D}": result.unicodeScalars.append(scalar)
            default:
                // XML 1.0 cannot hold other control characters: show them as U+FFFD.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// At most `limit` characters of `text`, ending in "…" when cut.
    static func ellipsized(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(max(1, limit - 1))) + "…"
    }

    /// `text` in lines of at most `limit` characters, broken between words (a longer word is cut).
    static func wrapped(_ text: String, limit: Int) -> [String] {
        let limit = max(8, limit)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            while word.count > limit {
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                lines.append(String(word.prefix(limit)))
                word = String(word.dropFirst(limit))
            }
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= limit {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
