import Testing

@testable import Engine

/// The broad phase's search from moved proxies (BroadPhase+MovedProxies.swift) must find exactly the pairs of
/// the full sweep, or decline: random worlds of discs and boxes of many sizes, some anchored, in two collision
/// groups (one with boundaries), with items taken out of the simulation and put back, anchored and released,
/// and pushed, and a crowd on one spot where the caps of the full sweep bind. Before every sub-step both
/// searches run on a copy of the world's state.
@Suite("Broad phase from moved proxies")
struct BroadPhaseTests {
    private struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() % 1_000_001) / 1_000_000 * (range.upperBound - range.lowerBound)
        }
    }

    /// Items scattered over a 600 × 600 view (or, for a crowd, on one spot), falling and pushed around.
    private static func world(seed: UInt64, count: Int, crowd: Bool) -> (World, [BodyID]) {
        var numbers = Numbers(state: seed)
        let bounds = Rect(x: 0, y: 0, width: 600, height: 600)
        let world = World(viewBounds: bounds)
        var items: [BodyID] = []
        for k in 0..<count {
            let size = crowd ? 8 : numbers.uniform(4...70)
            let center =
                crowd
                ? Vector(300 + numbers.uniform(-10...10), 300 + numbers.uniform(-10...10))
                : Vector(numbers.uniform(40...560), numbers.uniform(40...560))
            items.append(
                Scenes.item(
                    world, at: center, size: Vector(size, crowd ? size : numbers.uniform(4...70)),
                    angle: numbers.uniform(0...3), outline: k % 2 == 0 ? .ellipse : .rectangle, falling: true
                ) {
                    $0.elasticity = 0.9
                    $0.anchored = !crowd && k % 11 == 5
                })
            world.addVelocity(
                items[k], linear: Vector(numbers.uniform(-900...900), numbers.uniform(-900...900)), angular: 0)
        }
        let half = count / 2
        world.addCollisionGroup(
            CollisionGroupDefinition(bodies: Array(items[..<(count - count / 5)]), referenceBounds: bounds))
        world.addCollisionGroup(CollisionGroupDefinition(bodies: Array(items[half...]), mode: .items))
        world.setGravity(Vector(0, 1000))
        return (world, items)
    }

    /// Runs the world one sub-step per frame; before each, compares the two searches. Returns how many
    /// sub-steps the moved proxies' search answered, and in how many a cap left pairs out of the full sweep.
    private static func compareSearches(
        _ world: World, _ items: [BodyID], seed: UInt64, frames: Int
    ) -> (answered: Int, capped: Int) {
        var numbers = Numbers(state: seed &+ 99)
        var answered = 0
        var capped = 0
        for frame in 1...frames {
            var state = world.state
            if !state.structureChanged {
                let movableCount = state.prepareBroadPhase()
                var full = state.broadPhase
                if !full.findPairs(movableCount: movableCount, state.pairFilter) { capped += 1 }
                var moved = state.broadPhase
                if moved.findPairsOfMovedProxies(
                    movableCount: movableCount, contactKeys: state.contactKeys, state.pairFilter)
                {
                    answered += 1
                    let expected = unique(full.pairKeys)
                    #expect(
                        moved.pairKeys == expected,
                        "frame \(frame): \(moved.pairKeys.count) pairs from the moved proxies, \(expected.count) in the full sweep"
                    )
                }
            }
            // Changes between frames: structural ones, and pushes that move proxies.
            let item = items[Int(numbers.next() % UInt64(items.count))]
            switch frame % 40 {
            case 10: world.setInSimulation(item, false)
            case 14: world.setInSimulation(item, true)
            case 20: world.setProperties(item, Scenes.properties { $0.anchored = true })
            case 30: world.setProperties(item, Scenes.properties())
            default:
                world.addVelocity(
                    item, linear: Vector(numbers.uniform(-2000...2000), numbers.uniform(-2000...2000)), angular: 1)
            }
            _ = world.advance(toFrame: frame, frameRate: 120)
        }
        return (answered, capped)
    }

    private static func unique(_ keys: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        for key in keys where result.last != key { result.append(key) }
        return result
    }

    @Test("the pairs found from the moved proxies are the full sweep's", arguments: [1, 2, 3, 4] as [UInt64])
    func movedProxiesFindTheFullSweepsPairs(seed: UInt64) {
        let (world, items) = BroadPhaseTests.world(seed: seed, count: 120, crowd: false)
        let (answered, _) = BroadPhaseTests.compareSearches(world, items, seed: seed, frames: 240)
        // Most sub-steps are answered from the moved proxies (those after a structural change are not).
        #expect(answered > 150)
    }

    @Test("a crowd on one spot, where the full sweep's caps bind, gets the full sweep's pairs")
    func crowdGetsTheFullSweepsPairs() {
        let (world, items) = BroadPhaseTests.world(seed: 7, count: 150, crowd: true)
        let (_, capped) = BroadPhaseTests.compareSearches(world, items, seed: 7, frames: 120)
        #expect(capped > 0)
    }
}
