// Finding and updating contacts.
//
// Broad phase: sort and sweep over proxy bounds, Box2D's fat bounds: a shape's bounds swept over its last
// sub-step, 10 pt wider on every side and reaching twice that motion ahead, kept until the shape leaves them
// (`synchronizeProxy`; b2_aabbExtension and b2_aabbMultiplier). A contact therefore lives while the proxy
// bounds of its pair overlap, as Box2D's does, and not only while the shapes are near: boxes that bounce
// apart keep their contact, so which of a body's contacts is the newer one (solved first, see
// WorldState+ContactOrder.swift) is Box2D's answer. Shapes of movable bodies are sorted by the lower edge of
// their proxy bounds along the axis on which their centers spread more (chosen every sub-step), and swept
// for overlaps; static shapes (boundaries, anchored items) are kept in a second sorted list with a running
// maximum of upper edges, so each movable shape finds the static ones it overlaps by binary search. Pairs
// come out sorted
// by (lower shape, higher shape) and are merged with the kept contacts: a pair seen again keeps its
// contact (and its impulses), a new pair makes a contact, a contact without a pair is destroyed. Contacts
// live in slots that never move (a freed slot is reused, in a deterministic order); only a small sorted
// (key, slot) index is rebuilt each sub-step. Two
// guards keep pathological piles (thousands of items on one spot) bounded: a movable body takes part in
// at most 64 contacts with movable bodies at least half its size (a large item may touch any number of
// much smaller ones, each of which is capped itself), and the sweep examines at most 1 024 candidates
// per shape. Contacts with static shapes are never dropped. When no cap applied and nothing structural
// changed, the same pairs come from the proxies that moved since the last search alone
// (BroadPhase+MovedProxies.swift, Box2D's move buffer), and the full sweep runs only when that declines.
//
// Narrow phase: the manifolds of contacts with an awake movable body are recomputed; a contact whose
// touching state changes wakes both bodies and makes a began or ended event (a boundary made of several
// segments is one boundary for events). The times of impact update contacts too, later in the sub-step.

struct ContactKey {
    var key: UInt64
    var slot: Int32
}

extension WorldState {
    mutating func updateBroadPhase() {
        let movableCount = prepareBroadPhase()
        // Only the moved proxies' pairs are new, unless something structural changed (BroadPhase+MovedProxies.swift).
        let filter = pairFilter
        var searchedAll = true
        if structureChanged
            || !broadPhase.findPairsOfMovedProxies(movableCount: movableCount, contactKeys: contactKeys, filter)
        {
            searchedAll = broadPhase.findPairs(movableCount: movableCount, filter)
        }
        mergeContacts()
        broadPhase.rememberProxies(shapes, searchedAll: searchedAll)
    }

    /// Synchronizes the proxies and sorts the broad phase's entries for this sub-step's pair search; returns the
    /// number of movable entries.
    mutating func prepareBroadPhase() -> Int {
        if broadPhase.staticShapesStale { broadPhase.rebuildStaticShapes(shapes, bodies) }
        // The proxies were synchronized after the islands' and the impacts' solves; bounds that are not where
        // the last update left them (a body put somewhere) are synchronized here.
        for i in 1..<bodies.count where bodies[i].isMovable && bodies[i].awake { updateBoundsAndProxy(body: i) }
        let useX = WorldState.movableShapesSpreadAlongX(bodies, shapes)
        let movableCount = collectMovableEntries(useX: useX)
        // Static entries: sorted again only when the static geometry or the axis changes.
        if broadPhase.staticEntriesAxis != (useX ? 1 : 2) { broadPhase.sortStaticEntries(shapes, useX: useX) }
        return movableCount
    }

    /// Whether the centers of movable shapes spread more along x than along y.
    private static func movableShapesSpreadAlongX(_ bodies: [Body], _ shapes: [Shape]) -> Bool {
        var sumX = 0.0
        var sumY = 0.0
        var sumXX = 0.0
        var sumYY = 0.0
        var n = 0.0
        for i in 1..<bodies.count where bodies[i].isMovable {
            let box = shapes[Int(bodies[i].shape)].aabb
            let cx = 0.5 * (box.lower.x + box.upper.x)
            let cy = 0.5 * (box.lower.y + box.upper.y)
            guard cx.isFinite && cy.isFinite else { continue }
            sumX += cx
            sumY += cy
            sumXX += cx * cx
            sumYY += cy * cy
            n += 1
        }
        return n == 0 || (sumXX - sumX * sumX / n) >= (sumYY - sumY * sumY / n)
    }

