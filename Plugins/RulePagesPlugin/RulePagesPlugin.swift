// Compiles the rule pages (`docs/rules/CODE.md`, the user documentation of every diagnostic code) into the
// `Scene` target, so that `impulse explain` and hovers print them while `Scene` itself reads no file.
import Foundation
import PackagePlugin

@main
struct RulePagesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // `docs/` sits two folders above the target's sources (`Sources/Scene`); links are resolved so that a
        // package that links to those sources (Benchmarks/) finds the same pages.
        let pages = target.directoryURL.resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/rules")
        let inputs = try FileManager.default.contentsOfDirectory(at: pages, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" && $0.lastPathComponent != "README.md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("RulePages.swift")
        return [
            .buildCommand(
                displayName: "Compiling \(inputs.count) rule pages",
                executable: try context.tool(named: "RulePagesCompiler").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
