import ArgumentParser
import JSON
import Reporting
import Scene

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `impulse preview SCENE`: runs a scene on the engine and reports what happens (interfaces.md).
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Run a scene and report what happens.",
        discussion: """
            Runs the scene for --frames N (alias --steps: one animator step is one frame) or --duration SECONDS \
            (the nearest whole number of frames), by default the scene's "preview" (3 s at 60 Hz), at most \
            216000 frames. Formats: text (a summary of events and final positions), json (every kept frame, \
            the events, the diagnostics), csv (one row per item per kept frame), svg (an animated replay that \
            draws attachments, snaps, pushes, gravity, fields, boundaries, collision groups and contacts), html \
            (one self-contained page with the interactive player, to open in a browser). \
            --reference-size WxH runs the scene in a reference view of that size (e.g. 320x568): every point \
            is placed by its "pin", sizes stay as they are. '-' reads the scene from standard input.
            Exit status: 0 the scene ran, 1 the scene has errors (nothing is simulated; the diagnostics are \
            printed) or the run diverged, 2 the command could not do its job.
            """
    )

    @Argument(help: "The scene file (*.dynamics.json), or '-' for standard input.")
    var scene: String

    @Option(
        name: [.customLong("frames"), .customLong("steps")],
        help: ArgumentHelp("Run N frames (one animator step is one frame).", valueName: "N"))
    var frames: Int?

    @Option(help: ArgumentHelp("Run SECONDS seconds (the nearest whole number of frames).", valueName: "SECONDS"))
    var duration: Double?

    @Option(help: ArgumentHelp("Keep every K-th frame (frames 0, K, 2K, …).", valueName: "K"))
    var every: Int = 1

    @Option(help: "Output format: text, json, csv, svg or html.")
    var format: PreviewFormat = .text

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("Write the output to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Run the scene in a reference view of this size (e.g. 320x568), every point placed by its pin.",
            valueName: "WxH"))
    var referenceSize: String?

    private var request: SimulationRequest {
        SimulationRequest(
            frames: frames, duration: duration, every: every,
            referenceSize: referenceSize.flatMap(SimulationRequest.referenceSize(parsing:)))
    }

    func validate() throws {
        if let referenceSize, SimulationRequest.referenceSize(parsing: referenceSize) == nil {
            throw ValidationError(
                "--reference-size must be a width and a height greater than 0, written WxH (e.g. 320x568), not '\(referenceSize)'"
            )
        }
        do {
            try request.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        ProcessMemory.keepFreedMemory()
        let (input, bytes) = try SceneInputs.readSingle(scene)
        let locator = ConfigurationLocator()
        let configuration: Configuration
        switch input.absolutePath.map(locator.configuration(forFile:))
            ?? locator.configuration(forFolder: FileSystem.currentDirectory())
        {
        case .success(let found): configuration = found
        case .failure(let error):
            Terminal.printError(error.description)
            throw ExitCode(ExitStatus.failure)
        }

        let lint = Linter.lint(bytes, fileName: input.fileName)
        var preview: PreviewResult
        do {
            guard let result = try PreviewResult.preview(lint, request) else { throw ExitCode(ExitStatus.failure) }
            preview = result
        } catch let error as SimulationRequestError {
            Terminal.printError(error.description)
            throw ExitCode(ExitStatus.failure)
        }
        preview.diagnostics = RuleSettings(overrides: configuration.rules).apply(preview.diagnostics)
        let file = LintedFile(path: input.path, lineIndex: lint.document.lineIndex, diagnostics: preview.diagnostics)

        guard preview.wasSimulated else {
            // Nothing ran: the diagnostics on standard error, and in the json output's `diagnostics`.
            Terminal.writeError(String(decoding: TextLintEncoder(colored: false).encode([file]), as: UTF8.self))
            if format == .json { try write(preview, as: .json) }
            throw ExitCode(ExitStatus.findings)
        }
        try write(preview, as: format)
        if preview.run?.divergence != nil {
            let errors = LintedFile(
                path: input.path, lineIndex: lint.document.lineIndex,
                diagnostics: preview.diagnostics.filter { $0.severity == .error })
            Terminal.writeError(TextLintEncoder(colored: false).lines(for: errors))
            throw ExitCode(ExitStatus.findings)
        }
    }

    /// To `-o FILE`, or standard output.
    private func write(_ preview: PreviewResult, as format: PreviewFormat) throws {
        guard let output else {
            try? format.write(preview, to: STDOUT_FILENO, path: "stdout")
            return
        }
        // Created when missing (0644 before the umask), replaced when present.
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        do throws(FileSystemError) {
            guard descriptor >= 0 else {
                throw FileSystemError(path: output, reason: String(cString: strerror(errno)), code: errno)
            }
            defer { close(descriptor) }
            try format.write(preview, to: descriptor, path: output)
        } catch {
            Terminal.printError("\(output): cannot write the file: \(error.reason)")
            throw ExitCode(ExitStatus.failure)
        }
    }
}

extension PreviewFormat: ExpressibleByArgument {}
