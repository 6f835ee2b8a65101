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
            The html page reads its address: page.html?t=SECONDS opens it paused at that time, page.html?play \
            starts playing (from t when both are given: ?t=1.5&play); --autoplay writes a page that starts \
            playing unless ?t is given alone. Keys in the page: space plays or pauses, the left and right \
            arrows step one frame, Home and End go to the start and the end.
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

    @Flag(help: "With --format html: the page starts playing when it opens (as ?play in its address).")
    var autoplay = false

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
        if autoplay, format != .html {
            throw ValidationError("--autoplay is for --format html: only the html page plays")
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
        // json and csv stream their frames through a spool, text keeps none, svg and html keep a bounded number.
        let frames: (spool: PreviewSampleSpool?, onSample: ((SimulationSample) -> Void)?)
        do {
            let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            frames = try PreviewSampleSpool.forPreview(of: lint, format: format, folder: temporary ?? "/tmp")
        } catch {
            Terminal.printError(error.description)
            throw ExitCode(ExitStatus.failure)
        }
        var preview: PreviewResult
        do {
            var request = self.request
            request.maximumItemSamples = format.itemSampleBudget
            guard let result = try PreviewResult.preview(lint, request, onSample: frames.onSample) else {
                throw ExitCode(ExitStatus.failure)
            }
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
            if format == .json { try write(preview, as: .json, spool: frames.spool) }
            throw ExitCode(ExitStatus.findings)
        }
        try write(preview, as: format, spool: frames.spool)
        if preview.run?.divergence != nil {
            let errors = LintedFile(
                path: input.path, lineIndex: lint.document.lineIndex,
                diagnostics: preview.diagnostics.filter { $0.severity == .error })
            Terminal.writeError(TextLintEncoder(colored: false).lines(for: errors))
            throw ExitCode(ExitStatus.findings)
        }
    }

    /// To `-o FILE`, or standard output.
    private func write(_ preview: PreviewResult, as format: PreviewFormat, spool: PreviewSampleSpool?) throws {
        do {
            try spool?.check()
        } catch {
            Terminal.printError("cannot keep the preview's frames: \(error)")
            throw ExitCode(ExitStatus.failure)
        }
        guard let output else {
            Terminal.writeStandardOutput { (descriptor) throws(FileSystemError) in
                try write(preview, as: format, to: descriptor, path: "stdout", spool: spool)
            }
            return
        }
        // Created when missing (0644 before the umask), replaced atomically when present.
        do throws(FileSystemError) {
            try FileSystem.replaceFile(Array(output.utf8), shown: output) { (descriptor) throws(FileSystemError) in
                try write(preview, as: format, to: descriptor, path: output, spool: spool)
            }
        } catch {
            Terminal.printError("\(output): cannot write the file: \(error.reason)")
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// The format's bytes; an html page that plays at once with `--autoplay`.
    private func write(
        _ preview: PreviewResult, as format: PreviewFormat, to descriptor: Int32, path: String,
        spool: PreviewSampleSpool?
    ) throws(FileSystemError) {
        if format == .html, autoplay {
            try FileSystem.writeAll(PreviewHTMLEncoder(autoplay: true).encode(preview), to: descriptor, path: path)
        } else {
            try format.write(preview, to: descriptor, path: path, spool: spool)
        }
    }
}

extension PreviewFormat: ExpressibleByArgument {}
