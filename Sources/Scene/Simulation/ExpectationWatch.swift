// Checks the scene's `expect` entries frame by frame while it runs, keeping only what a failure message needs:
// for a time-bound expectation the state at its frame (the first frame whose time is at least `by`, as for
// events) and what happened after it; for a contact expectation the first contact event of its pair.
// Each observation is O(expectations), plus the frame's contact events for contact expectations.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the run of a scene says about each of its expectations.
struct ExpectationWatch {
    private let frameRate: Double
    private let itemIDs: [String]
    private var checks: [Check]
    /// The checks that watch contact events, by index.
    private let contactChecks: [Int]

    private struct Check {
        var expectation: Int
        var kind: Expectation.Kind
        /// The item (rests, near), by simulation index.
        var item: Int?
        /// The resolved pair (contact, noContact); nil when an id names no simulated item.
        var pair: ContactPair?
        /// The frame the expectation is about (rests, near, pauses).
        var byFrame = Int.max
        /// rests/pauses: whether it held at `byFrame`, and the item's speed there.
        var heldAtBy: Bool?
        var speedAtBy = 0.0
        /// rests/pauses: the first frame after `byFrame` at which it holds.
        var firstHeldAfter: Int?
        /// near: the first frame from `byFrame` on that is too far (with its distance and angle), the last one.
        var firstMiss: (frame: Int, distance: Double, angle: Double)?
        var lastMiss: Int?
        var lastDistance = 0.0
        /// contact, noContact: the first frame at which the pair begins to touch.
        var firstContact: Int?
    }

    init(simulation: SceneSimulation, frames: Int) {
        frameRate = simulation.frameRate
        itemIDs = simulation.itemIDs
        var checks: [Check] = []
        var contactChecks: [Int] = []
        for (index, expectation) in simulation.scene.expectations.enumerated() {
            guard let kind = expectation.kind else { continue }
            var check = Check(expectation: index, kind: kind)
            func frame(_ time: Double) -> Int {
                let frame = Timeline.frame(of: time, frameRate: simulation.frameRate)
                return frame.isFinite && frame < Double(Int.max / 2) ? Int(frame) : Int.max / 2
            }
            switch kind {
            case .rests(let item, let by), .near(let item, _, _, let by, _):
                check.item = simulation.itemIndex[item.id.exactId]
                check.byFrame = frame(by)
            case .pauses(let by):
                check.byFrame = frame(by)
            case .contact(let filter, _), .noContact(let filter):
                check.pair = ContactPair(filter, itemIndex: simulation.itemIndex)
                contactChecks.append(checks.count)
            }
            checks.append(check)
        }
        self.checks = checks
        self.contactChecks = contactChecks
    }

    /// Takes in a frame: the items' states, whether the animator is paused, the frame's events.
    mutating func observe(frame: Int, states: [ItemState], paused: Bool, events: [SimulationEvent]) {
        for c in checks.indices {
            switch checks[c].kind {
            case .rests:
                guard frame >= checks[c].byFrame, let item = checks[c].item else { continue }
                record(c, frame: frame, holds: states[item].resting, speed: states[item].velocity.length)
            case .pauses:
                guard frame >= checks[c].byFrame else { continue }
                record(c, frame: frame, holds: paused, speed: 0)
            case .near(_, let point, let within, _, let angleWithin):
                guard frame >= checks[c].byFrame, let item = checks[c].item else { continue }
                let state = states[item]
                let distance = Vector(x: state.center.x - point.x, y: state.center.y - point.y).length
                let angle = Self.normalized(state.angle)
                checks[c].lastDistance = distance
                let near = distance <= within && angleWithin.map { abs(angle) <= $0 } ?? true
                if !near {
                    if checks[c].firstMiss == nil { checks[c].firstMiss = (frame, distance, angle) }
                    checks[c].lastMiss = frame
                }
            case .contact, .noContact:
                continue
            }
        }
        guard !contactChecks.isEmpty else { return }
        for event in events {
            guard case .contact(false, let item, let partner, _) = event.kind else { continue }
            for c in contactChecks where checks[c].firstContact == nil {
                if checks[c].pair?.matches(item: item, partner: partner) == true { checks[c].firstContact = frame }
            }
        }
    }

    /// Takes in frames in which nothing changes (the same states, no events): as observing each of them, by
    /// observing the first, the last, and each check's own frame between them. Observing a frame with the
    /// same inputs as the one before changes nothing but a `near` check's last miss and what starts at its frame.
    mutating func observeQuiet(frames: ClosedRange<Int>, states: [ItemState], paused: Bool) {
        var marks = [frames.lowerBound]
        for check in checks where frames.lowerBound < check.byFrame && check.byFrame < frames.upperBound {
            marks.append(check.byFrame)
        }
        if frames.upperBound > frames.lowerBound { marks.append(frames.upperBound) }
        for frame in Set(marks).sorted() { observe(frame: frame, states: states, paused: paused, events: []) }
    }

