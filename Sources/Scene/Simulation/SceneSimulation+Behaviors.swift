// Adding and removing each kind of behavior on the world; see SceneSimulation.swift for the bookkeeping rules.
import Engine

extension SceneSimulation {
    // MARK: Gravity

    func addGravity(_ e: Int, _ gravity: GravityBehavior) {
        entries[e].vector = gravity.resolvedVector
        for item in entries[e].items {
            gravityNaming[item] += 1
            if gravityNaming[item] == 1 { world.setAffectedByGravity(bodies[item], true) }
        }
        changeContinuousNaming(entries[e].items, by: 1)
        gravityVector = entries[e].vector
        world.setGravity(Engine.Vector(entries[e].vector))
    }

    func removeGravity(_ e: Int) {
        for item in entries[e].items {
            gravityNaming[item] -= 1
            if gravityNaming[item] == 0 { world.setAffectedByGravity(bodies[item], false) }
        }
        changeContinuousNaming(entries[e].items, by: -1)
        gravityVector = .zero
        world.setGravity(.zero)
    }

    /// Continuous collision for the items named by a gravity or push behavior.
    func changeContinuousNaming(_ items: [Int], by change: Int) {
        for item in items {
            continuousNaming[item] += change
            world.setContinuousCollision(bodies[item], continuousNaming[item] > 0)
        }
    }

    // MARK: Collision

    func addCollision(_ e: Int, _ collision: CollisionBehavior) {
        var boundaries: [BoundaryShape] = []
        var boundaryIDs: [String?] = []
        var segments: [BoundarySegment] = []
        for boundary in collision.boundaries {
            guard let shape = boundary.shape else { continue }
            let index = boundaries.count
            switch shape {
            case .segment(let from, let to):
                boundaries.append(.segment(from: Engine.Vector(from), to: Engine.Vector(to)))
                segments.append(BoundarySegment(from: from, to: to, boundary: index))
            case .path(let points):
                let finite = points.filter { $0.x.isFinite && $0.y.isFinite }
                boundaries.append(.loop(finite.map(Engine.Vector.init)))
                if finite.count >= 2 {
                    let count = finite.count == 2 ? 1 : finite.count
                    for s in 0..<count {
                        segments.append(
                            BoundarySegment(from: finite[s], to: finite[(s + 1) % finite.count], boundary: index))
                    }
                }
            }
            boundaryIDs.append(boundary.id)
        }
        var referenceBounds: Rect?
        if collision.translatesReferenceBoundsIntoBoundary, let view = scene.referenceView {
            let insets = collision.resolvedInsets
            let bounds = Rect(
                x: insets.left, y: insets.top, width: view.width - insets.left - insets.right,
                height: view.height - insets.top - insets.bottom)
            referenceBounds = bounds
            // The engine puts the boundary 1 pt outside the (inset) bounds.
            let x0 = bounds.origin.x - 1
            let y0 = bounds.origin.y - 1
            let x1 = bounds.maxX + 1
            let y1 = bounds.maxY + 1
            let corners = [Vector(x: x0, y: y0), Vector(x: x1, y: y0), Vector(x: x1, y: y1), Vector(x: x0, y: y1)]
            for s in 0..<4 {
                segments.append(BoundarySegment(from: corners[s], to: corners[(s + 1) % 4], boundary: nil))
            }
        }
        let mode: Engine.CollisionMode
        switch collision.resolvedMode {
        case .everything: mode = .everything
        case .items: mode = .items
        case .boundaries: mode = .boundaries
        }
        let items = entries[e].items
        let group = world.addCollisionGroup(
            CollisionGroupDefinition(
                bodies: items.map { bodies[$0] }, mode: mode, boundaries: boundaries, referenceBounds: referenceBounds))
        entries[e].handle = .collision(group)
        collisionGroups.append(
            CollisionRecord(
                group: group, items: items, collidesWithBoundaries: mode != .items,
                boundaryIDs: boundaryIDs, segments: segments))
    }

    func removeCollision(_ e: Int) {
        guard case .collision(let group) = entries[e].handle else { return }
        world.removeCollisionGroup(group)
        if let record = collisionGroups.firstIndex(where: { $0.group == group }) {
            collisionGroups[record].alive = false
        }
    }

