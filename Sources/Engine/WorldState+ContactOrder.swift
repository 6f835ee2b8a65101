// The order in which a body's contacts and joints are visited, as Box2D's lists have it.
//
// Box2D puts a new contact, joint or body at the head of its list (b2ContactManager::AddPair,
// b2World::CreateJoint, b2World::CreateBody), so every list runs newest first. Islands are found from the
// newest awake body, and each body's contacts and joints are taken newest first; the contact solver then
// sweeps the contacts in that order. The order is not cosmetic: sequential impulses over eight iterations do
// not fully converge, so an item wedged between two boundaries ends with a velocity that depends on which
// contact is solved first (measured against pybox2d 2.3.10: a ball rolling into the corner of a slope and a
// wall leaves it along the slope only in Box2D's order). Contacts made in the same sub-step are made in
// ascending pair order, so the newest-first order of the engine's contact serials is Box2D's order too, as
// long as contacts live as long as Box2D's: while the pair's fat proxy bounds overlap (WorldState+Contacts.swift).
// With contacts of tight bounds, two boxes of a column that bounced apart lost their contact and made it
// again, newer than the lower box's contact with the floor, and a column of ten leaned differently from
// Box2D's from its first landings on.

extension WorldState {
    /// Sorts each row of a compressed row list of contact slots newest first (by contact serial), `serials[k]`
    /// being the serial of `edges[k]`'s contact (read where the rows are filled, beside the bodies, rather than from
    /// the contacts at each comparison). Rows are a body's contacts, a handful each, so an insertion sort in place.
    static func sortNewestFirst(_ edges: inout [Int32], serials: inout [Int], rows start: [Int32]) {
        guard start.count > 1 else { return }
        precondition(serials.count >= edges.count)
        withMutableBuffers(&edges, &serials) { edges, serials in
            for row in 0..<(start.count - 1) {
                let lower = Int(start[row])
                let upper = Int(start[row + 1])
                guard upper - lower > 1 else { continue }
                for k in (lower + 1)..<upper {
                    let slot = edges[k]
                    let serial = serials[k]
                    var m = k
                    while m > lower && serials[m - 1] < serial {
                        edges[m] = edges[m - 1]
                        serials[m] = serials[m - 1]
                        m -= 1
                    }
                    edges[m] = slot
                    serials[m] = serial
                }
            }
        }
    }

    /// Reverses each row of a compressed row list (rows filled in creation order become newest first).
    static func reverseRows(_ edges: inout [Int32], rows start: [Int32]) {
        guard start.count > 1 else { return }
        for row in 0..<(start.count - 1) where start[row + 1] - start[row] > 1 {
            edges[Int(start[row])..<Int(start[row + 1])].reverse()
        }
    }
}
