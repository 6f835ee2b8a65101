extension LintResult {
    /// Whether the scene may be simulated: it has no error at the built-in severities (a scene with errors
    /// is never simulated, whatever the configured severities say).
    package var maySimulate: Bool { !hasErrors }

    /// The diagnostics the user sees, the last step of every lint, in the CLI and in the language server
    /// alike: the simulation's diagnostics, if it ran, join the lint's in position order, then the configured
    /// severities apply (which change what is reported, never what is simulated), then at most
    /// `Linter.reportedPerRule` of each code are kept (`Linter.limitedPerRule`).
    package func reported(simulation: [Diagnostic]?, settings: RuleSettings) -> [Diagnostic] {
        Linter.limitedPerRule(settings.apply(simulation.map { Linter.sorted(diagnostics + $0) } ?? diagnostics))
    }
}
