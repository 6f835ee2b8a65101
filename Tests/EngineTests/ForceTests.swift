import Testing

@testable import Engine

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Gravity, pushes and fields")
struct ForceTests {
    private func freeItem(
        _ world: World, at center: Vector = Vector(200, 200), size: Vector = Vector(100, 100)
    ) -> BodyID {
        Scenes.item(world, at: center, size: size) {
            $0.resistance = 0
            $0.angularResistance = 0
        }
    }

    @Test("an instantaneous push of magnitude 1 gives a 1 kg item 100 pt/s, once, in frame 1")
    func instantaneousPushFiresOnce() {
        let world = World()
        let item = freeItem(world)
        let push = world.addPush(PushDefinition(bodies: [item], mode: .instantaneous, force: Vector(1, 0)))
        #expect(world.state(of: item).velocity == .zero)
        _ = world.advance(toFrame: 1, frameRate: 60)
        #expect(abs(world.state(of: item).velocity.x - 100) < 1e-9)
        #expect(!world.isPushActive(push))
        Scenes.run(world, frames: 2...30)
        #expect(abs(world.state(of: item).velocity.x - 100) < 1e-9)
        // Turned on again, it fires once more.
        world.setPushActive(push, true)
        _ = world.advance(toFrame: 31, frameRate: 60)
        #expect(abs(world.state(of: item).velocity.x - 200) < 1e-9)
    }

    @Test("an instantaneous push's velocity scales with 1/mass")
    func instantaneousPushScalesWithMass() {
        let world = World()
        let heavy = freeItem(world, size: Vector(200, 100))
        world.addPush(PushDefinition(bodies: [heavy], mode: .instantaneous, force: Vector(0, -3)))
        _ = world.advance(toFrame: 1, frameRate: 60)
        #expect(abs(world.state(of: heavy).velocity.y + 150) < 1e-9)
    }

    @Test("a continuous push of 1 N accelerates a 1 kg item at 100 pt/s²")
    func continuousPushAcceleration() {
        let world = World()
        let item = freeItem(world)
        world.addPush(PushDefinition(bodies: [item], mode: .continuous, force: Vector(0, 2)))
        Scenes.run(world, frames: 1...60)
        let k = Double(World.substeps(afterFrames: 60, frameRate: 60))
        let h = Constants.substep
        #expect(abs(world.state(of: item).velocity.y - 200 * h * k) < 1e-6)
        #expect(abs(world.state(of: item).center.y - (200 + 200 * h * h * k * (k + 1) / 2)) < 1e-6)
        #expect(world.state(of: item).angularVelocity == 0)
    }

    @Test("a push off the center makes the item turn, and its offset does not turn with it")
    func offsetPushMakesTorque() {
        let world = World()
        let item = freeItem(world)
        let push = world.addPush(
            PushDefinition(bodies: [item], mode: .continuous, force: Vector(1, 0), offset: Vector(0, 50)))
        Scenes.run(world, frames: 1...30)
        // A force to the right below the center turns the item counter-clockwise on screen (negative angle).
        #expect(world.state(of: item).angularVelocity < 0)
        world.setPushForce(push, .zero)
        let spin = world.state(of: item).angularVelocity
        Scenes.run(world, frames: 31...40)
        #expect(abs(world.state(of: item).angularVelocity - spin) < 1e-9)
    }

    @Test("gravity accelerates every item alike, whatever its mass, and can change live")
    func gravityIndependentOfMass() {
        let world = World()
        let light = freeItem(world, at: Vector(100, 100), size: Vector(10, 10))
        let heavy = freeItem(world, at: Vector(300, 100), size: Vector(200, 200))
        let still = freeItem(world, at: Vector(500, 100))
        world.setAffectedByGravity(light, true)
        world.setAffectedByGravity(heavy, true)
        world.setGravity(Vector(0.5, 0))
        Scenes.run(world, frames: 1...30)
        #expect(world.state(of: light).velocity == world.state(of: heavy).velocity)
        #expect(world.state(of: light).velocity.x > 0)
        #expect(world.state(of: still).center == Vector(500, 100))
        world.setGravity(.zero)
        let v = world.state(of: light).velocity
        Scenes.run(world, frames: 31...40)
        #expect(world.state(of: light).velocity == v)
    }

    @Test("resistance damps velocity by 1/(1 + h·c) per sub-step, as UIKit (measured)")
    func resistanceDamping() {
        let world = World()
        let item = Scenes.item(world, at: Vector(200, 200)) {
            $0.resistance = 2
            $0.angularResistance = 3
        }
        world.addVelocity(item, linear: Vector(100, 0), angular: 1)
        Scenes.run(world, frames: 1...10)
        let h = Constants.substep
        let k = Double(World.substeps(afterFrames: 10, frameRate: 60))
        let expectedV = 100 * pow(1 / (1 + h * 2), k)
        let expectedW = pow(1 / (1 + h * 3), k)
        #expect(abs(world.state(of: item).velocity.x - expectedV) < 1e-9)
        #expect(abs(world.state(of: item).angularVelocity - expectedW) < 1e-9)
    }

    @Test("a resistance far above 1/h slows an item without stopping it in one sub-step")
    func hugeResistanceNeverStops() {
        let world = World()
        let item = Scenes.item(world, at: Vector(200, 200)) { $0.resistance = 1e6 }
        world.addVelocity(item, linear: Vector(100, 0), angular: 0)
        Scenes.run(world, frames: 1...1)
        let v = world.state(of: item).velocity.x
        // One sub-step (frame 1): 100/(1 + h·10⁶), about 0.012 pt/s; a clamped 1 − h·c would give 0.
        #expect(v > 0 && abs(v - 100 / (1 + Constants.substep * 1e6)) < 1e-12, "velocity \(v)")
    }

