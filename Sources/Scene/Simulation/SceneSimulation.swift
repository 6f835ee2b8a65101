import Engine

// The bridge from a scene to the engine (scene-format.md, "How a scene runs"): one `Engine.World` holding a
// body per item, and the behaviors of the scene added, changed and removed on it as UIKit's animator would.
//
// Bookkeeping that UIKit keeps per item and the engine does not:
// - membership: an item takes part while at least one behavior names it (`items`, `item`, `attachedTo`);
//   every body starts out of the simulation and joins when the first behavior naming it is added (at rest
//   where it is), and leaves when the last one is removed;
// - gravity: the world has one vector, that of the gravity behavior added or changed last; the items of
//   every gravity behavior fall; removing any gravity behavior sets the vector to zero;
// - continuous collision for the items named by a gravity or push behavior;
// - dynamicItem properties: each addition lays its set properties over the item's current ones (so the last
//   one added wins); a removal returns the item to the defaults (keeping `anchored` and `charge`) and lays the
//   remaining behaviors over them again, in the order they were added;
// - snaps: one per item; while several snap behaviors name one item, none of them acts.
// Events apply at the first frame n with n / frameRate ≥ at (the linter's `Timeline.frame`), in file order
// within a frame, before the frame's sub-steps. A pan applies on every frame from its start to its end, as a
// `set` of the anchor (or snap point) to where the finger is at that frame's time, in its place in file order
// among the frame's events. A reaction applies, in its place in file order, before the sub-steps of the frame
// after each frame with a contact event it names (`once`: the first only).
// A `set` of `items` is `addItem:`/`removeItem:`: naming counts change as for adding and removing behaviors; a
// collision, push or field behavior is rebuilt on the engine with its new bodies (the engine has no call to
// change a group's bodies), keeping its current force, active state and noise seed.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scene loaded into an engine world, driven frame by frame.
package final class SceneSimulation {
    /// The scene as given.
    package let scene: Scene
    /// The world the scene runs in.
    package let world: World
    /// Frames per second.
    package let frameRate: Double
    /// The items that are simulated (those with an id, a center and a size), in the scene's order.
    package let items: [Item]
    /// Each item's body, by the item's index in `items`.
    let bodies: [BodyID]
    /// The item of each body, by `BodyID.index`.
    let itemOfBody: [Int: Int]
    /// Item indices by id (the first item with an id, when ids repeat).
    let itemIndex: [ExactId: Int]
    /// Every behavior added so far, in the order it was added.
    var entries: [Entry] = []
    /// The scene's events by the frame they apply at, in application order.
    let schedule: [(frame: Int, index: Int)]
    /// The next entry of `schedule` to apply.
    var nextScheduled = 0
    /// The pans under way: the event, its start time, its last frame.
    var activePans: [(index: Int, start: Double, endFrame: Int)] = []
    /// The last frame of each pan that the latest `applyEvents` started, by event index.
    var startedPanEnds: [Int: Int] = [:]
    /// The reactions, each with its pair resolved to item indices (nil when an id names no item).
    let reactions: [Reaction]
    /// The reactions by the item index of either item of their pair.
    let reactionsByItem: [Int: [Int]]
    /// Reactions (by index into `reactions`) due before the next frame's sub-steps, and those that fired once.
    var dueReactions: Set<Int> = []
    var firedOnce: Set<Int> = []

    /// A reaction (`on`) with its pair resolved.
    struct Reaction {
        var event: Int
        var ended: Bool
        var once: Bool
        var pair: ContactPair
    }

    // Per item, by index in `items`.
    var naming: [Int]
    var gravityNaming: [Int]
    var continuousNaming: [Int]
    var properties: [BodyProperties]
    /// The alive snap entries naming the item, in the order they were added.
    var snapEntries: [[Int]]
    /// Whether the item has been in the simulation at some time.
    var everSimulated: [Bool]

    /// The alive and removed collision groups with their geometry, by group index.
    var collisionGroups: [CollisionRecord] = []
    var fieldsAdded: UInt64 = 0
    /// The world's one gravity vector (UIKit units), as last set.
    var gravityVector = Vector.zero
    /// Whether something a picture shows changed since the last `CauseSnapshot` (see SimulationCauses.swift).
    var causesChanged = true
    /// The instantaneous pushes shown active, to be shown off once they have acted.
    var armedPushes: [Int] = []

    /// One behavior as the simulation holds it.
    struct Entry {
        var behavior: Behavior
        var alive = true
        /// The distinct items it names, by index in `items`.
        var items: [Int]
        var handle: Handle = .none
        /// The current vector of a gravity or push (UIKit units), the current point of a snap.
        var vector = Vector.zero
        /// A field's noise seed (kept when a `set` of `items` rebuilds it).
        var seed: UInt64 = 0
        /// A push's `active`, as a picture shows it (an instantaneous push turns itself off after acting).
        var active = true
        /// An attachment as a picture draws it, with its live values.
        var attachment: AttachmentCause?
    }

    enum Handle {
        case none
        case collision(CollisionGroupID)
        case joint(JointID)
        case snap(SnapID?)
        case push(PushID)
        case field(FieldID)
    }

    /// A collision group's items and boundaries, for contact events and the tunneling check.
    struct CollisionRecord {
        var group: CollisionGroupID
        var alive = true
        var items: [Int]
        /// Whether its items collide with its boundaries (mode `everything` or `boundaries`).
        var collidesWithBoundaries: Bool
        /// The id of each boundary in the engine's order (nil never happens for explicit boundaries of a
        /// valid scene; the reference bounds are not in this list).
        var boundaryIDs: [String?]
        /// Every segment of its boundaries, reference bounds included, with its boundary's id.
        var segments: [BoundarySegment]
    }

    struct BoundarySegment {
        var from: Vector
        var to: Vector
        /// Index into `boundaryIDs`, nil for the reference bounds.
        var boundary: Int?
    }

    /// Builds the world with a body per item, every body out of the simulation until a behavior names it.
    /// Nothing is added yet: `start()` adds the behaviors and applies the events of frame 0.
    package init(scene: Scene) {
        self.scene = scene
        frameRate = scene.preview.resolvedFrameRate
        let view = scene.referenceView ?? Size(width: 0, height: 0)
        world = World(viewBounds: Rect(x: 0, y: 0, width: view.width, height: view.height))
        var items: [Item] = []
        var bodies: [BodyID] = []
        var itemOfBody: [Int: Int] = [:]
        var itemIndex: [ExactId: Int] = [:]
        for item in Self.simulatedItems(of: scene) {
            guard let id = item.id, let center = item.center, let size = item.size else { continue }
            var definition = BodyDefinition(
                center: Engine.Vector(center), size: Engine.Vector(size.width, size.height),
                angle: item.resolvedAngle, outline: Self.outline(item.resolvedCollisionBounds))
            definition.inSimulation = false
            let body = world.addBody(definition)
            if itemIndex[id.exactId] == nil { itemIndex[id.exactId] = items.count }
            itemOfBody[body.index] = items.count
            items.append(item)
            bodies.append(body)
        }
        self.items = items
        self.bodies = bodies
        self.itemOfBody = itemOfBody
        self.itemIndex = itemIndex
        naming = Array(repeating: 0, count: items.count)
        gravityNaming = naming
        continuousNaming = naming
        properties = Array(repeating: BodyProperties(), count: items.count)
        snapEntries = Array(repeating: [], count: items.count)
        everSimulated = Array(repeating: false, count: items.count)

        var schedule: [(frame: Int, index: Int)] = []
        var reactions: [Reaction] = []
        var reactionsByItem: [Int: [Int]] = [:]
        for (index, event) in scene.events.enumerated() where event.action != nil {
            if let trigger = event.on {
                guard let filter = trigger.filter, let pair = ContactPair(filter, itemIndex: itemIndex) else {
                    continue
                }
                for item in pair.items { reactionsByItem[item, default: []].append(reactions.count) }
                reactions.append(Reaction(event: index, ended: trigger.ended, once: event.once, pair: pair))
                continue
            }
            guard let at = event.at else { continue }
            let frame = Timeline.frame(of: at, frameRate: frameRate)
            guard frame <= Double(SimulationRequest.frameLimit) else { continue }
            schedule.append((Int(frame), index))
        }
        // Stable: by frame, then file order.
        self.schedule = schedule.sorted { $0.frame != $1.frame ? $0.frame < $1.frame : $0.index < $1.index }
        self.reactions = reactions
        self.reactionsByItem = reactionsByItem
    }

    /// The items a scene's simulation holds, in order: those with an id, a center and a size.
    package static func simulatedItems(of scene: Scene) -> [Item] {
        scene.items.filter { $0.id != nil && $0.center != nil && $0.size != nil }
    }

    private static func outline(_ bounds: CollisionBounds) -> CollisionOutline {
        switch bounds {
        case .rectangle: .rectangle
        case .ellipse: .ellipse
        case .path(let points): .path(points.map(Engine.Vector.init))
        }
    }

    /// The ids of the simulated items, in the scene's order.
    package var itemIDs: [String] { items.map { $0.id ?? "" } }

    // MARK: Running

    /// Adds the behaviors of the list in order and applies the events of frame 0; returns the indices (in
    /// `scene.events`) of the events applied.
    package func start() -> [Int] {
        for behavior in scene.behaviors { add(behavior) }
        return applyEvents(throughFrame: 0)
    }

    /// Applies the events of every frame up to `frame` not applied yet, the steps of the pans under way and the
    /// reactions due, in file order; returns the indices of the events applied (a pan's once, when it starts;
    /// `startedPanEnds` then holds its last frame).
    package func applyEvents(throughFrame frame: Int) -> [Int] {
        startedPanEnds = [:]
        // (event index, whether it is a step of a pan started earlier)
        var due: [(index: Int, step: Bool)] = []
        for pan in activePans { due.append((pan.index, true)) }
        while nextScheduled < schedule.count, schedule[nextScheduled].frame <= frame {
            due.append((schedule[nextScheduled].index, false))
            nextScheduled += 1
        }
        for reaction in dueReactions.sorted() where !firedOnce.contains(reaction) {
            if reactions[reaction].once { firedOnce.insert(reaction) }
            due.append((reactions[reaction].event, false))
        }
        dueReactions = []
        guard !due.isEmpty else { return [] }
        // A pan that starts again drops the step of its earlier run.
        let starting = Set(due.lazy.filter { !$0.step }.map(\.index))
        due.removeAll { $0.step && starting.contains($0.index) }
        due.sort { $0.index < $1.index }

        var applied: [Int] = []
        let time = Double(frame) / frameRate
        for (index, step) in due {
            switch scene.events[index].action {
            case .add(let behavior)?: add(behavior)
            case .remove(let target)?: remove(named: target.id)
            case .set(let target, let values)?: set(named: target.id, values)
            case .pan(let target, let pan)?:
                if !step {
                    let start = scene.events[index].at ?? time
                    let end = Timeline.frame(of: start + pan.duration, frameRate: frameRate)
                    let endFrame = Int(min(max(end, Double(frame)), Double(SimulationRequest.frameLimit + 1)))
                    startedPanEnds[index] = endFrame
                    activePans.removeAll { $0.index == index }
                    activePans.append((index, start, endFrame))
                }
                guard let active = activePans.first(where: { $0.index == index }) else { continue }
                let fraction = pan.duration > 0 ? (time - active.start) / pan.duration : 1
                let point = pan.point(atFraction: fraction)
                set(named: target.id, LiveValues(pointer: scene.events[index].pointer, anchor: point, point: point))
            case nil: continue
            }
            if !step { applied.append(index) }
        }
        activePans.removeAll { $0.endFrame <= frame }
        return applied
    }

    /// Marks the reactions that the contact events of a frame trigger: they apply before the next frame's sub-steps.
    func noteContacts(_ events: [SimulationEvent]) {
        guard !reactions.isEmpty else { return }
        for event in events {
            guard case .contact(let ended, let item, let partner, _) = event.kind else { continue }
            for candidate in reactionsByItem[item] ?? [] {
                let reaction = reactions[candidate]
                if reaction.ended == ended, !firedOnce.contains(candidate),
                    reaction.pair.matches(item: item, partner: partner)
                {
                    dueReactions.insert(candidate)
                }
            }
        }
    }

    /// The state of every simulated item, in order.
    package func states() -> [ItemState] {
        world.states(of: bodies).map { state in
            ItemState(
                center: Vector(state.center), angle: state.angle, velocity: Vector(state.velocity),
                angularVelocity: state.angularVelocity, resting: state.resting)
        }
    }

    /// The item of a body.
    func item(of body: BodyID) -> Int? { itemOfBody[body.index] }

    /// Whether the item takes part in the simulation now.
    func isSimulated(_ item: Int) -> Bool { naming[item] > 0 }

    // MARK: Adding and removing

    /// The distinct items a behavior names, by index, in text order.
    private func namedItems(_ behavior: Behavior) -> [Int] {
        var seen: Set<Int> = []
        var result: [Int] = []
        for reference in behavior.itemReferences {
            if let index = itemIndex[reference.id.exactId], seen.insert(index).inserted { result.append(index) }
        }
        return result
    }

    /// `addBehavior:`.
    func add(_ behavior: Behavior) {
        causesChanged = true
        let e = entries.count
        entries.append(Entry(behavior: behavior, items: namedItems(behavior)))
        for item in entries[e].items {
            naming[item] += 1
            if naming[item] == 1 {
                world.setInSimulation(bodies[item], true)
                everSimulated[item] = true
            }
        }
        switch behavior.kind {
        case .gravity(let gravity)?: addGravity(e, gravity)
        case .collision(let collision)?: addCollision(e, collision)
        case .attachment(let attachment)?: addAttachment(e, attachment)
        case .snap(let snap)?: addSnap(e, snap)
        case .push(let push)?: addPush(e, push)
        case .dynamicItem(let dynamicItem)?: addDynamicItem(e, dynamicItem)
        case .field(let field)?: addField(e, field)
        case nil: break
        }
    }

    /// The alive entries whose behavior has this id.
    private func aliveEntries(named id: String) -> [Int] {
        entries.indices.filter { entries[$0].alive && entries[$0].behavior.id?.isSameId(as: id) == true }
    }

    /// `removeBehavior:` of every alive behavior with this id.
    func remove(named id: String) {
        for e in aliveEntries(named: id) { remove(e) }
    }

    private func remove(_ e: Int) {
        causesChanged = true
        entries[e].alive = false
        switch entries[e].behavior.kind {
        case .gravity?: removeGravity(e)
        case .collision?: removeCollision(e)
        case .attachment?:
            if case .joint(let joint) = entries[e].handle { world.removeJoint(joint) }
        case .snap?: removeSnap(e)
        case .push?: removePush(e)
        case .dynamicItem?: removeDynamicItem(e)
        case .field?:
            if case .field(let field) = entries[e].handle { world.removeField(field) }
        case nil: break
        }
        for item in entries[e].items {
            naming[item] -= 1
            if naming[item] == 0 { world.setInSimulation(bodies[item], false) }
        }
    }

    /// A `set` event on every alive behavior with this id.
    func set(named id: String, _ values: LiveValues) {
        for e in aliveEntries(named: id) { set(e, values) }
    }

    private func set(_ e: Int, _ values: LiveValues) {
        if let items = values.items { changeItems(e, to: items) }
        causesChanged = true
        switch (entries[e].behavior.kind, entries[e].handle) {
        case (.gravity?, _):
            guard values.direction != nil || values.angle != nil || values.magnitude != nil else { return }
            entries[e].vector = Self.changed(entries[e].vector, values)
            gravityVector = entries[e].vector
            world.setGravity(Engine.Vector(entries[e].vector))
        case (.attachment?, .joint(let joint)):
            if let anchor = values.anchor { world.setJointAnchor(joint, Engine.Vector(anchor)) }
            if let length = values.length { world.setJointLength(joint, length) }
            if let damping = values.damping { world.setJointDamping(joint, damping) }
            if let frequency = values.frequency { world.setJointFrequency(joint, frequency) }
            if entries[e].attachment?.anchor != nil, let anchor = values.anchor {
                entries[e].attachment?.anchor = anchor
            }
            if let length = values.length { entries[e].attachment?.length = length }
            if let frequency = values.frequency { entries[e].attachment?.frequency = frequency }
        case (.snap?, .snap(let snap)):
            guard let point = values.point else { return }
            entries[e].vector = point
            if let snap { world.setSnapPoint(snap, Engine.Vector(point)) }
        case (.push?, .push(let push)):
            if values.direction != nil || values.angle != nil || values.magnitude != nil {
                entries[e].vector = Self.changed(entries[e].vector, values)
                world.setPushForce(push, Engine.Vector(entries[e].vector))
            }
            if let active = values.active {
                world.setPushActive(push, active)
                entries[e].active = active
                if active, case .push(let behavior)? = entries[e].behavior.kind, behavior.resolvedMode == .instantaneous
                {
                    armedPushes.append(e)
                }
            }
        default:
            break
        }
    }

    /// A gravity's or push's vector after a `set` of `direction`, `angle` or `magnitude`: a direction replaces
    /// the vector; an angle keeps the magnitude and a magnitude keeps the angle (UIKit's three views of one vector).
    static func changed(_ vector: Vector, _ values: LiveValues) -> Vector {
        var result = values.direction ?? vector
        if values.angle != nil || values.magnitude != nil {
            let angle = values.angle ?? atan2(result.y, result.x)
            let magnitude = values.magnitude ?? result.length
            result = .polar(angle: angle, magnitude: magnitude)
        }
        return result
    }
}

extension Engine.Vector {
    /// A scene point or vector in the engine's type.
    init(_ vector: Vector) { self.init(vector.x, vector.y) }
}

extension Vector {
    /// An engine vector in the scene's type.
    init(_ vector: Engine.Vector) { self.init(x: vector.x, y: vector.y) }
}
