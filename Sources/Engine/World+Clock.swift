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

extension World {
    /// Moves the clock to the end of `frame` without running sub-steps, when the animator is paused (every
    /// movable body rests) and nothing has woken it: UIKit's animator stops stepping then, and each sub-step
    /// would change only the clock anyway (contacts between resting bodies are not updated, islands are built
    /// from awake bodies only, gravity and fields act on awake bodies). A continuous push does not resume a
    /// paused animator: in Box2D its force would wake its item at the next step, but no step runs. Returns
    /// false, changing nothing, when a sub-step could do more: a body awake, a change the broad phase has not
    /// seen, events not yet reported, an instantaneous push not yet applied (it turns itself off when it
    /// acts), a divergence. `advance(toFrame:)` asks it first.
    package func fastForwardWhilePaused(toFrame frame: Int, frameRate: Double) -> Bool {
        state.fastForwardWhilePaused(toFrame: frame, frameRate: frameRate)
    }
}

extension WorldState {
    mutating func fastForwardWhilePaused(toFrame frame: Int, frameRate: Double) -> Bool {
        guard divergence == nil, !structureChanged, touchChanges.isEmpty, beganEvents.isEmpty, endedEvents.isEmpty,
            isPaused
        else { return false }
        for push in pushes where push.alive && push.definition.active {
            if push.definition.mode == .instantaneous { return false }
        }
        let target = World.substeps(afterFrames: frame, frameRate: frameRate)
        // The clock advances as `step()` advances it, one sub-step at a time (the sum is not n·h in floats).
        let h = Constants.substep
        while substepsRun < target {
            substepsRun += 1
            time += h
        }
        return true
    }
}
