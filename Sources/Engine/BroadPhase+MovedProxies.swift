// The pairs of a sub-step from the proxies that moved (Box2D's move buffer, b2BroadPhase::UpdatePairs): the
// same pair set as the full sweep of `findPairs`, found with less work when few proxies left their fat bounds.
//
// The full sweep finds every pair of eligible shapes (movable ones with finite proxy bounds, and the static
// ones) whose proxy bounds overlap and which the filter lets touch, unless a cap leaves some out (the 64
// counted contacts of a body, the 1 024 candidates of one entry). When the last search found that whole set
// (no cap applied) and nothing structural changed since (`WorldState.structureChanged`: the filter and which
// shapes are eligible stay), a pair whose two proxies kept their bounds overlapped then as now, so it has a
// contact already. The whole set is then: the contacts whose proxies still overlap (contacts made by the times
// of impact included: every contact was made for eligible shapes the filter allows, which stays true while
// every movable shape has finite bounds), and the pairs of a moved proxy with any other. Those are
// merged, sorted, into `pairKeys`, and the caps are checked on the result: if no body has more than 64
// counted pairs in it, the full sweep would have applied no cap, and found exactly this set. Otherwise (or
// when a static proxy moved, or when there are more movable entries than a sweep's candidate cap) the caller
// sweeps in full. `mergeContacts` then reads `pairKeys` as it does after a full sweep, so contacts are made,
// kept and destroyed in the same order, into the same slots.

extension BroadPhase {
    /// Fills `pairKeys` with the pairs the full sweep (`findPairs`) would find, from the proxies that moved
    /// since the last search and the current contacts, and returns true; returns false (with `pairKeys`
    /// unspecified) when only a full sweep can tell. The movable entries must be sorted (`sweepEntries`).
    mutating func findPairsOfMovedProxies(movableCount: Int, contactKeys: [ContactKey], _ filter: PairFilter) -> Bool {
        let shapes = filter.shapes
        guard searchedAll, !staticShapesStale, movableCount <= BroadPhase.maxSweepCandidates,
            searchedProxies.count == shapes.count, staticEntriesAxis != 0
        else { return false }
        for s in staticShapes where !Self.same(searchedProxies[Int(s)], shapes[Int(s)].proxyBounds) { return false }
        // Every movable shape is an entry (none has bounds that are not finite): then each contact's shapes are
        // eligible still, as they were when it was made (from entries), and the filter has not changed either.
        var movableBodies = 0
        for body in filter.bodies where body.isMovable { movableBodies += 1 }
        guard movableBodies == movableCount else { return false }
        if movedProxy.count < shapes.count {
            movedProxy.append(contentsOf: repeatElement(false, count: shapes.count - movedProxy.count))
        }
        if reachingUpper.count < movableCount {
            reachingUpper.append(contentsOf: repeatElement(0, count: movableCount - reachingUpper.count))
        }
        movedEntries.removeAll(keepingCapacity: true)
        var running = -Double.infinity
        for k in 0..<movableCount {
            let e = sweepEntries[k]
            let s = Int(e.shape)
            running = max(running, e.upper)
            reachingUpper[k] = running
            if !Self.same(searchedProxies[s], shapes[s].proxyBounds) {
                movedProxy[s] = true
                movedEntries.append(Int32(k))
            }
        }
        movedPairKeys.removeAll(keepingCapacity: true)
        filter.shapes.withUnsafeBufferPointer { shapeBuffer in
            movedProxy.withUnsafeBufferPointer { moved in
                sweepEntries.withUnsafeBufferPointer { entries in
                    reachingUpper.withUnsafeBufferPointer { reaching in
                        staticEntries.withUnsafeBufferPointer { statics in
                            runningUpper.withUnsafeBufferPointer { staticReaching in
                                for k in movedEntries {
                                    let entry = entries[Int(k)]
                                    BroadPhase.pairsOfMovedEntry(
                                        Int(k), movableCount, entries, reaching, moved, shapeBuffer, filter,
                                        &movedPairKeys)
                                    BroadPhase.staticPairs(
                                        of: entry, statics, staticReaching, shapeBuffer, filter, &movedPairKeys)
                                }
                            }
                        }
                    }
                }
            }
        }
        for k in movedEntries { movedProxy[Int(sweepEntries[Int(k)].shape)] = false }
        Sorting.sort(&movedPairKeys)
        mergeKeptContacts(contactKeys, shapes)
        return pairsWithinCaps(movableCount, filter)
    }

    /// Remembers every shape's proxy bounds as the last search saw them.
    mutating func rememberProxies(_ shapes: [Shape], searchedAll: Bool) {
        self.searchedAll = searchedAll
        searchedProxies.removeAll(keepingCapacity: true)
        for shape in shapes { searchedProxies.append(shape.proxyBounds) }
    }

    /// Whether the last search found every pair and the shape's proxy bounds then held `box`.
    func searchedProxyHolds(_ s: Int, _ box: AABB) -> Bool {
        guard searchedAll, s < searchedProxies.count else { return false }
        return searchedProxies[s].contains(box)
    }

    /// The same bounds, bit for bit (bounds that are not numbers count as moved).
    private static func same(_ a: AABB, _ b: AABB) -> Bool {
        a.lower.x == b.lower.x && a.lower.y == b.lower.y && a.upper.x == b.upper.x && a.upper.y == b.upper.y
    }

