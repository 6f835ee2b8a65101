import Testing

@testable import Engine

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Attachments and snaps")
struct JointTests {
    /// Twice the mean time between successive zero crossings of `signal` sampled every sub-step (nil
    /// with fewer than three crossings).
    private static func period(of signal: [Double], h: Double) -> Double? {
        var crossings: [Double] = []
        for k in 1..<signal.count where (signal[k - 1] < 0) != (signal[k] < 0) {
            let t = Double(k - 1) + signal[k - 1] / (signal[k - 1] - signal[k])
            crossings.append(t * h)
        }
        guard crossings.count >= 3 else { return nil }
        return 2 * (crossings.last! - crossings.first!) / Double(crossings.count - 1)
    }

    @Test("a rigid pendulum of length 100 swings with period 2π√(L/g) = 1.987 s, within 3 %")
    func pendulumPeriod() throws {
        let world = World()
        let anchor = Vector(200, 100)
        let angle = 0.1
        let bob = Scenes.item(
            world, at: anchor + Vector(100 * sin(angle), 100 * cos(angle)), size: Vector(10, 10), falling: true
        ) {
            $0.resistance = 0
            $0.angularResistance = 0
        }
        world.addJoint(
            JointDefinition(body: bob, anchor: .point(anchor), kind: .distance(length: nil, frequency: 0, damping: 0)))
        var xs: [Double] = []
        for n in 1...400 {
            _ = world.advance(toFrame: n, frameRate: 120)
            xs.append(world.state(of: bob).center.x - anchor.x)
            // The rod keeps its length.
            #expect(abs((world.state(of: bob).center - anchor).length - 100) < 0.5)
        }
        let measured = Self.period(of: xs, h: Constants.substep)
        let period = try #require(measured)
        #expect(abs(period - 2 * Double.pi * (0.1).squareRoot()) <= 0.03 * 1.987)
    }

    @Test(
        "a spring attachment oscillates with period 1/(f·√(1−ζ²)), within 5 %",
        arguments: [(1.0, 0.0), (2.0, 0.2), (0.5, 0.5)])
    func springPeriod(frequency: Double, damping: Double) throws {
        let world = World()
        let anchor = Vector(200, 200)
        let item = Scenes.item(world, at: Vector(200, 350), size: Vector(40, 40)) {
            $0.resistance = 0
            $0.angularResistance = 0
        }
        world.addJoint(
            JointDefinition(
                body: item, anchor: .point(anchor), kind: .distance(length: 100, frequency: frequency, damping: damping)
            ))
        var ys: [Double] = []
        let substeps = Int(4 / frequency * 120)
        for n in 1...substeps {
            _ = world.advance(toFrame: n, frameRate: 120)
            ys.append(world.state(of: item).center.y - 300)
        }
        let measured = Self.period(of: ys, h: Constants.substep)
        let period = try #require(measured)
        let expected = 1 / (frequency * (1 - damping * damping).squareRoot())
        #expect(abs(period - expected) <= 0.05 * expected)
    }

    @Test(
        "a snap settles within 0.5 pt and 0.005 rad of its point in under 1 s, straightening the item",
        arguments: [0.0, 0.7, -2.0])
    func snapSettles(angle: Double) {
        let world = World()
        let item = Scenes.item(world, at: Vector(80, 120), size: Vector(60, 40), angle: angle)
        world.addSnap(body: item, point: Vector(200, 260), damping: 0.5)
        Scenes.run(world, frames: 1...59)
        let s = world.state(of: item)
        #expect((s.center - Vector(200, 260)).length < 0.5)
        #expect(abs(s.angle.remainder(dividingBy: 2 * Double.pi)) < 0.005)
    }

