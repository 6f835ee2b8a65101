import JSON

/// Numbers of the preview's text formats (csv, svg, text) printed exactly as the json format prints them
/// (`JSONValue.serialized`: `60`, `0.1`, `50.0694444444444`, 15 significant digits), many at a time.
enum PreviewNumberText {
    /// Each number as json writes it; a number that is not finite is `null`.
    static func format(_ numbers: [Double]) -> [String] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        return numbers.map { number in
            bytes.removeAll(keepingCapacity: true)
            append(number, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// One number as json writes it.
    static func format(_ number: Double) -> String { format([number])[0] }

    /// A number rounded to `decimals` places (for drawing and reading, not for data), printed simply.
    static func rounded(_ number: Double, decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let value = (number * scale).rounded() / scale
        return value == 0 ? 0 : value
    }
}
