// Snaps (UISnapBehavior), built as UIKit builds them: a static anchor at the snap point and four soft
// distance joints of 4 Hz with the snap's damping ratio and rest length 50 pt, from the item's corners
// (−w/2, −h/2) and (w/2, h/2) to points 50 pt further out along x and along y:
//   corner (−w/2, −h/2) → point + (−w/2 − 50, −h/2) and point + (−w/2, −h/2 − 50)
//   corner ( w/2,  h/2) → point + ( w/2 + 50,  h/2) and point + ( w/2,  h/2 + 50)
// At rest the item's center is on the point and its angle is 0. The anchor is the world's ground with
// the four far ends as fixed points; moving the snap point moves them.

/// A snap's handle.
package struct SnapID: Hashable, Comparable, Sendable {
    package var index: Int
    package init(_ index: Int) { self.index = index }
    package static func < (a: SnapID, b: SnapID) -> Bool { a.index < b.index }
}

struct Snap {
    var body: Int
    var point: Vector
    var damping: Double
    /// Indices of the four distance joints.
    var joints: [Int]
    var alive = true

    static let frequency = 4.0
    static let restLength = 50.0

    /// The item's corners (body frame) and the far ends' offsets from the snap point, joint by joint.
    static func anchors(size: Vector) -> [(corner: Vector, offset: Vector)] {
        let hw = 0.5 * size.x
        let hh = 0.5 * size.y
        let l = restLength
        return [
            (Vector(-hw, -hh), Vector(-hw - l, -hh)),
            (Vector(-hw, -hh), Vector(-hw, -hh - l)),
            (Vector(hw, hh), Vector(hw + l, hh)),
            (Vector(hw, hh), Vector(hw, hh + l)),
        ]
    }
}
