import Testing

@testable import Engine

/// Rest and the animator's pause, as UIKit's Box2D has them (checked frame by frame against pybox2d in
/// `Tests/differential`).
@Suite("Rest and pauses")
struct RestTests {
    @Test("an item still from the start rests after 61 sub-steps: Box2D's rest timer is single precision")
    func restTimerCountsInSinglePrecision() {
        let world = World()
        let item = Scenes.item(world, at: Vector(200, 200))
        // At 120 Hz frame n runs sub-step n − 1: 60 sub-steps of h add up to just under 0.5 s in floats.
        Scenes.run(world, frames: 1...61, frameRate: 120)
        #expect(!world.state(of: item).resting)
        Scenes.run(world, frames: 62...62, frameRate: 120)
        #expect(world.state(of: item).resting)
        #expect(world.isPaused)
    }

    @Test("an item pushed into a wall comes to rest, and the paused animator keeps it there though the push is on")
    func continuousPushIntoAWallPauses() {
        let world = World()
        let box = Scenes.item(world, at: Vector(100, 200), size: Vector(60, 60))
        _ = world.addPush(PushDefinition(bodies: [box], force: Vector(0.5, 0)))
        world.addCollisionGroup(
            CollisionGroupDefinition(bodies: [box], boundaries: [.segment(from: Vector(300, 0), to: Vector(300, 400))]))
        var pausedAt: Int?
        for n in 1...300 {
            _ = world.advance(toFrame: n, frameRate: 60)
            if world.isPaused && pausedAt == nil { pausedAt = n }
            if pausedAt != nil { #expect(world.isPaused, "the animator resumed at frame \(n)") }
        }
        #expect(pausedAt != nil)
        let state = world.state(of: box)
        // Against the wall: its right side within the skins of the segment.
        #expect(state.center.x > 267 && state.center.x < 270)
        #expect(state.velocity == .zero)
        #expect(state.resting)
    }
}
