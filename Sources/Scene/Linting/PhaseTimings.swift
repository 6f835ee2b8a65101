/// Per-phase wall-clock times of `Linter.lint` (parse, decode, semantic rules, sort) and of a preview (simulate,
/// and encode in Reporting), handed to `reporter` when one is installed (benchmarks: the
/// executable installs one under `IMPULSE_PHASE_TIMINGS=1`; the CLI's and the server's output are unchanged).
/// Scene itself neither reads the environment nor writes anywhere; with no reporter a phase costs one branch.
package enum PhaseTimings {
    /// Receives each phase's name and duration. Install it once, before the first lint, and never change it
    /// afterwards: lints on several threads read it without a lock.
    nonisolated(unsafe) package static var reporter: (@Sendable (_ phase: String, _ elapsed: Duration) -> Void)?

    /// Runs `body`, timing it when a reporter is installed (a phase that throws is reported all the same).
    package static func measure<T, E: Error>(_ phase: String, _ body: () throws(E) -> T) throws(E) -> T {
        guard let reporter else { return try body() }
        let clock = ContinuousClock()
        let start = clock.now
        defer { reporter(phase, clock.now - start) }
        return try body()
    }
}
