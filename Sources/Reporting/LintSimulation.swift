import Scene

/// The hook of `impulse lint --simulate` (and of `"simulate": true` in `.impulse.json`): the `sim.*`
/// diagnostics of one scene, from running it for its preview duration.
///
/// Callers ask only for scenes that `LintResult.maySimulate`, and report the result through
/// `LintResult.reported(simulation:settings:)`, as the CLI and the server both do.
package enum LintSimulation {
    /// The `sim.*` diagnostics of a linted scene (ranges into `result.document`).
    package static func diagnostics(for result: LintResult) -> [Diagnostic] {
        // Nil only for a cancelled run, and this one cannot be cancelled.
        SimulationDiagnostics.diagnostics(for: result) ?? []
    }
}
