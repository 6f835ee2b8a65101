import JSON
import TestSupport
import Testing

@testable import Scene

/// The geometry rules sweep items by their extents without building their shapes; the extents must be the
/// shapes' own, to the bit, or the rules would report differently.
@Suite("Shape extents")
struct ConvexShapeExtentTests {
    @Test func anItemsExtentIsItsShapesExtentToTheBit() {
        var random = SplitMix64(seed: 0xE7_7E47)
        let odd: [Double] = [0, -0.0, 1e-300, 1e300, .nan, .infinity, -.infinity, 1e12, -1e-9]
        func number(_ scale: Double) -> Double {
            random.chance(5) ? random.pick(odd) : (random.unit() - 0.5) * scale
        }
        for round in 0..<20_000 {
            let bounds: CollisionBounds
            switch random.below(3) {
            case 0: bounds = .rectangle
            case 1: bounds = .ellipse
            default: bounds = .path((0..<(2 + random.below(5))).map { _ in Vector(x: number(100), y: number(100)) })
            }
            let item = Item(
                pointer: JSONPointer.root.appending("items").appending(0), id: "a",
                center: random.chance(95) ? Vector(x: number(1000), y: number(1000)) : nil,
                size: random.chance(95) ? Size(width: abs(number(200)), height: abs(number(200))) : nil,
                angle: random.chance(30) ? nil : number(10), collisionBounds: bounds)
            let expected = ConvexShape(item: item)?.extent
            let extent = ConvexShape.extent(of: item)
            #expect((expected == nil) == (extent == nil), "round \(round): \(item)")
            guard let expected, let extent else { continue }
            let same = [
                (expected.minX, extent.minX), (expected.minY, extent.minY), (expected.maxX, extent.maxX),
                (expected.maxY, extent.maxY),
            ]
            .allSatisfy { $0.bitPattern == $1.bitPattern }
            #expect(same, "round \(round): \(item): \(expected) against \(extent)")
            if !same { return }
        }
    }
}
