import Testing

@testable import Engine

/// Items that never meet move as they would alone, whatever else the world simulates: each stage of a
/// sub-step reuses its arrays (the broad phase's pairs, the island lists, the solver's constraints) for
/// every island and every sub-step, so anything one island or one sub-step left in them must not reach the
/// next.
@Suite("Separate scenes")
struct SeparateScenesTests {
    /// A pile of boxes on a floor between two walls, and a pendulum of three links beside it, shifted by
    /// `offset`; `boxes` sets the pile's size. Gravity without continuous collision: the scenes share only
    /// the static ground, which no island crosses.
    static func addScene(_ world: World, offset: Vector, boxes: Int) -> [BodyID] {
        var items: [BodyID] = []
        for k in 0..<boxes {
            let (row, column) = k.quotientAndRemainder(dividingBy: 5)
            let center = offset + Vector(40 + 55 * Double(column) + Double(row % 2) * 8, 300 - 45 * Double(row))
            items.append(Scenes.item(world, at: center, size: Vector(40, 36), angle: 0.04 * Double(k % 4)))
        }
        var previous: BodyID?
        for link in 0..<3 {
            let bob = Scenes.item(world, at: offset + Vector(360 + 30 * Double(link), 100), size: Vector(20, 20))
            let anchor: JointAnchor = previous.map { .body($0, offset: .zero) } ?? .point(offset + Vector(330, 100))
            world.addJoint(
                JointDefinition(body: bob, anchor: anchor, kind: .distance(length: nil, frequency: 0, damping: 0)))
            items.append(bob)
            previous = bob
        }
        for item in items { world.setAffectedByGravity(item, true) }
        world.setGravity(Vector(0, 1))
        world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: items,
                boundaries: [
                    .segment(from: offset + Vector(0, 340), to: offset + Vector(460, 340)),
                    .segment(from: offset + Vector(0, -200), to: offset + Vector(0, 340)),
                    .segment(from: offset + Vector(300, -200), to: offset + Vector(300, 340)),
                ]))
        return items
    }

    /// The bit patterns of the items' states.
    static func states(_ world: World, _ items: [BodyID]) -> [UInt64] {
        items.flatMap { id -> [UInt64] in
            let s = world.state(of: id)
            return [s.center.x, s.center.y, s.angle, s.velocity.x, s.velocity.y, s.angularVelocity]
                .map(\.bitPattern) + [s.resting ? 1 : 0]
        }
    }

    @Test("A scene's items move bit for bit as alone when a larger scene runs beside them")
    func sceneBesideALargerOne() {
        let alone = World()
        let itemsAlone = SeparateScenesTests.addScene(alone, offset: .zero, boxes: 12)
        let shared = World()
        let items = SeparateScenesTests.addScene(shared, offset: .zero, boxes: 12)
        // Added after, so its islands are solved first in every sub-step, with more contacts and joints.
        let other = SeparateScenesTests.addScene(shared, offset: Vector(5000, 0), boxes: 30)
        #expect(items == itemsAlone)
        let start = SeparateScenesTests.states(shared, items + other)
        for frame in [30, 90, 240] {
            Scenes.run(alone, frames: frame...frame)
            Scenes.run(shared, frames: frame...frame)
            #expect(
                SeparateScenesTests.states(shared, items) == SeparateScenesTests.states(alone, itemsAlone),
                "frame \(frame)")
        }
        // Both scenes moved: the comparison is not one of two piles at rest.
        let end = SeparateScenesTests.states(shared, items + other)
        let perItem = 7
        for k in (items + other).indices {
            #expect(start[(k * perItem)..<(k * perItem + 2)] != end[(k * perItem)..<(k * perItem + 2)])
        }
    }
}
