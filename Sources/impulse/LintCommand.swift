import ArgumentParser
import JSON
import Reporting
import Scene

/// `impulse lint [PATH ...]`: checks scene files and reports in one of four formats.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check scene files (*.dynamics.json) for mistakes.",
        discussion: """
            Folders are searched recursively for *.dynamics.json (hidden folders and .build* are skipped); \
            '-' reads standard input; no PATH lints the current folder. Each file uses the nearest \
            .impulse.json in its folder or a parent folder.
            Exit status: 0 no errors (and warnings within --max-warnings), 1 findings, 2 the command could \
            not do its job (unreadable path, bad flag, bad configuration).
            """
    )

    @Argument(help: "Scene files or folders to lint, or '-' for standard input (default: the current folder).")
    var paths: [String] = []

    @Option(help: "Output format: text, json, sarif or github.")
    var format: LintFormat = .text

    @Option(name: .customLong("max-warnings"), help: ArgumentHelp("Fail when there are more than N warnings.", valueName: "N"))
    var maxWarnings: Int?

    @Flag(help: "Also run each scene for its preview duration and report the sim.* diagnostics.")
    var simulate = false

    func validate() throws {
        if let maxWarnings, maxWarnings < 0 {
            throw ValidationError("--max-warnings must be 0 or more, not \(maxWarnings).")
        }
    }

    func run() throws {
        let work = try SceneInputs.configured(paths)

        var files: [LintedFile] = []
        var unreadable = false
        for (input, configuration) in work {
            let bytes: [UInt8]
            do {
                bytes = try input.read()
            } catch {
                Terminal.printError("\(input.path): cannot read the file: \(error.reason)")
                unreadable = true
                continue
            }
            let result = Linter.lint(bytes, fileName: input.fileName)
            var diagnostics = result.diagnostics
            if simulate || configuration.simulate, !result.hasErrors {
                diagnostics += LintSimulation.diagnostics(for: result)
            }
            diagnostics = RuleSettings(overrides: configuration.rules).apply(diagnostics)
            files.append(LintedFile(path: input.path, lineIndex: result.document.lineIndex, diagnostics: diagnostics))
        }

        Terminal.write(format.encoder(colored: Terminal.colorsStandardOutput).encode(files))

        let summary = LintSummary(files)
        if unreadable { throw ExitCode(ExitStatus.failure) }
        if summary.errors > 0 { throw ExitCode(ExitStatus.findings) }
        if let maxWarnings, summary.warnings > maxWarnings {
            Terminal.printError("too many warnings: \(summary.warnings), more than --max-warnings \(maxWarnings)")
            throw ExitCode(ExitStatus.findings)
        }
    }
}

extension LintFormat: ExpressibleByArgument {}
