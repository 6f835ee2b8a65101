import Reporting
import Scene

/// The scene a tool works on: a file inside the workspace (`path`) or the text itself (`text`), with the
/// `.impulse.json` that applies (the file's nearest, or the base folder's for text).
struct SceneSource: Sendable {
    var bytes: [UInt8]
    /// The name the linter sees (rules read the extension).
    var fileName: String
    /// The path as the client gave it, or `text` for text.
    var shownPath: String
    /// The file's real path; nil for text.
    var realPath: String?
    var configuration: Configuration

    /// The name given to a scene passed as text.
    static let textFileName = "scene.dynamics.json"

    /// Reads `path` or `text` (exactly one of them).
    static func read(_ call: MCPTool.Call) throws(ToolError) -> SceneSource {
        let arguments = call.arguments
        let path = try arguments.string("path")
        let text = try arguments.string("text")
        let locator = ConfigurationLocator()
        switch (path, text) {
        case (let path?, nil):
            let real = try call.workspace.fileToRead(path)
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readFile(real)
            } catch {
                throw ToolError("\(path): cannot read the file: \(error.reason)")
            }
            let name = String(real.split(separator: "/").last ?? Substring(real))
            return SceneSource(
                bytes: bytes, fileName: name, shownPath: path, realPath: real,
                configuration: try configuration(locator.configuration(forFile: real)))
        case (nil, let text?):
            return SceneSource(
                bytes: Array(text.utf8), fileName: textFileName, shownPath: "text", realPath: nil,
                configuration: try configuration(locator.configuration(forFolder: call.workspace.base)))
        case (nil, nil):
            throw ToolError("\(arguments.tool) needs the scene: \"path\" (a file) or \"text\" (its JSON)")
        case (_?, _?):
            throw ToolError("\(arguments.tool) takes \"path\" or \"text\", not both")
        }
    }

    private static func configuration(_ outcome: ConfigurationLocator.Outcome) throws(ToolError) -> Configuration {
        switch outcome {
        case .success(let configuration): return configuration
        case .failure(let error): throw ToolError(error.description)
        }
    }

    /// The linted scene.
    func lint() -> LintResult {
        Linter.lint(bytes, fileName: fileName)
    }
}
