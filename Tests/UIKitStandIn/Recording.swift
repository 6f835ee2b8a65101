// What the stand-in's classes record, and the scene it turns that back into.
//
// The test names each item by its scene id (`name(_:as:)`), lets the generated code build its animator, then
// applies the timeline either event by event (`beginEvent(at:)` before each) or through the display link
// (`beginTimeline()`, `runDisplayLinks`). Every `addBehavior` takes a snapshot of the behavior in the scene's
// keys (an item's state is taken when a behavior first brings it into the animator: UIKit reads it then); a
// property assigned while the behavior is in the animator is a `set`; `removeBehavior` a `remove`. Consecutive
// assignments to one behavior within one event (or one display frame) make one `set` event.
//
// Applied event by event, a reaction (`beginReaction`) keeps its contact as its `on`, and a pan (`beginPan`) turns
// the one anchor (or snap point) it writes into a `pan` event of the path the generated code holds. Through the
// display link, every frame's writes are `at` events at the frame's time: a pan's writes are `set`s of its point,
// frame by frame, and a reaction's action is an event at the frame it applied on. The test then replays the
// original preview's contacts into the collision delegates (`loadContacts`) after each frame, as the animator's
// step would report them, and lists the frames on which something was written (`writtenFrames`).

/// A JSON value, written the way the scene format reads it back exactly (numbers in Swift's shortest form).
enum JSONText: @unchecked Sendable {
    case number(CGFloat)
    case string(String)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])
    case null

    typealias Member = (String, JSONText)

    static func point(_ p: CGPoint) -> JSONText { .array([.number(p.x), .number(p.y)]) }
    static func vector(_ v: CGVector) -> JSONText { .array([.number(v.dx), .number(v.dy)]) }
    static func offset(_ o: UIOffset) -> JSONText { .array([.number(o.horizontal), .number(o.vertical)]) }

    var text: String {
        switch self {
        case .number(let n): Double(n).description
        case .string(let s): JSONText.quoted(s)
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        case .array(let elements): "[" + elements.map(\.text).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { JSONText.quoted($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// The recording (test harness API).
public enum Recording {
    private enum Entry {
        /// A behavior added, its snapshot; `time` nil before the timeline.
        case add(UIDynamicBehavior, snapshot: [(String, JSONText)], time: Double?, group: Int)
        case set(UIDynamicBehavior, key: String, value: JSONText, time: Double?, group: Int)
        case remove(UIDynamicBehavior, time: Double?, group: Int)
    }

    nonisolated(unsafe) static var mediaTime: CFTimeInterval = 0
    /// The display links created since `reset()`, in order.
    nonisolated(unsafe) public static var links: [CADisplayLink] = []
    nonisolated(unsafe) private static var animators: [UIDynamicAnimator] = []
    nonisolated(unsafe) private static var names: [ObjectIdentifier: String] = [:]
    nonisolated(unsafe) private static var order: [(id: String, item: any UIDynamicItem)] = []
    nonisolated(unsafe) private static var itemStates: [ObjectIdentifier: JSONText] = [:]
    nonisolated(unsafe) private static var referenceSize: CGSize?
    nonisolated(unsafe) private static var entries: [Entry] = []
    nonisolated(unsafe) private static var time: Double?
    nonisolated(unsafe) private static var group = 0
    nonisolated(unsafe) private static var behaviorCount = 0
    nonisolated(unsafe) private static var problems: [String] = []
    /// The `on` (and `once`) member text of the reaction that each group (by group number) applies.
    nonisolated(unsafe) private static var reactionGroups: [Int: String] = [:]
    /// The path and duration of the pan that each group (by group number) starts.
    nonisolated(unsafe) private static var panGroups: [Int: (path: [CGPoint], duration: Double)] = [:]
    /// The contacts to replay through the display link, by frame.
    nonisolated(unsafe) private static var contacts: [Int: [Contact]] = [:]
    /// The display frame being fired (0 before the first); nil when the timeline is not played.
    nonisolated(unsafe) private static var frame: Int?
    /// The frames on which the display link wrote something.
    nonisolated(unsafe) public private(set) static var writtenFrames: Set<Int> = []

    /// A contact event of the preview json.
    private struct Contact {
        var ended: Bool
        var item: String
        /// Another item's id, or nil for a boundary.
        var partnerItem: String?
        /// A boundary's id; nil for the reference bounds (or another item).
        var boundary: String?
    }

    /// Forgets everything: the next scene starts.
    public static func reset() {
        mediaTime = 0
        links = []
        animators = []
        names = [:]
        order = []
        itemStates = [:]
        referenceSize = nil
        entries = []
        time = nil
        group = 0
        behaviorCount = 0
        problems = []
        reactionGroups = [:]
        panGroups = [:]
        contacts = [:]
        frame = nil
        writtenFrames = []
    }

    /// Names an item by its scene id (call in scene order).
    public static func name(_ item: any UIDynamicItem, as id: String) {
        names[ObjectIdentifier(item)] = id
        order.append((id, item))
    }

    /// What follows is the event at `time` (applied directly, not through the display link).
    public static func beginEvent(at time: Double) {
        self.time = time
        group += 1
    }

    /// What follows is the reaction to the contact `ended` (else began) of `item` with the item `withItem` or, when
    /// it is nil, the boundary `withBoundary` (nil: the reference bounds), applied directly; `once` is kept.
    public static func beginReaction(ended: Bool, item: String, withItem: String?, withBoundary: String?, once: Bool) {
        time = 0
        group += 1
        let with: JSONText.Member =
            withItem.map { ("item", .string($0)) } ?? ("boundary", withBoundary.map(JSONText.string) ?? .null)
        let pair = JSONText.object([("item", .string(item)), ("with", .object([with]))])
        reactionGroups[group] =
            "\"on\": " + JSONText.object([(ended ? "contactEnded" : "contactBegan", pair)]).text
            + (once ? ", \"once\": true" : "")
    }

    /// The event just begun is a pan along `path` for `duration` seconds: the one point it writes names its behavior.
    public static func beginPan(path: [CGPoint], duration: Double) {
        panGroups[group] = (path, duration)
    }

    /// What follows is the timeline, played through the display link from time 0.
    public static func beginTimeline() {
        mediaTime = 0
        time = 0
        frame = 0
        group += 1
    }

    /// Reads the contact events of a preview json (`impulse preview --format json`) to replay them after their
    /// frames; false when the text is not such a preview.
    public static func loadContacts(previewJSON text: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let events = object["events"] as? [[String: Any]]
        else { return false }
        for event in events {
            guard let type = event["type"] as? String, type == "contactBegan" || type == "contactEnded",
                let frame = (event["frame"] as? NSNumber)?.intValue, let item = event["item"] as? String,
                let with = event["with"] as? [String: Any]
            else { continue }
            let contact = Contact(
                ended: type == "contactEnded", item: item, partnerItem: with["item"] as? String,
                boundary: with["boundary"] as? String)
            contacts[frame, default: []].append(contact)
        }
        return true
    }

    /// Fires the display links on a run loop for frames 1…`frames` at `frameRate` (frame n at n / frameRate
    /// seconds), calling `fire` with each link as the run loop would call its target's selector.
    @MainActor public static func runDisplayLinks(frames: Int, frameRate: Double, fire: (CADisplayLink) -> Void) {
        guard frames >= 1 else { return }
        for frame in 1...frames {
            self.frame = frame
            mediaTime = Double(frame) / frameRate
            time = mediaTime
            group += 1
            for link in links where link.isScheduled && !link.isPaused {
                link.timestamp = mediaTime
                fire(link)
            }
            for contact in contacts[frame] ?? [] { deliver(contact) }
        }
    }

    /// Calls the collision delegate of the first collision behavior in the animator that holds the contact's item
    /// (and its partner item), as the animator's step would.
    @MainActor private static func deliver(_ contact: Contact) {
        // Ids are compared byte for byte, as the scene format does.
        func named(_ id: String) -> (any UIDynamicItem)? { order.first { $0.id.utf8.elementsEqual(id.utf8) }?.item }
        guard let item = named(contact.item) else {
            problems.append("a contact of an unknown item \(contact.item)")
            return
        }
        let partner = contact.partnerItem.flatMap(named)
        if contact.partnerItem != nil, partner == nil {
            problems.append("a contact with an unknown item \(contact.partnerItem!)")
            return
        }
        guard
            let collision = animators.lazy.flatMap({ $0.behaviors }).compactMap({ $0 as? UICollisionBehavior })
                .first(where: { behavior in
                    behavior.items.contains { $0 === item }
                        && (partner.map { p in behavior.items.contains { $0 === p } } ?? true)
                })
        else {
            problems.append("a contact of \(contact.item) that no collision behavior in the animator holds")
            return
        }
        guard let delegate = collision.collisionDelegate else { return }
        let identifier = contact.boundary.map { $0 as NSString }
        switch (contact.ended, partner) {
        case (false, let partner?):
            delegate.collisionBehavior(collision, beganContactFor: item, with: partner, at: .zero)
        case (true, let partner?):
            delegate.collisionBehavior(collision, endedContactFor: item, with: partner)
        case (false, nil):
            delegate.collisionBehavior(collision, beganContactFor: item, withBoundaryIdentifier: identifier, at: .zero)
        case (true, nil):
            delegate.collisionBehavior(collision, endedContactFor: item, withBoundaryIdentifier: identifier)
        }
    }

    /// The scene the recording stands for: `name` and `preview` (a JSON object's text) are copied in, since
    /// UIKit has no such thing. `problems` lists what UIKit's API could not have meant as a scene.
    public static func scene(
        name: String, previewJSON: String, expectJSON: String? = nil
    ) -> (json: String, problems: [String]) {
        var problems = self.problems
        let size = referenceSize ?? .zero
        if referenceSize == nil { problems.append("no UIDynamicAnimator was created") }
        var items: [JSONText] = []
        for (id, item) in order {
            items.append(itemStates[ObjectIdentifier(item)] ?? state(of: item, id: id))
        }
        var behaviors: [JSONText] = []
        var events: [String] = []
        var index = 0
        while index < entries.count {
            switch entries[index] {
            case .add(let behavior, let snapshot, let time, let group):
                let velocities = (behavior as? UIDynamicItemBehavior)?.velocityMembers() ?? []
                let object = JSONText.object([("id", .string(behavior.recordedId!))] + snapshot + velocities)
                if let time {
                    events.append("{\(when(time, group)), \"add\": \(object.text)}")
                } else {
                    behaviors.append(object)
                }
                index += 1
            case .remove(let behavior, let time, let group):
                if let time {
                    events.append("{\(when(time, group)), \"remove\": \(JSONText.quoted(behavior.recordedId!))}")
                } else {
                    problems.append("a behavior removed before the timeline")
                }
                index += 1
            case .set(let behavior, _, _, let time, let group):
                var values: [(String, JSONText)] = []
                while index < entries.count,
                    case .set(let other, let key, let value, _, let otherGroup) = entries[index],
                    other === behavior, otherGroup == group
                {
                    if let k = values.firstIndex(where: { $0.0 == key }) {
                        values[k].1 = value
                    } else {
                        values.append((key, value))
                    }
                    index += 1
                }
                guard let time else {
                    problems.append(
                        "a property of \(behavior.recordedId!) changed after it was added, before the timeline")
                    continue
                }
                if let pan = panGroups[group] {
                    // The point that the pan wrote names its behavior; the path is the one the code holds.
                    if values.count != 1 || !["anchor", "point"].contains(values[0].0) {
                        problems.append("a pan wrote \(values.map(\.0)) of \(behavior.recordedId!)")
                    }
                    panGroups[group] = nil
                    events.append(
                        "{\(when(time, group)), \"pan\": \(JSONText.quoted(behavior.recordedId!)), \"path\": "
                            + JSONText.array(pan.path.map(JSONText.point)).text + ", \"duration\": "
                            + pan.duration.description + "}")
                    continue
                }
                events.append(
                    "{\(when(time, group)), \"set\": \(JSONText.quoted(behavior.recordedId!)), \"values\": "
                        + JSONText.object(values).text + "}")
            }
        }
        if !panGroups.isEmpty { problems.append("\(panGroups.count) pan(s) wrote no point") }
        let expectMember: String = expectJSON.map { "\"expect\": " + $0 + ",\n" } ?? ""
        let json =
            "{\"format\": 1, \"name\": \(JSONText.quoted(name)), \"referenceView\": {\"width\": "
            + "\(Double(size.width).description), \"height\": \(Double(size.height).description)},\n"
            + "\"items\": [\n" + items.map(\.text).joined(separator: ",\n") + "],\n"
            + "\"behaviors\": [\n" + behaviors.map(\.text).joined(separator: ",\n") + "],\n"
            + "\"events\": [\n" + events.joined(separator: ",\n") + "],\n"
            + expectMember
            + "\"preview\": \(previewJSON)}\n"
        return (json, problems)
    }

    /// When an event of `group` applies: its reaction's `on`, or `at` its time.
    private static func when(_ time: Double, _ group: Int) -> String {
        reactionGroups[group] ?? "\"at\": \(time.description)"
    }

    // MARK: Recording (called by the classes)

    static func problem(_ text: String) { problems.append(text) }

    static func animatorCreated(_ animator: UIDynamicAnimator, referenceView: UIView) {
        if referenceSize != nil { problems.append("a second UIDynamicAnimator") }
        animators.append(animator)
        referenceSize = referenceView.bounds.size
    }

    static func added(_ behavior: UIDynamicBehavior) {
        if behavior.recordedId == nil {
            behaviorCount += 1
            behavior.recordedId = "behavior\(behaviorCount)"
        }
        for item in items(of: behavior) where itemStates[ObjectIdentifier(item)] == nil {
            itemStates[ObjectIdentifier(item)] = state(of: item, id: names[ObjectIdentifier(item)] ?? "?")
        }
        entries.append(.add(behavior, snapshot: behavior.sceneMembers(), time: time, group: group))
        if let frame { writtenFrames.insert(frame) }
    }

    static func velocityAdded(_ behavior: UIDynamicBehavior) {
        guard case .add(let added, _, _, let group)? = entries.last, added === behavior, group == self.group else {
            problems.append("a velocity added apart from adding its behavior")
            return
        }
    }

    static func set(_ behavior: UIDynamicBehavior, key: String, value: JSONText) {
        entries.append(.set(behavior, key: key, value: value, time: time, group: group))
        if let frame { writtenFrames.insert(frame) }
    }

    /// `addItem(_:)` or `removeItem(_:)` on a behavior in the animator: the items that join are read now.
    static func itemsChanged(_ behavior: UIDynamicBehavior, to items: [any UIDynamicItem]) {
        for item in items where itemStates[ObjectIdentifier(item)] == nil {
            itemStates[ObjectIdentifier(item)] = state(of: item, id: names[ObjectIdentifier(item)] ?? "?")
        }
        set(behavior, key: "items", value: ids(items))
    }

    static func removed(_ behavior: UIDynamicBehavior) {
        entries.append(.remove(behavior, time: time, group: group))
        if let frame { writtenFrames.insert(frame) }
    }

    static func id(_ item: any UIDynamicItem) -> JSONText {
        guard let id = names[ObjectIdentifier(item)] else {
            problems.append("an item that the test did not name")
            return .string("?")
        }
        return .string(id)
    }

    static func ids(_ items: [any UIDynamicItem]) -> JSONText { .array(items.map(id)) }

    static func boundaryId(_ identifier: any NSCopying) -> JSONText {
        guard let string = identifier as? NSString else {
            problems.append("a boundary identifier that is not a string")
            return .string("?")
        }
        return .string(string as String)
    }

    /// The point `point` of the reference view in an item's own frame (from its center, unrotated), from the
    /// item's state now, as UIKit's factories compute it.
    static func offset(of point: CGPoint, in item: any UIDynamicItem) -> JSONText {
        let dx = Double(point.x) - Double(item.center.x)
        let dy = Double(point.y) - Double(item.center.y)
        let angle = Double(item.transform.rotationAngle ?? 0)
        if angle == 0 { return .array([.number(CGFloat(dx)), .number(CGFloat(dy))]) }
        let c = cos(angle)
        let s = sin(angle)
        return .array([.number(CGFloat(c * dx + s * dy)), .number(CGFloat(-s * dx + c * dy))])
    }

    private static func items(of behavior: UIDynamicBehavior) -> [any UIDynamicItem] {
        switch behavior {
        case let b as UIGravityBehavior: b.items
        case let b as UICollisionBehavior: b.items
        case let b as UIAttachmentBehavior: b.items
        case let b as UIPushBehavior: b.items
        case let b as UIDynamicItemBehavior: b.items
        case let b as UIFieldBehavior: b.items
        case let b as UISnapBehavior: [b.snappedItem]
        default: []
        }
    }

    private static func state(of item: any UIDynamicItem, id: String) -> JSONText {
        var members: [(String, JSONText)] = [
            ("id", .string(id)), ("center", .point(item.center)),
            ("size", .array([.number(item.bounds.size.width), .number(item.bounds.size.height)])),
        ]
        let transform = item.transform
        if let angle = transform.rotationAngle {
            members.append(("angle", .number(angle)))
        } else if transform != .identity {
            problems.append("\(id): a transform that is not a rotation")
        }
        if let color = (item as? UIView)?.backgroundColor {
            members.append(("color", .string(color.hex)))
        }
        switch item.collisionBoundsType {
        case .rectangle: break
        case .ellipse: members.append(("collisionBounds", .string("ellipse")))
        case .path:
            let path = item.collisionBoundingPath
            if !path.isClosed { problems.append("\(id): an open collisionBoundingPath") }
            members.append(("collisionBounds", .object([("path", .array(path.points.map(JSONText.point)))])))
        }
        return .object(members)
    }
}
