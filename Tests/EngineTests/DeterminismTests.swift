import Testing

@testable import Engine

/// The engine's results pinned bit for bit, as Box2D pins its own: several scenes run to their end, and a
/// hash of every body's final state (the bit patterns of centers, angles, velocities, resting) must equal the
/// value written here. Any change of arithmetic, order or constants changes it.
///
/// When a change is meant to alter the results (a fidelity fix, a new constant), check the differential
/// suite (`Tests/differential`, against pybox2d) and the analytic checks first, then run this suite: the
/// failure message prints the new hash; write it into `pinned` in the same commit, saying why in its message.
@Suite("Determinism")
struct DeterminismTests {
    static let pinned: UInt64 = 12_072_382_839_485_943_414

    /// A pile in a box, a pendulum swinging into a wall, bounces of a box and a ball, and items in fields.
    static func runScenes() -> [UInt64] {
        [pile(), pendulum(), bounce(), fields()].map { world in
            Scenes.run(world, frames: 1...240)
            return Scenes.fingerprint(world)
        }
    }

    static func pile() -> World {
        let bounds = Rect(x: 0, y: 0, width: 400, height: 500)
        let world = World(viewBounds: bounds)
        var boxes: [BodyID] = []
        for k in 0..<40 {
            let (row, column) = k.quotientAndRemainder(dividingBy: 6)
            boxes.append(
                Scenes.item(
                    world, at: Vector(40 + 62 * Double(column) + Double(row % 2) * 9, 40 + 55 * Double(row)),
                    size: Vector(44, 40), angle: 0.05 * Double(k % 5), falling: true))
        }
        world.addCollisionGroup(CollisionGroupDefinition(bodies: boxes, referenceBounds: bounds))
        return world
    }

    static func pendulum() -> World {
        let world = World()
        let bob = Scenes.item(world, at: Vector(100, 100), size: Vector(30, 30), falling: true) { $0.elasticity = 0.6 }
        world.addJoint(
            JointDefinition(
                body: bob, anchor: .point(Vector(200, 100)), kind: .distance(length: nil, frequency: 0, damping: 0)))
        world.addCollisionGroup(
            CollisionGroupDefinition(bodies: [bob], boundaries: [.segment(from: Vector(250, 0), to: Vector(250, 400))]))
        return world
    }

    static func bounce() -> World {
        let world = World()
        let box = Scenes.item(world, at: Vector(150, 80), angle: 0.3, falling: true) { $0.elasticity = 0.8 }
        let ball = Scenes.item(world, at: Vector(320, 60), size: Vector(40, 40), outline: .ellipse, falling: true) {
            $0.elasticity = 0.7
        }
        world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: [box, ball], boundaries: [.segment(from: Vector(0, 300), to: Vector(400, 320))]))
        return world
    }

    static func fields() -> World {
        let bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        let world = World(viewBounds: bounds)
        var items: [BodyID] = []
        for k in 0..<6 {
            items.append(
                Scenes.item(world, at: Vector(60 + 55 * Double(k), 120 + 25 * Double(k % 3)), size: Vector(30, 30)) {
                    $0.charge = k % 2 == 0 ? 1 : -1
                })
        }
        world.addField(FieldDefinition(kind: .radialGravity, bodies: items, position: Vector(200, 200)))
        world.addField(FieldDefinition(kind: .vortex, bodies: items, position: Vector(200, 200)))
        var noise = FieldDefinition(
            kind: .noise(smoothness: 0.3, animationSpeed: 1), bodies: items, position: Vector(200, 200))
        noise.seed = 7
        world.addField(noise)
        world.addCollisionGroup(CollisionGroupDefinition(bodies: items, referenceBounds: bounds))
        return world
    }

    @Test("the same scenes give the same bits as pinned")
    func pinnedResults() {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in DeterminismTests.runScenes() {
            hash = (hash ^ value) &* 0x100_0000_01B3
        }
        #expect(
            hash == DeterminismTests.pinned,
            "the engine's results changed: if that is meant, set `pinned` to \(hash) (see the suite's comment)")
    }
}
