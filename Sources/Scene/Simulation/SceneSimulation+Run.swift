import Engine

// Running a scene for N frames: the frame loop, sampling, events (scripted, contacts, paused/resumed),
// divergence, and the watch for items escaping the view or passing through boundaries.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SceneSimulation {
    /// Runs `scene` for `frames` frames and reports what happened.
    ///
    /// - Parameters:
    ///   - every: keeps frames 0, K, 2K, … ≤ `frames` in `samples` (≥ 1).
    ///   - keepsSamples: false keeps no samples (for the `sim.*` diagnostics alone; `final` is still filled).
    ///   - onSample: when given, each kept frame is handed to it as it is made, in order, and the run's `samples`
    ///     stay empty: a long run is written out (or thinned) without holding all of its frames.
    ///   - isCancelled: asked before every frame and every sub-step inside one; the run stops and returns nil
    ///     once it answers true.
    ///   - progress: told `(frame, frames)` about every 1 % of the run and at its end.
    ///   - skipsQuietFrames: whether frames of a paused animator with nothing due are skipped (the clock moved,
    ///     nothing stepped); false steps every frame, for the test that holds the two to the same run.
    /// - Returns: nil when cancelled. A run that diverges stops: it holds the frames before the first bad one.
    package static func run(
        _ scene: Scene, frames: Int, every: Int = 1, keepsSamples: Bool = true,
        onSample: ((SimulationSample) -> Void)? = nil,
        isCancelled: () -> Bool = { false }, progress: (Int, Int) -> Void = { _, _ in },
        skipsQuietFrames: Bool = true
    ) -> SimulationRun? {
        let simulation = SceneSimulation(scene: scene)
        return simulation.run(
            frames: max(0, frames), every: max(1, every), keepsSamples: keepsSamples, onSample: onSample,
            isCancelled: isCancelled, progress: progress, skipsQuietFrames: skipsQuietFrames)
    }

    private func run(
        frames: Int, every: Int, keepsSamples: Bool, onSample: ((SimulationSample) -> Void)?,
        isCancelled: () -> Bool, progress: (Int, Int) -> Void, skipsQuietFrames: Bool
    ) -> SimulationRun? {
        if isCancelled() { return nil }
        var events: [SimulationEvent] = []
        var watch = Watch(simulation: self)

        var expectations = ExpectationWatch(simulation: self, frames: frames)

        for index in start() { events.append(scripted(index, frame: 0)) }
        // Changes made before the first sub-step can end contacts only; flush them with frame 0.
        let flushed = contactEvents(world.advance(toFrame: 0, frameRate: frameRate), frame: 0)
        noteContacts(flushed)
        events += flushed
        var states = self.states()
        var samples: [SimulationSample] = []
        func keep(_ sample: SimulationSample) {
            if let onSample { onSample(sample) } else { samples.append(sample) }
        }
        if keepsSamples { keep(SimulationSample(frame: 0, items: states)) }
        var causes: [CauseSnapshot] = []
        if keepsSamples { recordCauses(frame: 0, into: &causes) }
        var paused = world.isPaused
        var pausedAt: Int? = paused ? 0 : nil
        if paused { events.append(SimulationEvent(frame: 0, kind: .paused)) }
        watch.observe(frame: 0, states: states)
        expectations.observe(frame: 0, states: states, paused: paused, events: events)

        var lastFrame = 0
        var divergence: SimulationDivergence?
        var reportedPercent = 0
        var frame = 0
        while frame < frames {
            frame += 1
            if isCancelled() { return nil }
            if skipsQuietFrames, paused,
                let quietEnd = quietStretchEnd(from: frame, frames: frames, keepsSamples: keepsSamples),
                world.fastForwardWhilePaused(toFrame: quietEnd, frameRate: frameRate)
            {
                // Frames `frame...quietEnd` of a paused animator with nothing due: the states, and so everything
                // observed, stay those of the frame before (see `quietStretchEnd`).
                if keepsSamples {
                    var sampled = (frame + every - 1) / every * every
                    while sampled <= quietEnd {
                        keep(SimulationSample(frame: sampled, items: states))
                        sampled += every
                    }
                }
                expectations.observeQuiet(frames: frame...quietEnd, states: states, paused: paused)
                lastFrame = quietEnd
                frame = quietEnd
                let percent = frames > 0 ? Int(Int64(frame) * 100 / Int64(frames)) : 100
                if percent != reportedPercent {
                    reportedPercent = percent
                    progress(frame, frames)
                }
                continue
            }
            var frameEvents = applyEvents(throughFrame: frame).map { scripted($0, frame: frame) }
            var cancelled = false
            let report = world.advance(toFrame: frame, frameRate: frameRate) {
                cancelled = isCancelled()
                return cancelled
            }
            if cancelled { return nil }
            if let bad = report.divergence {
                let item = item(of: bad.body) ?? 0
                let state = world.state(of: bad.body)
                let finite =
                    state.center.isFinite && state.velocity.isFinite && state.angle.isFinite
                    && state.angularVelocity.isFinite
                divergence = SimulationDivergence(frame: frame, item: item, notFinite: !finite)
                break
            }
            states = self.states()
            if keepsSamples { recordCauses(frame: frame, into: &causes) }
            let nowPaused = world.isPaused
            if paused && !nowPaused { frameEvents.append(SimulationEvent(frame: frame, kind: .resumed)) }
            let contacts = contactEvents(report, frame: frame)
            noteContacts(contacts)
            frameEvents += contacts
            if !paused && nowPaused { frameEvents.append(SimulationEvent(frame: frame, kind: .paused)) }
            if nowPaused != paused {
                paused = nowPaused
                pausedAt = nowPaused ? frame : nil
            }
            events += frameEvents
            if keepsSamples && frame % every == 0 { keep(SimulationSample(frame: frame, items: states)) }
            watch.observe(frame: frame, states: states)
            expectations.observe(frame: frame, states: states, paused: paused, events: frameEvents)
            lastFrame = frame
            let percent = frames > 0 ? Int(Int64(frame) * 100 / Int64(frames)) : 100
            if percent != reportedPercent {
                reportedPercent = percent
                progress(frame, frames)
            }
        }
        if frames == 0 { progress(0, 0) }

        return SimulationRun(
            sceneName: scene.name, frameRate: frameRate, frames: lastFrame, requestedFrames: frames, every: every,
            itemIDs: itemIDs, samples: samples, final: SimulationSample(frame: lastFrame, items: states),
            events: events,
            pausedAt: pausedAt, divergence: divergence, escapes: watch.escapes(finalStates: states),
            tunnels: watch.tunnels, expectations: expectations.outcomes(lastFrame: lastFrame), causes: causes)
    }

    /// The last frame of a quiet stretch starting at `frame`, or nil: frames in which nothing can happen while the
    /// animator is paused, up to the frame before the next scheduled event (or `frames`). Nothing can when no pan
    /// is under way, no reaction is due, no instantaneous push waits to be shown off, and the world can be fast
    /// forwarded (`World.fastForwardWhilePaused`, asked by the caller): no body moves, so the states, the
    /// escape and tunnel watch, the causes and the contacts stay those of the frame before.
    /// (Causes are recorded only with samples: without, a change of causes does not matter.)
    private func quietStretchEnd(from frame: Int, frames: Int, keepsSamples: Bool) -> Int? {
        guard activePans.isEmpty, dueReactions.isEmpty, !keepsSamples || (armedPushes.isEmpty && !causesChanged)
        else { return nil }
        var end = frames
        if nextScheduled < schedule.count { end = min(end, schedule[nextScheduled].frame - 1) }
        return end >= frame ? end : nil
    }

    /// The scripted event of an event applied at `frame` (a pan's with its last frame).
    private func scripted(_ index: Int, frame: Int) -> SimulationEvent {
        SimulationEvent(frame: frame, kind: .scripted(index: index, endFrame: startedPanEnds[index]))
    }

    /// Appends a snapshot of the causes when something a picture shows changed during the frame (see
    /// SimulationCauses.swift): an instantaneous push that has acted is shown off from this frame.
    private func recordCauses(frame: Int, into causes: inout [CauseSnapshot]) {
        if !armedPushes.isEmpty {
            armedPushes.removeAll { e in
                guard entries[e].alive, entries[e].active, case .push(let push) = entries[e].handle else { return true }
                if world.isPushActive(push) { return false }
                entries[e].active = false
                causesChanged = true
                return true
            }
        }
        guard causesChanged else { return }
        causesChanged = false
        causes.append(causeSnapshot(frame: frame))
    }

    /// A frame's contact events in the scene's terms: for two items, `item` is the one listed first.
    private func contactEvents(_ report: FrameReport, frame: Int) -> [SimulationEvent] {
        report.contactEvents.compactMap { event in
            guard let item = item(of: event.body) else { return nil }
            let ended = event.kind == .ended
            let point = Vector(event.point)
            switch event.partner {
            case .body(let other):
                guard let otherItem = self.item(of: other) else { return nil }
                let (first, second) = item <= otherItem ? (item, otherItem) : (otherItem, item)
                return SimulationEvent(
                    frame: frame, kind: .contact(ended: ended, item: first, partner: .item(second), point: point))
            case .boundary(let group, let index):
                return SimulationEvent(
                    frame: frame,
                    kind: .contact(
                        ended: ended, item: item,
                        partner: .boundary(boundaryID(group: group, index: index)), point: point))
            }
        }
    }
}

