import Testing

@testable import Engine

@Suite("Robustness, determinism and scale")
struct RobustnessTests {
    /// A pile of boxes, discs and polygons in a walled view, with a pin, a snap and a push.
    private static func busyScene() -> World {
        let world = World(viewBounds: Rect(x: 0, y: 0, width: 300, height: 400))
        var ids: [BodyID] = []
        for k in 0..<24 {
            let outline: CollisionOutline =
                k % 3 == 0
                ? .ellipse : k % 3 == 1 ? .rectangle : .path([Vector(0, -12), Vector(12, 10), Vector(-12, 10)])
            let size = k % 4 == 0 ? Vector(30, 18) : Vector(24, 24)
            let id = Scenes.item(
                world, at: Vector(40 + Double(k % 6) * 40, 60 + Double(k / 6) * 40), size: size,
                angle: Double(k) * 0.3, outline: outline, falling: true
            ) { $0.elasticity = 0.4 }
            ids.append(id)
        }
        world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: ids, boundaries: [.segment(from: Vector(0, 300), to: Vector(150, 380))],
                referenceBounds: Rect(x: 0, y: 0, width: 300, height: 400)))
        world.addJoint(
            JointDefinition(body: ids[0], anchor: .point(Vector(40, 20)), kind: .pin(frictionTorque: 0, range: nil)))
        world.addSnap(body: ids[1], point: Vector(150, 150), damping: 0.3)
        world.addPush(
            PushDefinition(bodies: [ids[2], ids[3]], mode: .continuous, force: Vector(0.2, -0.1), offset: Vector(3, 3)))
        return world
    }

    @Test("the same scene gives bit-identical results on every run")
    func determinism() {
        var fingerprints: [UInt64] = []
        var eventLists: [[ContactEvent]] = []
        for _ in 0..<2 {
            let world = Self.busyScene()
            var events: [ContactEvent] = []
            Scenes.run(world, frames: 1...90) { _, report in events += report.contactEvents }
            fingerprints.append(Scenes.fingerprint(world))
            eventLists.append(events)
        }
        #expect(fingerprints[0] == fingerprints[1])
        #expect(eventLists[0] == eventLists[1])
        #expect(!eventLists[0].isEmpty)
    }

    @Test("a pyramid of 100 boxes comes to rest and the animator pauses")
    func pileComesToRest() {
        let world = World(viewBounds: Rect(x: 0, y: 0, width: 600, height: 500))
        var ids: [BodyID] = []
        var row = 0
        while ids.count < 100 {
            let count = 14 - row
            for k in 0..<count where ids.count < 100 {
                ids.append(
                    Scenes.item(
                        world, at: Vector(300 - Double(count - 1) * 16 + Double(k) * 32, 484 - Double(row) * 31),
                        size: Vector(30, 30), falling: true))
            }
            row += 1
        }
        world.addCollisionGroup(
            CollisionGroupDefinition(bodies: ids, referenceBounds: Rect(x: 0, y: 0, width: 600, height: 500)))
        var pausedAt: Int?
        for n in 1...300 {
            _ = world.advance(toFrame: n, frameRate: 60)
            if world.isPaused {
                pausedAt = n
                break
            }
        }
        #expect(pausedAt != nil)
        for id in ids {
            let s = world.state(of: id)
            #expect(s.resting)
            #expect(s.velocity == .zero)
            #expect(s.center.y < 500 && s.center.y > 0 && s.center.x > 0 && s.center.x < 600)
        }
        // A paused world does not move, and a push wakes it.
        let before = Scenes.fingerprint(world)
        let paused = pausedAt ?? 300
        Scenes.run(world, frames: (paused + 1)...(paused + 10))
        #expect(Scenes.fingerprint(world) == before)
        world.addPush(PushDefinition(bodies: [ids[99]], mode: .instantaneous, force: Vector(0, -2)))
        #expect(!world.isPaused)
        _ = world.advance(toFrame: paused + 11, frameRate: 60)
        #expect(!world.state(of: ids[99]).resting)
    }

    @Test("a body of an island rests only when all of it does; a contact wakes a resting body")
    func contactWakesRestingBody() {
        let world = World()
        let floor = BoundaryShape.segment(from: Vector(0, 300), to: Vector(400, 300))
        let resting = Scenes.item(world, at: Vector(200, 270), size: Vector(60, 60), falling: true)
        world.addCollisionGroup(CollisionGroupDefinition(bodies: [resting], boundaries: [floor]))
        Scenes.run(world, frames: 1...90)
        #expect(world.state(of: resting).resting)
        // A falling item of the same group lands on it.
        let falling = Scenes.item(world, at: Vector(210, 100), size: Vector(30, 30), falling: true)
        world.removeCollisionGroup(CollisionGroupID(0))
        world.addCollisionGroup(CollisionGroupDefinition(bodies: [resting, falling], boundaries: [floor]))
        var woke = false
        Scenes.run(world, frames: 91...150) { _, _ in
            if !world.state(of: resting).resting { woke = true }
        }
        #expect(woke)
        #expect(world.state(of: falling).center.y < 240)
    }

    @Test("a fast small item does not pass through a boundary")
    func continuousCollisionStopsTunneling() {
        let world = World()
        let bullet = Scenes.item(world, at: Vector(100, 200), size: Vector(4, 4), outline: .ellipse, falling: true) {
            $0.resistance = 0
        }
        world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: [bullet], boundaries: [.segment(from: Vector(300, 0), to: Vector(300, 400))]))
        world.setGravity(.zero)
        world.addVelocity(bullet, linear: Vector(20_000, 0), angular: 0)
        Scenes.run(world, frames: 1...30)
        #expect(world.state(of: bullet).center.x < 300)
        // Without continuous collision (no gravity or push behavior) the same item goes through.
        let world2 = World()
        let ghost = Scenes.item(world2, at: Vector(100, 200), size: Vector(4, 4), outline: .ellipse) {
            $0.resistance = 0
        }
        world2.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: [ghost], boundaries: [.segment(from: Vector(300, 0), to: Vector(300, 400))]))
        world2.addVelocity(ghost, linear: Vector(20_000, 0), angular: 0)
        Scenes.run(world2, frames: 1...30)
        #expect(world2.state(of: ghost).center.x > 300)
    }

    @Test("a run that stops being finite is reported with its body and sub-step, not carried on")
    func divergenceIsReported() {
        let world = World(viewBounds: Rect(x: 0, y: 0, width: 100, height: 100))
        let calm = Scenes.item(world, at: Vector(50, 50), size: Vector(10, 10))
        let wild = Scenes.item(world, at: Vector(50, 50), size: Vector(10, 10))
        _ = world.advance(toFrame: 1, frameRate: 60)
        // A force too large for a double.
        world.addPush(PushDefinition(bodies: [wild], force: Vector(1e308, 0)))
        let report = world.advance(toFrame: 2, frameRate: 60)
        #expect(report.divergence == Divergence(body: wild, substep: 2))
        #expect(world.divergence == report.divergence)
        // The world stops there.
        _ = world.advance(toFrame: 5, frameRate: 60)
        #expect(world.substepsRun == 2)
        #expect(world.state(of: calm).center == Vector(50, 50))
    }

    @Test("an item more than 10⁶ pt from the view has diverged")
    func farAwayIsDivergence() {
        let world = World(viewBounds: Rect(x: 0, y: 0, width: 100, height: 100))
        _ = Scenes.item(world, at: Vector(50, 50), size: Vector(10, 10))
        let far = Scenes.item(world, at: Vector(50, 2e6), size: Vector(10, 10))
        let report = world.advance(toFrame: 1, frameRate: 60)
        #expect(report.divergence == Divergence(body: far, substep: 1))
    }

    @Test("non-finite input is caught as a divergence, never carried silently")
    func nonFiniteInput() {
        let world = World()
        let item = Scenes.item(world, at: Vector(50, 50), size: Vector(10, 10))
        world.addVelocity(item, linear: Vector(.nan, 0), angular: 0)
        let report = world.advance(toFrame: 1, frameRate: 60)
        #expect(report.divergence == Divergence(body: item, substep: 1))
    }

    @Test("a huge but finite velocity moves the item at the speed limit instead of stopping it")
    func hugeVelocityIsClamped() {
        let world = World()
        let item = Scenes.item(world, at: Vector(50, 50), size: Vector(10, 10))
        world.addVelocity(item, linear: Vector(1e200, 0), angular: 0)
        let report = world.advance(toFrame: 1, frameRate: 60)
        #expect(report.divergence == nil)
        // One sub-step at 200 pt of travel, in the direction given.
        let center = world.state(of: item).center
        #expect(abs(center.x - 250) < 1e-6)
        #expect(center.y == 50)
    }

    @Test("degenerate sizes, huge frequencies and massless combinations finish with finite values")
    func degenerateInputs() {
        let world = World(viewBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let tiny = Scenes.item(world, at: Vector(100, 100), size: Vector(1e-9, 1e-9), falling: true)
        let huge = Scenes.item(world, at: Vector(200, 200), size: Vector(1e12, 1e12), falling: true)
        let flat = Scenes.item(world, at: Vector(300, 100), size: Vector(50, 1e-9), outline: .ellipse, falling: true)
        let line = Scenes.item(
            world, at: Vector(300, 200), size: Vector(40, 40),
            outline: .path([Vector(0, 0), Vector(10, 10), Vector(20, 20)]), falling: true)
        let anchoredA = Scenes.item(world, at: Vector(50, 350), size: Vector(20, 20)) { $0.anchored = true }
        let anchoredB = Scenes.item(world, at: Vector(90, 350), size: Vector(20, 20)) { $0.anchored = true }
        let light = Scenes.item(world, at: Vector(150, 300), size: Vector(20, 20), falling: true) {
            $0.density = 1e-300
        }
        world.addJoint(
            JointDefinition(
                body: anchoredA, anchor: .body(anchoredB, offset: .zero),
                kind: .distance(length: nil, frequency: 0, damping: 0)))
        world.addJoint(JointDefinition(body: anchoredA, anchor: .body(anchoredA, offset: .zero), kind: .fixed))
        world.addJoint(
            JointDefinition(
                body: light, anchor: .point(Vector(150, 250)),
                kind: .distance(length: nil, frequency: 1e6, damping: 1e6)))
        world.addJoint(
            JointDefinition(body: tiny, anchor: .body(huge, offset: .zero), kind: .sliding(axis: .zero, range: nil)))
        world.addSnap(body: flat, point: Vector(300, 100), damping: 1)
        world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: [tiny, huge, flat, line, anchoredA, anchoredB, light],
                boundaries: [.loop([]), .loop([Vector(1, 1)]), .segment(from: Vector(5, 5), to: Vector(5, 5))],
                referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400)))
        var diverged: Divergence?
        Scenes.run(world, frames: 1...30) { _, r in diverged = diverged ?? r.divergence }
        for i in 1...world.bodyCount where diverged?.body != BodyID(i) {
            let s = world.state(of: BodyID(i))
            #expect(s.center.isFinite && s.velocity.isFinite && s.angle.isFinite && s.angularVelocity.isFinite)
        }
        #expect(world.state(of: anchoredA).center == Vector(50, 350))
    }

    @Test("hundreds of items on one spot finish in bounded time and push apart")
    func itemsOnOneSpot() {
        let world = World(viewBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        var ids: [BodyID] = []
        for _ in 0..<300 { ids.append(Scenes.item(world, at: Vector(200, 200), size: Vector(10, 10))) }
        world.addCollisionGroup(CollisionGroupDefinition(bodies: ids))
        Scenes.run(world, frames: 1...20)
        #expect(world.divergence == nil)
        var spread = 0.0
        for id in ids { spread = max(spread, (world.state(of: id).center - Vector(200, 200)).length) }
        #expect(spread > 20)
    }
}
