// What the scene format expects at a place of a document that is being edited.
//
// Design: a walk down a JSON pointer from the top level, one catalog lookup per segment (a key's value type,
// an array's element type). Where the catalog offers several shapes (`oneOf`: a behavior of any type, a
// segment or path boundary, a set event's values), the members the text already has decide: a behavior's
// `type`, a boundary's `from`/`path`, the type of the behavior a `set` event names. The members come from
// the cursor's context, so the walk works on broken text (mid-typing) as well as on valid documents.
import JSON
import Scene

/// Resolves pointers of a scene document to the value types the catalog expects there.
struct FormatLocator {
    /// What the text has of an object: its keys and its complete scalar values.
    struct KnownObject {
        var keys: Set<String>
        var scalars: [String: JSONValue]
    }

    /// The object at a pointer as the text has it, nil when no object is known there.
    let members: (JSONPointer) -> KnownObject?
    /// The type of the behavior with an id (for the values of a `set` event), nil when unknown.
    let behaviorType: (String) -> BehaviorType?

    /// A locator reading members from a cursor's context and behavior types from a facts table.
    init(context: CursorContext, facts: SceneFacts) {
        var objects: [JSONPointer: KnownObject] = [:]
        for container in context.containers where container.isObject {
            objects[container.pointer] = KnownObject(
                keys: Set(container.members.map(\.key)), scalars: container.scalarMembers)
        }
        members = { objects[$0] }
        behaviorType = { facts.behaviorType(of: $0) }
    }

    init(members: @escaping (JSONPointer) -> KnownObject?, behaviorType: @escaping (String) -> BehaviorType?) {
        self.members = members
        self.behaviorType = behaviorType
    }

    /// The value type at `pointer`, narrowed by the members the text has; nil where the format defines nothing.
    /// A `oneOf` comes back only when the text does not tell its shapes apart (a behavior without a `type`).
    func type(at pointer: JSONPointer) -> ValueType? {
        var type = ValueType.object(.scene)
        var prefix = JSONPointer.root
        for segment in pointer.segments {
            type = narrow(type, at: prefix)
            switch (segment, type) {
            case (.key(let name), .object(let kind)):
                guard let key = Catalog.key(name, in: kind) else { return nil }
                type = key.type
            case (.key(let name), .oneOf(let options)):
                guard let key = options.lazy.compactMap({ FormatLocator.key(name, in: $0) }).first else { return nil }
                type = key.type
            case (.index, .array(let element)):
                type = element
            case (.index, .references(let space)):
                type = .reference(space)
            default:
                return nil
            }
            prefix = JSONPointer(prefix.segments + [segment])
        }
        return narrow(type, at: pointer)
    }

    /// The object kind at `pointer` when the format defines one there (nil for a behavior without a type).
    func objectKind(at pointer: JSONPointer) -> ObjectKind? {
        if case .object(let kind)? = type(at: pointer) { return kind }
        return nil
    }

    /// The object kinds an object at `pointer` may be: one when known, several when its shape is still open
    /// (every behavior type for a behavior without `type`; both boundary shapes).
    func objectKinds(at pointer: JSONPointer) -> [ObjectKind] {
        switch type(at: pointer) {
        case .object(let kind)?: [kind]
        case .oneOf(let options)?: options.compactMap { if case .object(let kind) = $0 { kind } else { nil } }
        default: []
        }
    }

    /// The key `name` of the object at `pointer` (the first of its possible kinds that defines it).
    func key(_ name: String, inObjectAt pointer: JSONPointer) -> Key? {
        objectKinds(at: pointer).lazy.compactMap { Catalog.key(name, in: $0) }.first
    }

    private static func key(_ name: String, in type: ValueType) -> Key? {
        if case .object(let kind) = type { return Catalog.key(name, in: kind) }
        return nil
    }

    /// Picks one shape of a `oneOf` when the object at `pointer` says which.
    private func narrow(_ type: ValueType, at pointer: JSONPointer) -> ValueType {
        guard case .oneOf(let options) = type else { return type }
        let kinds = options.compactMap { option -> ObjectKind? in
            if case .object(let kind) = option { kind } else { nil }
        }
        guard let members = members(pointer) else { return type }
        // A behavior: its `type`.
        if let name = members.scalars["type"]?.stringValue, let behavior = BehaviorType(rawValue: name),
            kinds.contains(.behavior(behavior))
        {
            return .object(.behavior(behavior))
        }
        // A set event's values: the type of the behavior it names.
        if kinds.contains(where: { if case .liveValues = $0 { true } else { false } }) {
            if let parent = pointer.parent, let id = self.members(parent)?.scalars["set"]?.stringValue,
                let target = behaviorType(id),
                kinds.contains(.liveValues(target))
            {
                return .object(.liveValues(target))
            }
            return type
        }
        // A boundary: `path` or `from`/`to`.
        if kinds.contains(.pathBoundary), kinds.contains(.segmentBoundary) {
            if members.keys.contains("path") { return .object(.pathBoundary) }
            if members.keys.contains("from") || members.keys.contains("to") { return .object(.segmentBoundary) }
            return type
        }
        // `collisionBounds` as an object.
        if kinds.count == 1 { return .object(kinds[0]) }
        return type
    }
}
