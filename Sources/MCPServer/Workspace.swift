// The folders the MCP server may read and write, and the one way a tool's path becomes a file.
//
// Design: the folders are the working folder the server started in, or the roots the client gave (`roots/list`),
// each resolved to its real path. A path is joined to the base folder as given (no lexical `..` cleaning, which
// can disagree with the kernel's once a symbolic link is involved) and resolved by `realpath(3)`; only a result
// inside one of the folders is accepted. A path to write resolves its folder the same way and must not name a
// folder. So `..`, a link that points out, and an absolute path elsewhere are all refused alike. Writes go through
// `FileSystem.writeFile`, which writes through a symbolic link to its target: a file to write that is a link must
// therefore resolve inside the folders too.
import Reporting

/// The folders tools may touch.
struct Workspace: Equatable, Sendable {
    /// Real, absolute paths.
    let folders: [String]
    /// Where relative paths start: the working folder when it is inside the folders, else the first folder.
    let base: String

    /// - Parameters:
    ///   - folders: absolute paths (unresolved); the ones that do not exist are left out.
    ///   - workingDirectory: the server's working folder.
    init(folders: [String], workingDirectory: String) {
        let real = folders.compactMap(FileSystem.realPath)
        let working = FileSystem.realPath(workingDirectory) ?? workingDirectory
        self.folders = real.isEmpty ? [working] : real
        base = Workspace.isInside(working, self.folders) ? working : self.folders[0]
    }

    /// A file to read: its real path.
    func fileToRead(_ path: String) throws(ToolError) -> String {
        let joined = try join(path)
        guard let real = FileSystem.realPath(joined) else {
            throw ToolError("\(path): no such file (paths are relative to \(base))")
        }
        guard Workspace.isInside(real, folders) else { throw outside(path) }
        guard FileSystem.kind(of: real) == .file else { throw ToolError("\(path): not a file") }
        return real
    }

    /// A file to write (which may not exist yet): its path, in a real folder inside the workspace.
    func fileToWrite(_ path: String) throws(ToolError) -> String {
        let joined = try join(path)
        let name = String(joined.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
        guard !name.isEmpty, name != ".", name != "..", !joined.hasSuffix("/") else {
            throw ToolError("\(path): not a file name")
        }
        let target = try folder(FileSystem.parentDirectory(joined), shown: path) + "/" + name
        if FileSystem.kind(of: target) == .directory { throw ToolError("\(path): is a folder, not a file") }
        if FileSystem.isSymbolicLink(Array(target.utf8)) {
            guard let real = FileSystem.realPath(target), Workspace.isInside(real, folders) else { throw outside(path) }
        }
        return target
    }

    /// Replaces (or creates) a file that `fileToWrite` gave with `bytes`, atomically (`FileSystem.writeFile`).
    ///
    /// - Parameter shown: the path as the tool call gave it, for the error.
    func write(_ bytes: [UInt8], to target: String, shown: String) throws(ToolError) {
        do throws(FileSystemError) {
            try FileSystem.writeFile(Array(target.utf8), shown: shown, bytes)
        } catch {
            throw ToolError("\(shown): cannot write the file: \(error.reason)")
        }
    }

    /// A folder to write into, which must exist: its real path.
    func folderToWrite(_ path: String) throws(ToolError) -> String {
        let real = try folder(join(path), shown: path)
        return real
    }

    private func folder(_ joined: String, shown: String) throws(ToolError) -> String {
        guard let real = FileSystem.realPath(joined), FileSystem.kind(of: real) == .directory else {
            throw ToolError("\(shown): the folder does not exist")
        }
        guard Workspace.isInside(real, folders) else { throw outside(shown) }
        return real.count > 1 && real.hasSuffix("/") ? String(real.dropLast()) : real
    }

    private func join(_ path: String) throws(ToolError) -> String {
        guard !path.isEmpty else { throw ToolError("the path is empty") }
        guard !path.utf8.contains(0) else { throw ToolError("the path holds a NUL character") }
        return path.hasPrefix("/") ? path : base + "/" + path
    }

    private func outside(_ path: String) -> ToolError {
        ToolError(
            "\(path): outside the folders this server may use (\(folders.joined(separator: ", "))); "
                + "give a path inside them")
    }

    static func isInside(_ path: String, _ folders: [String]) -> Bool {
        folders.contains { FileSystem.relativePath(path, inside: $0) != nil }
    }

    /// The path of a `file://` URI (percent-decoded); nil for another scheme or a URI that is not one.
    static func path(ofFileURI uri: String) -> String? {
        let prefix = "file://"
        guard uri.lowercased().hasPrefix(prefix) else { return nil }
        var rest = uri.dropFirst(prefix.count)
        // `file://localhost/path` and `file:///path`.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/"), rest[..<slash].lowercased() == "localhost" else { return nil }
            rest = rest[slash...]
        }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(0) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