    private mutating func record(_ c: Int, frame: Int, holds: Bool, speed: Double) {
        if checks[c].heldAtBy == nil {
            checks[c].heldAtBy = holds
            checks[c].speedAtBy = speed
        } else if holds, checks[c].heldAtBy == false, checks[c].firstHeldAfter == nil {
            checks[c].firstHeldAfter = frame
        }
    }

    /// An angle in (−π, π].
    static func normalized(_ angle: Double) -> Double {
        guard angle.isFinite else { return angle }
        var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
        if a > .pi { a -= 2 * .pi } else if a <= -.pi { a += 2 * .pi }
        return a
    }

    /// The outcome of every checked expectation once the run ended at `lastFrame`.
    func outcomes(lastFrame: Int) -> [ExpectationOutcome] {
        checks.map { check in
            let failure = self.failure(check, lastFrame: lastFrame)
            return ExpectationOutcome(expectation: check.expectation, held: failure == nil, message: failure ?? "")
        }
    }

    // MARK: Messages

    private func time(_ frame: Int) -> String { SimulationDiagnostics.seconds(Double(frame) / frameRate) }
    private func name(_ item: Int?) -> String {
        guard let item, itemIDs.indices.contains(item) else { return "the item" }
        return Wording.quoted(itemIDs[item])
    }
    private func partner(_ pair: ContactPair?, _ filter: ContactFilter) -> String {
        switch filter.partner {
        case .item(let other): "item \(Wording.quoted(other.id))"
        case .boundary(let id?, _): "boundary \(Wording.quoted(id))"
        case .boundary(nil, _): "the reference bounds"
        }
    }
    private func distance(_ value: Double, within: Double) -> String {
        // One decimal, unless that would read as within the limit.
        let rounded = (value * 10).rounded() / 10
        return "\(rounded > within ? Wording.number(rounded) : Wording.coordinate(value)) pt"
    }

    /// Nil when the expectation held; else what happened instead.
    private func failure(_ check: Check, lastFrame: Int) -> String? {
        let end = "the end (\(time(lastFrame)))"
        switch check.kind {
        case .rests(let reference, let by):
            guard check.byFrame <= lastFrame, let heldAtBy = check.heldAtBy else {
                return tooLate(by, lastFrame: lastFrame)
            }
            if heldAtBy { return nil }
            let who = check.item.map(name) ?? Wording.quoted(reference.id)
            let speed = Wording.number((check.speedAtBy * 10).rounded() / 10)
            let after =
                check.firstHeldAfter.map { "it comes to rest at \(time($0))" } ?? "it does not come to rest by \(end)"
            return "\(who) is still moving at \(time(check.byFrame)) (\(speed) pt/s); \(after)"
        case .pauses(let by):
            guard check.byFrame <= lastFrame, let heldAtBy = check.heldAtBy else {
                return tooLate(by, lastFrame: lastFrame)
            }
            if heldAtBy { return nil }
            let after = check.firstHeldAfter.map { "it pauses at \(time($0))" } ?? "it does not pause by \(end)"
            return "the animator is still running at \(time(check.byFrame)); \(after)"
        case .near(let reference, let point, let within, let by, let angleWithin):
            guard check.byFrame <= lastFrame else { return tooLate(by, lastFrame: lastFrame) }
            guard let miss = check.firstMiss, let lastMiss = check.lastMiss else { return nil }
            let who = check.item.map(name) ?? Wording.quoted(reference.id)
            let place = "(\(Wording.coordinate(point.x)), \(Wording.coordinate(point.y)))"
            var what: String
            if miss.distance > within {
                what = "\(who) is \(distance(miss.distance, within: within)) from \(place) at \(time(miss.frame))"
            } else {
                what =
                    "\(who) is turned \(Wording.coordinate(miss.angle)) rad at \(time(miss.frame)), more than \(Wording.number(angleWithin ?? 0)) rad"
            }
            if lastMiss < lastFrame {
                what += "; it gets within \(Wording.number(within)) pt"
                if angleWithin != nil { what += " and \(Wording.number(angleWithin!)) rad" }
                what += " at \(time(lastMiss + 1))"
            } else if check.lastDistance > within {
                what += "; it is \(distance(check.lastDistance, within: within)) away at \(end)"
            } else {
                what += "; it is still turned too far at \(end)"
            }
            return what
        case .contact(let filter, let before):
            let who = check.pair.map { name($0.item) } ?? Wording.quoted(filter.item.id)
            if let first = check.firstContact {
                if Double(first) / frameRate < before { return nil }
                return
                    "\(who) first touches \(partner(check.pair, filter)) at \(time(first)), not before \(Wording.seconds(before))"
            }
            return "\(who) never touches \(partner(check.pair, filter)) in the \(time(lastFrame)) of the run"
        case .noContact(let filter):
            guard let first = check.firstContact else { return nil }
            let who = check.pair.map { name($0.item) } ?? Wording.quoted(filter.item.id)
            return "\(who) touches \(partner(check.pair, filter)) at \(time(first)) (frame \(first))"
        }
    }

    private func tooLate(_ by: Double, lastFrame: Int) -> String {
        "the run ends at \(time(lastFrame)), before \(Wording.seconds(by)); lengthen preview.duration or expect an earlier time"
    }
}
