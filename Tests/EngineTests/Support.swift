@testable import Engine

/// Small builders for test worlds.
enum Scenes {
    static func properties(_ change: (inout BodyProperties) -> Void = { _ in }) -> BodyProperties {
        var p = BodyProperties()
        change(&p)
        return p
    }

    /// Adds an item, optionally falling under world gravity of magnitude 1.
    @discardableResult
    static func item(
        _ world: World, at center: Vector, size: Vector = Vector(100, 100), angle: Double = 0,
        outline: CollisionOutline = .rectangle, falling: Bool = false,
        _ change: (inout BodyProperties) -> Void = { _ in }
    ) -> BodyID {
        var definition = BodyDefinition(center: center, size: size, angle: angle, outline: outline)
        definition.properties = properties(change)
        let body = world.addBody(definition)
        if falling {
            world.setAffectedByGravity(body, true)
            world.setContinuousCollision(body, true)
            world.setGravity(Vector(0, 1))
        }
        return body
    }

    /// Runs frames at 60 Hz from the world's current frame, collecting reports.
    @discardableResult
    static func run(
        _ world: World, frames: ClosedRange<Int>, frameRate: Double = 60,
        each: (Int, FrameReport) -> Void = { _, _ in }
    ) -> [FrameReport] {
        var reports: [FrameReport] = []
        for n in frames {
            let report = world.advance(toFrame: n, frameRate: frameRate)
            each(n, report)
            reports.append(report)
        }
        return reports
    }

    /// FNV-1a over the bit patterns of every body's state.
    static func fingerprint(_ world: World) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: Double) {
            var bits = value.bitPattern
            for _ in 0..<8 {
                hash ^= bits & 0xFF
                hash = hash &* 0x100_0000_01B3
                bits >>= 8
            }
        }
        for i in 1...world.bodyCount {
            let s = world.state(of: BodyID(i))
            mix(s.center.x)
            mix(s.center.y)
            mix(s.angle)
            mix(s.velocity.x)
            mix(s.velocity.y)
            mix(s.angularVelocity)
            mix(s.resting ? 1 : 0)
        }
        return hash
    }
}
