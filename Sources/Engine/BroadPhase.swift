// The broad phase's own arrays (the sort and sweep is described in WorldState+Contacts.swift), kept between
// sub-steps: the movable shapes in the order of the last sweep (so the next sort has little to do), the
// static shapes sorted once per change of static geometry or axis, and the scratch of the pair search.
// `WorldState.updateBroadPhase` passes it the world's shapes; the sweeps write only these arrays.

struct SweepEntry {
    var lower: Double
    var upper: Double
    var shape: Int32
}

struct BroadPhase {
    static let maxSweepCandidates = 1024

    /// Movable entries of the last sweep, sorted by lower edge.
    var sweepEntries: [SweepEntry] = []
    /// Movable shapes in the order of the last sweep.
    var sweepOrder: [Int32] = []
    /// Per shape, whether it is in the list being built (false between uses).
    var inSweep: [Bool] = []
    /// Static shapes (boundaries, anchored items) in the simulation with finite bounds.
    var staticShapes: [Int32] = []
    var staticShapesStale = true
    var staticEntries: [SweepEntry] = []
    /// The axis the static entries are sorted on (1: x, 2: y), 0 when they must be rebuilt.
    var staticEntriesAxis = 0
    /// Per static entry, the largest upper edge up to it.
    var runningUpper: [Double] = []
    /// The pairs found by the last sweep, sorted (duplicates possible).
    var pairKeys: [UInt64] = []
    /// Per shape, the pairs it counts against its cap in this sweep.
    var pairCounts: [Int32] = []
    /// Per shape, whether it is one of `staticShapes`.
    var isStaticEntry: [Bool] = []

    // The search from moved proxies (BroadPhase+MovedProxies.swift).
    /// Per shape, its proxy bounds when pairs were last searched.
    var searchedProxies: [AABB] = []
    /// Whether the last search found every eligible pair whose proxies overlap (no cap left one out).
    var searchedAll = false
    /// Per shape, whether its proxy moved since the last search (false between uses).
    var movedProxy: [Bool] = []
    /// The indices in `sweepEntries` of the moved proxies.
    var movedEntries: [Int32] = []
    /// Per movable sweep entry, the largest upper edge up to it.
    var reachingUpper: [Double] = []
    /// The pairs of the moved proxies, sorted.
    var movedPairKeys: [UInt64] = []

    /// The static shapes again (after a change of static geometry); their entries are sorted at the next sweep.
    mutating func rebuildStaticShapes(_ shapes: [Shape], _ bodies: [Body]) {
        staticShapes.removeAll(keepingCapacity: true)
        isStaticEntry.removeAll(keepingCapacity: true)
        isStaticEntry.append(contentsOf: repeatElement(false, count: shapes.count))
        for s in shapes.indices where shapes[s].alive && shapes[s].active {
            let body = bodies[Int(shapes[s].body)]
            let box = shapes[s].proxyBounds
            if body.isStatic && body.enabled && box.lower.isFinite && box.upper.isFinite {
                staticShapes.append(Int32(s))
                isStaticEntry[s] = true
            }
        }
        staticShapesStale = false
        staticEntriesAxis = 0
    }

    /// `inSweep` covers every shape.
    mutating func growInSweep(shapeCount: Int) {
        if inSweep.count < shapeCount {
            inSweep.append(contentsOf: repeatElement(false, count: shapeCount - inSweep.count))
        }
    }

    /// Sorts the static entries on the axis and sets their running maximum of upper edges.
    mutating func sortStaticEntries(_ shapes: [Shape], useX: Bool) {
        staticEntries.removeAll(keepingCapacity: true)
        for s in staticShapes {
            let box = shapes[Int(s)].proxyBounds
            staticEntries.append(
                SweepEntry(lower: useX ? box.lower.x : box.lower.y, upper: useX ? box.upper.x : box.upper.y, shape: s))
        }
        Sorting.sort(&staticEntries)
        let staticCount = staticEntries.count
        if runningUpper.count < staticCount {
            runningUpper.append(contentsOf: repeatElement(0, count: staticCount - runningUpper.count))
        }
        var running = -Double.infinity
        for k in 0..<staticCount {
            running = max(running, staticEntries[k].upper)
            runningUpper[k] = running
        }
        staticEntriesAxis = useX ? 1 : 2
    }