    @Test("moving the snap point moves the item there")
    func snapPointMoves() {
        let world = World()
        let item = Scenes.item(world, at: Vector(100, 100), size: Vector(50, 50))
        let snap = world.addSnap(body: item, point: Vector(100, 100), damping: 0.3)
        Scenes.run(world, frames: 1...60)
        #expect(world.isPaused || world.state(of: item).center == Vector(100, 100))
        world.setSnapPoint(snap, Vector(250, 180))
        #expect(!world.state(of: item).resting)
        Scenes.run(world, frames: 61...180)
        #expect((world.state(of: item).center - Vector(250, 180)).length < 0.5)
        world.removeSnap(snap)
        world.addVelocity(item, linear: Vector(100, 0), angular: 0)
        Scenes.run(world, frames: 181...200)
        #expect(world.state(of: item).center.x > 260)
    }

    @Test("a pin holds the two points together and lets the items turn")
    func pinHoldsPoints() {
        let world = World()
        let a = Scenes.item(world, at: Vector(200, 200), size: Vector(100, 20)) { $0.anchored = true }
        let b = Scenes.item(world, at: Vector(300, 200), size: Vector(100, 20), falling: true)
        world.addJoint(
            JointDefinition(
                body: b, offset: Vector(-50, 0), anchor: .body(a, offset: Vector(50, 0)),
                kind: .pin(frictionTorque: 0, range: nil)))
        var lowest = 0.0
        Scenes.run(world, frames: 1...90) { _, _ in
            let s = world.state(of: b)
            let point = s.center + Vector(-50 * cos(s.angle), -50 * sin(s.angle))
            #expect((point - Vector(250, 200)).length < 1)
            lowest = max(lowest, s.center.y)
        }
        // It swung down around the pin.
        #expect(lowest > 245)
    }

    @Test("a pin's range bounds the relative angle")
    func pinRange() {
        let world = World()
        let b = Scenes.item(world, at: Vector(300, 200), size: Vector(100, 20), falling: true)
        world.addJoint(
            JointDefinition(
                body: b, offset: Vector(-50, 0), anchor: .point(Vector(250, 200)),
                kind: .pin(frictionTorque: 0, range: -0.3...0.3)))
        Scenes.run(world, frames: 1...120) { _, _ in
            #expect(world.state(of: b).angle <= 0.3 + 0.04)
        }
        #expect(abs(world.state(of: b).angle - 0.3) < 0.04)
    }

    @Test("a fixed attachment keeps the two items as one")
    func fixedHoldsGeometry() {
        let world = World()
        let a = Scenes.item(world, at: Vector(200, 100), size: Vector(40, 40), falling: true)
        let b = Scenes.item(world, at: Vector(260, 100), size: Vector(40, 40), falling: true)
        world.addJoint(
            JointDefinition(body: a, offset: Vector(30, 0), anchor: .body(b, offset: Vector(-30, 0)), kind: .fixed))
        world.addJoint(
            JointDefinition(
                body: a, anchor: .point(Vector(200, 50)), kind: .distance(length: nil, frequency: 0, damping: 0)))
        Scenes.run(world, frames: 1...120) { _, _ in
            let sa = world.state(of: a)
            let sb = world.state(of: b)
            #expect(abs((sb.center - sa.center).length - 60) < 1)
            #expect(abs(sb.angle - sa.angle) < 0.02)
            let direction = Vector(cos(sa.angle), sin(sa.angle))
            #expect(((sb.center - sa.center) - 60 * direction).length < 1.5)
        }
        // The pair swung as one body about the rod's anchor.
        #expect(abs(world.state(of: a).angle) > 0.1)
    }

    @Test("a sliding attachment keeps the item on its axis, unrotated, within its range")
    func slidingHoldsAxis() {
        let world = World()
        let item = Scenes.item(world, at: Vector(100, 100), size: Vector(30, 30), falling: true)
        let axis = Vector(1, 1).normalized
        world.addJoint(
            JointDefinition(body: item, anchor: .point(Vector(100, 100)), kind: .sliding(axis: axis, range: -20...80)))
        Scenes.run(world, frames: 1...120) { _, _ in
            let s = world.state(of: item)
            let d = s.center - Vector(100, 100)
            #expect(abs(cross(d, axis)) < 0.6)
            #expect(abs(s.angle) < 0.01)
            #expect(dot(d, axis) <= 80.6)
        }
        #expect(abs(dot(world.state(of: item).center - Vector(100, 100), axis) - 80) < 0.6)
    }

