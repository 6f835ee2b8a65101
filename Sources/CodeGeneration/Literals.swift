/// Numbers as source literals that both languages read back exactly (strings: `SourceLiterals.StringLiteral`).
enum NumberLiteral {
    /// A whole number without a fraction (`40`, `-35`), anything else in Swift's shortest form that reads back
    /// as the same double (`0.1`, `1e-05`, `-0.0`): valid in Swift and in C, for CGFloat as for double.
    static func text(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return value.description
    }
}