    /// The overlapping pairs of the first `movableCount` sweep entries with each other and with the static
    /// entries, sorted, into `pairKeys`; returns whether they are all such pairs (no cap left one out).
    @discardableResult
    mutating func findPairs(movableCount: Int, _ filter: PairFilter) -> Bool {
        if pairCounts.count < filter.shapes.count {
            pairCounts.append(contentsOf: repeatElement(0, count: filter.shapes.count - pairCounts.count))
        }
        pairKeys.removeAll(keepingCapacity: true)
        var leftOut = movableCount > BroadPhase.maxSweepCandidates
        // The sweeps read buffers: no bounds or uniqueness checks per candidate.
        filter.shapes.withUnsafeBufferPointer { shapes in
            pairCounts.withUnsafeMutableBufferPointer { counts in
                sweepEntries.withUnsafeBufferPointer { entries in
                    if BroadPhase.sweepMovablePairs(movableCount, entries, shapes, counts, filter, &pairKeys) {
                        leftOut = true
                    }
                    staticEntries.withUnsafeBufferPointer { statics in
                        runningUpper.withUnsafeBufferPointer { running in
                            BroadPhase.sweepStaticPairs(
                                movableCount, entries, statics, running, shapes, filter, &pairKeys)
                        }
                    }
                }
            }
        }
        Sorting.sort(&pairKeys)
        return !leftOut
    }

    /// Movable against movable: each entry against the entries after it that start before it ends. Returns
    /// whether a body's cap left a pair out.
    private static func sweepMovablePairs(
        _ movableCount: Int, _ entries: UnsafeBufferPointer<SweepEntry>, _ shapes: UnsafeBufferPointer<Shape>,
        _ counts: UnsafeMutableBufferPointer<Int32>, _ filter: PairFilter, _ keys: inout [UInt64]
    ) -> Bool {
        var leftOut = false
        for k in 0..<movableCount { counts[Int(entries[k].shape)] = 0 }
        let cap = Int32(Constants.maxContactsPerBody)
        for k in 0..<movableCount {
            let a = entries[k]
            let sa = Int(a.shape)
            let boxA = shapes[sa].proxyBounds
            let tightA = shapes[sa].aabb
            let sizeA = max(tightA.upper.x - tightA.lower.x, tightA.upper.y - tightA.lower.y)
            var j = k + 1
            var examined = 0
            while j < movableCount && entries[j].lower <= a.upper && examined < maxSweepCandidates {
                let sb = Int(entries[j].shape)
                j += 1
                examined += 1
                guard boxA.overlaps(shapes[sb].proxyBounds) else { continue }
                // A pair counts against a body's cap unless the other body is much smaller (a large item
                // may touch many small ones).
                let tightB = shapes[sb].aabb
                let sizeB = max(tightB.upper.x - tightB.lower.x, tightB.upper.y - tightB.lower.y)
                let countsA = sizeB >= 0.5 * sizeA
                let countsB = sizeA >= 0.5 * sizeB
                if (countsA && counts[sa] >= cap) || (countsB && counts[sb] >= cap) {
                    leftOut = true
                    continue
                }
                guard filter.shouldCollide(sa, sb) else { continue }
                keys.append(Contact.key(Int32(sa), Int32(sb)))
                if countsA { counts[sa] += 1 }
                if countsB { counts[sb] += 1 }
            }
        }
        return leftOut
    }

    /// Movable against static: the static entries whose upper edge reaches the movable's lower edge start at
    /// the first index where the running maximum of upper edges does.
    private static func sweepStaticPairs(
        _ movableCount: Int, _ entries: UnsafeBufferPointer<SweepEntry>, _ statics: UnsafeBufferPointer<SweepEntry>,
        _ running: UnsafeBufferPointer<Double>, _ shapes: UnsafeBufferPointer<Shape>, _ filter: PairFilter,
        _ keys: inout [UInt64]
    ) {
        guard !statics.isEmpty else { return }
        for k in 0..<movableCount {
            staticPairs(of: entries[k], statics, running, shapes, filter, &keys)
        }
    }

    /// The pairs of one movable entry with the static entries whose proxies its proxy overlaps, in the statics'
    /// order (the full sweep asks this of every movable entry, the moved-proxies search of each moved one).
    static func staticPairs(
        of a: SweepEntry, _ statics: UnsafeBufferPointer<SweepEntry>, _ running: UnsafeBufferPointer<Double>,
        _ shapes: UnsafeBufferPointer<Shape>, _ filter: PairFilter, _ keys: inout [UInt64]
    ) {
        let staticCount = statics.count
        guard staticCount > 0 else { return }
        let sa = Int(a.shape)
        let boxA = shapes[sa].proxyBounds
        var j = firstStatic(reaching: a.lower, running, count: staticCount)
        while j < staticCount && statics[j].lower <= a.upper {
            let e = statics[j]
            j += 1
            let sb = Int(e.shape)
            guard e.upper >= a.lower, boxA.overlaps(shapes[sb].proxyBounds), filter.shouldCollide(sa, sb) else {
                continue
            }
            keys.append(Contact.key(Int32(sa), Int32(sb)))
        }
    }

    /// The first of `count` static entries whose running maximum of upper edges reaches `lower` (binary
    /// search).
    static func firstStatic<Running: RandomAccessCollection<Double>>(
        reaching lower: Double, _ running: Running, count: Int
    ) -> Int where Running.Index == Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if running[mid] < lower { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
