import ArgumentParser
import JSON
import ProcessSupport
import Reporting
import Scene

/// `impulse format [--check] [PATH ...]`: rewrites scene files in the canonical layout.
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Rewrite scene files in the canonical layout.",
        discussion: """
            Files are rewritten in place with the indent of their .impulse.json (default 2 spaces); no token's \
            text changes. '-' formats standard input to standard output. A file that is not valid JSON is left \
            untouched and its json.syntax diagnostic is printed.
            Exit status: 0 done, 1 a file is not valid JSON (or, with --check, would change), 2 the command \
            could not do its job.
            """
    )

    @Argument(help: "Scene files or folders to format, or '-' for standard input (default: the current folder).")
    var paths: [String] = []

    @Flag(help: "Change nothing; list the files that would change and exit with status 1 if any would.")
    var check = false

    func run() throws {
        ProcessMemory.keepFreedMemory()
        let work = try SceneInputs.configured(paths)

        var failed = false
        var findings = false
        let diagnosticLines = TextLintEncoder(colored: false)
        for (input, configuration) in work {
            let bytes: [UInt8]
            do {
                bytes = try input.read()
            } catch {
                Terminal.printError("\(input.path): cannot read the file: \(error.reason)")
                failed = true
                continue
            }
            guard let formatted = Formatter.format(bytes, indent: configuration.indent) else {
                // Not JSON: leave it as it is and say why.
                findings = true
                let result = Linter.lint(bytes, fileName: input.fileName)
                let syntax = result.diagnostics.filter { $0.code == "json.syntax" || $0.code == "json.unsupported" }
                let file = LintedFile(path: input.path, lineIndex: result.document.lineIndex, diagnostics: syntax)
                Terminal.writeError(diagnosticLines.lines(for: file))
                if syntax.isEmpty { Terminal.printError("\(file.displayPath): not valid JSON; left unchanged") }
                if input.isStandardInput, !check { Terminal.write(bytes) }
                continue
            }
            if check {
                if formatted != bytes {
                    findings = true
                    Terminal.print(input.isStandardInput ? "stdin" : input.path)
                }
            } else if input.isStandardInput {
                Terminal.write(formatted)
            } else if formatted != bytes {
                do {
                    try input.write(formatted)
                } catch {
                    Terminal.printError("\(input.path): cannot write the file: \(error.reason)")
                    failed = true
                }
            }
        }
        if failed { throw ExitCode(ExitStatus.failure) }
        if findings { throw ExitCode(ExitStatus.findings) }
    }
}
