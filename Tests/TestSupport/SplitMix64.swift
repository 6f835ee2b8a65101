/// SplitMix64 (Steele, Lea & Flood): a tiny, fast, seeded generator, good enough to drive fuzzers and randomized
/// tests reproducibly. A fixed seed makes every failure reproduce; failure messages name the seed and the input.
package struct SplitMix64 {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when bound ≤ 1).
    package mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }

    /// True with a chance of `percent` in 100.
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One of `choices` (not empty).
    package mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A double in [0, 1) with 53 random bits.
    package mutating func unit() -> Double { Double(next() >> 11) / 9_007_199_254_740_992 }
}
