/// Severity overrides from `.impulse.json` / editor settings: code → severity, nil = off.
///
/// They change what is reported, never what is simulated: whether a scene runs is decided on the built-in
/// severities (`LintResult.hasErrors`).
package struct RuleSettings: Equatable, Sendable {
    package var overrides: [String: Severity?]

    package init(overrides: [String: Severity?] = [:]) { self.overrides = overrides }

    /// The settings with `other`'s overrides taking precedence code by code (the editor's over `.impulse.json`'s).
    package func merging(_ other: RuleSettings) -> RuleSettings {
        var merged = overrides
        for (code, severity) in other.overrides { merged[code] = .some(severity) }
        return RuleSettings(overrides: merged)
    }

    /// The diagnostics at their configured severities, turned-off codes removed.
    package func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            guard let override = overrides[diagnostic.code] else { return diagnostic }
            guard let severity = override else { return nil }
            var changed = diagnostic
            changed.severity = severity
            return changed
        }
    }
}
