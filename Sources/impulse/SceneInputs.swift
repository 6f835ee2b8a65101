import ArgumentParser
import Reporting

/// One file a subcommand works on: standard input, or a file named on the command line or found in a folder.
struct SceneInput: Equatable {
    /// The path as given (or the given folder joined with the found name) as users read it, bytes that are not
    /// UTF-8 escaped as `\xNN`; `-` for standard input.
    var path: String
    /// The path's bytes, which name the file (a file name need not be UTF-8).
    var pathBytes: [UInt8]
    /// The absolute, clean path; nil for standard input.
    var absolutePath: String?
    /// The folder named on the command line whose walk found this file (as shown), nil for a file named itself.
    var foundIn: String?
    /// For a file found in a folder: its path relative to that folder (what `--shard` hashes).
    var relativePath: String? = nil

    /// What decides the file's `--shard` part: its path relative to the folder searched, else the path as given.
    var shardKey: String { relativePath ?? path }

    init(path: String, absolutePath: String?) {
        self.init(pathBytes: Array(path.utf8), absolutePath: absolutePath)
    }

    init(pathBytes: [UInt8], absolutePath: String?, foundIn: String? = nil) {
        self.path = FileSystem.displayPath(pathBytes)
        self.pathBytes = pathBytes
        self.absolutePath = absolutePath
        self.foundIn = foundIn
    }

    var isStandardInput: Bool { absolutePath == nil }

    /// The content of the file or of standard input.
    func read() throws(FileSystemError) -> [UInt8] {
        isStandardInput ? try FileSystem.readStandardInput() : try FileSystem.readFile(pathBytes, shown: path)
    }

    /// Replaces the file's content.
    func write(_ bytes: [UInt8]) throws(FileSystemError) {
        try FileSystem.writeFile(pathBytes, shown: path, bytes)
    }

    /// The file name the linter uses for the scene's default name (nil for standard input).
    var fileName: String? {
        absolutePath.map { String($0[$0.index(after: $0.lastIndex(of: "/")!)...]) }
    }
}

/// Turns the command line's paths into the files to work on.
///
/// `-` is standard input; a file is taken whatever its name; a folder is searched recursively for
/// `*.dynamics.json`, skipping hidden folders (and so `.build*`), in byte order of names at each level.
/// A walk does not follow a symbolic link to a folder (it may lead out of the tree, and `format` would
/// rewrite files there); a link named on the command line is followed. Names are bytes: a file whose name
/// is not UTF-8 is found and shown escaped. No path means the current folder. A file reached twice is taken
/// once, at its first place.
enum SceneInputs {
    /// The suffix of scene files.
    static let sceneSuffix = ".dynamics.json"

    /// The inputs, or the problems that stop the command (a path that does not exist, a folder without
    /// any scene file, a folder that cannot be read), one message each.
    static func collect(_ paths: [String]) -> (inputs: [SceneInput], problems: [String]) {
        var inputs: [SceneInput] = []
        var problems: [String] = []
        var seen: Set<String> = []
        func add(_ input: SceneInput) {
            let key = input.absolutePath ?? LintedFile.standardInputPath
            if seen.insert(key).inserted { inputs.append(input) }
        }
        for path in paths.isEmpty ? ["."] : paths {
            if path == LintedFile.standardInputPath {
                add(SceneInput(path: path, absolutePath: nil))
                continue
            }
            let bytes = FileSystem.commandLineBytes(of: path)
            let shown = FileSystem.displayPath(bytes)
            switch FileSystem.kind(of: bytes) {
            case nil:
                problems.append("\(shown): no such file or folder")
            case .file:
                add(SceneInput(pathBytes: bytes, absolutePath: FileSystem.absolutePath(shown)))
            case .other:
                problems.append("\(shown): not a file or a folder")
            case .directory:
                var found: [SceneInput] = []
                var visited: Set<[UInt8]> = []
                walk(
                    bytes, display: path == "." ? [] : bytes, relative: [], into: &found, visited: &visited,
                    problems: &problems)
                for index in found.indices { found[index].foundIn = shown }
                if found.isEmpty {
                    problems.append("\(shown): no scene files (*\(sceneSuffix)) in this folder or below it")
                }
                found.forEach(add)
            }
        }
        return (inputs, problems)
    }

