// The impact stage's own arrays (the stage is described in WorldState+TimeOfImpact.swift): the heap of
// cached times of impact, the contacts whose time is stale, per body its live contacts, the bullets' swept
// bounds and the pairs they add, the impact island being solved, and the rotations already computed per
// body (kept across sub-steps: a pair of angle and rotation stays true).

/// A cached time of impact on the heap; stale when its contact's version moved on.
struct TOIEntry {
    var alpha: Double
    var serial: Int
    var slot: Int32
    var version: UInt32
}

struct ImpactVisit {
    var body: Int32
    var wasAwake: Bool
}

struct ImpactBuffers {
    /// The times of impact within the sub-step, earliest first.
    var heap: [TOIEntry] = []
    /// The contacts whose time of impact must be computed again before the next choice.
    var stale: [ContactKey] = []
    /// The bodies the impact being solved touches, and whether each was awake before it.
    var visited: [ImpactVisit] = []
    /// Per body, rotations of angles the times of impact have computed.
    var knownRotations: [KnownRotations] = []
    /// Per body, every live contact (rows of `bodyContacts`).
    var bodyContactStart: [Int32] = []
    var bodyContacts: [Int32] = []
    /// The serial of each `bodyContacts` entry's contact.
    var bodyContactSerials: [Int] = []
    /// Per shape, the bounds of its sweep over the sub-step (valid for `sweptShapes`; for the broad phase's other
    /// movable shapes, their bounds, while the movable pairs are swept).
    var sweptBounds: [AABB] = []
    var sweptShapes: [Int32] = []
    /// Per shape, whether the box the swept pairs test is outside the proxy bounds of the sub-step's pair search
    /// (valid for the swept shapes and the broad phase's entries while the swept pairs are found).
    var outsideProxy: [Bool] = []
    /// The broad phase's movable entries at those bounds, sorted by lower edge.
    var sweptEntries: [SweepEntry] = []
    /// Per swept entry, the largest upper edge up to it.
    var sweptReach: [Double] = []
    var newPairKeys: [UInt64] = []
    /// The impact island being solved.
    var islandBodies: [Int32] = []
    var islandContacts: [Int32] = []

    /// Earlier first; of equal times, the newer contact (Box2D's list order).
    private static func precedes(_ a: TOIEntry, _ b: TOIEntry) -> Bool {
        a.alpha < b.alpha || (a.alpha == b.alpha && a.serial > b.serial)
    }

    mutating func heapPush(_ entry: TOIEntry) {
        heap.append(entry)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard ImpactBuffers.precedes(heap[i], heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    mutating func heapPop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var i = 0
        let n = heap.count
        while true {
            let left = 2 * i + 1
            let right = left + 1
            var best = i
            if left < n && ImpactBuffers.precedes(heap[left], heap[best]) { best = left }
            if right < n && ImpactBuffers.precedes(heap[right], heap[best]) { best = right }
            guard best != i else { return }
            heap.swapAt(i, best)
            i = best
        }
    }

    /// Per body, every live contact (touching or not), as compressed rows newest first: Box2D's per-body
    /// contact lists.
    mutating func buildBodyContactLists(bodyCount n: Int, _ contacts: [Contact], _ contactKeys: [ContactKey]) {
        bodyContactStart.removeAll(keepingCapacity: true)
        bodyContactStart.append(contentsOf: repeatElement(0, count: n + 1))
        bodyContacts.removeAll(keepingCapacity: true)
        bodyContacts.append(contentsOf: repeatElement(0, count: 2 * contactKeys.count))
        bodyContactSerials.removeAll(keepingCapacity: true)
        bodyContactSerials.append(contentsOf: repeatElement(0, count: 2 * contactKeys.count))
        // One pass over the arrays each, through their buffers (no bounds or uniqueness checks per element).
        withMutableBuffers(&bodyContactStart, &bodyContacts, &bodyContactSerials) { start, rows, serials in
            for key in contactKeys {
                let c = Int(key.slot)
                start[Int(contacts[c].bodyA) + 1] += 1
                start[Int(contacts[c].bodyB) + 1] += 1
            }
            for i in 0..<n { start[i + 1] += start[i] }
            for key in contactKeys {
                let slot = key.slot
                let a = Int(contacts[Int(slot)].bodyA)
                let b = Int(contacts[Int(slot)].bodyB)
                let serial = contacts[Int(slot)].serial
                rows[Int(start[a])] = slot
                serials[Int(start[a])] = serial
                start[a] += 1
                rows[Int(start[b])] = slot
                serials[Int(start[b])] = serial
                start[b] += 1
            }
            for i in stride(from: n, to: 0, by: -1) { start[i] = start[i - 1] }
            start[0] = 0
        }
        WorldState.sortNewestFirst(&bodyContacts, serials: &bodyContactSerials, rows: bodyContactStart)
    }
}
