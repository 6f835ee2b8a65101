internal import CJansson

/// Memory settings of the process, for the one-shot commands (`impulse lint`, `preview`, `format`).
package enum ProcessMemory {
    /// Keeps freed memory in the process for reuse instead of returning it to the system at once: the large
    /// chunks of a parse's jansson arena are then reused by the decoding that follows instead of unmapped, and
    /// that decoding does not fault in fresh pages (a 2 MB scene: ~5 ms less system time). The process exits
    /// soon after, which returns everything anyway. Not for the language server.
    package static func keepFreedMemory() {
        cj_keep_freed_memory()
    }
}