/// Watches items from frame to frame for the `sim.escapes` and `sim.tunnels` diagnostics.
///
/// - Escaping: an item that has been inside the reference view (its collision shape's bounding box meets the
///   view) and is outside it from some frame to the end, not heading back toward it.
/// - Tunneling: between two frames, an item's center crosses a segment of a boundary it collides with (an
///   explicit segment, an edge of a closed path, an edge of the reference-bounds rectangle), the item being in
///   the simulation and in the group at both frames. Each (item, boundary) pair is reported once, first time.
struct Watch {
    let simulation: SceneSimulation
    let viewWidth: Double
    let viewHeight: Double
    private var wasInside: [Bool]
    private var outsideSince: [Int?]
    private var previousCenters: [Vector]
    private var previouslySimulated: [Bool]
    private(set) var tunnels: [SimulationTunnel] = []
    private var reportedTunnels: Set<TunnelKey> = []
    /// Per item, a radius that holds its collision shape's bounding box at any angle (about the center).
    private let reach: [Double]

    private struct TunnelKey: Hashable {
        var item: Int
        var group: Int
        var boundary: Int?
    }

    init(simulation: SceneSimulation) {
        self.simulation = simulation
        let view = simulation.scene.referenceView ?? Size(width: 0, height: 0)
        viewWidth = view.width
        viewHeight = view.height
        let count = simulation.items.count
        wasInside = Array(repeating: false, count: count)
        outsideSince = Array(repeating: nil, count: count)
        previousCenters = Array(repeating: .zero, count: count)
        previouslySimulated = Array(repeating: false, count: count)
        reach = simulation.items.map(Self.reach)
    }

