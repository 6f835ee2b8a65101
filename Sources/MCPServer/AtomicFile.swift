// Writes a tool's output file atomically: the bytes go to a temporary file in the target's folder, which is
// then renamed over the target, so a reader sees the old bytes or the new ones, never a part.
import Reporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum AtomicFile {
    /// Replaces (or creates) `path` with `bytes`; the file's mode is 0644 before the umask.
    static func write(_ bytes: [UInt8], to path: String) throws(ToolError) {
        let folder = FileSystem.parentDirectory(path)
        var template =
            Array((folder == "/" ? "" : folder).utf8CString.dropLast()) + Array("/.impulse-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(path) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do throws(FileSystemError) {
            fchmod(descriptor, 0o644 & ~AtomicFile.processUmask)
            try FileSystem.writeAll(bytes, to: descriptor, path: path)
            guard close(descriptor) == 0 else { throw FileSystemError(path: path, reason: "close failed") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw ToolError("\(path): cannot write the file: \(error.reason)")
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// The process's file mode creation mask, read once (reading it means setting it, which is not atomic).
    private static let processUmask: mode_t = {
        let mask = umask(0)
        umask(mask)
        return mask
    }()

    private static func failure(_ path: String) -> ToolError {
        ToolError("\(path): cannot write the file: \(String(cString: strerror(errno)))")
    }
}
