import Scene

/// The hook of `impulse lint --simulate` (and of `"simulate": true` in `.impulse.json`): the `sim.*`
/// diagnostics of one scene, from running it for its preview duration.
///
/// Callers ask only for scenes without errors at the built-in severities (a scene with errors is not
/// simulated) and apply the configuration's severities afterwards, as for every other diagnostic.
package enum LintSimulation {
    /// Whether this build can simulate scenes for lint.
    package static var isAvailable: Bool { true }

    /// The `sim.*` diagnostics of a linted scene (ranges into `result.document`), nil only when the run was cancelled.
    package static func diagnostics(for result: LintResult) -> [Diagnostic]? {
        SimulationDiagnostics.diagnostics(for: result)
    }

    /// As `diagnostics(for:)`, stopping early (nil) once `isCancelled` says so; it is asked every frame.
    package static func diagnostics(for result: LintResult, isCancelled: () -> Bool) -> [Diagnostic]? {
        SimulationDiagnostics.diagnostics(for: result, isCancelled: isCancelled)
    }
}
