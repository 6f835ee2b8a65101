import Scene
import SourceLiterals

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

// From a decoded scene without errors to the plan. A value the scene leaves out stays out of the code when
// UIKit's own default is the scene's (the catalog holds both); where a UIKit initializer or factory needs an
// argument the scene may omit, the argument is the catalog's default (or, for a field's position, the center
// of the reference view, as scene-format.md says).
//
// UIKit's pin, fixed and sliding factories take one anchor point in the reference view where the scene gives a
// point on each side; the code passes the attached item's point, and a note says so when the other point is
// somewhere else.

extension GenerationPlan {
    /// A scene that cannot be planned: a value that a scene without errors always has is missing.
    package struct Unplannable: Error, Sendable {
        package var pointer: String
    }

    /// The plan of `scene`, which must have no errors; `typeName` is already a valid identifier.
    package static func build(_ scene: Scene, typeName: String) throws(Unplannable) -> GenerationPlan {
        var builder = Builder(scene: scene)
        return try builder.plan(typeName: typeName)
    }
}

private struct Builder {
    let scene: Scene
    var itemIndex: [[UInt8]: Int] = [:]
    var items: [PlannedItem] = []
    var boundaries: [PlannedBoundary] = []
    var notes: [String] = []

    init(scene: Scene) { self.scene = scene }

    mutating func plan(typeName: String) throws(GenerationPlan.Unplannable) -> GenerationPlan {
        let reference = try need(scene.referenceView, scene.pointer.description + "/referenceView")
        for item in scene.items {
            let id = try need(item.id, item.pointer.description + "/id")
            let shape: PlannedItem.Shape =
                switch item.resolvedCollisionBounds {
                case .rectangle: .rectangle
                case .ellipse: .ellipse
                case .path(let points): .path(points)
                }
            if itemIndex[Array(id.utf8)] == nil { itemIndex[Array(id.utf8)] = items.count }
            items.append(
                PlannedItem(
                    id: id, center: try need(item.center, item.pointer.description + "/center"),
                    size: try need(item.size, item.pointer.description + "/size"), angle: item.resolvedAngle,
                    shape: shape, pin: item.resolvedPin(in: scene),
                    color: item.color.map { color in
                        let (red, green, blue) = color.fractions
                        return PlannedItem.Color(red: red, green: green, blue: blue, alpha: 1)
                    }))
        }

        var addingEvents: [Int] = []
        for (index, event) in scene.events.enumerated() {
            if case .add? = event.action { addingEvents.append(index) }
        }
        var behaviors: [PlannedBehavior] = []
        for behavior in scene.behaviors {
            behaviors.append(try plan(behavior, index: behaviors.count, addingEvent: nil, reference: reference))
        }
        var addedBehavior: [Int: Int] = [:]
        for event in addingEvents {
            guard case .add(let behavior)? = scene.events[event].action else { continue }
            addedBehavior[event] = behaviors.count
            behaviors.append(try plan(behavior, index: behaviors.count, addingEvent: event, reference: reference))
        }

        let targets = scene.eventTargets
        var events: [PlannedEvent] = []
        for (index, event) in scene.events.enumerated() {
            var pointer: String { event.pointer.description }
            let at = event.isReaction ? nil : try need(event.at, pointer + "/at")
            let trigger = try event.on.map { (on) throws(GenerationPlan.Unplannable) in
                try self.trigger(on, once: event.once)
            }
            let action: PlannedEvent.Action
            switch try need(event.action, pointer) {
            case .add:
                action = .add(addedBehavior[index]!)
            case .remove:
                action = .remove(try need(targets[index], pointer + "/remove"))
            case .set(_, let values):
                let target = try need(targets[index], pointer + "/set")
                let type = behaviors[target].type
                var assignments: [PlannedAssignment] = []
                for name in values.keys {
                    guard let key = Catalog.key(name, in: .behavior(type)), key.isLive,
                        let value = liveValue(name, of: values)
                    else { continue }
                    assignments.append(PlannedAssignment(key: key, value: value))
                }
                let liveItems: [Int]?
                if values.keys.contains("items"), let references = values.items,
                    Catalog.key("items", in: .behavior(type))?.isLive == true
                {
                    var distinct: [Int] = []
                    for index in try items(references) where !distinct.contains(index) { distinct.append(index) }
                    liveItems = distinct
                } else {
                    liveItems = nil
                }
                action = .set(target, assignments, items: liveItems)
            case .pan(_, let pan):
                let target = try need(targets[index], pointer + "/pan")
                let type = behaviors[target].type
                // The point a finger moves: an attachment's anchor, a snap's point (the keys a pan sets).
                let name = type == .snap ? "point" : "anchor"
                let key = try need(Catalog.key(name, in: .behavior(type)), pointer + "/pan")
                guard !pan.path.isEmpty else { throw GenerationPlan.Unplannable(pointer: pointer + "/path") }
                action = .pan(target, key: key, path: pan.path, duration: pan.duration)
            }
            events.append(PlannedEvent(at: at, trigger: trigger, action: action))
        }
        let byTime = events.indices.filter { events[$0].at != nil }.sorted {
            let (a, b) = (events[$0].at!, events[$1].at!)
            return a != b ? a < b : $0 < $1
        }

        return GenerationPlan(
            typeName: typeName, sceneName: scene.name, referenceSize: reference, items: items, behaviors: behaviors,
            events: events, eventsByTime: byTime, boundaries: boundaries, notes: notes,
            expectations: scene.expectations.compactMap(describe))
    }

