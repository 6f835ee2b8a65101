// The island stage's own arrays: per movable body its touching contacts and active joints (compressed rows),
// and the sub-step's islands one after another in flat lists, with one end per island. Found before any is
// solved (see WorldState+Islands.swift); the search writes through buffers, opened once for all seeds.

/// Where an island ends in the sub-step's island lists (where the next begins).
struct IslandEnd {
    var bodies: Int32
    var contacts: Int32
    var joints: Int32
}

/// One island's bodies, contacts and joints.
struct Island {
    let bodies: UnsafeBufferPointer<Int32>
    let contacts: UnsafeBufferPointer<Int32>
    let joints: UnsafeBufferPointer<Int32>
}

struct IslandBuffers {
    /// The islands' bodies, contacts and joints, island after island; `ends` says where each island ends.
    var bodies: [Int32] = []
    var contacts: [Int32] = []
    var joints: [Int32] = []
    var ends: [IslandEnd] = []
    /// Per joint, whether the search has taken it (kept apart from the joints, which the solver then reads
    /// through one reference for the whole sub-step).
    var jointMarks: [Bool] = []
    var stack: [Int32] = []
    var contactEdgeStart: [Int32] = []
    var contactEdges: [Int32] = []
    /// The serial of each `contactEdges` entry's contact.
    var contactEdgeSerials: [Int] = []
    var jointEdgeStart: [Int32] = []
    var jointEdges: [Int32] = []

    /// Touching contacts and active joints per body, as compressed rows, each row newest first.
    mutating func buildAdjacency(_ worldBodies: [Body], _ worldContacts: [Contact], _ worldJoints: [Joint]) {
        let n = worldBodies.count
        contactEdgeStart.removeAll(keepingCapacity: true)
        contactEdgeStart.append(contentsOf: repeatElement(0, count: n + 1))
        jointEdgeStart.removeAll(keepingCapacity: true)
        jointEdgeStart.append(contentsOf: repeatElement(0, count: n + 1))
        for c in worldContacts where c.touching {
            contactEdgeStart[Int(c.bodyA) + 1] += 1
            contactEdgeStart[Int(c.bodyB) + 1] += 1
        }
        for joint in worldJoints where joint.isActive(worldBodies) {
            jointEdgeStart[joint.bodyA + 1] += 1
            jointEdgeStart[joint.bodyB + 1] += 1
        }
        for i in 0..<n {
            contactEdgeStart[i + 1] += contactEdgeStart[i]
            jointEdgeStart[i + 1] += jointEdgeStart[i]
        }
        contactEdges.removeAll(keepingCapacity: true)
        contactEdges.append(contentsOf: repeatElement(0, count: Int(contactEdgeStart[n])))
        contactEdgeSerials.removeAll(keepingCapacity: true)
        contactEdgeSerials.append(contentsOf: repeatElement(0, count: Int(contactEdgeStart[n])))
        jointEdges.removeAll(keepingCapacity: true)
        jointEdges.append(contentsOf: repeatElement(0, count: Int(jointEdgeStart[n])))
        // Fill with a moving cursor per body (the start array is restored afterwards).
        for c in worldContacts.indices where worldContacts[c].touching {
            let a = Int(worldContacts[c].bodyA)
            let b = Int(worldContacts[c].bodyB)
            let serial = worldContacts[c].serial
            contactEdges[Int(contactEdgeStart[a])] = Int32(c)
            contactEdgeSerials[Int(contactEdgeStart[a])] = serial
            contactEdgeStart[a] += 1
            contactEdges[Int(contactEdgeStart[b])] = Int32(c)
            contactEdgeSerials[Int(contactEdgeStart[b])] = serial
            contactEdgeStart[b] += 1
        }
        for j in worldJoints.indices where worldJoints[j].isActive(worldBodies) {
            let a = worldJoints[j].bodyA
            let b = worldJoints[j].bodyB
            jointEdges[Int(jointEdgeStart[a])] = Int32(j)
            jointEdgeStart[a] += 1
            jointEdges[Int(jointEdgeStart[b])] = Int32(j)
            jointEdgeStart[b] += 1
        }
        for i in stride(from: n, to: 0, by: -1) {
            contactEdgeStart[i] = contactEdgeStart[i - 1]
            jointEdgeStart[i] = jointEdgeStart[i - 1]
        }
        contactEdgeStart[0] = 0
        jointEdgeStart[0] = 0
        // Box2D's lists run newest first (WorldState+ContactOrder.swift); joints are numbered as they are made.
        WorldState.sortNewestFirst(&contactEdges, serials: &contactEdgeSerials, rows: contactEdgeStart)
        WorldState.reverseRows(&jointEdges, rows: jointEdgeStart)
    }

