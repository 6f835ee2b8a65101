/// The numbers a key accepts (each component, for a size). Outside `min`/`max` is `scene.range`.
package struct NumericRange: Equatable, Sendable {
    package var min: Double?
    package var minIsInclusive: Bool
    package var max: Double?
    package var maxIsInclusive: Bool

    package init(min: Double? = nil, minIsInclusive: Bool = true, max: Double? = nil, maxIsInclusive: Bool = true) {
        self.min = min
        self.minIsInclusive = minIsInclusive
        self.max = max
        self.maxIsInclusive = maxIsInclusive
    }

    /// ≥ 0.
    package static let nonNegative = NumericRange(min: 0)
    /// > 0.
    package static let positive = NumericRange(min: 0, minIsInclusive: false)
    /// [0, 1].
    package static let unit = NumericRange(min: 0, max: 1)

    package func contains(_ value: Double) -> Bool {
        if let min, minIsInclusive ? value < min : value <= min { return false }
        if let max, maxIsInclusive ? value > max : value >= max { return false }
        return true
    }

    /// The nearest value inside the range (for the "clamp" quick fix); nil for an exclusive bound, where no
    /// nearest value exists.
    package func clamp(_ value: Double) -> Double? {
        if let min, value < min || (!minIsInclusive && value == min) { return minIsInclusive ? min : nil }
        if let max, value > max || (!maxIsInclusive && value == max) { return maxIsInclusive ? max : nil }
        return value
    }

    /// The range as messages and hover show it: `0…1`, `≥ 0`, `> 0`, `> 0 and ≤ 1000`.
    package var description: String {
        switch (min, max) {
        case (let lo?, let hi?) where minIsInclusive && maxIsInclusive:
            return "\(NumberText.format(lo))…\(NumberText.format(hi))"
        case (let lo?, let hi?):
            return
                "\(minIsInclusive ? "≥" : ">") \(NumberText.format(lo)) and \(maxIsInclusive ? "≤" : "<") \(NumberText.format(hi))"
        case (let lo?, nil):
            return "\(minIsInclusive ? "≥" : ">") \(NumberText.format(lo))"
        case (nil, let hi?):
            return "\(maxIsInclusive ? "≤" : "<") \(NumberText.format(hi))"
        case (nil, nil):
            return "any number"
        }
    }
}

/// Numbers as messages write them: integral values without a fraction (`1`, not `1.0`), others in the
/// shortest form that reads back (`0.5`, `1.5e+20`).
package enum NumberText {
    package static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-infinity" : "infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