    /// A reaction's contact, with its items by index.
    private func trigger(_ on: ContactTrigger, once: Bool) throws(GenerationPlan.Unplannable) -> PlannedTrigger {
        let filter = try need(on.filter, on.pointer.description)
        let partner: PlannedTrigger.Partner =
            switch filter.partner {
            case .item(let other): .item(try item(other, other.pointer.description))
            case .boundary(let id, _): .boundary(id)
            }
        return PlannedTrigger(
            ended: on.ended, item: try item(filter.item, filter.pointer.description + "/item"), partner: partner,
            once: once)
    }

    /// An expectation in one sentence; nil for one without its values (a scene without errors has none).
    private func describe(_ expectation: Expectation) -> String? {
        func quoted(_ id: String) -> String { StringLiteral.quotedForComment(id) }
        func pair(_ filter: ContactFilter) -> String {
            switch filter.partner {
            case .item(let other): "\(quoted(filter.item.id)) and \(quoted(other.id))"
            case .boundary(nil, _): "\(quoted(filter.item.id)) and the reference view's bounds"
            case .boundary(let id?, _): "\(quoted(filter.item.id)) and the boundary \(quoted(id))"
            }
        }
        switch expectation.kind {
        case .rests(let item, let by)?:
            return "\(quoted(item.id)) rests by \(format(by)) s."
        case .near(let item, let point, let within, let by, let angleWithin)?:
            let angle = angleWithin.map { ", its angle within \(format($0)) rad of 0" } ?? ""
            return "from \(format(by)) s on, \(quoted(item.id)) stays within \(format(within)) pt of "
                + "(\(format(point.x)), \(format(point.y)))\(angle)."
        case .contact(let filter, let before)?:
            return "a contact between \(pair(filter)) begins before \(format(before)) s."
        case .noContact(let filter)?:
            return "no contact between \(pair(filter)) ever begins."
        case .pauses(let by)?:
            return "the animator pauses by \(format(by)) s."
        case nil:
            return nil
        }
    }

    private func liveValue(_ name: String, of values: LiveValues) -> PlannedValue? {
        switch name {
        case "anchor": values.anchor.map(PlannedValue.point)
        case "point": values.point.map(PlannedValue.point)
        case "length": values.length.map(PlannedValue.number)
        case "damping": values.damping.map(PlannedValue.number)
        case "frequency": values.frequency.map(PlannedValue.number)
        case "active": values.active.map(PlannedValue.bool)
        case "direction": values.direction.map(PlannedValue.vector)
        case "angle": values.angle.map(PlannedValue.number)
        case "magnitude": values.magnitude.map(PlannedValue.number)
        default: nil  // `items` is not a property: addItem(_:) and removeItem(_:)
        }
    }

    /// `value`, or the error naming `pointer` (built only then: a scene without errors never needs it).
    private func need<T>(_ value: T?, _ pointer: @autoclosure () -> String) throws(GenerationPlan.Unplannable) -> T {
        guard let value else { throw GenerationPlan.Unplannable(pointer: pointer()) }
        return value
    }

    private func item(
        _ reference: Reference?, _ pointer: @autoclosure () -> String
    ) throws(GenerationPlan.Unplannable) -> Int {
        let reference = try need(reference, pointer())
        return try need(itemIndex[Array(reference.id.utf8)], reference.pointer.description)
    }

    private func items(_ references: [Reference]) throws(GenerationPlan.Unplannable) -> [Int] {
        var indices: [Int] = []
        indices.reserveCapacity(references.count)
        for reference in references { indices.append(try item(reference, reference.pointer.description)) }
        return indices
    }

    /// The assignment of catalog key `name` of `type`, when the scene gives the value.
    private func assign(_ name: String, of type: BehaviorType, _ value: PlannedValue?) -> PlannedAssignment? {
        guard let value else { return nil }
        return PlannedAssignment(key: Catalog.knownKey(name, in: .behavior(type)), value: value)
    }