    /// Every island of the sub-step, in the order Box2D finds them: seeds newest first, as Box2D's body list
    /// runs (an island's order starts from its newest body, WorldState+ContactOrder.swift), each island
    /// grown depth first. Marks every body, contact and joint taken; wakes the sleeping bodies an island
    /// reaches.
    mutating func find(_ worldBodies: inout [Body], _ worldContacts: inout [Contact], _ worldJoints: [Joint]) {
        let bodyCount = worldBodies.count
        // A body, contact or joint is in at most one island; the stack holds each body at most once.
        IslandBuffers.reset(&bodies, count: bodyCount)
        IslandBuffers.reset(&contacts, count: worldContacts.count)
        IslandBuffers.reset(&joints, count: worldJoints.count)
        IslandBuffers.reset(&stack, count: bodyCount)
        jointMarks.removeAll(keepingCapacity: true)
        jointMarks.append(contentsOf: repeatElement(false, count: worldJoints.count))
        ends.removeAll(keepingCapacity: true)
        let rows = IslandRows(
            contactStart: contactEdgeStart, contacts: contactEdges, jointStart: jointEdgeStart, joints: jointEdges)
        let found = withMutableBuffers(&worldBodies, &worldContacts, &jointMarks) { worldBodies, worldContacts, marks in
            for c in worldContacts.indices { worldContacts[c].islandMark = false }
            return withMutableBuffers(&bodies, &contacts, &joints, &stack) { bodies, contacts, joints, stack in
                var search = IslandSearch(
                    worldBodies: worldBodies, worldContacts: worldContacts, worldJoints: worldJoints, rows: rows,
                    jointMarks: marks, bodies: bodies, contacts: contacts, joints: joints, stack: stack)
                for seed in stride(from: bodyCount - 1, to: 0, by: -1) where search.isSeed(seed) {
                    search.grow(from: seed)
                    ends.append(search.found)
                }
                return search.found
            }
        }
        bodies.removeLast(bodies.count - Int(found.bodies))
        contacts.removeLast(contacts.count - Int(found.contacts))
        joints.removeLast(joints.count - Int(found.joints))
    }

    private static func reset(_ list: inout [Int32], count: Int) {
        list.removeAll(keepingCapacity: true)
        list.append(contentsOf: repeatElement(0, count: count))
    }

    /// Calls `body` with each island of the sub-step, in the order found.
    func forEachIsland(_ body: (Island) -> Void) {
        bodies.withUnsafeBufferPointer { bodies in
            contacts.withUnsafeBufferPointer { contacts in
                joints.withUnsafeBufferPointer { joints in
                    var start = IslandEnd(bodies: 0, contacts: 0, joints: 0)
                    for end in ends {
                        body(
                            Island(
                                bodies: UnsafeBufferPointer(rebasing: bodies[Int(start.bodies)..<Int(end.bodies)]),
                                contacts: UnsafeBufferPointer(
                                    rebasing: contacts[Int(start.contacts)..<Int(end.contacts)]),
                                joints: UnsafeBufferPointer(rebasing: joints[Int(start.joints)..<Int(end.joints)])))
                        start = end
                    }
                }
            }
        }
    }
}

