import Testing

@testable import Engine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Rotation")
struct RotationTests {
    /// Angles of every kind a simulation meets and some it should not: small and large, near multiples of
    /// π/2, subnormal, huge, and arbitrary bit patterns (from a fixed xorshift sequence).
    private static func angles() -> [Double] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        var result: [Double] = [
            0, -0.0, .pi, -.pi, .pi / 2, .leastNonzeroMagnitude, 1e300, -1e300, .greatestFiniteMagnitude,
        ]
        for k in 0..<100_000 {
            let unit = Double(next() >> 11) / Double(1 << 53) - 0.5
            switch k % 4 {
            case 0: result.append(unit * 20)
            case 1: result.append(unit * 2_000)
            case 2: result.append(Double(k / 4) * (.pi / 2) + unit * 1e-9)
            default:
                let bits = Double(bitPattern: next())
                result.append(bits.isFinite ? bits : unit)
            }
        }
        return result
    }

    @Test func aRotationHoldsExactlyTheSineAndCosineOfItsAngle() {
        // The engine computes both with one call where libc has one; the results must be the bits of
        // `sin` and `cos`, or simulations would differ from one machine to another.
        var mismatches = 0
        var firstMismatches: [Double] = []
        for angle in RotationTests.angles() {
            let q = Rotation(angle)
            if q.s.bitPattern != sin(angle).bitPattern || q.c.bitPattern != cos(angle).bitPattern {
                mismatches += 1
                if firstMismatches.count < 5 { firstMismatches.append(angle) }
            }
        }
        #expect(mismatches == 0, "first angles: \(firstMismatches)")
    }

    @Test func aRotationOfANonFiniteAngleIsNotANumber() {
        for angle in [Double.infinity, -.infinity, .nan] {
            let q = Rotation(angle)
            #expect(q.s.isNaN && q.c.isNaN)
        }
    }
}
