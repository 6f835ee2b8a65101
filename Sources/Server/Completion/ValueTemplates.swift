// The values completion writes: a key's default (or a value of the right shape when it has none), and whole
// items, behaviors, events and boundaries with their required keys. All shapes come from the catalog.
import JSON
import Scene

/// Writes JSON values for completions into an `InsertText`.
struct ValueTemplates {
    let facts: SceneFacts

    /// The text of a JSON string (quotes and escapes).
    static func quoted(_ text: String) -> String { JSONValue.string(text).serializedString() }

    /// `"key": value` for a key of `kind`.
    func member(_ key: Key, in kind: ObjectKind?, into text: inout InsertText) {
        text.literal(ValueTemplates.quoted(key.name) + ": ")
        value(for: key, in: kind, into: &text)
    }

    /// A value for a key: its default when it has one, else a value of the right type.
    func value(for key: Key, in kind: ObjectKind?, into text: inout InsertText) {
        if let values = key.type.enumerationValues {
            var ordered = values
            if let preferred = key.defaultValue?.stringValue, let index = ordered.firstIndex(of: preferred) {
                ordered.insert(ordered.remove(at: index), at: 0)
            }
            if case .oneOf = key.type {
                // `collisionBounds`: a string of the list (the object form has its own completion).
                text.literal("\"")
                text.choice(ordered)
                text.literal("\"")
                return
            }
            text.literal("\"")
            text.choice(ordered)
            text.literal("\"")
            return
        }
        if let value = key.defaultValue {
            return literalValue(value, into: &text)
        }
        switch key.type {
        case .number, .integer:
            text.placeholder(exampleNumber(key))
        case .string:
            text.literal("\"")
            text.stop()
            text.literal("\"")
        case .boolean:
            text.choice(["true", "false"])
        case .null:
            text.literal("null")
        case .identifier(let space):
            text.literal("\"")
            text.placeholder(freshID(space: space, in: kind))
            text.literal("\"")
        case .reference(let space):
            let first = space == .item ? facts.itemIDs.first : (space == .behavior ? facts.behaviorIDs.first?.id : nil)
            text.literal("\"")
            if let first { text.placeholder(first) } else { text.stop() }
            text.literal("\"")
        case .references(.item):
            text.literal("[")
            if let first = facts.itemIDs.first {
                text.literal("\"")
                text.placeholder(first)
                text.literal("\"")
            } else {
                text.stop()
            }
            text.literal("]")
        case .references:
            text.literal("[")
            text.stop()
            text.literal("]")
        case .point:
            pair(examplePoint(key), into: &text)
        case .size:
            pair((40, 40), into: &text)
        case .vector:
            pair(key.mustBeNonZero ? (1, 0) : (0, 0), into: &text)
        case .rangePair:
            pair((-1, 1), into: &text)
        case .color:
            text.literal("\"")
            text.placeholder("#808080")
            text.literal("\"")
        case .object(let objectKind):
            object(objectKind, into: &text)
        case .array(.point):
            text.literal("[")
            pair((0, 0), into: &text)
            text.literal(", ")
            pair((40, 0), into: &text)
            text.literal(", ")
            pair((0, 40), into: &text)
            text.literal("]")
        case .array, .oneOf, .enumeration:
            let (open, close) = key.type.isArray ? ("[", "]") : ("{", "}")
            text.literal(open)
            text.stop()
            text.literal(close)
        }
    }

    /// An object of `kind` with its required keys (and the first of a required choice, e.g. `radius`).
    func object(_ kind: ObjectKind, into text: inout InsertText) {
        let table = Catalog.object(kind)
        var keys = table.requiredKeys
        if let first = table.requiresOneOf.first, let key = table.key(first), !keys.contains(key) { keys.append(key) }
        text.literal("{")
        if keys.isEmpty { text.stop() }
        for (index, key) in keys.enumerated() {
            if index > 0 { text.literal(", ") }
            member(key, in: kind, into: &text)
        }
        text.literal("}")
    }

    /// A whole item with a fresh id, a center and a size.
    func item(into text: inout InsertText) {
        object(.item, into: &text)
    }

    /// A behavior of `type` with its required keys (an attachment gets an `anchor`, a field a `kind`).
    func behavior(_ type: BehaviorType, into text: inout InsertText) {
        let kind = ObjectKind.behavior(type)
        let table = Catalog.object(kind)
        text.literal("{" + ValueTemplates.quoted("type") + ": " + ValueTemplates.quoted(type.rawValue))
        var keys = table.requiredKeys.filter { $0.name != "type" }
        if let first = table.requiresOneOf.first, let key = table.key(first), !keys.contains(key) { keys.append(key) }
        for key in keys {
            text.literal(", ")
            member(key, in: kind, into: &text)
        }
        text.literal("}")
    }

