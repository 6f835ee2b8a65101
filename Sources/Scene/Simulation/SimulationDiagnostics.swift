import JSON

/// The `sim.*` and `expect.failed` diagnostics (rules.md, "From a simulation"), made from a run. Each `sim.*`
/// names an item by the range of its `id` value, except `sim.neverRests`, which stands on the scene's opening
/// brace; `expect.failed` stands on the failing expectation's `type`.
package enum SimulationDiagnostics {
    /// The `sim.*` diagnostics of `lint`'s scene run for its preview duration (`impulse lint --simulate`, the
    /// language server when `simulate` is on), at the built-in severities.
    ///
    /// A scene with errors at the built-in severities is not simulated: the answer is empty. nil when
    /// `isCancelled` answered true (it is asked before every frame).
    package static func diagnostics(for lint: LintResult, isCancelled: () -> Bool = { false }) -> [Diagnostic]? {
        guard let scene = lint.scene, !lint.hasErrors else { return [] }
        guard let frames = try? SimulationRequest().frameCount(for: scene) else { return [] }
        guard let run = SceneSimulation.run(scene, frames: frames, keepsSamples: false, isCancelled: isCancelled) else {
            return nil
        }
        return diagnostics(of: run, scene: scene, document: lint.document)
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
        for escape in run.escapes {
            result.append(
                diagnostic(
                    "sim.escapes",
                    "\(name(escape.item)) leaves the reference view \(when(escape.frame)) and does not come back; a collision behavior with translatesReferenceBoundsIntoBoundary or a boundary keeps it in",
                    range(escape.item)))
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
            result.append(
                diagnostic(
                    "sim.neverRests",
                    "the scene is still moving after \(seconds(run.duration)) (\(run.frames) frames)\(who)",
                    document.openingBracket(of: .root)))
        }
        for outcome in run.expectations where !outcome.held {
            guard scene.expectations.indices.contains(outcome.expectation) else { continue }
            let pointer = scene.expectations[outcome.expectation].pointer
            result.append(
                diagnostic("expect.failed", outcome.message, document.valueRange(of: pointer.appending("type"))))
        }
        return Linter.sorted(result)
    }

    /// Seconds to a thousandth: `1.233 s`.
    static func seconds(_ value: Double) -> String { "\(Wording.coordinate(value)) s" }
}
