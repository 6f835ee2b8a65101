import JSON

/// The `sim.*` and `expect.failed` diagnostics (rules.md, "From a simulation"), made from a run. Each `sim.*`
/// names an item by the range of its `id` value, except `sim.neverRests`, which stands on the scene's opening
/// brace; `expect.failed` stands on the failing expectation's `type`.
package enum SimulationDiagnostics {
    /// The `sim.*` diagnostics of `lint`'s scene run for its preview duration (`impulse lint --simulate`, the
    /// language server when `simulate` is on), at the built-in severities.
    ///
    /// A scene with `preview.sizes` is run again at each of them (every point placed by its pin): the
    /// expectations those runs do not meet are `expect.failed` too, their message starting with the size
    /// ("at 320×568: …"); the other `sim.*` come from the design size only.
    ///
    /// A scene with errors at the built-in severities is not simulated: the answer is empty. nil when
    /// `isCancelled` answered true (it is asked before every frame).
    package static func diagnostics(for lint: LintResult, isCancelled: () -> Bool = { false }) -> [Diagnostic]? {
        guard let scene = lint.scene, lint.maySimulate else { return [] }
        guard let frames = try? SimulationRequest().frameCount(for: scene) else { return [] }
        guard let run = SceneSimulation.run(scene, frames: frames, keepsSamples: false, isCancelled: isCancelled) else {
            return nil
        }
        var result = diagnostics(of: run, scene: scene, document: lint.document)
        guard !scene.expectations.isEmpty else { return result }
        for size in scene.checkedSizes.dropFirst() {
            let placed = scene.placed(in: size)
            guard
                let run = SceneSimulation.run(placed, frames: frames, keepsSamples: false, isCancelled: isCancelled)
            else { return nil }
            result += failedExpectations(of: run, scene: placed, document: lint.document).map { failure in
                var failure = failure
                failure.message = "at \(Wording.size(size)): " + failure.message
                return failure
            }
        }
        return Linter.sorted(result)
    }

    /// The `sim.*` diagnostics of a run of `scene`, with ranges into `document`.
    package static func diagnostics(of run: SimulationRun, scene: Scene, document: JSONDocument) -> [Diagnostic] {
        let items = SceneSimulation.simulatedItems(of: scene)
        func range(_ item: Int) -> Range<Int> {
            guard items.indices.contains(item) else { return document.openingBracket(of: .root) }
            return document.valueRange(of: items[item].pointer.appending("id"))
        }
        func name(_ item: Int) -> String {
            items.indices.contains(item) ? Wording.item(items[item]) : "an item"
        }
        func when(_ frame: Int) -> String { "at \(seconds(run.time(of: frame))) (frame \(frame))" }
        func diagnostic(_ code: String, _ message: String, _ range: Range<Int>) -> Diagnostic {
            Diagnostic(code: code, severity: Rules.defaultSeverity(of: code), message: message, range: range)
        }

        var result: [Diagnostic] = []
        if let divergence = run.divergence {
            let what =
                divergence.notFinite
                ? "the position or velocity of \(name(divergence.item)) stops being finite"
                : "\(name(divergence.item)) ends up more than 10⁶ pt from the reference view"
            result.append(
                diagnostic(
                    "sim.diverged",
                    "the simulation diverges \(when(divergence.frame)): \(what); the preview stops at the frame before (look for overlapping items, a very stiff or very long attachment, or a huge push or velocity)",
                    range(divergence.item)))
        }
        let behaviors = SceneIndex.allBehaviors(of: scene)
        for escape in run.escapes {
            let escaping = items.indices.contains(escape.item) ? items[escape.item].id : nil
            var escaped = diagnostic(
                "sim.escapes",
                "\(name(escape.item)) leaves the reference view \(when(escape.frame)) and does not come back; a collision behavior with translatesReferenceBoundsIntoBoundary or a boundary keeps it in",
                range(escape.item))
            if let escaping, let view = scene.referenceView,
                let (boundary, owner) = boundaryOutside(holding: escaping, in: behaviors, view: view)
            {
                let boundaryName =
                    boundary.id.map { "boundary \(Wording.quoted($0))" } ?? "the boundary at \(boundary.pointer)"
                escaped.message =
                    "\(name(escape.item)) leaves the reference view \(when(escape.frame)) and does not come back: \(boundaryName) of \(Wording.behavior(owner)) lies outside the view (boundary.outside), so the item meets it only off screen, if at all; move the boundary into the view"
                escaped.related = [
                    Diagnostic.Related(
                        message: "\(boundaryName) lies outside the reference view",
                        range: document.valueRange(of: boundary.pointer))
                ]
            }
            result.append(escaped)
        }
        for tunnel in run.tunnels {
            let boundary = tunnel.boundary.map { "boundary \(Wording.quoted($0))" } ?? "the reference bounds"
            result.append(
                diagnostic(
                    "sim.tunnels",
                    "\(name(tunnel.item)) passes through \(boundary) \(when(tunnel.frame)) although it collides with it: it moves too fast for the boundary (only items of a gravity or push behavior get continuous collision detection)",
                    range(tunnel.item)))
        }
        if run.divergence == nil, run.pausedAt == nil {
            let moving = run.final.items.indices.filter { !run.final.items[$0].resting }.map { run.itemIDs[$0] }
            let who =
                moving.isEmpty
                ? "" : ": \(Wording.sample(moving)) \(moving.count == 1 ? "has" : "have") not come to rest"
            var neverRests = diagnostic(
                "sim.neverRests",
                "the scene is still moving after \(seconds(run.duration)) (\(run.frames) frames)\(who)",
                document.openingBracket(of: .root))
            let springs = undampedSprings(moving: moving, in: behaviors, events: scene.events)
            if !springs.isEmpty {
                let names = Wording.list(springs.map { Wording.behavior($0) })
                neverRests.message +=
                    springs.count == 1
                    ? "; \(names) is a spring with damping 0 (attachment.undamped) and keeps it moving: give it a damping"
                    : "; \(names) are springs with damping 0 (attachment.undamped) and keep them moving: give them a damping"
                neverRests.related = springs.map {
                    Diagnostic.Related(
                        message: "\(Wording.behavior($0)) has a frequency and no damping",
                        range: document.valueRange(of: $0.pointer.appending("frequency")))
                }
            }
            result.append(neverRests)
        }
        result += failedExpectations(of: run, scene: scene, document: document)
        return Linter.sorted(result)
    }

    /// The `expect.failed` diagnostics of a run, one per expectation it does not meet.
    static func failedExpectations(of run: SimulationRun, scene: Scene, document: JSONDocument) -> [Diagnostic] {
        run.expectations.compactMap { outcome in
            guard !outcome.held, scene.expectations.indices.contains(outcome.expectation) else { return nil }
            let pointer = scene.expectations[outcome.expectation].pointer
            return Diagnostic(
                code: "expect.failed", severity: Rules.defaultSeverity(of: "expect.failed"), message: outcome.message,
                range: document.valueRange(of: pointer.appending("type")))
        }
    }

    /// A boundary lying outside the view (`boundary.outside`) of a collision behavior that holds the item (in a
    /// mode where boundaries count), with that behavior.
    static func boundaryOutside(holding item: String, in behaviors: [Behavior], view: Size) -> (Boundary, Behavior)? {
        for behavior in behaviors {
            guard case .collision(let collision)? = behavior.kind, collision.resolvedMode != .items,
                collision.items.contains(where: { $0.id.isSameId(as: item) }),
                let boundary = collision.boundaries.first(where: { $0.liesOutside(view) })
            else { continue }
            return (boundary, behavior)
        }
        return nil
    }

    /// The undamped springs (`attachment.undamped`) that hold an item still moving at the end (as their item or
    /// the item they attach to), each once; a spring that an event gives a damping is left out.
    static func undampedSprings(moving: [String], in behaviors: [Behavior], events: [Event]) -> [Behavior] {
        var springs: [Behavior] = []
        for behavior in behaviors {
            guard case .attachment(let attachment)? = behavior.kind, attachment.isUndampedSpring else { continue }
            let held = [attachment.item, attachment.attachedTo].compactMap { $0?.id }
            guard held.contains(where: { id in moving.contains { $0.isSameId(as: id) } }) else { continue }
            let dampedByEvent = events.contains { event in
                guard case .set(let target, let values)? = event.action, let id = behavior.id else { return false }
                return target.id.isSameId(as: id) && (values.damping ?? AttachmentBehavior.defaultDamping) > 0
            }
            if !dampedByEvent, !springs.contains(where: { $0.pointer == behavior.pointer }) { springs.append(behavior) }
        }
        return springs
    }

    /// Seconds to a thousandth: `1.233 s`.
    static func seconds(_ value: Double) -> String { "\(Wording.coordinate(value)) s" }
}
