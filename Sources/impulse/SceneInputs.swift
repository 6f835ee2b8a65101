import ArgumentParser
import Reporting

/// One file a subcommand works on: standard input, or a file named on the command line or found in a folder.
struct SceneInput: Equatable {
    /// The path as given (or the given folder joined with the found name); `-` for standard input.
    var path: String
    /// The absolute, clean path; nil for standard input.
    var absolutePath: String?
    /// For a file found in a folder: its path relative to that folder (what `--shard` hashes).
    var relativePath: String? = nil

    /// What decides the file's `--shard` part: its path relative to the folder searched, else the path as given.
    var shardKey: String { relativePath ?? path }

    var isStandardInput: Bool { absolutePath == nil }

    /// The content of the file or of standard input.
    func read() throws(FileSystemError) -> [UInt8] {
        isStandardInput ? try FileSystem.readStandardInput() : try FileSystem.readFile(path)
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
/// No path means the current folder. A file reached twice is taken once, at its first place.
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
            switch FileSystem.kind(of: path) {
            case nil:
                problems.append("\(path): no such file or folder")
            case .file:
                add(SceneInput(path: path, absolutePath: FileSystem.absolutePath(path)))
            case .other:
                problems.append("\(path): not a file or a folder")
            case .directory:
                var found: [SceneInput] = []
                var visited: Set<String> = []
                walk(
                    path, display: path == "." ? "" : path, relative: "", into: &found, visited: &visited,
                    problems: &problems)
                if found.isEmpty {
                    problems.append("\(path): no scene files (*\(sceneSuffix)) in this folder or below it")
                }
                found.forEach(add)
            }
        }
        return (inputs, problems)
    }

    /// The inputs with the settings of their nearest `.impulse.json` (standard input: the current folder's),
    /// excluded files left out. Prints every problem and throws exit status 2 when there is any: a path
    /// that is not there, a folder without scene files, a configuration that is not valid.
    static func configured(_ paths: [String]) throws -> [(input: SceneInput, configuration: Configuration)] {
        let (inputs, problems) = collect(paths)
        let locator = ConfigurationLocator()
        var configurationErrors: [ConfigurationError] = []
        var configured: [(input: SceneInput, configuration: Configuration)] = []
        for input in inputs {
            let outcome =
                input.absolutePath.map(locator.configuration(forFile:))
                ?? locator.configuration(forFolder: FileSystem.currentDirectory())
            switch outcome {
            case .success(let configuration):
                if let path = input.absolutePath, configuration.excludes(path) { continue }
                configured.append((input, configuration))
            case .failure(let error):
                if !configurationErrors.contains(error) { configurationErrors.append(error) }
            }
        }
        guard problems.isEmpty, configurationErrors.isEmpty else {
            for problem in problems { Terminal.printError(problem) }
            for error in configurationErrors { Terminal.printError(error.description) }
            throw ExitCode(ExitStatus.failure)
        }
        return configured
    }

    private static func walk(
        _ folder: String, display: String, relative: String, into found: inout [SceneInput],
        visited: inout Set<String>, problems: inout [String]
    ) {
        // Resolve links once per folder so a link back up the tree cannot loop.
        guard let identity = FileSystem.realPath(folder), visited.insert(identity).inserted else { return }
        let names: [String]
        do {
            names = try FileSystem.contentsOfDirectory(folder)
        } catch {
            problems.append("\(error.path): cannot read the folder: \(error.reason)")
            return
        }
        for name in names {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            let shown = display.isEmpty ? name : (display.hasSuffix("/") ? display + name : display + "/" + name)
            let below = relative.isEmpty ? name : relative + "/" + name
            switch FileSystem.kind(of: path) {
            case .directory:
                if name.hasPrefix(".") { continue }  // hidden folders, `.build*` among them
                walk(path, display: shown, relative: below, into: &found, visited: &visited, problems: &problems)
            case .file where name.hasSuffix(sceneSuffix):
                found.append(
                    SceneInput(path: shown, absolutePath: FileSystem.absolutePath(path), relativePath: below))
            default:
                continue
            }
        }
    }
}