    /// The movable entries sorted on the axis, in last sub-step's order first so the sort has little to do;
    /// returns their count.
    private mutating func collectMovableEntries(useX: Bool) -> Int {
        broadPhase.growInSweep(shapeCount: shapes.count)
        broadPhase.sweepEntries.removeAll(keepingCapacity: true)
        for shape in broadPhase.sweepOrder {
            let s = Int(shape)
            guard shapes[s].active, bodies[Int(shapes[s].body)].isMovable else { continue }
            let box = shapes[s].proxyBounds
            guard box.lower.isFinite && box.upper.isFinite else { continue }
            broadPhase.sweepEntries.append(
                SweepEntry(
                    lower: useX ? box.lower.x : box.lower.y, upper: useX ? box.upper.x : box.upper.y, shape: shape))
            broadPhase.inSweep[s] = true
        }
        for i in 1..<bodies.count where bodies[i].isMovable {
            let s = Int(bodies[i].shape)
            guard !broadPhase.inSweep[s] else { continue }
            let box = shapes[s].proxyBounds
            guard box.lower.isFinite && box.upper.isFinite else { continue }
            broadPhase.sweepEntries.append(
                SweepEntry(
                    lower: useX ? box.lower.x : box.lower.y, upper: useX ? box.upper.x : box.upper.y, shape: Int32(s)))
        }
        Sorting.sort(&broadPhase.sweepEntries)
        broadPhase.sweepOrder.removeAll(keepingCapacity: true)
        for e in broadPhase.sweepEntries {
            broadPhase.sweepOrder.append(e.shape)
            broadPhase.inSweep[Int(e.shape)] = false
        }
        return broadPhase.sweepEntries.count
    }

    /// Keeps the contacts whose pair was found again, makes contacts for new pairs, destroys the rest.
    /// Contacts stay in their slots (a destroyed contact's slot is reused), so only the sorted key index
    /// moves.
    private mutating func mergeContacts() {
        contactKeyScratch.removeAll(keepingCapacity: true)
        var i = 0
        var j = 0
        let keyCount = contactKeys.count
        let pairKeys = broadPhase.pairKeys
        let pairCount = pairKeys.count
        while i < keyCount || j < pairCount {
            if j == pairCount || (i < keyCount && contactKeys[i].key < pairKeys[j]) {
                let slot = Int(contactKeys[i].slot)
                destroy(contacts[slot])
                contacts[slot].alive = false
                contacts[slot].touching = false
                contacts[slot].pendingBegan = -1
                freeContacts.append(Int32(slot))
                i += 1
            } else if i == keyCount || pairKeys[j] < contactKeys[i].key {
                let key = pairKeys[j]
                if j == 0 || pairKeys[j - 1] != key {
                    contactKeyScratch.append(ContactKey(key: key, slot: storeContact(makeContact(key))))
                }
                j += 1
            } else {
                contactKeyScratch.append(contactKeys[i])
                let key = pairKeys[j]
                i += 1
                // Skip duplicates of this pair.
                while j < pairCount && pairKeys[j] == key { j += 1 }
            }
        }
        swap(&contactKeys, &contactKeyScratch)
    }

    /// Puts a new contact in a free slot of `contacts` (or a new one at the end) and returns the slot.
    private mutating func storeContact(_ contact: Contact) -> Int32 {
        if let free = freeContacts.popLast() {
            contacts[Int(free)] = contact
            return free
        }
        contacts.append(contact)
        return Int32(contacts.count - 1)
    }

    /// Makes contacts for sorted pair keys (duplicates allowed) that have none yet, keeping `contactKeys`
    /// sorted.
    mutating func insertContacts(_ keys: [UInt64]) {
        contactKeyScratch.removeAll(keepingCapacity: true)
        var i = 0
        var j = 0
        let keyCount = contactKeys.count
        while i < keyCount || j < keys.count {
            if j == keys.count || (i < keyCount && contactKeys[i].key < keys[j]) {
                contactKeyScratch.append(contactKeys[i])
                i += 1
            } else if i < keyCount && contactKeys[i].key == keys[j] {
                j += 1
            } else {
                let key = keys[j]
                j += 1
                if let last = contactKeyScratch.last, last.key == key { continue }
                contactKeyScratch.append(ContactKey(key: key, slot: storeContact(makeContact(key))))
            }
        }
        swap(&contactKeys, &contactKeyScratch)
    }

