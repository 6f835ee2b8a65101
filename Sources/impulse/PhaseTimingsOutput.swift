import Scene

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `IMPULSE_PHASE_TIMINGS=1`: each phase of every lint (parse, decode, semantic rules, sort) and preview (those,
/// then simulate and encode) prints `impulse: <phase> <milliseconds> ms` to standard error (Benchmarks/lint_bench.py
/// and startup_bench.py read these lines). Off by default; standard output never changes.
enum PhaseTimingsOutput {
    /// Installs the linter's phase reporter when the environment asks for it (once, before any lint).
    static func installIfRequested() {
        guard let value = getenv("IMPULSE_PHASE_TIMINGS"), String(cString: value) == "1" else { return }
        PhaseTimings.reporter = { phase, elapsed in
            let milliseconds =
                Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
            let rounded = (milliseconds * 1000).rounded() / 1000
            let line = Array("impulse: \(phase) \(rounded) ms\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
