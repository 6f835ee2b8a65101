// The animator's clock. UIKit adds each frame's duration to an accumulator and runs fixed sub-steps of
// h = Float(1/120) while the accumulator holds h; h is a hair above 1/120, so after n frames at f Hz exactly
// ⌈120·n/f⌉ − 1 sub-steps have run. The count is computed in integers, never by accumulating floats.

extension World {
    /// Sub-steps run in all after `frames` frames at `frameRate` Hz: ⌈120·n/f⌉ − 1 (0 for frame 0).
    package static func substeps(afterFrames frames: Int, frameRate: Double) -> Int {
        guard frames > 0, frameRate > 0, frameRate.isFinite else { return 0 }
        if frameRate == frameRate.rounded(), frameRate <= 1e9 {
            let f = Int(frameRate)
            let (product, overflow) = 120.multipliedReportingOverflow(by: frames)
            if !overflow { return max(0, (product + f - 1) / f - 1) }
        }
        let x = 120 * Double(frames) / frameRate
        let nearest = x.rounded()
        let ceiling = abs(x - nearest) <= 1e-9 * max(1, x) ? nearest : x.rounded(.up)
        guard ceiling < 9e15 else { return Int.max / 2 }
        return max(0, Int(ceiling) - 1)
    }
}