    /// The point of an item at `offset` from its center, turning with the item's starting angle.
    private func point(of item: Int, offset: Vector) -> Point {
        let placed = items[item]
        if placed.angle == 0 { return Point(x: placed.center.x + offset.x, y: placed.center.y + offset.y) }
        let c = cos(placed.angle)
        let s = sin(placed.angle)
        return Point(
            x: placed.center.x + c * offset.x - s * offset.y, y: placed.center.y + s * offset.x + c * offset.y)
    }

    private mutating func noteApart(_ behavior: Behavior, _ what: String, _ a: Point, _ b: Point) {
        guard (a.x - b.x).magnitude > 1e-9 || (a.y - b.y).magnitude > 1e-9 else { return }
        let name = behavior.id.map { "attachment \"\($0)\"" } ?? "the attachment at \(behavior.pointer.description)"
        notes.append(
            "\(name): UIKit's \(what) takes one anchor point; the code passes the attached item's point, "
                + "(\(format(a.x)), \(format(a.y))), where the scene's other point is (\(format(b.x)), \(format(b.y)))")
    }

    private func format(_ value: Double) -> String { NumberLiteral.text(value) }

    private mutating func plan(
        _ behavior: Behavior, index: Int, addingEvent: Int?, reference: Size
    ) throws(GenerationPlan.Unplannable) -> PlannedBehavior {
        var pointer: String { behavior.pointer.description }
        let kind = try need(behavior.kind, pointer + "/type")
        let type = kind.type
        var assignments: [PlannedAssignment?] = []
        var steps: [PlannedStep] = []
        var afterAdd: [PlannedAfterAdd] = []
        let construction: PlannedConstruction
        switch kind {
        case .gravity(let b):
            construction = .gravity(items: try items(b.items))
            assignments = [
                assign("direction", of: type, b.direction.map(PlannedValue.vector)),
                assign("angle", of: type, b.angle.map(PlannedValue.number)),
                assign("magnitude", of: type, b.magnitude.map(PlannedValue.number)),
            ]
        case .collision(let b):
            construction = .collision(items: try items(b.items))
            assignments = [assign("mode", of: type, b.mode.map(PlannedValue.collisionMode))]
            if b.translatesReferenceBoundsIntoBoundary {
                steps.append(
                    b.insets.map(PlannedStep.translatesReferenceBoundsWithInsets) ?? .translatesReferenceBounds)
            }
            for boundary in b.boundaries {
                let id = try need(boundary.id, boundary.pointer.description + "/id")
                boundaries.append(
                    PlannedBoundary(id: id, behavior: index, pin: boundary.resolvedPin(default: scene.defaultPin)))
                switch try need(boundary.shape, boundary.pointer.description) {
                case .segment(let from, let to):
                    steps.append(.segmentBoundary(boundaries.count - 1, from: from, to: to))
                case .path(let points): steps.append(.pathBoundary(boundaries.count - 1, points: points))
                }
            }
            steps.append(.collisionDelegate)
        case .attachment(let b):
            let item = try item(b.item, pointer + "/item")
            let offset = b.offset ?? .zero
            let other = try b.attachedTo.map { (reference) throws(GenerationPlan.Unplannable) in
                try self.item(reference, pointer + "/attachedTo")
            }
            let otherOffset = b.attachedOffset ?? .zero
            switch b.resolvedKind {
            case .distance:
                if let other {
                    construction = .attachmentToItem(item: item, offset: offset, other: other, otherOffset: otherOffset)
                } else {
                    construction = .attachmentToAnchor(
                        item: item, offset: offset, anchor: try need(b.anchor, pointer + "/anchor"))
                }
            case .limit:
                construction = .limit(
                    item: item, offset: offset, other: try need(other, pointer + "/attachedTo"),
                    otherOffset: otherOffset)
            case .pin, .fixed:
                let other = try need(other, pointer + "/attachedTo")
                let anchor = point(of: item, offset: offset)
                let pin = b.resolvedKind == .pin
                noteApart(
                    behavior,
                    pin
                        ? "pinAttachment(with:attachedTo:attachmentAnchor:)"
                        : "fixedAttachment(with:attachedTo:attachmentAnchor:)",
                    anchor, point(of: other, offset: otherOffset))
                construction =
                    pin
                    ? .pin(item: item, other: other, anchor: anchor) : .fixed(item: item, other: other, anchor: anchor)
            case .sliding:
                let axis = try need(b.axis, pointer + "/axis")
                let anchor = point(of: item, offset: offset)
                if let other {
                    noteApart(
                        behavior, "slidingAttachment(with:attachedTo:attachmentAnchor:axisOfTranslation:)", anchor,
                        point(of: other, offset: otherOffset))
                    construction = .slidingToItem(item: item, other: other, anchor: anchor, axis: axis)
                } else {
                    let fixedPoint = try need(b.anchor, pointer + "/anchor")
                    noteApart(
                        behavior, "slidingAttachment(with:attachmentAnchor:axisOfTranslation:)", anchor, fixedPoint)
                    construction = .slidingToAnchor(item: item, anchor: anchor, axis: axis)
                }
            }
            assignments = [
                assign("length", of: type, b.length.map(PlannedValue.number)),
                assign("damping", of: type, b.damping.map(PlannedValue.number)),
                assign("frequency", of: type, b.frequency.map(PlannedValue.number)),
                assign("frictionTorque", of: type, b.frictionTorque.map(PlannedValue.number)),
                assign("range", of: type, b.range.map(PlannedValue.range)),
            ]
        case .snap(let b):
            construction = .snap(
                item: try item(b.item, pointer + "/item"), point: try need(b.point, pointer + "/point"))
            assignments = [assign("damping", of: type, b.damping.map(PlannedValue.number))]
        case .push(let b):
            let items = try items(b.items)
            construction = .push(items: items, mode: b.resolvedMode)
            assignments = [
                assign("direction", of: type, b.direction.map(PlannedValue.vector)),
                assign("angle", of: type, b.angle.map(PlannedValue.number)),
                assign("magnitude", of: type, b.magnitude.map(PlannedValue.number)),
                assign("active", of: type, b.active.map(PlannedValue.bool)),
            ]
            if let offset = b.offset { steps += items.map { .targetOffset(item: $0, offset: offset) } }
        case .dynamicItem(let b):
            let items = try items(b.items)
            construction = .dynamicItem(items: items)
            assignments = zip(Catalog.itemProperties, b.values).map { property, value in
                assign(
                    property.name, of: type,
                    value.map { value in
                        switch value {
                        case .number(let number): PlannedValue.number(number)
                        case .flag(let flag): PlannedValue.bool(flag)
                        }
                    })
            }
            if let velocity = b.linearVelocity, velocity != .zero {
                afterAdd += items.map { .linearVelocity(item: $0, velocity: velocity) }
            }
            if let velocity = b.angularVelocity, velocity != 0 {
                afterAdd += items.map { .angularVelocity(item: $0, velocity: velocity) }
            }
        case .field(let b):
            let fieldType = ObjectKind.behavior(.field)
            func defaultNumber(_ name: String) -> Double { Catalog.defaultNumber(name, in: fieldType) ?? 0 }
            let defaultDirection: Vector =
                if case .array(let xy)? = Catalog.key("direction", in: fieldType)?.defaultValue, xy.count == 2,
                    let x = xy[0].numberValue, let y = xy[1].numberValue
                {
                    Vector(x: x, y: y)
                } else {
                    Vector(x: 0, y: 1)
                }
            let position = b.position ?? Point(x: reference.width / 2, y: reference.height / 2)
            let field: PlannedField =
                switch try need(b.kind, pointer + "/kind") {
                case .linearGravity: .linearGravity(direction: b.direction ?? defaultDirection)
                case .radialGravity: .radialGravity(position: position)
                case .spring: .spring
                case .drag: .drag
                case .vortex: .vortex
                case .velocity: .velocity(direction: b.direction ?? defaultDirection)
                case .noise:
                    .noise(
                        smoothness: b.smoothness ?? defaultNumber("smoothness"),
                        animationSpeed: b.animationSpeed ?? defaultNumber("animationSpeed"))
                case .turbulence:
                    .turbulence(
                        smoothness: b.smoothness ?? defaultNumber("smoothness"),
                        animationSpeed: b.animationSpeed ?? defaultNumber("animationSpeed"))
                case .electric: .electric
                case .magnetic: .magnetic
                }
            construction = .field(field)
            steps = try items(b.items).map { .addItem($0) }
            if case .radialGravity = field {
                assignments = []
            } else {
                assignments = [assign("position", of: type, .point(position))]
            }
            assignments += [
                assign("region", of: type, b.region.map(PlannedValue.region)),
                assign("strength", of: type, b.strength.map(PlannedValue.number)),
                assign("falloff", of: type, b.falloff.map(PlannedValue.number)),
                assign("minimumRadius", of: type, b.minimumRadius.map(PlannedValue.number)),
            ]
        }
        let pin = behavior.resolvedPin(in: scene)
        let pointPin: Pin =
            switch (kind, construction) {
            case (.field(let b), _) where b.position == nil: Pin(.centerX, .centerY)
            case (_, .pin(let item, _, _)), (_, .fixed(let item, _, _)), (_, .slidingToItem(let item, _, _, _)),
                (_, .slidingToAnchor(let item, _, _)):
                items[item].pin
            default: pin
            }
        return PlannedBehavior(
            id: behavior.id, type: type, addingEvent: addingEvent, construction: construction,
            assignments: assignments.compactMap { $0 }, steps: steps, afterAdd: afterAdd, pin: pin, pointPin: pointPin)
    }
}
