import JSON

/// A preview as `impulse preview` and the language server's `impulse/preview` answer it: the run (nil when
/// the scene has errors and was not simulated) and the diagnostics (the linter's and the run's `sim.*`).
package struct PreviewResult: Sendable {
    /// The scene (nil when the document holds no object), placed in the request's reference size when it gave
    /// one; the svg encoder draws it.
    package var scene: Scene?
    /// The document, whose line index places the diagnostics.
    package var document: JSONDocument
    /// The scene's name.
    package var name: String
    /// Frames per second.
    package var frameRate: Double
    /// The last frame: the frames asked for, or the frame before a divergence.
    package var frames: Int
    /// The K of "every K-th frame", possibly raised to keep the answer within its size limit.
    package var every: Int
    /// nil when the scene was not simulated (it has errors).
    package var run: SimulationRun?
    /// The linter's diagnostics and the run's `sim.*`, at the built-in severities, in `Linter.sorted` order.
    /// Callers apply their configuration (`RuleSettings`) before encoding.
    package var diagnostics: [Diagnostic]

    /// Whether the scene was simulated (it had no errors at the built-in severities).
    package var wasSimulated: Bool { run != nil }

    /// Runs a linted scene as `request` asks.
    ///
    /// A scene with errors at the built-in severities is not simulated: the result has no run and holds the
    /// linter's diagnostics. Otherwise the run's `sim.*` diagnostics join them (`sim.diverged` when it diverged).
    ///
    /// - Parameters:
    ///   - isCancelled: asked before every frame; once it answers true the run stops and the answer is nil.
    ///   - progress: told `(frame, frames)` about every 1 % of the run.
    /// - Throws: a request that cannot run (`frames` with `duration`, over 216 000 frames, …), whatever the scene.
    package static func preview(
        _ lint: LintResult, _ request: SimulationRequest,
        isCancelled: () -> Bool = { false }, progress: (Int, Int) -> Void = { _, _ in }
    ) throws(SimulationRequestError) -> PreviewResult? {
        try request.validate()
        let scene = request.referenceSize.flatMap { lint.scene?.placed(in: $0) } ?? lint.scene
        let frameRate = scene?.preview.resolvedFrameRate ?? 60
        var result = PreviewResult(
            scene: scene, document: lint.document, name: scene?.name ?? "scene", frameRate: frameRate,
            frames: 0, every: max(1, request.every), run: nil, diagnostics: lint.diagnostics)
        guard let scene, lint.maySimulate else {
            // Not simulated; still say how long it would have run when that is known.
            if let scene, let frames = try? request.frameCount(for: scene) {
                result.frames = frames
            } else if let frames = request.frames {
                result.frames = frames
            }
            return result
        }
        let frames = try request.frameCount(for: scene)
        let every = request.resolvedEvery(frames: frames, itemCount: SceneSimulation.simulatedItems(of: scene).count)
        guard
            let run = SceneSimulation.run(
                scene, frames: frames, every: every, isCancelled: isCancelled, progress: progress)
        else {
            return nil
        }
        result.frames = run.frames
        result.every = run.every
        result.run = run
        result.diagnostics = Linter.sorted(
            lint.diagnostics + SimulationDiagnostics.diagnostics(of: run, scene: scene, document: lint.document))
        return result
    }
}
