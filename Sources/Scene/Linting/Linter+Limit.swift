// At most `reportedPerRule` diagnostics of one code are reported per document, as compilers stop after so many
// errors: a scene of 5,000 items at one spot has 4,999 overlaps, and neither a terminal, a CI log nor an
// editor's problem list is the better for all of them. The first ones by position are kept and the rest become
// one diagnostic of the same code and severity, at the first one left out, that says how many were left out.
// That one counts as all of them (`Diagnostic.findings`), so summaries and `--max-warnings` still count every
// finding: a limit on output must not let a gate pass.
// It is the last step of `LintResult.reported`, so the CLI (every format) and the server report the same.

extension Linter {
    /// The most diagnostics of one code reported for one document; the rest are counted in one more.
    package static let reportedPerRule = 100

    /// `diagnostics` (sorted by position) with, for each code past `limit`, the first `limit` kept and the rest
    /// replaced by one diagnostic counting them.
    package static func limitedPerRule(_ diagnostics: [Diagnostic], limit: Int = reportedPerRule) -> [Diagnostic] {
        guard diagnostics.count > limit else { return diagnostics }
        var totals: [String: Int] = [:]
        for diagnostic in diagnostics { totals[diagnostic.code, default: 0] += 1 }
        guard totals.values.contains(where: { $0 > limit }) else { return diagnostics }
        var seen: [String: Int] = [:]
        var limited: [Diagnostic] = []
        limited.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            let number = seen[diagnostic.code, default: 0] + 1
            seen[diagnostic.code] = number
            if number <= limit {
                limited.append(diagnostic)
            } else if number == limit + 1 {
                let more = totals[diagnostic.code]! - limit
                var summary = Diagnostic(
                    code: diagnostic.code, severity: diagnostic.severity,
                    message:
                        "\(more) more \(diagnostic.code) \(more == 1 ? "diagnostic" : "diagnostics") from here on are not shown: at most \(limit) of one rule are reported per file; fix these first",
                    range: diagnostic.range)
                summary.findings = more
                limited.append(summary)
            }
        }
        return limited
    }
}