    /// The boundary id a contact names: nil for the reference bounds.
    func boundaryID(group: CollisionGroupID, index: Int?) -> String? {
        guard let index, let record = collisionGroups.first(where: { $0.group == group }),
            record.boundaryIDs.indices.contains(index)
        else { return nil }
        return record.boundaryIDs[index]
    }

    // MARK: Attachment

    func addAttachment(_ e: Int, _ attachment: AttachmentBehavior) {
        guard let reference = attachment.item, let item = itemIndex[reference.id.exactId] else { return }
        let anchor: JointAnchor
        if let point = attachment.anchor {
            anchor = .point(Engine.Vector(point))
        } else if let other = attachment.attachedTo, let otherItem = itemIndex[other.id.exactId], otherItem != item {
            anchor = .body(bodies[otherItem], offset: Engine.Vector(attachment.attachedOffset ?? .zero))
        } else {
            return
        }
        func range(_ interval: Interval?) -> ClosedRange<Double>? {
            guard let interval, interval.min <= interval.max else { return nil }
            return interval.min...interval.max
        }
        let kind: JointKind
        switch attachment.resolvedKind {
        case .distance:
            kind = .distance(
                length: attachment.length, frequency: attachment.resolvedFrequency, damping: attachment.resolvedDamping)
        case .pin:
            kind = .pin(frictionTorque: attachment.resolvedFrictionTorque, range: range(attachment.range))
        case .fixed:
            kind = .fixed
        case .sliding:
            guard let axis = attachment.axis else { return }
            kind = .sliding(axis: Engine.Vector(axis), range: range(attachment.range))
        case .limit:
            kind = .limit(length: attachment.length)
        }
        let joint = world.addJoint(
            JointDefinition(
                body: bodies[item], offset: Engine.Vector(attachment.offset ?? .zero),
                anchor: anchor, kind: kind))
        entries[e].handle = .joint(joint)
        entries[e].attachment = attachmentCause(attachment, behavior: entries[e].behavior.id)
    }

    // MARK: Snap

    func addSnap(_ e: Int, _ snap: SnapBehavior) {
        guard let reference = snap.item, let item = itemIndex[reference.id.exactId], let point = snap.point else {
            return
        }
        entries[e].vector = point
        entries[e].handle = .snap(nil)
        snapEntries[item].append(e)
        if snapEntries[item].count == 1 {
            startSnap(e, item: item)
        } else if snapEntries[item].count == 2 {
            // Several snaps on one item: the animator ignores all of them.
            stopSnap(snapEntries[item][0])
        }
    }

    func removeSnap(_ e: Int) {
        guard case .snap? = entries[e].behavior.kind, case .snap = entries[e].handle,
            let item = snapEntries.firstIndex(where: { $0.contains(e) })
        else { return }
        stopSnap(e)
        snapEntries[item].removeAll { $0 == e }
        if snapEntries[item].count == 1 { startSnap(snapEntries[item][0], item: item) }
    }

    private func startSnap(_ e: Int, item: Int) {
        guard case .snap(let behavior)? = entries[e].behavior.kind else { return }
        let snap = world.addSnap(
            body: bodies[item], point: Engine.Vector(entries[e].vector), damping: behavior.resolvedDamping)
        entries[e].handle = .snap(snap)
    }

    private func stopSnap(_ e: Int) {
        guard case .snap(let snap?) = entries[e].handle else { return }
        world.removeSnap(snap)
        entries[e].handle = .snap(nil)
    }

    // MARK: Push

    func addPush(_ e: Int, _ push: PushBehavior) {
        entries[e].vector = push.resolvedVector
        let mode: Engine.PushMode = push.resolvedMode == .instantaneous ? .instantaneous : .continuous
        let id = world.addPush(
            PushDefinition(
                bodies: entries[e].items.map { bodies[$0] }, mode: mode,
                force: Engine.Vector(entries[e].vector),
                offset: Engine.Vector(push.offset ?? .zero), active: push.active ?? true))
        entries[e].handle = .push(id)
        entries[e].active = push.active ?? true
        if mode == .instantaneous && entries[e].active { armedPushes.append(e) }
        changeContinuousNaming(entries[e].items, by: 1)
    }

