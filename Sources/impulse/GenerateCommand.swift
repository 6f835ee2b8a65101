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

/// `impulse generate swift|objc SCENE`: the UIKit code that builds the scene's animator (interfaces.md), and
/// `impulse generate swift|objc --support`: the runtime the scenes' code shares.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write the UIKit code that builds a scene's animator.",
        discussion: """
            swift writes one file (-o FILE, or Name.swift in -o DIR; default standard output). objc writes Name.h \
            and Name.m (-o DIR, default standard output: both, each headed by its file name). The scene's code \
            needs the shared runtime in the same target: -o DIR writes it beside the scene's files \
            (ImpulseSupport.swift, or ImpulseSupport.h and ImpulseSupport.m), and --support writes it alone. \
            The type is named after the scene's "name" (UpperCamelCase + Dynamics) unless --type-name says \
            otherwise. '-' reads the scene from standard input. The same scene always gives the same bytes.
            Exit status: 0 written, 1 the scene has errors (no code; the diagnostics are printed), 2 the command \
            could not do its job.
            """
    )

    @Argument(help: "The language: swift or objc.")
    var language: CodeLanguage

    @Argument(help: "The scene file (*.dynamics.json), or '-' for standard input; none with --support.")
    var scene: String?

    @Flag(help: "Write the runtime the generated scenes share (ImpulseSupport.*) instead of a scene's code.")
    var support = false

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "swift: the file to write, or the folder to write Name.swift and the runtime into; objc: the folder to "
                + "write Name.h, Name.m and the runtime into.", valueName: "PATH"))
    var output: String?

    @Option(help: ArgumentHelp("The generated type's name (default: from the scene's name).", valueName: "NAME"))
    var typeName: String?

    func validate() throws {
        if support, scene != nil {
            throw ValidationError("--support writes the shared runtime alone: give no scene with it")
        }
        if !support, scene == nil { throw ValidationError("Missing expected argument '<scene>'") }
        if let typeName, !CodeGenerator.isValidTypeName(typeName) {
            throw ValidationError(
                "'\(typeName)' is not a type name: use ASCII letters, digits and '_', not starting with a digit, "
                    + "and no reserved word")
        }
    }

    func run() throws {
        ProcessMemory.keepFreedMemory()
        if language == .objc || support, let output, FileSystem.kind(of: output) != .directory {
            let files = CodeGenerator.supportFiles(language).map(\.name)
            let what = support ? files.joined(separator: " and ") : "Name.h and Name.m"
            Terminal.printError(
                "\(output): not a folder (\(support ? "--support" : "objc") writes \(what) into -o DIR)")
            throw ExitCode(ExitStatus.failure)
        }
        guard let scene else { return try write(CodeGenerator.supportFiles(language)) }
        let (input, bytes) = try SceneInputs.readSingle(scene)

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
            // Into a folder, the runtime goes beside the scene's files.
            let intoFolder = output.map { FileSystem.kind(of: $0) == .directory } ?? false
            try write(generated.files + (intoFolder ? generated.support : []))
        }
    }

    /// Standard output, `-o FILE` (one swift file) or `-o DIR`.
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
