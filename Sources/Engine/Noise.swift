// Seeded value noise for the noise and turbulence fields: a hash of the integer lattice point (and the
// seed) gives a value in [−1, 1] at each lattice point of (x, y, t); values in between are blended with a
// smoothstep. Deterministic on every platform (integer hashing, no global state).

enum Noise {
    private static func hash(_ x: Int64, _ y: Int64, _ z: Int64, _ seed: UInt64) -> Double {
        var h = seed &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: x) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 31)) &* 0x94D0_49BB_1331_11EB
        h ^= UInt64(bitPattern: y) &* 0xD6E8_FEB8_6659_FD93
        h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
        h ^= UInt64(bitPattern: z) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ (h >> 32)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 29
        return Double(h >> 11) / Double(1 << 52) * 2 - 1
    }

    private static func lattice(_ v: Double) -> (Int64, Double) {
        let f = v.rounded(.down)
        guard f.isFinite, abs(f) < 1e15 else { return (0, 0) }
        let t = v - f
        return (Int64(f), t * t * (3 - 2 * t))
    }

    /// Value noise in [−1, 1] at (x, y, t) in lattice units.
    static func value(_ x: Double, _ y: Double, _ t: Double, seed: UInt64) -> Double {
        let (ix, fx) = lattice(x)
        let (iy, fy) = lattice(y)
        let (it, ft) = lattice(t)
        func lerp(_ a: Double, _ b: Double, _ s: Double) -> Double { a + (b - a) * s }
        let c000 = hash(ix, iy, it, seed)
        let c100 = hash(ix + 1, iy, it, seed)
        let c010 = hash(ix, iy + 1, it, seed)
        let c110 = hash(ix + 1, iy + 1, it, seed)
        let c001 = hash(ix, iy, it + 1, seed)
        let c101 = hash(ix + 1, iy, it + 1, seed)
        let c011 = hash(ix, iy + 1, it + 1, seed)
        let c111 = hash(ix + 1, iy + 1, it + 1, seed)
        let x00 = lerp(c000, c100, fx)
        let x10 = lerp(c010, c110, fx)
        let x01 = lerp(c001, c101, fx)
        let x11 = lerp(c011, c111, fx)
        return lerp(lerp(x00, x10, fy), lerp(x01, x11, fy), ft)
    }
}
