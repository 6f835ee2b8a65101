#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Per-phase wall-clock times of `Linter.lint`, printed to stderr when the environment has
/// `IMPULSE_PHASE_TIMINGS=1` (for benchmarks: the CLI's and the server's output are unchanged).
/// The variable is read once per process; when it is unset, a phase costs one branch.
enum PhaseTimings {
    static let isEnabled: Bool = getenv("IMPULSE_PHASE_TIMINGS").map { String(cString: $0) == "1" } ?? false

    /// Runs `body`, and when timings are on prints `impulse: <phase> <milliseconds> ms` to stderr.
    static func measure<T>(_ phase: String, _ body: () -> T) -> T {
        guard isEnabled else { return body() }
        let clock = ContinuousClock()
        var result: T?
        let elapsed = clock.measure { result = body() }
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        let rounded = (milliseconds * 1000).rounded() / 1000
        let line = Array("impulse: \(phase) \(rounded) ms\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        return result!
    }
}
