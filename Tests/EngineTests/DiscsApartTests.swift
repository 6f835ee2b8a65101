import Testing

@testable import Engine

/// `WorldState.discsStayApart` lets a pair of moving discs skip b2TimeOfImpact: it may call a pair apart only
/// where the time of impact would find no touch, or the engine's impacts (and the pinned hash) would change.
@Suite("Moving discs kept apart without a time of impact")
struct DiscsApartTests {
    /// A deterministic stream of numbers in [0, 1) (the tests must not depend on the run).
    private struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func next(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * next()
        }
    }

    /// A disc whose body moves from `start` to `start + move` and turns from `angle` by `turn`, its center
    /// `offset` from the center of mass.
    private static func disc(
        radius: Double, start: Vector, move: Vector, angle: Double, turn: Double, offset: Vector
    ) -> SweptDisc {
        let localCenter = Vector(0, 0)
        let end = start + move
        let q = Rotation(angle + turn)
        let sweep = Sweep(localCenter: localCenter, c0: start, c: end, a0: angle, a: angle + turn, alpha0: 0)
        return SweptDisc(
            radius: radius, center: offset, end: Transform(p: end - q.apply(localCenter), q: q),
            coreExtent: offset.length, sweep: sweep)
    }

    private static func timeOfImpactTouches(_ a: SweptDisc, _ b: SweptDisc) -> Bool {
        let none = UnsafeBufferPointer<Vector>(start: nil, count: 0)
        var knownA = KnownRotations()
        var knownB = KnownRotations()
        let output = TimeOfImpact.compute(
            DistanceProxy(vertices: none, point: a.center, radius: a.radius), a.sweep, &knownA,
            DistanceProxy(vertices: none, point: b.center, radius: b.radius), b.sweep, &knownB)
        return output.state == .touching
    }

    @Test("a pair called apart is never touching for the time of impact, over a range of near misses and hits")
    func apartMeansNotTouching() {
        var numbers = Numbers(state: 24)
        var apart = 0
        var touching = 0
        for k in 0..<3000 {
            let radiusA = numbers.next(5...20)
            let radiusB = numbers.next(5...20)
            let direction = Rotation(numbers.next(0...(2 * Double.pi)))
            // From a little overlapped to well apart, moving up to 12 points each, a third off-center and turning.
            let distance = radiusA + radiusB + numbers.next(-2...12)
            let startB = Vector(300 + distance * direction.c, 200 + distance * direction.s)
            let offCenter = k % 3 == 0
            func move() -> Vector { Vector(numbers.next(-12...12), numbers.next(-12...12)) }
            func offset() -> Vector { offCenter ? Vector(numbers.next(-3...3), numbers.next(-3...3)) : Vector(0, 0) }
            let a = Self.disc(
                radius: radiusA, start: Vector(300, 200), move: move(), angle: numbers.next(-4...4),
                turn: offCenter ? numbers.next(-0.5...0.5) : 0, offset: offset())
            let b = Self.disc(
                radius: radiusB, start: startB, move: move(), angle: numbers.next(-4...4),
                turn: offCenter ? numbers.next(-0.5...0.5) : 0, offset: offset())
            let touches = Self.timeOfImpactTouches(a, b)
            if WorldState.discsStayApart(a, b) {
                apart += 1
                #expect(!touches, "pair \(k) called apart, but the time of impact touches")
            }
            if touches { touching += 1 }
        }
        // Both outcomes are well represented, so the check above has cases to fail on.
        #expect(apart > 500)
        #expect(touching > 500)
    }

    @Test("two balls resting on each other in a pile, and two falling side by side, are apart")
    func restingAndFallingPairsAreApart() {
        let still = Vector(0, 0)
        let resting = (
            Self.disc(radius: 15, start: Vector(100, 100), move: Vector(0, 0.05), angle: 0, turn: 0, offset: still),
            Self.disc(radius: 15, start: Vector(100, 129.5), move: Vector(0, 0.05), angle: 0, turn: 0, offset: still)
        )
        #expect(WorldState.discsStayApart(resting.0, resting.1))
        #expect(!Self.timeOfImpactTouches(resting.0, resting.1))
        let falling = (
            Self.disc(radius: 15, start: Vector(100, 100), move: Vector(0, 16), angle: 0, turn: 0, offset: still),
            Self.disc(radius: 15, start: Vector(138, 100), move: Vector(0, 16), angle: 0, turn: 0, offset: still)
        )
        #expect(WorldState.discsStayApart(falling.0, falling.1))
        let meeting = (
            Self.disc(radius: 15, start: Vector(100, 100), move: Vector(6, 0), angle: 0, turn: 0, offset: still),
            Self.disc(radius: 15, start: Vector(138, 100), move: Vector(-6, 0), angle: 0, turn: 0, offset: still)
        )
        #expect(!WorldState.discsStayApart(meeting.0, meeting.1))
        #expect(Self.timeOfImpactTouches(meeting.0, meeting.1))
    }
}
