// Writing a file so that a failure part-way never leaves it half written.
//
// Design: every command that writes a file (`format` in place, `generate -o`, `preview -o`) goes through
// `replaceFile`. The new bytes go to a temporary file in the target's own folder (so that the rename cannot
// cross file systems), which is flushed to the disk (`fsync`) and then renamed over the target: readers see the
// old file or the new one, never a mix, and a full disk, a file-size limit or any other failed write leaves the
// old bytes as they were. A symbolic link is written through: its target is replaced and the link stays. The
// target keeps its permission bits (and, where the system lets us, its owner). A target that is not a regular
// file (`/dev/null`, a pipe) cannot be renamed over: it is written in place, as before.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileSystem {
    /// Replaces (or creates) the file at `path` with what `write` writes to the descriptor it is given, atomically:
    /// on any failure (`write` throwing included) the target keeps its old bytes and the temporary file is gone.
    /// A new file gets mode 0644 less the umask; an existing one keeps its mode.
    ///
    /// - Parameters:
    ///   - path: the path's bytes (a file name need not be UTF-8); a symbolic link is followed to its target.
    ///   - shown: the path as users read it, for errors.
    package static func replaceFile(
        _ path: [UInt8], shown: String, _ write: (_ descriptor: Int32) throws(FileSystemError) -> Void
    ) throws(FileSystemError) {
        let target = resolvedLinkTarget(path)
        var existing = stat()
        let exists = withCPath(target, { stat($0, &existing) }) == 0
        if exists && existing.st_mode & S_IFMT != S_IFREG {
            // A device or a pipe: nothing to rename over.
            let descriptor = withCPath(target) { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
            guard descriptor >= 0 else { throw FileSystemError(path: shown, errno: errno) }
            defer { close(descriptor) }
            try write(descriptor)
            return
        }
        let slash = UInt8(ascii: "/")
        let folder: [UInt8]
        let name: [UInt8]
        if let last = target.lastIndex(of: slash) {
            folder = last == 0 ? [slash] : Array(target[..<last])
            name = Array(target[(last + 1)...])
        } else {
            folder = [UInt8(ascii: ".")]
            name = target
        }
        var template = folder + [slash] + Array(".".utf8) + name + Array(".impulse-XXXXXX".utf8) + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { mkstemp($0) }
        }
        guard descriptor >= 0 else {
            let code = errno
            throw FileSystemError(
                path: shown, reason: "cannot create a temporary file beside it: \(String(cString: strerror(code)))",
                code: code)
        }
        let temporary = Array(template.dropLast())
        var closed = false
        do throws(FileSystemError) {
            if exists {
                _ = fchmod(descriptor, existing.st_mode & 0o7777)
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // best effort: only root may give a file away
            } else {
                let mask = umask(0)
                umask(mask)
                _ = fchmod(descriptor, 0o644 & ~mask)
            }
            try write(descriptor)
            guard fsync(descriptor) == 0 else { throw FileSystemError(path: shown, errno: errno) }
            closed = true
            guard close(descriptor) == 0 else { throw FileSystemError(path: shown, errno: errno) }
            let renamed = withCPath(temporary) { from in withCPath(target) { to in rename(from, to) } }
            guard renamed == 0 else { throw FileSystemError(path: shown, errno: errno) }
        } catch {
            if !closed { close(descriptor) }
            _ = withCPath(temporary) { unlink($0) }
            throw error
        }
        // Make the rename itself durable; a folder that cannot be synced still holds the new file.
        let folderDescriptor = withCPath(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The file a path finally names: the path itself unless it is a symbolic link, else the link's target
    /// (relative targets resolved against the link's folder), followed up to 40 links deep.
    private static func resolvedLinkTarget(_ path: [UInt8]) -> [UInt8] {
        var current = path
        for _ in 0..<40 {
            guard isSymbolicLink(current) else { return current }
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = withCPath(current) { link in
                buffer.withUnsafeMutableBufferPointer { raw in
                    raw.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) {
                        readlink(link, $0, raw.count - 1)
                    }
                }
            }
            guard count > 0 else { return current }
            let destination = Array(buffer[0..<count])
            if destination.first == UInt8(ascii: "/") {
                current = destination
            } else if let last = current.lastIndex(of: UInt8(ascii: "/")) {
                current = Array(current[...last]) + destination
            } else {
                current = destination
            }
        }
        return current
    }
}