    mutating func makeContact(_ key: UInt64) -> Contact {
        var s1 = Int32(truncatingIfNeeded: key >> 32)
        var s2 = Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)
        // A is the segment of a segment pair, the polygon of a polygon–disc pair.
        func rank(_ kind: ShapeKind) -> Int { kind == .edge ? 2 : kind == .polygon ? 1 : 0 }
        if rank(shapes[Int(s2)].kind) > rank(shapes[Int(s1)].kind) { swap(&s1, &s2) }
        contactSerial += 1
        var contact = Contact(
            shapeA: s1, shapeB: s2, bodyA: shapes[Int(s1)].body, bodyB: shapes[Int(s2)].body, key: key)
        contact.serial = contactSerial
        return contact
    }

    private mutating func destroy(_ contact: Contact) {
        guard contact.touching else { return }
        wake(Int(contact.bodyA))
        wake(Int(contact.bodyB))
        report(.ended, contact, slot: -1)
    }

    /// Records a contact that began or ended touching. Between two items it is an event at once (a began
    /// event waits for the solver's impulses for its point). A boundary made of several segments is one
    /// boundary: its touches are netted over the whole sub-step by `resolveBoundaryTouches`, so an item
    /// passing from one segment of a loop to the next makes no event.
    mutating func report(_ kind: ContactEvent.Kind, _ contact: Contact, slot: Int) {
        let a = shapes[Int(contact.shapeA)]
        let b = shapes[Int(contact.shapeB)]
        if a.isBoundary || b.isBoundary {
            let (boundary, body) = a.isBoundary ? (a, b.body) : (b, a.body)
            let key = TouchKey(body: body, group: boundary.group, boundaryIndex: boundary.boundaryIndex)
            if let k = touchChangeIndex[key] {
                touchChanges[k].delta += kind == .began ? 1 : -1
                if kind == .began && touchChanges[k].beganSlot < 0 { touchChanges[k].beganSlot = Int32(slot) }
                if kind == .ended { touchChanges[k].endedPoint = contact.lastPoint }
            } else {
                touchChangeIndex[key] = touchChanges.count
                touchChanges.append(
                    TouchChange(
                        key: key, delta: kind == .began ? 1 : -1, beganSlot: kind == .began ? Int32(slot) : -1,
                        endedPoint: contact.lastPoint))
            }
            return
        }
        let first = min(contact.bodyA, contact.bodyB)
        let second = max(contact.bodyA, contact.bodyB)
        let event = ContactEvent(
            kind: kind, body: BodyID(Int(first)), partner: .body(BodyID(Int(second))),
            point: kind == .began ? .zero : contact.lastPoint, substep: substepsRun)
        if kind == .began && cancelsEndedInThisSubstep(event) { return }
        if kind == .began {
            beganEvents.append(event)
            if slot >= 0 {
                contacts[slot].pendingBegan = Int32(beganEvents.count - 1)
                pendingBeganSet = true
            }
        } else {
            endedEvents.append(event)
        }
    }

    /// Whether a pair that begins touching ended in this same sub-step (the contacts' update found it apart
    /// and an impact touching again): then it touched at both ends of the sub-step, and the ended event is
    /// dropped instead of adding a began one, as boundary touches are netted over the sub-step.
    private mutating func cancelsEndedInThisSubstep(_ began: ContactEvent) -> Bool {
        var k = endedEvents.count - 1
        while k >= 0 && endedEvents[k].substep == substepsRun {
            if endedEvents[k].body == began.body && endedEvents[k].partner == began.partner {
                endedEvents.remove(at: k)
                return true
            }
            k -= 1
        }
        return false
    }

    /// Turns the sub-step's netted boundary touches into began and ended events, in the order the
    /// boundaries were first touched or left.
    mutating func resolveBoundaryTouches() {
        guard !touchChanges.isEmpty else { return }
        for change in touchChanges {
            let old = touchCounts[change.key, default: 0]
            let new = old + change.delta
            if new <= 0 { touchCounts.removeValue(forKey: change.key) } else { touchCounts[change.key] = new }
            let partner = ContactPartner.boundary(
                group: CollisionGroupID(Int(change.key.group)),
                index: change.key.boundaryIndex < 0 ? nil : Int(change.key.boundaryIndex))
            if old <= 0 && new > 0 {
                beganEvents.append(
                    ContactEvent(
                        kind: .began, body: BodyID(Int(change.key.body)), partner: partner, point: .zero,
                        substep: substepsRun))
                if change.beganSlot >= 0 {
                    contacts[Int(change.beganSlot)].pendingBegan = Int32(beganEvents.count - 1)
                    pendingBeganSet = true
                }
            } else if old > 0 && new <= 0 {
                endedEvents.append(
                    ContactEvent(
                        kind: .ended, body: BodyID(Int(change.key.body)), partner: partner,
                        point: change.endedPoint, substep: substepsRun))
            }
        }
        touchChanges.removeAll(keepingCapacity: true)
        touchChangeIndex.removeAll(keepingCapacity: true)
    }

    /// Recomputes the manifolds of contacts with an awake movable body (Box2D's Collide). Boundary touches
    /// are netted at the end of the sub-step.
    mutating func updateContacts() {
        for c in contacts.indices where contacts[c].alive {
            let bodyA = Int(contacts[c].bodyA)
            let bodyB = Int(contacts[c].bodyB)
            let activeA = bodies[bodyA].isMovable && bodies[bodyA].awake
            let activeB = bodies[bodyB].isMovable && bodies[bodyB].awake
            guard activeA || activeB else { continue }
            updateContact(c)
        }
    }

    /// Recomputes one contact's manifold at the bodies' current transforms, keeping the impulses of points
    /// found again; a change of touching wakes both bodies and makes a began or ended event
    /// (b2Contact::Update).
    mutating func updateContact(_ c: Int) {
        let bodyA = Int(contacts[c].bodyA)
        let bodyB = Int(contacts[c].bodyB)
        let old = contacts[c].manifold
        var m = Manifold()
        let shapeA = shapes[Int(contacts[c].shapeA)]
        let shapeB = shapes[Int(contacts[c].shapeB)]
        let xfA = bodies[bodyA].transform
        let xfB = bodies[bodyB].transform
        self.vertices.withUnsafeBufferPointer { vertices in
            self.normals.withUnsafeBufferPointer { normals in
                WorldState.collide(&m, shapeA, xfA, shapeB, xfB, vertices, normals)
            }
        }
        for k in 0..<m.pointCount {
            var p = m[k]
            p.normalImpulse = 0
            p.tangentImpulse = 0
            for o in 0..<old.pointCount where old[o].id == p.id {
                p.normalImpulse = old[o].normalImpulse
                p.tangentImpulse = old[o].tangentImpulse
                break
            }
            m[k] = p
        }
        contacts[c].manifold = m
        contacts[c].enabled = true
        let touching = m.pointCount > 0
        guard touching != contacts[c].touching else { return }
        contacts[c].touching = touching
        wake(bodyA)
        wake(bodyB)
        report(touching ? .began : .ended, contacts[c], slot: c)
    }

    private static func view(
        _ shape: Shape, _ vertices: UnsafeBufferPointer<Vector>, _ normals: UnsafeBufferPointer<Vector>
    ) -> PolygonView {
        let range = Int(shape.vertexStart)..<Int(shape.vertexStart + shape.vertexCount)
        return PolygonView(
            vertices: UnsafeBufferPointer(rebasing: vertices[range]),
            normals: UnsafeBufferPointer(rebasing: normals[range]), radius: shape.radius)
    }

    private static func edgeView(_ shape: Shape, _ vertices: UnsafeBufferPointer<Vector>) -> EdgeView {
        let start = Int(shape.vertexStart)
        return EdgeView(
            v0: shape.ghost0, v1: vertices[start], v2: vertices[start + 1], v3: shape.ghost3,
            hasV0: shape.hasGhost0, hasV3: shape.hasGhost3, radius: shape.radius)
    }

    private static func collide(
        _ m: inout Manifold, _ a: Shape, _ xfA: Transform, _ b: Shape, _ xfB: Transform,
        _ vertices: UnsafeBufferPointer<Vector>, _ normals: UnsafeBufferPointer<Vector>
    ) {
        switch (a.kind, b.kind) {
        case (.circle, .circle):
            Collision.circles(&m, centerA: a.center, radiusA: a.radius, xfA, centerB: b.center, radiusB: b.radius, xfB)
        case (.polygon, .circle):
            Collision.polygonAndCircle(&m, view(a, vertices, normals), xfA, centerB: b.center, radiusB: b.radius, xfB)
        case (.polygon, .polygon):
            Collision.polygons(&m, view(a, vertices, normals), xfA, view(b, vertices, normals), xfB)
        case (.edge, .circle):
            EdgeCollision.edgeAndCircle(&m, edgeView(a, vertices), xfA, centerB: b.center, radiusB: b.radius, xfB)
        case (.edge, .polygon):
            EdgeCollision.edgeAndPolygon(
                &m, edgeView(a, vertices), xfA, view(b, vertices, normals), centroidB: b.centroid, xfB)
        default:
            // makeContact puts the higher kind first; two segments never meet.
            m.pointCount = 0
        }
    }

    /// Fills the points of this sub-step's began events once the solver has found the impulses.
    mutating func resolvePendingBegan() {
        guard pendingBeganSet else { return }
        pendingBeganSet = false
        for c in contacts.indices where contacts[c].pendingBegan >= 0 {
            let e = Int(contacts[c].pendingBegan)
            if e < beganEvents.count { beganEvents[e].point = contacts[c].lastPoint }
            contacts[c].pendingBegan = -1
        }
    }
}