    /// The movable pairs of the moved entry `k`: the entries after it that start before it ends, and the ones
    /// before it that did not move, from the first whose running maximum of upper edges reaches it (a pair of
    /// two moved entries is found from the first of them only).
    private static func pairsOfMovedEntry(
        _ k: Int, _ movableCount: Int, _ entries: UnsafeBufferPointer<SweepEntry>,
        _ reaching: UnsafeBufferPointer<Double>, _ moved: UnsafeBufferPointer<Bool>,
        _ shapes: UnsafeBufferPointer<Shape>, _ filter: PairFilter, _ keys: inout [UInt64]
    ) {
        let a = entries[k]
        let sa = Int(a.shape)
        let boxA = shapes[sa].proxyBounds
        var j = k + 1
        while j < movableCount && entries[j].lower <= a.upper {
            let sb = Int(entries[j].shape)
            j += 1
            guard boxA.overlaps(shapes[sb].proxyBounds), filter.shouldCollide(sa, sb) else { continue }
            keys.append(Contact.key(Int32(sa), Int32(sb)))
        }
        j = firstStatic(reaching: a.lower, reaching, count: k)
        while j < k {
            let sb = Int(entries[j].shape)
            j += 1
            guard !moved[sb], boxA.overlaps(shapes[sb].proxyBounds), filter.shouldCollide(sa, sb) else { continue }
            keys.append(Contact.key(Int32(sa), Int32(sb)))
        }
    }

    /// `pairKeys`: the moved proxies' pairs and the current contacts whose proxies still overlap, sorted, each
    /// once. (Every contact was made for shapes that are eligible and that the filter lets touch, which stays
    /// true without a structural change.)
    private mutating func mergeKeptContacts(_ contactKeys: [ContactKey], _ shapes: [Shape]) {
        pairKeys.removeAll(keepingCapacity: true)
        var keys: [UInt64] = []
        swap(&keys, &pairKeys)
        defer { swap(&keys, &pairKeys) }
        contactKeys.withUnsafeBufferPointer { contactKeys in
            movedPairKeys.withUnsafeBufferPointer { movedKeys in
                shapes.withUnsafeBufferPointer { shapes in
                    var i = 0
                    var j = 0
                    let keyCount = contactKeys.count
                    let movedCount = movedKeys.count
                    while i < keyCount || j < movedCount {
                        if j == movedCount || (i < keyCount && contactKeys[i].key < movedKeys[j]) {
                            let key = contactKeys[i].key
                            i += 1
                            let sa = Int(Int32(truncatingIfNeeded: key >> 32))
                            let sb = Int(Int32(truncatingIfNeeded: key & 0xFFFF_FFFF))
                            if shapes[sa].proxyBounds.overlaps(shapes[sb].proxyBounds) { keys.append(key) }
                        } else {
                            let key = movedKeys[j]
                            j += 1
                            if let last = keys.last, last == key { continue }
                            keys.append(key)
                            // The same pair as a contact: found once.
                            if i < keyCount && contactKeys[i].key == key { i += 1 }
                        }
                    }
                }
            }
        }
    }

    /// Whether no body has more than its cap of counted movable pairs in `pairKeys` (so the full sweep would
    /// have left none of them out).
    private mutating func pairsWithinCaps(_ movableCount: Int, _ filter: PairFilter) -> Bool {
        let shapes = filter.shapes
        let bodies = filter.bodies
        if pairCounts.count < shapes.count {
            pairCounts.append(contentsOf: repeatElement(0, count: shapes.count - pairCounts.count))
        }
        for k in 0..<movableCount { pairCounts[Int(sweepEntries[k].shape)] = 0 }
        let cap = Int32(Constants.maxContactsPerBody)
        // No movable shape in more pairs than the cap, counting every pair: within the caps.
        var most: Int32 = 0
        pairCounts.withUnsafeMutableBufferPointer { counts in
            isStaticEntry.withUnsafeBufferPointer { isStatic in
                for key in pairKeys {
                    let sa = Int(Int32(truncatingIfNeeded: key >> 32))
                    let sb = Int(Int32(truncatingIfNeeded: key & 0xFFFF_FFFF))
                    if !isStatic[sa] {
                        counts[sa] += 1
                        most = max(most, counts[sa])
                    }
                    if !isStatic[sb] {
                        counts[sb] += 1
                        most = max(most, counts[sb])
                    }
                }
            }
        }
        for k in 0..<movableCount { pairCounts[Int(sweepEntries[k].shape)] = 0 }
        if most <= cap { return true }
        func size(_ s: Int) -> Double {
            let tight = shapes[s].aabb
            return max(tight.upper.x - tight.lower.x, tight.upper.y - tight.lower.y)
        }
        for key in pairKeys {
            let sa = Int(Int32(truncatingIfNeeded: key >> 32))
            let sb = Int(Int32(truncatingIfNeeded: key & 0xFFFF_FFFF))
            guard bodies[Int(shapes[sa].body)].isMovable, bodies[Int(shapes[sb].body)].isMovable else { continue }
            let sizeA = size(sa)
            let sizeB = size(sb)
            if sizeB >= 0.5 * sizeA {
                pairCounts[sa] += 1
                if pairCounts[sa] > cap { return false }
            }
            if sizeA >= 0.5 * sizeB {
                pairCounts[sb] += 1
                if pairCounts[sb] > cap { return false }
            }
        }
        return true
    }
}
