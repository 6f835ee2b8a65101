internal import Dispatch

#if canImport(Glibc)
    internal import Glibc
#endif

/// Running independent pieces of one job on the machine's cores.
package enum Parallel {
    /// The processors this process may run on (at least 1): those of its CPU affinity mask, so that
    /// `taskset -c 0 impulse …` runs on one thread, as `nproc` counts.
    package static let processorCount: Int = {
        #if canImport(Glibc)
            // A `cpu_set_t`: 1,024 bits.
            var mask = [UInt64](repeating: 0, count: 16)
            let status = mask.withUnsafeMutableBytes { bytes in affinity(0, bytes.count, bytes.baseAddress!) }
            let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            if status == 0, count > 0 { return count }
            return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
            return 1
        #endif
    }()

    #if canImport(Glibc)
        /// glibc's `sched_getaffinity`, which its Swift module does not export (it is a GNU extension).
        @_silgen_name("sched_getaffinity")
        private static func affinity(_ pid: pid_t, _ size: Int, _ mask: UnsafeMutableRawPointer) -> Int32
    #endif

    /// `body(0) ..< body(count)`, computed concurrently (on the calling thread and libdispatch's workers), in
    /// index order. `body` must be safe to call from several threads at once.
    package static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        guard count > 1, processorCount > 1 else { return (0..<count).map(body) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(buffer: buffer)
            withoutActuallyEscaping(body) { body in
                let work = Work(body: body)
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    slots.buffer[index] = work.body(index)
                }
            }
        }
        return results.map { $0! }
    }

    /// Each index is written by exactly one iteration and read only after all of them finished.
    private struct Slots<T>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<T?>
    }

    /// The caller promises `body` is safe to run concurrently (see `map`).
    private struct Work<T>: @unchecked Sendable {
        let body: (Int) -> T
    }
}