    @Test("allowsRotation false keeps the angle")
    func fixedRotation() {
        let world = World()
        let item = Scenes.item(world, at: Vector(200, 200)) { $0.allowsRotation = false }
        world.addPush(PushDefinition(bodies: [item], force: Vector(1, 0), offset: Vector(0, 50)))
        world.addVelocity(item, linear: .zero, angular: 2)
        Scenes.run(world, frames: 1...20)
        #expect(world.state(of: item).angle == 0)
        #expect(world.state(of: item).velocity.x > 0)
    }

    @Test("a radial gravity field pulls its items toward its position, and only its items")
    func radialGravityField() {
        let world = World()
        let pulled = freeItem(world, at: Vector(100, 200), size: Vector(20, 20))
        let ignored = freeItem(world, at: Vector(300, 200), size: Vector(20, 20))
        var field = FieldDefinition(kind: .radialGravity, bodies: [pulled], position: Vector(200, 200))
        field.strength = 10
        world.addField(field)
        _ = world.advance(toFrame: 1, frameRate: 60)
        // −S·m·r̂/r² with r = 1 m: 0.4 N on 0.04 kg → 10 m/s² = 1 000 pt/s², whatever the mass.
        #expect(abs(world.state(of: pulled).velocity.x - 1_000 * Constants.substep) < 1e-6)
        #expect(world.state(of: ignored).velocity == .zero)
    }

    @Test("a spring field of strength S gives a 1 kg item the period 2π/√S")
    func springFieldPeriod() {
        let world = World()
        let item = freeItem(world, at: Vector(300, 200))
        var field = FieldDefinition(kind: .spring, bodies: [item], position: Vector(200, 200))
        field.strength = 16
        world.addField(field)
        var crossings: [Int] = []
        var previous = 100.0
        for n in 1...240 {
            _ = world.advance(toFrame: n, frameRate: 120)
            let x = world.state(of: item).center.x - 200
            if (x < 0) != (previous < 0) { crossings.append(n) }
            previous = x
        }
        // ω = 4 rad/s: half a period is π/4 s, about 94 sub-steps.
        #expect(crossings.count >= 2)
        if crossings.count >= 2 {
            #expect(abs(Double(crossings[1] - crossings[0]) * Constants.substep - Double.pi / 4) < 0.03)
        }
    }

    @Test("a field acts only inside its region")
    func fieldRegion() {
        let world = World()
        let inside = freeItem(world, at: Vector(210, 200), size: Vector(10, 10))
        let outside = freeItem(world, at: Vector(400, 200), size: Vector(10, 10))
        var field = FieldDefinition(
            kind: .linearGravity(direction: Vector(0, 1)), bodies: [inside, outside], position: Vector(200, 200))
        field.region = .circle(radius: 50)
        world.addField(field)
        Scenes.run(world, frames: 1...5)
        #expect(world.state(of: inside).velocity.y > 0)
        #expect(world.state(of: outside).velocity == .zero)
    }

    @Test("drag slows, velocity fields drive, vortex turns, electric and magnetic act on charge")
    func otherFields() {
        let world = World()
        let dragged = freeItem(world, at: Vector(100, 100))
        world.addVelocity(dragged, linear: Vector(300, 0), angular: 0)
        world.addField(FieldDefinition(kind: .drag, bodies: [dragged], position: .zero))
        let driven = freeItem(world, at: Vector(100, 300), size: Vector(10, 10))
        world.addField(FieldDefinition(kind: .velocity(direction: Vector(1, 0)), bodies: [driven], position: .zero))
        let swirled = freeItem(world, at: Vector(300, 200), size: Vector(10, 10))
        world.addField(FieldDefinition(kind: .vortex, bodies: [swirled], position: Vector(200, 200)))
        let charged = Scenes.item(world, at: Vector(300, 400), size: Vector(10, 10)) {
            $0.charge = 1
            $0.resistance = 0
        }
        let neutral = freeItem(world, at: Vector(300, 500), size: Vector(10, 10))
        world.addField(FieldDefinition(kind: .electric, bodies: [charged, neutral], position: Vector(200, 450)))
        Scenes.run(world, frames: 1...10)
        #expect(world.state(of: dragged).velocity.x < 300 && world.state(of: dragged).velocity.x > 0)
        #expect(abs(world.state(of: driven).velocity.x - 100) < 1e-6)
        // At (1, 0) m from a vortex of strength 1: tangential, clockwise on screen (downward here).
        #expect(world.state(of: swirled).velocity.y > 0)
        #expect(world.state(of: charged).velocity.x > 0)
        #expect(world.state(of: neutral).velocity == .zero)
    }

    @Test("noise fields are deterministic for a seed and differ between seeds")
    func noiseIsSeeded() {
        func run(seed: UInt64) -> Vector {
            let world = World()
            let item = Scenes.item(world, at: Vector(200, 200), size: Vector(10, 10))
            var field = FieldDefinition(
                kind: .noise(smoothness: 0.5, animationSpeed: 1), bodies: [item], position: .zero)
            field.seed = seed
            field.strength = 5
            world.addField(field)
            Scenes.run(world, frames: 1...30)
            return world.state(of: item).center
        }
        #expect(run(seed: 1) == run(seed: 1))
        #expect(run(seed: 1) != run(seed: 2))
        #expect(run(seed: 1) != Vector(200, 200))
    }
}
