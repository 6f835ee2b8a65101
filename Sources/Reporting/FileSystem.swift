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
    package static func kind(of path: String) -> Kind? { kind(of: Array(path.utf8)) }

    /// What the path of these bytes names (following symbolic links), or nil when nothing is there. Paths are
    /// bytes: a name that is not UTF-8 is still a name.
    package static func kind(of path: [UInt8]) -> Kind? {
        var info = stat()
        guard withCPath(path, { stat($0, &info) }) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether the path of these bytes is itself a symbolic link (not followed).
    package static func isSymbolicLink(_ path: [UInt8]) -> Bool {
        var info = stat()
        guard withCPath(path, { lstat($0, &info) }) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFLNK
    }

    /// The canonical absolute path of an existing file or folder (symbolic links resolved), nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        realPath(Array(path.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The canonical absolute path's bytes of an existing file or folder, nil when it does not exist.
    package static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard let resolved = withCPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }

    /// The whole content of the file at `path`.
    package static func readFile(_ path: String) throws(FileSystemError) -> [UInt8] {
        try readFile(Array(path.utf8), shown: path)
    }

    /// The whole content of the file at the path of these bytes; `shown` names it in the error.
    package static func readFile(_ path: [UInt8], shown: String) throws(FileSystemError) -> [UInt8] {
        let descriptor = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileSystemError(path: shown, errno: errno) }
        defer { close(descriptor) }
        return try readAll(descriptor, path: shown)
    }

    /// Everything on standard input, up to its end.
    package static func readStandardInput() throws(FileSystemError) -> [UInt8] {
        try readAll(STDIN_FILENO, path: "stdin")
    }

    private static func readAll(_ descriptor: Int32, path: String) throws(FileSystemError) -> [UInt8] {
        // A regular file is read straight into an array of its size and a byte more (the next read then sees its
        // end); a pipe or a terminal 64 KB at a time. No zeroed scratch buffer: a small scene's preview touched
        // 16 pages more for it (Benchmarks/README.md, issue 24).
        var info = stat()
        let isFile = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        let chunkSize = isFile ? max(Int(info.st_size) + 1, 4096) : 65536
        var bytes: [UInt8] = []
        while true {
            var count = 0
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                count = read(descriptor, buffer.baseAddress, buffer.count)
                if count < 0 { failure = errno }
                initialized = max(count, 0)
            }
            if count == 0 { return bytes }
            if count < 0 {
                if failure == EINTR { continue }
                throw FileSystemError(path: path, errno: failure)
            }
            if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
        }
    }

    /// Replaces the content of the file at `path` atomically (`replaceFile`: its permissions and links stay as
    /// they are; a failed write leaves the old bytes).
    package static func writeFile(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try writeFile(Array(path.utf8), shown: path, bytes)
    }

    /// Replaces the content of the file at the path of these bytes atomically; `shown` names it in the error.
    package static func writeFile(_ path: [UInt8], shown: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try replaceFile(path, shown: shown) { (descriptor) throws(FileSystemError) in
            try writeAll(bytes, to: descriptor, path: shown)
        }
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
        try contentsOfDirectory(Array(path.utf8), shown: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names' bytes in the folder at the path of these bytes (without `.` and `..`), sorted by their bytes.
    /// A name need not be UTF-8.
    package static func contentsOfDirectory(_ path: [UInt8], shown: String) throws(FileSystemError) -> [[UInt8]] {
        guard let directory = withCPath(path, { opendir($0) }) else { throw FileSystemError(path: shown, errno: errno) }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return Array(bytes[0..<length])
            }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// A path's bytes as users read them: UTF-8 as it is, every byte that is not part of valid UTF-8 as `\xNN`.
    package static func displayPath(_ path: [UInt8]) -> String {
        if let text = String(validating: path, as: UTF8.self) { return text }
        var shown = ""
        var rest = path[...]
        while !rest.isEmpty {
            // The longest valid prefix goes as it is; the first byte that cannot start one is escaped.
            var length = rest.count
            while length > 0, String(validating: rest.prefix(length), as: UTF8.self) == nil { length -= 1 }
            if length > 0 {
                shown += String(decoding: rest.prefix(length), as: UTF8.self)
                rest = rest.dropFirst(length)
            } else {
                let byte = rest.first!
                shown += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                rest = rest.dropFirst()
            }
        }
        return shown
    }

    /// The bytes of a command-line argument exactly as the shell passed them: Swift's arguments repair text
    /// that is not UTF-8, so a path that is not UTF-8 would name no file. Falls back to the text's UTF-8.
    package static func commandLineBytes(of argument: String) -> [UInt8] {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let raw = Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            if String(decoding: raw, as: UTF8.self) == argument { return raw }
        }
        return Array(argument.utf8)
    }

    /// Calls `body` with the path's bytes as a NUL-terminated C string.
    static func withCPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
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
        var parts: [String] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        // Not `joined`: its generic element type costs a lookup by name at the first use (issue 24).
        var path = ""
        for part in parts { path += "/" + part }
        return path.isEmpty ? "/" : path
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

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
