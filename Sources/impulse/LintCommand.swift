import ArgumentParser
import JSON
import ProcessSupport
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

    @Option(
        name: .customLong("max-warnings"),
        help: ArgumentHelp("Fail when there are more than N warnings.", valueName: "N"))
    var maxWarnings: Int?

    @Flag(help: "Also run each scene for its preview duration and report the sim.* diagnostics.")
    var simulate = false

    @Option(
        help: ArgumentHelp(
            "Lint only the K-th of N parts of the files (1 ≤ K ≤ N), for a CI matrix: each file's part depends on its path alone.",
            valueName: "K/N"))
    var shard: Shard?

    func validate() throws {
        if let maxWarnings, maxWarnings < 0 {
            throw ValidationError("--max-warnings must be 0 or more, not \(maxWarnings).")
        }
        if let shard, shard.count < 1 || shard.index < 1 || shard.index > shard.count {
            throw ValidationError(
                "--shard \(shard.index)/\(shard.count) is not a part: K/N needs 1 ≤ K ≤ N (for example 1/4).")
        }
    }

    func run() throws {
        ProcessMemory.keepFreedMemory()
        var work = try SceneInputs.configured(paths)
        if let shard { work = work.filter { shard.contains($0.input.shardKey) } }

        // Files are linted concurrently (each thread parses in its own jansson arena); the report keeps the
        // order of the inputs, so the output is the same bytes whatever the scheduling.
        let outcomes =
            work.count == 1
            ? [lint(work[0].input, configuration: work[0].configuration, keepingUntilExit: true)]
            : Parallel.map(work.count) { lint(work[$0].input, configuration: work[$0].configuration) }
        var files: [LintedFile] = []
        var unreadable = false
        for outcome in outcomes {
            switch outcome {
            case .linted(let file): files.append(file)
            case .unreadable(let message):
                Terminal.printError(message)
                unreadable = true
            }
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

extension LintCommand {
    /// See `lint(_:configuration:keepingUntilExit:)`; written only when one file is linted, on the main thread.
    nonisolated(unsafe) private static var keptUntilExit: LintResult?

    private enum Outcome {
        case linted(LintedFile)
        case unreadable(String)
    }

    /// `keepingUntilExit`: the parse and the scene are never freed (the process ends right after the report;
    /// freeing a large scene's hundreds of thousands of values one by one is wasted time).
    private func lint(_ input: SceneInput, configuration: Configuration, keepingUntilExit: Bool = false) -> Outcome {
        let bytes: [UInt8]
        do {
            bytes = try input.read()
        } catch {
            return .unreadable("\(input.path): cannot read the file: \(error.reason)")
        }
        let result = Linter.lint(bytes, fileName: input.fileName)
        let simulation =
            (simulate || configuration.simulate) && result.maySimulate ? LintSimulation.diagnostics(for: result) : nil
        let diagnostics = result.reported(
            simulation: simulation, settings: RuleSettings(overrides: configuration.rules))
        if keepingUntilExit { LintCommand.keptUntilExit = result }
        return .linted(LintedFile(path: input.path, lineIndex: result.document.lineIndex, diagnostics: diagnostics))
    }
}

extension LintFormat: ExpressibleByArgument {}
