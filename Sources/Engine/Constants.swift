// Box2D 2.x's tuning constants, expressed in the engine's units (points, seconds, radians).
// UIKit Dynamics maps 100 pt to 1 m, so Box2D's 0.005 m of linear slop is 0.5 pt here.

/// Engine-wide constants (Box2D 2.x `b2Settings`, in points).
enum Constants {
    /// The fixed sub-step of the animator's clock: 1/120 s rounded to single precision.
    static let substep = Double(Float(1.0 / 120.0))
    static let velocityIterations = 8
    static let positionIterations = 3

    /// Collision and constraint tolerance (b2_linearSlop, 0.005 m).
    static let linearSlop = 0.5
    /// b2_angularSlop, 2°.
    static let angularSlop = 2.0 / 180.0 * Double.pi
    /// The skin around every item polygon (b2_polygonRadius = 2 × linear slop): a polygon is its full outline
    /// and this radius, as `b2PolygonShape` is built.
    static let polygonRadius = 2 * linearSlop
    /// The skin of boundary segments: an edge shape's own radius in Box2D (b2_polygonRadius). A segment finds
    /// a polygon's contact points out to twice the polygon radius from its core (b2CollideEdgeAndPolygon's
    /// manifold radius, `edgeDetectionRadius`), and the solvers push the two apart to the sum of their radii
    /// less the slop: a 100 pt box dropped on a segment rests about 1.8 pt above it.
    static let boundaryRadius = polygonRadius
    /// How far from a segment's core an edge–polygon contact keeps its points (2 × b2_polygonRadius).
    static let edgeDetectionRadius = 2 * polygonRadius
    /// Baumgarte factor of the position solver.
    static let baumgarte = 0.2
    /// At most this much position correction per iteration (b2_maxLinearCorrection, 0.2 m).
    static let maxLinearCorrection = 20.0
    /// b2_maxAngularCorrection, 8°.
    static let maxAngularCorrection = 8.0 / 180.0 * Double.pi
    /// At most this much travel per sub-step (b2_maxTranslation, 2 m).
    static let maxTranslation = 200.0
    /// At most this much rotation per sub-step (b2_maxRotation, 90°).
    static let maxRotation = 0.5 * Double.pi
    /// Restitution applies only to approach speeds above this (b2_velocityThreshold, 1 m/s).
    static let velocityThreshold = 100.0
    /// The block solver gives up on a two-point manifold above this condition number.
    static let maxConditionNumber = 1000.0

    /// Resting: below these speeds for `timeToSleep`.
    static let linearSleepTolerance = 1.0
    static let angularSleepTolerance = 2.0 / 180.0 * Double.pi
    static let timeToSleep = 0.5

    /// One UIKit newton on a 1 kg item gives 100 pt/s² (1 N = 1 kg·m/s² and 1 m = 100 pt).
    static let pointsPerMeter = 100.0
    /// The margin of a shape's proxy bounds in the broad phase (b2_aabbExtension, 0.1 m).
    static let proxyMargin = 10.0
    /// How far ahead of its motion a moved shape's proxy bounds reach, in sub-steps of that motion
    /// (b2_aabbMultiplier).
    static let proxyLookahead = 2.0
    /// A body never takes part in more than this many contacts with movable bodies at least half its
    /// size; a pathological pile (thousands of items on one spot) stays bounded in time and memory.
    static let maxContactsPerBody = 64
    /// Times of impact solved per contact and sub-step, beyond the first (b2_maxSubSteps).
    static let maxSubSteps = 8
    /// An impact island holds at most this many contacts, and twice as many bodies (b2_maxTOIContacts).
    static let maxTOIContacts = 32
    /// Position iterations of an impact (Box2D's TOI sub-step uses 20).
    static let toiPositionIterations = 20
    /// Baumgarte factor of an impact's position pass (b2_toiBaugarte).
    static let toiBaumgarte = 0.75
    /// How far below a separation bound a separation still counts as on it. Some bounds are met exactly in
    /// exact arithmetic (an impact's second position correction starts at −1.5 slop); Box2D, in single
    /// precision, is measured to stop there (the differential suite), and double precision would land a few
    /// ulps either side. Far below anything physical (a millionth of a point).
    static let separationTie = 1e-6
    /// A body farther than this from the reference view has diverged.
    static let divergenceDistance = 1e6
}
