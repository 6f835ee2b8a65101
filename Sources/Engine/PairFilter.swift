/// Whether two shapes may touch, by the same rules as UIKit's collision behaviors: never two shapes of one
/// body or two static bodies; an item and a boundary when the item is in the boundary's group with
/// boundaries allowed; two items when they share a group that allows items. A value over the world's
/// arrays, so the broad phase's sweeps (which write their own buffers) read it without borrowing the world.
struct PairFilter {
    let shapes: [Shape]
    let bodies: [Body]
    /// Per body, `maskWords` words of bits (see `WorldState.itemMasks`).
    let itemMasks: [UInt64]
    let boundaryMasks: [UInt64]
    let maskWords: Int

    func shouldCollide(_ s1: Int, _ s2: Int) -> Bool {
        let a = shapes[s1]
        let b = shapes[s2]
        let bodyA = Int(a.body)
        let bodyB = Int(b.body)
        if bodyA == bodyB { return false }
        if bodies[bodyA].isStatic && bodies[bodyB].isStatic { return false }
        if a.isBoundary || b.isBoundary {
            let (boundary, item) = a.isBoundary ? (a, bodyB) : (b, bodyA)
            if boundary.group < 0 || (a.isBoundary && b.isBoundary) { return false }
            let g = Int(boundary.group)
            return boundaryMasks[item * maskWords + g / 64] & (UInt64(1) << UInt64(g % 64)) != 0
        }
        let wa = bodyA * maskWords
        let wb = bodyB * maskWords
        for k in 0..<maskWords where itemMasks[wa + k] & itemMasks[wb + k] != 0 { return true }
        return false
    }
}