    @Test("a sliding item starts on its rail where it is, and the rail moves with its anchor")
    func slidingRailThroughTheItem() {
        let world = World()
        let item = Scenes.item(world, at: Vector(100, 100), size: Vector(30, 30))
        let joint = world.addJoint(
            JointDefinition(
                body: item, anchor: .point(Vector(200, 300)), kind: .sliding(axis: Vector(1, 0), range: nil)))
        world.addVelocity(item, linear: Vector(60, 0), angular: 0)
        Scenes.run(world, frames: 1...30)
        // It slid along x through its own center; the anchor's offset across the axis did not pull it.
        #expect(abs(world.state(of: item).center.y - 100) < 0.01)
        #expect(world.state(of: item).center.x > 120)
        world.setJointAnchor(joint, Vector(200, 340))
        Scenes.run(world, frames: 31...150)
        #expect(abs(world.state(of: item).center.y - 140) < 0.6)
    }

    @Test("a limit attachment never lets the distance exceed its length, and lets it shrink")
    func limitIsARope() {
        let world = World()
        let a = Scenes.item(world, at: Vector(200, 100), size: Vector(20, 20)) { $0.anchored = true }
        let b = Scenes.item(world, at: Vector(260, 100), size: Vector(20, 20), falling: true)
        world.addJoint(JointDefinition(body: b, anchor: .body(a, offset: .zero), kind: .limit(length: 100)))
        var maximumDistance = 0.0
        Scenes.run(world, frames: 1...120) { _, _ in
            let d = (world.state(of: b).center - Vector(200, 100)).length
            maximumDistance = max(maximumDistance, d)
            #expect(d <= 100.6)
        }
        // Slack at the start (60 pt), taut once the item has fallen.
        #expect(maximumDistance > 99)
    }

    @Test("a rigid distance attachment from a point within 1 pt of its anchor acts as a pin")
    func coincidentDistanceActsAsPin() {
        let world = World()
        let bar = Scenes.item(world, at: Vector(200, 200), size: Vector(100, 10), falling: true)
        world.addJoint(
            JointDefinition(
                body: bar, offset: Vector(-50, 0), anchor: .point(Vector(150.5, 200)),
                kind: .distance(length: nil, frequency: 0, damping: 0)))
        Scenes.run(world, frames: 1...60)
        let s = world.state(of: bar)
        let end = s.center + Vector(-50 * cos(s.angle), -50 * sin(s.angle))
        #expect((end - Vector(150.5, 200)).length < 1)
        #expect(s.angle > 0.5)
    }

    @Test("changing an attachment live: anchor, length, frequency")
    func liveChanges() {
        let world = World()
        let item = Scenes.item(world, at: Vector(200, 300), size: Vector(20, 20))
        let joint = world.addJoint(
            JointDefinition(
                body: item, anchor: .point(Vector(200, 200)), kind: .distance(length: nil, frequency: 2, damping: 1)))
        Scenes.run(world, frames: 1...60)
        world.setJointAnchor(joint, Vector(300, 200))
        world.setJointLength(joint, 50)
        Scenes.run(world, frames: 61...240)
        #expect(abs((world.state(of: item).center - Vector(300, 200)).length - 50) < 1)
        world.setJointFrequency(joint, 0)
        world.removeJoint(joint)
        world.addVelocity(item, linear: Vector(0, 200), angular: 0)
        Scenes.run(world, frames: 241...270)
        #expect((world.state(of: item).center - Vector(300, 200)).length > 100)
    }
}
