import ArgumentParser
import CodeGeneration
import JSON
import ProcessSupport
import Reporting
import Scene

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `impulse generate swift|objc SCENE`: the UIKit code that builds the scene's animator (interfaces.md).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the UIKit code that builds a scene's animator.",
        discussion: """
            swift writes one file (-o FILE, or Name.swift in -o DIR; default standard output). objc writes Name.h \
            and Name.m (-o DIR, default standard output: both, each headed by its file name). The type is named after the scene's \
            "name" (UpperCamelCase + Dynamics) unless --type-name says otherwise. '-' reads the scene from \
            standard input. The same scene always gives the same bytes.
            Exit status: 0 written, 1 the scene has errors (no code; the diagnostics are printed), 2 the command \
            could not do its job.
            """
    )

    @Argument(help: "The language: swift or objc.")
    var language: CodeLanguage

    @Argument(help: "The scene file (*.dynamics.json), or '-' for standard input.")
    var scene: String

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "swift: the file to write, or the folder to write Name.swift into; objc: the folder to write Name.h and "
                + "Name.m into.", valueName: "PATH"))
    var output: String?

    @Option(help: ArgumentHelp("The generated type's name (default: from the scene's name).", valueName: "NAME"))
    var typeName: String?

    func validate() throws {
        if let typeName, !CodeGenerator.isValidTypeName(typeName) {
            throw ValidationError(
                "'\(typeName)' is not a type name: use ASCII letters, digits and '_', not starting with a digit, "
                    + "and no reserved word")
        }
    }

    func run() throws {
        ProcessMemory.keepFreedMemory()
        let (input, bytes) = try SceneInputs.readSingle(scene)
        if language == .objc, let output, FileSystem.kind(of: output) != .directory {
            Terminal.printError("\(output): not a folder (objc writes Name.h and Name.m into -o DIR)")
            throw ExitCode(ExitStatus.failure)
        }

        let lint = Linter.lint(bytes, fileName: input.fileName)
        switch CodeGenerator.generate(lint, language: language, typeName: typeName) {
        case .failure(.sceneHasErrors):
            let errors = lint.diagnostics.filter { $0.severity == .error }
            let file = LintedFile(path: input.path, lineIndex: lint.document.lineIndex, diagnostics: errors)
            Terminal.writeError(TextLintEncoder(colored: false).lines(for: file))
            Terminal.printError("\(file.displayPath): the scene has errors; no code was generated")
            throw ExitCode(ExitStatus.findings)
        case .failure(.invalidTypeName(let name)):
            Terminal.printError(
                "'\(name)' (from the scene's name) is not a type name; give one with --type-name")
            throw ExitCode(ExitStatus.failure)
        case .failure(.unplannable(let pointer)):
            Terminal.printError("\(input.path): cannot generate code: no value at \(pointer) (please report this)")
            throw ExitCode(ExitStatus.failure)
        case .success(let generated):
            for note in generated.notes { Terminal.printError("note: " + note) }
            try write(generated.files)
        }
    }

    /// Standard output, `-o FILE` (swift) or `-o DIR` (objc).
    private func write(_ files: [GeneratedFile]) throws {
        guard let output else {
            if files.count == 1 {
                Terminal.write(Array(files[0].text.utf8))
            } else {
                let text = files.map { "// \($0.name)\n" + $0.text }.joined(separator: "\n")
                Terminal.write(Array(text.utf8))
            }
            return
        }
        for file in files {
            let inFolder = files.count > 1 || FileSystem.kind(of: output) == .directory
            let path = inFolder ? (output.hasSuffix("/") ? output : output + "/") + file.name : output
            // Created when missing (0644 before the umask), replaced atomically when present.
            do {
                try FileSystem.writeFile(path, Array(file.text.utf8))
            } catch {
                Terminal.printError("\(path): cannot write the file: \(error.reason)")
                throw ExitCode(ExitStatus.failure)
            }
        }
    }
}

extension CodeLanguage: ExpressibleByArgument {}