    /// A radius about the center that holds the item's bounding box at any angle: the half diagonal of its
    /// size (a rectangle's or ellipse's box extends |a·cos| + |b·sin| ≤ √(a² + b²) each way), or the farthest
    /// point of a path; with a margin for rounding.
    static func reach(of item: Item) -> Double {
        let size = item.size ?? Size(width: 0, height: 0)
        var reach = (size.width * size.width + size.height * size.height).squareRoot() / 2
        if case .path(let points) = item.resolvedCollisionBounds, !points.isEmpty {
            reach = 0
            for point in points { reach = max(reach, (point.x * point.x + point.y * point.y).squareRoot()) }
        }
        return reach.isFinite ? reach * 1.000_001 + 1e-9 : .infinity
    }

    mutating func observe(frame: Int, states: [ItemState]) {
        // The simulation's per-item arrays, read once per frame (not once per item through the class).
        let naming = simulation.naming
        let everSimulated = simulation.everSimulated
        for (item, state) in states.enumerated() {
            let simulated = naming[item] > 0
            if simulated || everSimulated[item] {
                let inside = isInsideView(item, state)
                if inside {
                    wasInside[item] = true
                    outsideSince[item] = nil
                } else if wasInside[item], outsideSince[item] == nil, everSimulated[item] {
                    outsideSince[item] = frame
                }
            }
        }
        if frame > 0 { checkTunnels(frame: frame, states: states, naming: naming) }
        for (item, state) in states.enumerated() {
            previousCenters[item] = state.center
            previouslySimulated[item] = naming[item] > 0
        }
    }