/// The adjacency rows the search reads.
private struct IslandRows {
    let contactStart: [Int32]
    let contacts: [Int32]
    let jointStart: [Int32]
    let joints: [Int32]
}

/// The island search over buffers: the world's marks it sets, and the lists it fills with how far each is
/// filled.
private struct IslandSearch {
    let worldBodies: UnsafeMutableBufferPointer<Body>
    let worldContacts: UnsafeMutableBufferPointer<Contact>
    let worldJoints: [Joint]
    let rows: IslandRows
    let jointMarks: UnsafeMutableBufferPointer<Bool>
    let bodies: UnsafeMutableBufferPointer<Int32>
    let contacts: UnsafeMutableBufferPointer<Int32>
    let joints: UnsafeMutableBufferPointer<Int32>
    let stack: UnsafeMutableBufferPointer<Int32>
    var stackCount = 0
    /// The ends of the lists so far: where the island being grown ends.
    var found = IslandEnd(bodies: 0, contacts: 0, joints: 0)

    init(
        worldBodies: UnsafeMutableBufferPointer<Body>, worldContacts: UnsafeMutableBufferPointer<Contact>,
        worldJoints: [Joint], rows: IslandRows, jointMarks: UnsafeMutableBufferPointer<Bool>,
        bodies: UnsafeMutableBufferPointer<Int32>, contacts: UnsafeMutableBufferPointer<Int32>,
        joints: UnsafeMutableBufferPointer<Int32>, stack: UnsafeMutableBufferPointer<Int32>
    ) {
        self.worldBodies = worldBodies
        self.worldContacts = worldContacts
        self.worldJoints = worldJoints
        self.rows = rows
        self.jointMarks = jointMarks
        self.bodies = bodies
        self.contacts = contacts
        self.joints = joints
        self.stack = stack
    }

    /// An awake movable body no island has taken yet starts one.
    func isSeed(_ b: Int) -> Bool {
        worldBodies[b].isMovable && worldBodies[b].awake && !worldBodies[b].islandMark
    }

    /// The island of `seed`, depth first: each body taken from the stack joins the island (awake), with its
    /// contacts and joints not yet taken; the movable bodies at their other ends go on the stack. Static
    /// bodies join no island and connect nothing.
    mutating func grow(from seed: Int) {
        push(seed)
        while stackCount > 0 {
            stackCount -= 1
            let top = stack[stackCount]
            let b = Int(top)
            bodies[Int(found.bodies)] = top
            found.bodies += 1
            if !worldBodies[b].awake { worldBodies[b].awake = true }
            for e in Int(rows.contactStart[b])..<Int(rows.contactStart[b + 1]) {
                let c = Int(rows.contacts[e])
                guard !worldContacts[c].islandMark else { continue }
                worldContacts[c].islandMark = true
                contacts[Int(found.contacts)] = Int32(c)
                found.contacts += 1
                let contact = worldContacts[c]
                pushIfFree(Int(contact.bodyA) == b ? Int(contact.bodyB) : Int(contact.bodyA))
            }
            for e in Int(rows.jointStart[b])..<Int(rows.jointStart[b + 1]) {
                let j = Int(rows.joints[e])
                guard !jointMarks[j] else { continue }
                jointMarks[j] = true
                joints[Int(found.joints)] = Int32(j)
                found.joints += 1
                let joint = worldJoints[j]
                pushIfFree(joint.bodyA == b ? joint.bodyB : joint.bodyA)
            }
        }
    }

    /// Puts a movable body that no island has taken on the stack.
    private mutating func pushIfFree(_ b: Int) {
        guard worldBodies[b].isMovable, !worldBodies[b].islandMark else { return }
        push(b)
    }

    private mutating func push(_ b: Int) {
        worldBodies[b].islandMark = true
        stack[stackCount] = Int32(b)
        stackCount += 1
    }
}
