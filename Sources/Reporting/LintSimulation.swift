import Scene

/// The hook of `impulse lint --simulate` (and of `"simulate": true` in `.impulse.json`): the `sim.*`
/// diagnostics of one scene, from running it for its preview duration.
///
/// Callers ask only for scenes without errors at the built-in severities (a scene with errors is not
/// simulated) and apply the configuration's severities afterwards, as for every other diagnostic.
/// The simulation (Scene's bridge to the Engine) fills this in; until it does, `isAvailable` is false and
/// `diagnostics(for:)` returns nil, and the CLI says so rather than pass silently.
package enum LintSimulation {
    /// Whether this build can simulate scenes for lint.
    package static var isAvailable: Bool { false }

    /// The `sim.*` diagnostics of a linted scene (ranges into `result.document`), nil when simulation is not available.
    package static func diagnostics(for result: LintResult) -> [Diagnostic]? {
        nil
    }
}
