#if canImport(Glibc)
    internal import Glibc
#endif

/// Memory settings of the process, for the one-shot commands (`impulse lint`, `preview`, `format`).
package enum ProcessMemory {
    /// Keeps freed memory in the process for reuse instead of returning it to the system at once: the large
    /// chunks of a parse's jansson arena are then reused by the decoding that follows instead of unmapped, and
    /// that decoding does not fault in fresh pages (a 2 MB scene: ~5 ms less system time). The process exits
    /// soon after, which returns everything anyway. Not for the language server.
    package static func keepFreedMemory() {
        #if canImport(Glibc)
            // No unmapping of blocks below 256 MB, no trimming of the heap's top below 256 MB.
            _ = mallopt(mmapThreshold, 256 << 20)
            _ = mallopt(trimThreshold, 256 << 20)
        #endif
    }

    #if canImport(Glibc)
        /// glibc's `mallopt` and two of its parameters (`M_TRIM_THRESHOLD`, `M_MMAP_THRESHOLD` in `<malloc.h>`,
        /// part of its ABI), which its Swift module does not export.
        @_silgen_name("mallopt")
        private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
        private static let trimThreshold: Int32 = -1
        private static let mmapThreshold: Int32 = -3
    #endif
}
