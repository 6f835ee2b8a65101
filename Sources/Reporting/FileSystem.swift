// Small, synchronous file access for the CLI and the configuration locator, over the C library.
//
// Design: everything the tools read or write goes through here, so errors come back as one typed
// error carrying the path and the system's words (`strerror`), ready for a one-line message.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file-system failure: the path and what the system said.
package struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    package var path: String
    /// The system's words for the failure (`No such file or directory`).
    package var reason: String
    /// The `errno` value, 0 when the failure is not the system's.
    package var code: Int32

    package init(path: String, reason: String, code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    init(path: String, errno code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)), code: code)
    }

    package var description: String { "\(path): \(reason)" }
}

/// File access for the tools: reading, writing, walking folders, resolving paths.
package enum FileSystem {
    /// What a path names.
    package enum Kind: Equatable, Sendable { case file, directory, other }

    /// What `path` names (following symbolic links), or nil when nothing is there.
    package static func kind(of path: String) -> Kind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The canonical absolute path of an existing file or folder (symbolic links resolved), nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The whole content of the file at `path`.
    package static func readFile(_ path: String) throws(FileSystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
        defer { close(descriptor) }
        return try readAll(descriptor, path: path)
    }

    /// Everything on standard input, up to its end.
    package static func readStandardInput() throws(FileSystemError) -> [UInt8] {
        try readAll(STDIN_FILENO, path: "stdin")
    }

    private static func readAll(_ descriptor: Int32, path: String) throws(FileSystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, errno: errno)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Replaces the content of the existing file at `path` (its permissions and links stay as they are).
    package static func writeFile(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path)
    }

    /// Writes all of `bytes` to an open file descriptor (standard output for the CLI), retrying short and
    /// interrupted writes; `path` names the destination in the error.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + written, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, errno: errno)
            }
            written += count
        }
    }

    /// The names in the folder at `path` (without `.` and `..`), sorted by their bytes.
    package static func contentsOfDirectory(_ path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else { throw FileSystemError(path: path, errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<length]), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The process's current folder.
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// `path` made absolute (against the current folder) and cleaned lexically: no `.`, `..` or repeated `/`.
    package static func absolutePath(_ path: String, relativeTo base: String? = nil) -> String {
        let joined = path.hasPrefix("/") ? path : (base ?? currentDirectory()) + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The folder holding an absolute, clean path (`/` for `/`).
    package static func parentDirectory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), path != "/" else { return "/" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` relative to `folder` when it lies inside it (both absolute and clean), else nil.
    package static func relativePath(_ path: String, inside folder: String) -> String? {
        if folder == "/" { return path == "/" ? "" : String(path.dropFirst()) }
        if path == folder { return "" }
        guard path.hasPrefix(folder + "/") else { return nil }
        return String(path.dropFirst(folder.count + 1))
    }
}
