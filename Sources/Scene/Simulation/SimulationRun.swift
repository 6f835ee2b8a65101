/// What one run of a scene produced: the kept frames, the events, where it paused, the last frame, and what
/// the `sim.*` diagnostics are made of. Items are numbered by their place in the scene's `items`.
package struct SimulationRun: Equatable, Sendable {
    /// The scene's `name`.
    package var sceneName: String
    /// Frames per second (the scene's `preview.frameRate`, 60 by default).
    package var frameRate: Double
    /// The last frame run: the frames asked for, or the frame before a divergence.
    package var frames: Int
    /// The frames asked for.
    package var requestedFrames: Int
    /// Every K-th frame is kept in `samples` (raised from the request when the answer would be too large).
    package var every: Int
    /// The ids of the items, in the scene's order (every sample lists its states in this order).
    package var itemIDs: [String]
    /// Frames 0, K, 2K, … up to `frames`.
    package var samples: [SimulationSample]
    /// The state at frame `frames`, whether or not it is a sample.
    package var final: SimulationSample
    /// In the order they happened; within a frame: scripted events, resumed, contacts (began before ended), paused.
    package var events: [SimulationEvent]
    /// The frame of the pause in force at the end, nil when something still moves.
    package var pausedAt: Int?
    /// Where the run stopped being finite (or left the view by more than 10⁶ pt), nil when it did not.
    package var divergence: SimulationDivergence?
    /// Items outside the reference view from some frame to the end, moving away from it.
    package var escapes: [SimulationEscape]
    /// Items whose center crossed a boundary they collide with.
    package var tunnels: [SimulationTunnel]
    /// Whether each checked expectation of the scene's `expect` held, in file order (those that could not be
    /// decoded are left out).
    package var expectations: [ExpectationOutcome] = []
    /// What the behaviors alive at each moment show (see SimulationCauses.swift): a snapshot at frame 0 and at
    /// every frame where that changed. Empty for a run that kept no samples.
    package var causes: [CauseSnapshot] = []

    /// The time of a frame: n / frameRate.
    package func time(of frame: Int) -> Double { Self.time(of: frame, frameRate: frameRate) }

    /// The time of a frame at a frame rate: n / frameRate (for frames handed out before the run is complete).
    package static func time(of frame: Int, frameRate: Double) -> Double { Double(frame) / frameRate }
    /// The seconds the run lasted.
    package var duration: Double { time(of: frames) }
}

/// One kept frame: the state of every item, in the scene's item order.
package struct SimulationSample: Equatable, Sendable {
    package var frame: Int
    package var items: [ItemState]

    package init(frame: Int, items: [ItemState]) {
        self.frame = frame
        self.items = items
    }
}

/// What an item looks like at a frame.
package struct ItemState: Equatable, Sendable {
    /// The item's center, in points.
    package var center: Vector
    /// Radians, clockwise on screen.
    package var angle: Double
    /// pt/s.
    package var velocity: Vector
    /// rad/s, clockwise.
    package var angularVelocity: Double
    /// At rest: asleep, anchored, or named by no behavior.
    package var resting: Bool

    package init(center: Vector, angle: Double, velocity: Vector, angularVelocity: Double, resting: Bool) {
        self.center = center
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.resting = resting
    }
}

/// Something that happened at a frame.
package struct SimulationEvent: Equatable, Sendable {
    package var frame: Int
    package var kind: Kind

    package init(frame: Int, kind: Kind) {
        self.frame = frame
        self.kind = kind
    }

    package enum Kind: Equatable, Sendable {
        /// A contact began (`ended` false) or ended between `item` (an index into the items) and `partner`,
        /// at `point` (the point of largest impulse; for an end, the last known point).
        case contact(ended: Bool, item: Int, partner: ContactPartner, point: Vector)
        /// Every moving item came to rest: the animator paused.
        case paused
        /// Something moves again after a pause.
        case resumed
        /// The event of the scene's `events` at this index applied; a pan's runs to `endFrame` (nil for others).
        case scripted(index: Int, endFrame: Int? = nil)
    }

    /// What an item touched.
    package enum ContactPartner: Equatable, Sendable {
        /// Another item (listed after `item` in the scene).
        case item(Int)
        /// A boundary by its id; nil for the reference bounds.
        case boundary(String?)
    }
}

/// Where a run diverged.
package struct SimulationDivergence: Equatable, Sendable {
    /// The first frame whose values are bad (the run holds the frames before it).
    package var frame: Int
    /// The item found bad (an index into the items).
    package var item: Int
    /// True when its position or velocity stopped being finite; false when it went more than 10⁶ pt away.
    package var notFinite: Bool
}

/// An item that left the reference view for good.
package struct SimulationEscape: Equatable, Sendable {
    package var item: Int
    /// The first frame from which it stays outside the view to the end.
    package var frame: Int
}

/// An item whose center passed through a boundary it collides with.
package struct SimulationTunnel: Equatable, Sendable {
    package var item: Int
    /// The frame at whose end the center was on the other side.
    package var frame: Int
    /// The boundary's id; nil for the reference bounds.
    package var boundary: String?
}

/// Whether one expectation held, and when not, what happened instead.
package struct ExpectationOutcome: Equatable, Sendable {
    /// Its index in the scene's `expectations`.
    package var expectation: Int
    package var held: Bool
    /// What happened instead ("card is 12.4 pt from (160, 284) at 1 s; …"); empty when it held.
    package var message: String

    package init(expectation: Int, held: Bool, message: String) {
        self.expectation = expectation
        self.held = held
        self.message = message
    }
}
