import ArgumentParser
import Reporting

/// The `impulse` command: one subcommand per file (`LintCommand.swift`, `ExplainCommand.swift`, …).
/// To add a subcommand, write its file and list its type in `subcommands` below.
@main
struct Impulse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "impulse",
        abstract: "Lint, preview and serve UIKit Dynamics scenes written as JSON.",
        version: ToolInfo.version,
        subcommands: [
            LintCommand.self, PreviewCommand.self, FormatCommand.self, ExplainCommand.self, LSPCommand.self,
            MCPCommand.self, GenerateCommand.self,
        ]
    )

    /// Runs the command line, with Impulse's exit statuses: usage errors (a bad flag, a missing value) exit
    /// with status 2 instead of argument-parser's 64, and so does any failure a command did not map itself.
    static func main() async {
        Terminal.guardStandardDescriptors()
        PhaseTimingsOutput.installIfRequested()
        do {
            switch CommandLineFastPath.recognize(Array(CommandLine.arguments.dropFirst())) {
            case .version:
                // Through `Terminal`, as the full parse's --version is, so that a failed write exits with 2.
                Terminal.print(configuration.version)
                return
            case .preview(let scene, let options):
                try options.run(scene: scene)
                return
            case nil: break
            }
            var command = try await asyncParseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exitCode as ExitCode {
            terminate(exitCode.rawValue)
        } catch {
            if exitCode(for: error) == .success {
                // --help, --version: through `Terminal`, so that output that cannot be written fails with status 2.
                let message = fullMessage(for: error)
                if !message.isEmpty { Terminal.print(message) }
                terminate(ExitStatus.success)
            }
            Terminal.printUsageError(fullMessage(for: error))
            terminate(ExitStatus.failure)
        }
    }
}