    /// - Parameter naming: `simulation.naming` (an item is simulated when it is above 0).
    private mutating func checkTunnels(frame: Int, states: [ItemState], naming: [Int]) {
        for (groupIndex, record) in simulation.collisionGroups.enumerated()
        where record.alive && record.collidesWithBoundaries {
            for item in record.items where previouslySimulated[item] && naming[item] > 0 {
                let p = previousCenters[item]
                let q = states[item].center
                guard p != q, q.x.isFinite, q.y.isFinite else { continue }
                for segment in record.segments where Self.crosses(p, q, segment.from, segment.to) {
                    let key = TunnelKey(item: item, group: groupIndex, boundary: segment.boundary)
                    guard reportedTunnels.insert(key).inserted else { continue }
                    let id = segment.boundary.flatMap { record.boundaryIDs[$0] }
                    tunnels.append(SimulationTunnel(item: item, frame: frame, boundary: id))
                }
            }
        }
    }

    /// Whether the move p → q crosses the segment a–b: p and q strictly on opposite sides of its line, and the
    /// segment's ends not both strictly on one side of the move's line.
    static func crosses(_ p: Vector, _ q: Vector, _ a: Vector, _ b: Vector) -> Bool {
        func cross(_ o: Vector, _ u: Vector, _ v: Vector) -> Double {
            (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x)
        }
        // Bounding boxes first: most moves are far from most segments.
        if max(p.x, q.x) < min(a.x, b.x) || min(p.x, q.x) > max(a.x, b.x) { return false }
        if max(p.y, q.y) < min(a.y, b.y) || min(p.y, q.y) > max(a.y, b.y) { return false }
        let sideP = cross(a, b, p)
        let sideQ = cross(a, b, q)
        guard (sideP < 0 && sideQ > 0) || (sideP > 0 && sideQ < 0) else { return false }
        let sideA = cross(p, q, a)
        let sideB = cross(p, q, b)
        return !((sideA < 0 && sideB < 0) || (sideA > 0 && sideB > 0))
    }

    /// Whether the item's collision shape's bounding box meets the reference view.
    private func isInsideView(_ item: Int, _ state: ItemState) -> Bool {
        let c = state.center
        guard c.x.isFinite, c.y.isFinite else { return false }
        // Most items are well inside: the box is within `reach` of the center, so it meets the view.
        let r = reach[item]
        if c.x - r >= 0 && c.x + r <= viewWidth && c.y - r >= 0 && c.y + r <= viewHeight { return true }
        let box = Self.bounds(of: simulation.items[item], angle: state.angle)
        return c.x + box.maxX >= 0 && c.x + box.minX <= viewWidth && c.y + box.maxY >= 0 && c.y + box.minY <= viewHeight
    }

    /// The bounding box of an item's collision shape at `angle`, relative to its center.
    static func bounds(of item: Item, angle: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let size = item.size ?? Size(width: 0, height: 0)
        let a = size.width / 2
        let b = size.height / 2
        let c = cos(angle)
        let s = sin(angle)
        switch item.resolvedCollisionBounds {
        case .rectangle:
            let hx = abs(a * c) + abs(b * s)
            let hy = abs(a * s) + abs(b * c)
            return (-hx, -hy, hx, hy)
        case .ellipse:
            let hx = ((a * c) * (a * c) + (b * s) * (b * s)).squareRoot()
            let hy = ((a * s) * (a * s) + (b * c) * (b * c)).squareRoot()
            return (-hx, -hy, hx, hy)
        case .path(let points):
            guard !points.isEmpty else { return (-a, -b, a, b) }
            var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
            for point in points {
                let x = c * point.x - s * point.y
                let y = s * point.x + c * point.y
                box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            }
            return box
        }
    }

    /// The items outside the view from some frame to the end that are not heading back toward it.
    func escapes(finalStates: [ItemState]) -> [SimulationEscape] {
        var result: [SimulationEscape] = []
        for (item, since) in outsideSince.enumerated() {
            guard let since else { continue }
            let state = finalStates[item]
            let toView = Vector(x: viewWidth / 2 - state.center.x, y: viewHeight / 2 - state.center.y)
            let heading = state.velocity.x * toView.x + state.velocity.y * toView.y
            if heading <= 0 { result.append(SimulationEscape(item: item, frame: since)) }
        }
        return result
    }
}
