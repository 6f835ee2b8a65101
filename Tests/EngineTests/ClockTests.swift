import Testing

@testable import Engine

@Suite("The animator's clock")
struct ClockTests {
    @Test(
        "after n frames ⌈120·n/f⌉ − 1 sub-steps have run",
        arguments: [
            (60.0, [0, 1, 3, 5, 7, 9]),
            (120.0, [0, 0, 1, 2, 3, 4]),
            (40.0, [0, 2, 5, 8, 11, 14]),
            (30.0, [0, 3, 7, 11, 15, 19]),
        ])
    func substepCounts(frameRate: Double, expected: [Int]) {
        for (n, count) in expected.enumerated() {
            #expect(World.substeps(afterFrames: n, frameRate: frameRate) == count)
        }
    }

    @Test("a non-integer frame rate counts the same way")
    func nonIntegerFrameRate() {
        // 120·3/24.5 = 14.69…: 14 sub-steps.
        #expect(World.substeps(afterFrames: 3, frameRate: 24.5) == 14)
        // 120·1/0.5 = 240 exactly: 239.
        #expect(World.substeps(afterFrames: 1, frameRate: 0.5) == 239)
    }

    @Test("the world runs exactly the counted sub-steps, frame by frame")
    func worldFollowsTheCount() {
        let world = World()
        for n in 0...7 {
            _ = world.advance(toFrame: n, frameRate: 40)
            #expect(world.substepsRun == max(0, 3 * n - 1))
        }
    }

    @Test("free fall from rest follows y₀ + g·h²·k(k+1)/2 exactly")
    func freeFall() {
        let world = World()
        var properties = BodyProperties()
        properties.resistance = 0
        var definition = BodyDefinition(center: Vector(100, 50), size: Vector(20, 20))
        definition.properties = properties
        let body = world.addBody(definition)
        world.setAffectedByGravity(body, true)
        world.setGravity(Vector(0, 1))
        let h = Double(Float(1.0 / 120.0))
        let expected = [50.0694, 50.4167, 51.0417, 51.9444, 53.1250]
        for n in 1...5 {
            _ = world.advance(toFrame: n, frameRate: 60)
            let k = Double(2 * n - 1)
            let y = world.state(of: body).center.y
            #expect(abs(y - (50 + 1000 * h * h * k * (k + 1) / 2)) <= 1e-9)
            #expect(abs(y - expected[n - 1]) < 5e-5)
            #expect(world.state(of: body).center.x == 100)
        }
    }
}
