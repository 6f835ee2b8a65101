// A potential contact between two shapes whose bounds overlap, kept from sub-step to sub-step while the
// bounds overlap, so manifold points keep their impulses (warm starting) and began/ended can be told.

struct Contact {
    /// Shape A is the polygon of a polygon–disc pair, otherwise the lower shape index.
    var shapeA: Int32
    var shapeB: Int32
    var bodyA: Int32
    var bodyB: Int32
    /// (lower shape, higher shape): the order contacts are kept in.
    var key: UInt64
    var manifold = Manifold()
    var touching = false
    var islandMark = false
    /// False for a free slot.
    var alive = true
    /// The world point of the largest normal impulse, last time the contact touched.
    var lastPoint: Vector = .zero
    /// Index of the `began` event waiting for this sub-step's impulses, or -1.
    var pendingBegan: Int32 = -1
    /// False when a time of impact found the contact not touching at the impact: it takes no further part
    /// in this sub-step's impacts (Box2D's enabled flag, set again by every update).
    var enabled = true
    /// The cached time of impact (a fraction of the sub-step), valid while `toiValid`.
    var toi = 1.0
    var toiValid = false
    /// Bumped at each computation, so the heap can tell a current entry from an old one.
    var toiVersion: UInt32 = 0
    /// Listed for computing again (`toiStale`).
    var toiStale = false
    /// Impacts solved on this contact in this sub-step (at most `Constants.maxSubSteps` + 1).
    var toiCount: Int32 = 0
    /// Creation order: of two contacts with the same time of impact, the newer is solved first (Box2D
    /// keeps its contact list newest first).
    var serial: Int = 0

    static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = min(a, b)
        let hi = max(a, b)
        return (UInt64(UInt32(bitPattern: lo)) << 32) | UInt64(UInt32(bitPattern: hi))
    }
}

/// A body's position and angle while a sub-step is solved (center of mass), and the rotation of the angle
/// last asked for (`UnsafeMutableBufferPointer.rotation(_:)`).
struct SolverPosition {
    var c: Vector
    var a: Double
    /// `Rotation(qa)`: computed once per angle, where Box2D computes it again at every use.
    var q: Rotation
    var qa: Double

    init(c: Vector, a: Double) {
        self.init(c: c, a: a, q: .identity, qa: 0)
    }

    /// - Parameter q: `Rotation(qa)`.
    init(c: Vector, a: Double, q: Rotation, qa: Double) {
        self.c = c
        self.a = a
        self.q = q
        self.qa = qa
    }
}

extension UnsafeMutableBufferPointer where Element == SolverPosition {
    /// `Rotation(self[i].a)`, the same bits, computed only when the angle changed since it was last asked for
    /// (sin and cos were ~7 % of a preview: per contact point and joint, per iteration, mostly for angles
    /// that had not changed).
    func rotation(_ i: Int) -> Rotation {
        let a = self[i].a
        if a.bitPattern == self[i].qa.bitPattern { return self[i].q }
        let q = Rotation(a)
        self[i].q = q
        self[i].qa = a
        return q
    }
}

struct SolverVelocity {
    var v: Vector
    var w: Double
}

/// The per-body data joints and contacts read while solving.
struct SolverBody {
    var inverseMass: Double
    var inverseInertia: Double
    var localCenter: Vector
}
