import ArgumentParser
import Reporting
import Scene

/// The options of `impulse preview` and their defaults, the one home of both: `PreviewCommand` declares them to
/// ArgumentParser with these defaults, and `CommandLineFastPath` starts from them. Both validate and run through
/// this value, so the two paths cannot disagree.
struct PreviewOptions: Equatable {
    /// `--frames N` (alias `--steps`); nil for `--duration` or the scene's own length.
    var frames: Int? = nil
    /// `--duration SECONDS`.
    var duration: Double? = nil
    /// `--every K`: keep frames 0, K, 2K, ….
    var every = 1
    /// `--format`.
    var format = PreviewFormat.text
    /// `--autoplay` (html only).
    var autoplay = false
    /// `-o FILE`; nil for standard output.
    var output: String? = nil
    /// `--reference-size WxH`, as written.
    var referenceSize: String? = nil

    /// The run these options ask for.
    var request: SimulationRequest {
        SimulationRequest(
            frames: frames, duration: duration, every: every,
            referenceSize: referenceSize.flatMap(SimulationRequest.referenceSize(parsing:)))
    }

    /// Throws the message ArgumentParser prints for options that cannot run together.
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
}
