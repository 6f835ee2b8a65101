import Testing

@testable import Engine

@Suite("Contacts and boundaries")
struct ContactTests {
    @Test(
        "a 100 pt box dropped on a segment at y = 300 rests about 1.8 pt above it, as on UIKit (center 248.2)",
        arguments: [100.0, 150, 200, 240])
    func boxRestsOnSegmentSkin(dropFrom y: Double) {
        let world = World()
        let box = Scenes.item(world, at: Vector(200, y), falling: true)
        world.addCollisionGroup(
            CollisionGroupDefinition(bodies: [box], boundaries: [.segment(from: Vector(0, 300), to: Vector(400, 300))]))
        Scenes.run(world, frames: 1...240)
        let state = world.state(of: box)
        // The segment's and the box's 1 pt skins around their full outlines, less what the position solver leaves
        // (UIKit, measured from y = 100: 248.216629; from other heights the solver leaves 248.0 to 248.2).
        #expect(state.center.y > 247.9 && state.center.y < 248.4, "center y \(state.center.y)")
        #expect(abs(state.center.x - 200) < 0.05)
        #expect(abs(state.angle) < 0.01)
        #expect(state.resting)
        #expect(world.isPaused)
    }

    @Test("stacked items rest their two skins apart, less the slop")
    func stackedBoxesRestTheirSkinsApart() {
        let world = World()
        let lower = Scenes.item(world, at: Vector(200, 240), falling: true)
        let upper = Scenes.item(world, at: Vector(200, 120), falling: true)
        world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: [lower, upper], boundaries: [.segment(from: Vector(0, 300), to: Vector(400, 300))]))
        Scenes.run(world, frames: 1...240)
        let gap = (world.state(of: lower).center.y - 50) - (world.state(of: upper).center.y + 50)
        // Each polygon has Box2D's 1 pt skin around its outline: resting outlines are 2 pt apart less what the
        // position solver allows (the linear slop, 0.5 pt), and no more than the two skins.
        #expect(gap >= 1.5 - 0.01, "gap \(gap)")
        #expect(gap <= 2, "gap \(gap)")
    }

    @Test("a bounce from rest at height d rebounds to about e²·d")
    func bounceApex() {
        let world = World()
        let e = 0.8
        // A ball whose rest height on the segment is about y = 300 − 2 − 10.
        let ball = Scenes.item(world, at: Vector(200, 88), size: Vector(20, 20), outline: .ellipse, falling: true) {
            $0.elasticity = e
            $0.resistance = 0
        }
        world.addCollisionGroup(
            CollisionGroupDefinition(bodies: [ball], boundaries: [.segment(from: Vector(0, 300), to: Vector(400, 300))])
        )
        let d = 288.0 - 88.0
        var bounced = false
        var apex = Double.infinity
        var previousVelocity = 0.0
        Scenes.run(world, frames: 1...90) { _, _ in
            let s = world.state(of: ball)
            if previousVelocity > 0 && s.velocity.y < 0 { bounced = true }
            if bounced && s.velocity.y < 0 { apex = min(apex, s.center.y) }
            if bounced && previousVelocity < 0 && s.velocity.y >= 0 { apex = min(apex, s.center.y) }
            previousVelocity = s.velocity.y
        }
        #expect(bounced)
        let rise = 288 - apex
        #expect(abs(rise - e * e * d) <= 0.1 * e * e * d)
    }

    @Test("in mode boundaries, items pass through each other but not through the boundary")
    func boundariesModeLetsItemsPass() {
        let world = World()
        let a = Scenes.item(world, at: Vector(200, 100), size: Vector(50, 50), falling: true)
        let b = Scenes.item(world, at: Vector(200, 200), size: Vector(50, 50), falling: true)
        world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: [a, b], mode: .boundaries, boundaries: [.segment(from: Vector(0, 300), to: Vector(400, 300))]))
        Scenes.run(world, frames: 1...180)
        // Both end on the segment, overlapping each other.
        #expect(abs(world.state(of: a).center.y - world.state(of: b).center.y) < 1)
        #expect(world.state(of: a).center.y < 280)
    }

    @Test("in mode items, boundaries are ignored")
    func itemsModeIgnoresBoundaries() {
        let world = World()
        let a = Scenes.item(world, at: Vector(200, 100), size: Vector(50, 50), falling: true)
        world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: [a], mode: .items, boundaries: [.segment(from: Vector(0, 300), to: Vector(400, 300))]))
        Scenes.run(world, frames: 1...60)
        #expect(world.state(of: a).center.y > 400)
    }

    @Test("two collision groups ignore each other")
    func separateGroupsIgnoreEachOther() {
        let world = World()
        let floor = BoundaryShape.segment(from: Vector(0, 300), to: Vector(400, 300))
        let a = Scenes.item(world, at: Vector(200, 240), size: Vector(50, 50), falling: true)
        let b = Scenes.item(world, at: Vector(200, 100), size: Vector(50, 50), falling: true)
        world.addCollisionGroup(CollisionGroupDefinition(bodies: [a], boundaries: [floor]))
        world.addCollisionGroup(CollisionGroupDefinition(bodies: [b], boundaries: [floor]))
        Scenes.run(world, frames: 1...180)
        #expect(abs(world.state(of: a).center.y - world.state(of: b).center.y) < 1)
        // Sharing a group, they stack instead.
        let world2 = World()
        let c = Scenes.item(world2, at: Vector(200, 240), size: Vector(50, 50), falling: true)
        let d = Scenes.item(world2, at: Vector(200, 100), size: Vector(50, 50), falling: true)
        world2.addCollisionGroup(CollisionGroupDefinition(bodies: [c, d], boundaries: [floor]))
        Scenes.run(world2, frames: 1...180)
        #expect(world2.state(of: c).center.y - world2.state(of: d).center.y > 49)
    }

    @Test("anchored items never move, and others land on them")
    func anchoredItemsStay() {
        let world = World()
        let anchor = Scenes.item(world, at: Vector(200, 300), size: Vector(200, 20), angle: 0.1) { $0.anchored = true }
        let box = Scenes.item(world, at: Vector(200, 150), size: Vector(40, 40), falling: true)
        world.setAffectedByGravity(anchor, true)
        world.addCollisionGroup(CollisionGroupDefinition(bodies: [anchor, box]))
        Scenes.run(world, frames: 1...120)
        let s = world.state(of: anchor)
        #expect(s.center == Vector(200, 300))
        #expect(s.angle == 0.1)
        #expect(s.velocity == .zero)
        #expect(s.resting)
        #expect(world.state(of: box).center.y < 290)
    }

    @Test("the reference bounds hold items inside, 1 pt outside the insets")
    func referenceBoundsBoundary() {
        let world = World(viewBounds: Rect(x: 0, y: 0, width: 300, height: 400))
        let box = Scenes.item(world, at: Vector(150, 100), size: Vector(60, 60), falling: true)
        let group = world.addCollisionGroup(
            CollisionGroupDefinition(bodies: [box], referenceBounds: Rect(x: 0, y: 0, width: 300, height: 400)))
        var events: [ContactEvent] = []
        Scenes.run(world, frames: 1...180) { _, r in events += r.contactEvents }
        let y = world.state(of: box).center.y
        // Boundary at y = 401: the box rests about 1.8 pt above it, as a box on a segment does.
        #expect(abs(y - 369.2) <= 0.3, "center y \(y)")
        #expect(events.first?.kind == .began)
        #expect(events.first?.partner == .boundary(group: group, index: nil))
    }

    @Test("contact events: began with the point of largest impulse, every began before every ended in a frame")
    func contactEventOrder() {
        let world = World()
        let floor = BoundaryShape.segment(from: Vector(0, 300), to: Vector(400, 300))
        let ball = Scenes.item(world, at: Vector(200, 100), size: Vector(20, 20), outline: .ellipse, falling: true) {
            $0.elasticity = 0.9
        }
        let box = Scenes.item(world, at: Vector(100, 270), size: Vector(40, 40), falling: true)
        let group = world.addCollisionGroup(CollisionGroupDefinition(bodies: [ball, box], boundaries: [floor]))
        var all: [(Int, ContactEvent)] = []
        Scenes.run(world, frames: 1...120) { n, report in
            // Within a frame no began follows an ended.
            if let firstEnded = report.contactEvents.firstIndex(where: { $0.kind == .ended }) {
                #expect(!report.contactEvents[firstEnded...].contains { $0.kind == .began })
            }
            all += report.contactEvents.map { (n, $0) }
        }
        let ballEvents = all.filter { $0.1.body == ball }
        #expect(ballEvents.first?.1.kind == .began)
        #expect(ballEvents.first?.1.partner == .boundary(group: group, index: 0))
        // The ball bounces, so its contact ends and begins again; began and ended alternate.
        #expect(ballEvents.count >= 3)
        for (k, event) in ballEvents.enumerated() {
            #expect(event.1.kind == (k % 2 == 0 ? .began : .ended))
        }
        // The contact point lies on the ball's bottom, between the surfaces.
        if let point = ballEvents.first?.1.point {
            #expect(abs(point.x - 200) < 0.5)
            #expect(abs(point.y - 299) < 2)
        }
    }

    @Test(
        "an item slides across the joints of a loop boundary as over one straight segment",
        arguments: [CollisionOutline.rectangle, .ellipse])
    func slidingAcrossLoopJoints(outline: CollisionOutline) {
        func run(_ boundary: BoundaryShape) -> BodyState {
            var events: [ContactEvent] = []
            defer {
                // The loop is one boundary: one began, however many of its segments the item crosses.
                #expect(events.map(\.kind) == [.began])
            }
            let world = World()
            let box = Scenes.item(world, at: Vector(40, 284), size: Vector(30, 30), outline: outline, falling: true) {
                $0.friction = 0
                $0.resistance = 0
                $0.angularResistance = 0
                $0.elasticity = 0
            }
            world.addCollisionGroup(CollisionGroupDefinition(bodies: [box], boundaries: [boundary]))
            Scenes.run(world, frames: 1...20) { _, r in events += r.contactEvents }
            world.addVelocity(box, linear: Vector(300, 0), angular: 0)
            Scenes.run(world, frames: 21...80) { _, r in events += r.contactEvents }
            return world.state(of: box)
        }
        var floor = (0...16).map { Vector(Double($0) * 25, 300) }
        floor += [Vector(400, 400), Vector(0, 400)]
        let overLoop = run(.loop(floor))
        let overSegment = run(.segment(from: Vector(0, 300), to: Vector(400, 300)))
        #expect(overSegment.center.x > 300)
        #expect(abs(overLoop.center.x - overSegment.center.x) < 1)
        #expect(abs(overLoop.velocity.x - overSegment.velocity.x) < 1)
    }

    @Test("attached items still collide, and their contact names the lower id first")
    func attachedItemsCollide() {
        let world = World()
        let a = Scenes.item(world, at: Vector(100, 200), size: Vector(40, 40))
        let b = Scenes.item(world, at: Vector(300, 200), size: Vector(40, 40))
        // A spring of rest length 0 pulls their centers together.
        world.addJoint(
            JointDefinition(
                body: b, anchor: .body(a, offset: .zero), kind: .distance(length: 0, frequency: 1, damping: 1)))
        world.addCollisionGroup(CollisionGroupDefinition(bodies: [a, b]))
        var events: [ContactEvent] = []
        Scenes.run(world, frames: 1...180) { _, r in events += r.contactEvents }
        let distance = (world.state(of: b).center - world.state(of: a).center).length
        // Touching: the two 40 pt outlines and their 1 pt skins, less the slop.
        #expect(distance > 41 && distance < 42, "distance \(distance)")
        #expect(
            events.first
                == ContactEvent(
                    kind: .began, body: a, partner: .body(b), point: events.first?.point ?? .zero,
                    substep: events.first?.substep ?? 0))
        if let point = events.first?.point {
            #expect(point.x > world.state(of: a).center.x && point.x < world.state(of: b).center.x)
        }
    }

    @Test("a thousand items poured into a box stay inside it")
    func thousandItemsStayInside() {
        let view = Rect(x: 0, y: 0, width: 400, height: 400)
        let world = World(viewBounds: view)
        var ids: [BodyID] = []
        for k in 0..<1000 {
            ids.append(
                Scenes.item(
                    world, at: Vector(10 + Double(k % 38) * 10, 395 - Double(k / 38) * 10), size: Vector(8, 8),
                    outline: k % 2 == 0 ? .ellipse : .rectangle, falling: true))
        }
        world.addCollisionGroup(CollisionGroupDefinition(bodies: ids, referenceBounds: view))
        Scenes.run(world, frames: 1...8)
        #expect(world.divergence == nil)
        for id in ids {
            let c = world.state(of: id).center
            #expect(c.x > 0 && c.x < 400 && c.y > 0 && c.y < 400)
        }
    }

    @Test("an item removed from the simulation ends its contacts and stops")
    func removalEndsContacts() {
        let world = World()
        let box = Scenes.item(world, at: Vector(200, 240), size: Vector(50, 50), falling: true)
        world.addCollisionGroup(
            CollisionGroupDefinition(bodies: [box], boundaries: [.segment(from: Vector(0, 300), to: Vector(400, 300))]))
        Scenes.run(world, frames: 1...60)
        world.setInSimulation(box, false)
        let report = world.advance(toFrame: 61, frameRate: 60)
        #expect(report.contactEvents.map(\.kind) == [.ended])
        let before = world.state(of: box)
        Scenes.run(world, frames: 62...70)
        #expect(world.state(of: box) == before)
        #expect(before.resting)
    }
}
