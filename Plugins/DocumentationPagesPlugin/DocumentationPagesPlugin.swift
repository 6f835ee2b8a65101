// Compiles the user documentation the MCP server serves as resources (`docs/scene-format.md`, read as
// impulse://docs/scene-format) into the `MCPServer` target, through the player page's compiler, so that the
// server reads no repository file at run time.
import Foundation
import PackagePlugin

@main
struct DocumentationPagesPlugin: BuildToolPlugin {
    static let pages = ["scene-format.md"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // `docs/` sits two folders above the target's sources (`Sources/MCPServer`).
        let docs = target.directoryURL.resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs")
        let inputs = Self.pages.map { docs.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("DocumentationPages.swift")
        return [
            .buildCommand(
                displayName: "Compiling the documentation pages",
                executable: try context.tool(named: "PlayerPageCompiler").url,
                arguments: ["--enum", "DocumentationPages", output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
