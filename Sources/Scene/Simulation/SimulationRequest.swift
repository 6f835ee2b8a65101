/// How long to run a scene and which frames to keep: what `impulse preview` and the language server's
/// `impulse/preview` ask for (interfaces.md).
///
/// The length is `frames`, or `duration` seconds (the nearest whole number of frames to duration × frameRate),
/// or, when neither is given, the scene's `preview` (3 s at 60 Hz by default). Giving both is an error.
package struct SimulationRequest: Equatable, Sendable {
    /// Frames to run (one animator step is one frame); exclusive with `duration`.
    package var frames: Int?
    /// Seconds to run; exclusive with `frames`.
    package var duration: Double?
    /// Keep every K-th frame (≥ 1).
    package var every: Int
    /// At most this many item-samples (items × kept frames) in the answer: past that, `every` is raised.
    /// The language server sets `SimulationRequest.itemSampleLimit`; nil keeps every K-th frame whatever the size.
    package var maximumItemSamples: Int?
    /// The size of the reference view to run the scene in (`--reference-size`), every point placed by its pin
    /// (`Scene.placed(in:)`); nil runs it at its design size.
    package var referenceSize: Size?

    package init(
        frames: Int? = nil, duration: Double? = nil, every: Int = 1, maximumItemSamples: Int? = nil,
        referenceSize: Size? = nil
    ) {
        self.frames = frames
        self.duration = duration
        self.every = every
        self.maximumItemSamples = maximumItemSamples
        self.referenceSize = referenceSize
    }

    /// At most 216 000 frames in all (an hour at 60 Hz).
    package static let frameLimit = 216_000
    /// `frameLimit` as messages write it, thousands apart (`216 000`).
    package static var frameLimitText: String {
        let thousands = String(frameLimit % 1000)
        return "\(frameLimit / 1000) \(String(repeating: "0", count: 3 - thousands.count))\(thousands)"
    }
    /// At most an hour of simulated time, whatever the frame rate: the work of a run is its sub-steps of
    /// 1/120 s, and one frame at 1e-10 Hz would be 1e12 of them.
    package static let timeLimit = 3600.0
    /// The language server's cap on one answer: 1 000 000 item-samples.
    package static let itemSampleLimit = 1_000_000

    /// Checks what does not depend on the scene: `frames` with `duration`, a negative frame count, a
    /// duration that is negative or not finite, `every` below 1.
    package func validate() throws(SimulationRequestError) {
        if frames != nil && duration != nil { throw .framesAndDuration }
        if let frames, frames < 0 { throw .negativeFrames(frames) }
        if let duration, !(duration.isFinite && duration >= 0) { throw .invalidDuration(duration) }
        if every < 1 { throw .invalidEvery(every) }
        if let size = referenceSize, !SimulationRequest.isUsable(size) { throw .invalidReferenceSize(size) }
    }

    /// Whether a view can have this size: both sides finite and greater than 0.
    package static func isUsable(_ size: Size) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
    }

    /// A size written `WxH` (`320x568`; `×` works too): nil unless both are numbers, finite and greater than 0.
    package static func referenceSize(parsing text: String) -> Size? {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "×" }
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else { return nil }
        let size = Size(width: width, height: height)
        return isUsable(size) ? size : nil
    }

    /// The number of frames to run for `scene`, within the frame limit.
    package func frameCount(for scene: Scene) throws(SimulationRequestError) -> Int {
        try validate()
        let frameRate = scene.preview.resolvedFrameRate
        let frames: Double
        if let requested = self.frames {
            frames = Double(requested)
        } else {
            frames = SimulationRequest.frames(
                duration: duration ?? scene.preview.resolvedDuration, frameRate: frameRate)
        }
        guard frames.isFinite, frames <= Double(SimulationRequest.frameLimit) else {
            throw .tooManyFrames(frames, frameRate: frameRate)
        }
        // As many frames as an hour gives at this rate, no more (a rate the scene's own rules refuse, below
        // 1 Hz, still cannot run for long).
        guard frameRate.isFinite, frameRate > 0,
            frames <= SimulationRequest.frames(duration: SimulationRequest.timeLimit, frameRate: frameRate)
        else {
            throw .tooLong(frames, frameRate: frameRate)
        }
        return Int(frames)
    }

    /// The nearest whole number of frames to `duration` × `frameRate` (halves round up).
    package static func frames(duration: Double, frameRate: Double) -> Double {
        (duration * frameRate).rounded(.toNearestOrAwayFromZero)
    }

    /// The `every` to use for `frames` frames of `itemCount` items: the requested one, raised until the
    /// samples (frames 0, K, 2K, … ≤ N) hold at most `maximumItemSamples` item-samples.
    package func resolvedEvery(frames: Int, itemCount: Int) -> Int {
        let every = max(1, self.every)
        guard let limit = maximumItemSamples, itemCount > 0, frames >= 0 else { return every }
        let maximumSamples = max(1, limit / itemCount)
        guard frames / every + 1 > maximumSamples else { return every }
        // ⌊N/K⌋ + 1 ≤ S  ⇔  N/K < S  ⇔  K ≥ ⌊N/S⌋ + 1.
        return max(every, frames / maximumSamples + 1)
    }
}

/// A request that cannot run: the CLI exits with status 2, the server answers −32602.
package enum SimulationRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    case framesAndDuration
    case negativeFrames(Int)
    case invalidDuration(Double)
    case invalidEvery(Int)
    /// A reference size that is not two finite numbers greater than 0.
    case invalidReferenceSize(Size)
    /// More than `SimulationRequest.frameLimit` frames (the count, and the frame rate it was counted at).
    case tooManyFrames(Double, frameRate: Double)
    /// More than `SimulationRequest.timeLimit` seconds of simulated time (the frames, and their rate).
    case tooLong(Double, frameRate: Double)

    package var description: String {
        switch self {
        case .framesAndDuration:
            "give either a number of frames or a duration, not both"
        case .negativeFrames(let frames):
            "the number of frames must be 0 or more, not \(frames)"
        case .invalidDuration(let duration):
            "the duration must be a number of seconds, 0 or more, not \(duration)"
        case .invalidEvery(let every):
            "every must be 1 or more, not \(every)"
        case .invalidReferenceSize(let size):
            "the reference size must be a width and a height greater than 0, not \(SimulationRequest.describe(size.width))×\(SimulationRequest.describe(size.height))"
        case .tooManyFrames(let frames, let frameRate):
            "a preview runs at most \(SimulationRequest.frameLimit) frames (an hour at \(SimulationRequest.describe(Catalog.previewDefaultFrameRate)) Hz); this one asks for \(SimulationRequest.describe(frames)) frames at \(SimulationRequest.describe(frameRate)) Hz"
        case .tooLong(let frames, let frameRate):
            "a preview simulates at most an hour (\(SimulationRequest.describe(SimulationRequest.timeLimit)) s); this one asks for \(SimulationRequest.describe(frames)) frames at \(SimulationRequest.describe(frameRate)) Hz, \(SimulationRequest.describe(frames / frameRate)) s"
        }
    }

    static func describe(_ number: Double) -> String {
        number.isFinite && number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension SimulationRequest {
    fileprivate static func describe(_ number: Double) -> String { SimulationRequestError.describe(number) }
}
