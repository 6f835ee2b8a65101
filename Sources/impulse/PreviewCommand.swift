import ArgumentParser
import Reporting
import Scene

/// `impulse preview SCENE`: runs a scene on the engine and reports what happens (interfaces.md). The declarations
/// are ArgumentParser's (help, completions, errors); the defaults, the checks and the run are `PreviewOptions`'s,
/// which the fast path (`CommandLineFastPath`) runs too.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Run a scene and report what happens.",
        discussion: """
            Runs the scene for --frames N (alias --steps: one animator step is one frame) or --duration SECONDS \
            (the nearest whole number of frames), by default the scene's "preview" \
            (\(Catalog.previewDefaultsText)), at most \(SimulationRequest.frameLimit) frames. Formats: text (a summary of events and final positions), json (every kept frame, \
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
    var every: Int = PreviewOptions().every

    @Option(help: "Output format: text, json, csv, svg or html.")
    var format: PreviewFormat = PreviewOptions().format

    @Flag(help: "With --format html: the page starts playing when it opens (as ?play in its address).")
    var autoplay = PreviewOptions().autoplay

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("Write the output to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Run the scene in a reference view of this size (e.g. 320x568), every point placed by its pin.",
            valueName: "WxH"))
    var referenceSize: String?

    /// The options as given, the ones left out at their defaults.
    var options: PreviewOptions {
        PreviewOptions(
            frames: frames, duration: duration, every: every, format: format, autoplay: autoplay, output: output,
            referenceSize: referenceSize)
    }

    func validate() throws {
        try options.validate()
    }

    func run() throws {
        try options.run(scene: scene)
    }
}

extension PreviewFormat: ExpressibleByArgument {}