    /// The inputs with the settings of their nearest `.impulse.json` (standard input: the current folder's),
    /// excluded files left out. Prints every problem and throws exit status 2 when there is any: a path
    /// that is not there, a folder without scene files, a folder all of whose scene files are excluded (a
    /// stray `.impulse.json` in a parent folder must not make a run pass with no file checked), a
    /// configuration that is not valid.
    static func configured(_ paths: [String]) throws -> [(input: SceneInput, configuration: Configuration)] {
        var (inputs, problems) = collect(paths)
        let locator = ConfigurationLocator()
        var configurationErrors: [ConfigurationError] = []
        var configured: [(input: SceneInput, configuration: Configuration)] = []
        // Per folder walked: its files found, kept, and the configurations that excluded the others.
        var walks: [(folder: String, found: Int, kept: Int, excludedBy: [String])] = []
        for input in inputs {
            let outcome =
                input.absolutePath.map(locator.configuration(forFile:))
                ?? locator.configuration(forFolder: FileSystem.currentDirectory())
            let walk = input.foundIn.map { folder in walks.firstIndex { $0.folder == folder } ?? walks.count }
            if let index = walk, index == walks.count { walks.append((input.foundIn!, 0, 0, [])) }
            if let index = walk { walks[index].found += 1 }
            switch outcome {
            case .success(let configuration):
                if let path = input.absolutePath, configuration.excludes(path) {
                    if let index = walk, let file = configuration.file, !walks[index].excludedBy.contains(file) {
                        walks[index].excludedBy.append(file)
                    }
                    continue
                }
                if let index = walk { walks[index].kept += 1 }
                configured.append((input, configuration))
            case .failure(let error):
                if !configurationErrors.contains(error) { configurationErrors.append(error) }
            }
        }
        for walk in walks where walk.kept == 0 && !walk.excludedBy.isEmpty {
            let folder = walk.folder.isEmpty ? "." : walk.folder
            problems.append(
                "\(folder): every scene file in this folder or below it (\(walk.found)) is excluded by "
                    + walk.excludedBy.joined(separator: ", ")
                    + "; nothing to check (an \(Configuration.fileName) with \"root\": true in the project keeps a parent folder's out)"
            )
        }
        guard problems.isEmpty, configurationErrors.isEmpty else {
            for problem in problems { Terminal.printError(problem) }
            for error in configurationErrors { Terminal.printError(error.description) }
            throw ExitCode(ExitStatus.failure)
        }
        return configured
    }

    private static func walk(
        _ folder: [UInt8], display: [UInt8], relative: [UInt8], into found: inout [SceneInput],
        visited: inout Set<[UInt8]>, problems: inout [String]
    ) {
        // Resolve the folder once so that a folder reached twice (through a link named on the command line) is
        // walked once.
        guard let identity = FileSystem.realPath(folder), visited.insert(identity).inserted else { return }
        let names: [[UInt8]]
        do {
            names = try FileSystem.contentsOfDirectory(folder, shown: FileSystem.displayPath(folder))
        } catch {
            problems.append("\(error.path): cannot read the folder: \(error.reason)")
            return
        }
        let slash = UInt8(ascii: "/")
        for name in names {
            let path = folder == [slash] ? [slash] + name : folder + [slash] + name
            let shown = display.isEmpty ? name : (display.last == slash ? display + name : display + [slash] + name)
            let below = relative.isEmpty ? name : relative + [slash] + name
            switch FileSystem.kind(of: path) {
            case .directory:
                if name.first == UInt8(ascii: ".") { continue }  // hidden folders, `.build*` among them
                if FileSystem.isSymbolicLink(path) { continue }  // never out of the tree
                walk(path, display: shown, relative: below, into: &found, visited: &visited, problems: &problems)
            case .file
            where name.count >= sceneSuffix.utf8.count
                && name.suffix(sceneSuffix.utf8.count).elementsEqual(sceneSuffix.utf8):
                let input = SceneInput(pathBytes: shown, absolutePath: nil)
                var file = SceneInput(pathBytes: shown, absolutePath: FileSystem.absolutePath(input.path))
                file.relativePath = FileSystem.displayPath(below)
                found.append(file)
            default:
                continue
            }
        }
    }
}

extension SceneInputs {
    /// The one scene a command such as `preview` or `generate` reads: `-` for standard input, else a file named
    /// on the command line (its name taken as bytes, so that a name that is not UTF-8 is read too), and its
    /// bytes. A missing or unreadable file prints a message and stops the command with exit status 2.
    static func readSingle(_ scene: String) throws -> (input: SceneInput, bytes: [UInt8]) {
        let input: SceneInput
        if scene == LintedFile.standardInputPath {
            input = SceneInput(path: scene, absolutePath: nil)
        } else {
            let bytes = FileSystem.commandLineBytes(of: scene)
            let shown = FileSystem.displayPath(bytes)
            guard FileSystem.kind(of: bytes) == .file else {
                Terminal.printError(
                    FileSystem.kind(of: bytes) == nil ? "\(shown): no such file" : "\(shown): not a scene file")
                throw ExitCode(ExitStatus.failure)
            }
            input = SceneInput(pathBytes: bytes, absolutePath: FileSystem.absolutePath(shown))
        }
        do {
            return (input, try input.read())
        } catch {
            Terminal.printError("\(input.path == "-" ? "stdin" : input.path): cannot read the file: \(error.reason)")
            throw ExitCode(ExitStatus.failure)
        }
    }
}
