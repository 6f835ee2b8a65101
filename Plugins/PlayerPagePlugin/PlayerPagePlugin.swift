// Compiles the player page (`editors/vscode/media`: standalone.html, player.js, preview.js, preview.css) into
// the `Reporting` target, so that `impulse preview --format html` writes the page the VS Code webview shows.
import Foundation
import PackagePlugin

@main
struct PlayerPagePlugin: BuildToolPlugin {
    static let files = ["standalone.html", "player.js", "preview.js", "preview.css"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // `editors/` sits two folders above the target's sources (`Sources/Reporting`).
        let media = target.directoryURL.resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("editors/vscode/media")
        let inputs = Self.files.map { media.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("PlayerPageFiles.swift")
        return [
            .buildCommand(
                displayName: "Compiling the player page",
                executable: try context.tool(named: "PlayerPageCompiler").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