    /// An event: `set` (with `values`), `add` or `remove`, at a time.
    func event(action: String, into text: inout InsertText) {
        text.literal("{\"at\": ")
        text.placeholder("1")
        switch action {
        case "set":
            let live = facts.behaviorIDs.first { $0.type.map(Catalog.liveTypes.contains) ?? false }
            text.literal(", \"set\": \"")
            if let live { text.placeholder(live.id) } else { text.stop() }
            text.literal("\", \"values\": {")
            text.stop()
            text.literal("}")
        case "add":
            text.literal(", \"add\": {\"type\": \"")
            text.choice(BehaviorType.allCases.map(\.rawValue))
            text.literal("\"")
            text.stop()
            text.literal("}")
        case "pan":
            let target = facts.behaviorIDs.first { $0.type == .attachment || $0.type == .snap }
            text.literal(", \"pan\": \"")
            if let target { text.placeholder(target.id) } else { text.stop() }
            text.literal("\", \"path\": [")
            pair((100, 100), into: &text)
            text.literal(", ")
            pair((200, 100), into: &text)
            text.literal("], \"duration\": ")
            text.placeholder("0.5")
        default:
            text.literal(", \"remove\": \"")
            if let first = facts.behaviorIDs.first { text.placeholder(first.id) } else { text.stop() }
            text.literal("\"")
        }
        text.literal("}")
    }

    /// A reaction: on a contact of the first item with the reference bounds, remove a behavior, once.
    func reaction(into text: inout InsertText) {
        text.literal("{\"on\": {\"contactBegan\": {\"item\": \"")
        if let first = facts.itemIDs.first { text.placeholder(first) } else { text.stop() }
        text.literal("\", \"with\": {\"boundary\": null}}}, \"once\": true, \"remove\": \"")
        if let first = facts.behaviorIDs.first { text.placeholder(first.id) } else { text.stop() }
        text.literal("\"}")
    }

    /// An expectation of `type` with the keys its type requires.
    func expectation(_ type: ExpectationType, into text: inout InsertText) {
        let table = Catalog.object(.expectation)
        text.literal("{" + ValueTemplates.quoted("type") + ": " + ValueTemplates.quoted(type.rawValue))
        for key in table.keys where key.requiredForKinds.contains(type.rawValue) {
            text.literal(", ")
            member(key, in: .expectation, into: &text)
        }
        text.literal("}")
    }

    /// A boundary of a collision behavior: a segment or a closed path.
    func boundary(_ kind: ObjectKind, into text: inout InsertText) {
        text.literal("{\"id\": \"")
        text.placeholder(freshID(space: .boundary, in: kind))
        if kind == .segmentBoundary {
            let width = facts.scene?.referenceView?.width ?? 375
            let height = facts.scene?.referenceView?.height ?? 667
            text.literal("\", \"from\": ")
            pair((0, height), into: &text)
            text.literal(", \"to\": ")
            pair((width, height), into: &text)
        } else {
            text.literal("\", \"path\": [")
            pair((0, 0), into: &text)
            text.literal(", ")
            pair((100, 0), into: &text)
            text.literal(", ")
            pair((100, 100), into: &text)
            text.literal("]")
        }
        text.literal("}")
    }

    // MARK: Pieces

    private func literalValue(_ value: JSONValue, into text: inout InsertText) {
        switch value {
        case .array(let elements) where elements.isEmpty:
            text.literal("[")
            text.stop()
            text.literal("]")
        case .array(let elements) where elements.allSatisfy({ $0.numberValue != nil }):
            text.literal("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { text.literal(", ") }
                text.placeholder(Key.displayText(element))
            }
            text.literal("]")
        case .bool(let flag):
            text.choice(flag ? ["true", "false"] : ["false", "true"])
        default:
            text.placeholder(Key.displayText(value))
        }
    }

    private func pair(_ values: (Double, Double), into text: inout InsertText) {
        text.literal("[")
        text.placeholder(NumberText.format(values.0))
        text.literal(", ")
        text.placeholder(NumberText.format(values.1))
        text.literal("]")
    }

    private func exampleNumber(_ key: Key) -> String {
        switch key.name {
        case "width": return "375"
        case "height": return "667"
        case "radius": return "100"
        case "at": return "1"
        default:
            if let min = key.range?.min { return NumberText.format(key.range!.minIsInclusive ? min : min + 1) }
            return "0"
        }
    }

    /// The reference view's center for points (a new item, an anchor, a snap point), else [100, 100].
    private func examplePoint(_ key: Key) -> (Double, Double) {
        guard let view = facts.scene?.referenceView else { return (100, 100) }
        return (view.width / 2, view.height / 2)
    }

    private func freshID(space: ValueType.IdSpace, in kind: ObjectKind?) -> String {
        switch space {
        case .item: facts.freshID(prefix: "item")
        case .boundary: facts.freshID(prefix: "boundary")
        case .behavior:
            if case .behavior(let type)? = kind {
                facts.freshID(prefix: type.rawValue)
            } else {
                facts.freshID(prefix: "behavior")
            }
        }
    }
}

extension ValueType {
    var isArray: Bool {
        switch self {
        case .array, .references, .point, .size, .vector, .rangePair: true
        default: false
        }
    }
}