    /// Rebuilds a push on the engine for its entry's current items, with its current force and active state.
    func rebuildPush(_ e: Int, _ push: PushBehavior) {
        guard case .push(let old) = entries[e].handle else { return }
        let active = world.isPushActive(old)
        world.removePush(old)
        let mode: Engine.PushMode = push.resolvedMode == .instantaneous ? .instantaneous : .continuous
        entries[e].handle = .push(
            world.addPush(
                PushDefinition(
                    bodies: entries[e].items.map { bodies[$0] }, mode: mode, force: Engine.Vector(entries[e].vector),
                    offset: Engine.Vector(push.offset ?? .zero), active: active)))
    }

    func removePush(_ e: Int) {
        if case .push(let push) = entries[e].handle { world.removePush(push) }
        changeContinuousNaming(entries[e].items, by: -1)
    }

    // MARK: Dynamic item

    func addDynamicItem(_ e: Int, _ behavior: DynamicItemBehavior) {
        for item in entries[e].items {
            Self.lay(behavior, over: &properties[item])
            world.setProperties(bodies[item], properties[item])
        }
        // addLinearVelocity / addAngularVelocity, once, when the behavior is added.
        let linear = behavior.linearVelocity ?? .zero
        let angular = behavior.angularVelocity ?? DynamicItemBehavior.defaultAngularVelocity
        if linear != .zero || angular != 0 {
            for item in entries[e].items {
                world.addVelocity(bodies[item], linear: Engine.Vector(linear), angular: angular)
            }
        }
    }

    func removeDynamicItem(_ e: Int) {
        for item in entries[e].items { restoreProperties(of: item) }
    }

    /// Returns an item to the defaults (keeping `anchored` and `charge`) and lays the alive dynamicItem behaviors
    /// that name it over them again, in the order they were added.
    func restoreProperties(of item: Int) {
        var restored = BodyProperties()
        restored.anchored = properties[item].anchored
        restored.charge = properties[item].charge
        for other in entries where other.alive && other.items.contains(item) {
            if case .dynamicItem(let behavior)? = other.behavior.kind { Self.lay(behavior, over: &restored) }
        }
        properties[item] = restored
        world.setProperties(bodies[item], restored)
    }

    /// The properties a dynamicItem behavior sets, laid over `properties` (unset ones are nil in the model).
    static func lay(_ behavior: DynamicItemBehavior, over properties: inout BodyProperties) {
        for (property, value) in zip(Catalog.itemProperties, behavior.values) {
            if let value { property.lay(value, over: &properties) }
        }
    }

    // MARK: Field

    /// Adds a field; `seed` keeps the noise of a field rebuilt for new items (a new field takes the next one).
    func addField(_ e: Int, _ field: FieldBehavior, seed: UInt64? = nil) {
        guard let fieldKind = field.kind else { return }
        let kind = fieldKind.engineKind(
            direction: field.direction ?? Vector(x: 0, y: 1),
            smoothness: field.smoothness ?? FieldBehavior.defaultSmoothness,
            animationSpeed: field.animationSpeed ?? FieldBehavior.defaultAnimationSpeed)
        let view = scene.referenceView ?? Size(width: 0, height: 0)
        let position = field.position ?? Vector(x: view.width / 2, y: view.height / 2)
        var definition = FieldDefinition(
            kind: kind, bodies: entries[e].items.map { bodies[$0] }, position: Engine.Vector(position))
        switch field.region {
        case .radius(let radius)?: definition.region = .circle(radius: radius)
        case .size(let size)?: definition.region = .rectangle(size: Engine.Vector(size.width, size.height))
        case nil: definition.region = .infinite
        }
        definition.strength = field.strength ?? FieldDefinition.defaultStrength
        definition.falloff = field.falloff
        definition.minimumRadius = field.minimumRadius ?? FieldDefinition.defaultMinimumRadius
        // Noise differs from field to field but not from run to run.
        if let seed {
            definition.seed = seed
        } else {
            definition.seed = fieldsAdded
            fieldsAdded += 1
        }
        entries[e].seed = definition.seed
        entries[e].handle = .field(world.addField(definition))
    }
}
