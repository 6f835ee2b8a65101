// Where the ids of a scene are defined and where they are named: what definition, references and rename read.
//
// Design: one walk over the parsed values, driven by the catalog's value types, so that every key the format
// declares as an id (`.identifier`), a reference (`.reference`) or a list of references (`.references`) is
// found wherever the catalog puts it — items' `id`; behaviors' `id`, `items`, `item`, `attachedTo`, in the
// list and in events' `add`; events' `set`, `remove` and `pan`; boundaries' `id`; the items and boundaries
// of contact pairs (reactions, expectations), a boundary there joining the collision behavior that defines it. A behavior whose `type` is missing
// or misspelled is read with the keys of every behavior type, so renaming an item still reaches it while the
// user fixes the type. The walk reads the parsed values (the part before a syntax error when the text is
// broken), so navigation works mid-typing for everything that stands before the error.
//
// Ids live in separate name spaces: items, behaviors, and the boundaries of each collision behavior. They are
// compared as decoded JSON strings, byte for byte (rules.md: case-sensitive, no Unicode normalization; Swift's
// `String ==` would equate canonically equivalent spellings, so comparisons go through UTF-8 bytes).
import JSON
import Scene

/// The id definitions and references of one document.
struct IdentifierIndex {
    /// A name space of ids: renaming in one never touches another.
    enum Space: Hashable, CustomStringConvertible {
        case item
        case behavior
        /// The boundaries of the collision behavior at this pointer.
        case boundary(behavior: JSONPointer)

        var description: String {
            switch self {
            case .item: "item"
            case .behavior: "behavior"
            case .boundary: "boundary"
            }
        }
    }

    /// One id string in the text.
    struct Occurrence: Equatable {
        var space: Space
        /// Whether this string defines the id (an `id` key) rather than naming it.
        var isDefinition: Bool
        /// The decoded id.
        var id: String
        /// The pointer of the string value.
        var pointer: JSONPointer
        /// The string token, quotes included.
        var range: Range<Int>

        /// The string's contents, without its quotes.
        var contentRange: Range<Int> { (range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound - 1) }

        /// Whether this occurrence names the same id in the same space as `other` (byte for byte).
        func isSameName(as other: Occurrence) -> Bool {
            space == other.space && id.utf8.elementsEqual(other.id.utf8)
        }
    }

    /// Every id string of the document, in text order.
    let occurrences: [Occurrence]

    init(_ document: JSONDocument) {
        var walker = Walker(sourceMap: document.sourceMap, bytes: document.bytes)
        if let root = document.root {
            walker.visit(root, at: .root, as: .object(.scene), behavior: nil)
        }
        // A boundary named outside any behavior (a contact pair's `boundary`) belongs to the collision behavior
        // that defines it (the first one, when several do).
        var found = walker.found
        for index in found.indices where found[index].space == .boundary(behavior: .root) {
            let id = found[index].id
            if let definition = found.first(where: {
                $0.isDefinition && $0.space != .boundary(behavior: .root) && $0.id.utf8.elementsEqual(id.utf8)
                    && { if case .boundary = $0.space { true } else { false } }($0)
            }) {
                found[index].space = definition.space
            }
        }
        occurrences = found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The id string at a byte offset (inside it, or just before or after one of its quotes).
    func occurrence(at offset: Int) -> Occurrence? {
        occurrences.first { $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
    }

    /// Every occurrence of the same id in the same space as `occurrence`, definitions and references, in text order.
    func occurrences(sameAs occurrence: Occurrence) -> [Occurrence] {
        occurrences.filter { $0.isSameName(as: occurrence) }
    }

    /// The definitions of the id `occurrence` names (several when the id is defined twice; none for an unknown id).
    func definitions(of occurrence: Occurrence) -> [Occurrence] {
        occurrences(sameAs: occurrence).filter(\.isDefinition)
    }

    /// Whether something in `space` is defined with the id `id` (compared byte for byte).
    func isDefined(_ id: String, in space: Space) -> Bool {
        occurrences.contains { $0.isDefinition && $0.space == space && $0.id.utf8.elementsEqual(id.utf8) }
    }
}

/// The catalog-driven walk behind `IdentifierIndex`.
private struct Walker {
    let sourceMap: SourceMap
    let bytes: [UInt8]
    var found: [IdentifierIndex.Occurrence] = []

    /// Visits a value that the catalog says has `type`; `behavior` is the pointer of the behavior around it.
    mutating func visit(_ value: JSONValue, at pointer: JSONPointer, as type: ValueType, behavior: JSONPointer?) {
        switch type {
        case .identifier(let space):
            record(value, at: pointer, space: space, isDefinition: true, behavior: behavior)
        case .reference(let space):
            record(value, at: pointer, space: space, isDefinition: false, behavior: behavior)
        case .references(let space):
            guard case .array(let elements) = value else { return }
            for (index, element) in elements.enumerated() {
                record(element, at: pointer.appending(index), space: space, isDefinition: false, behavior: behavior)
            }
        case .object(let kind):
            if case .object(let object) = value { visit(object, at: pointer, kinds: [kind], behavior: behavior) }
        case .oneOf(let types):
            let kinds = types.compactMap { type -> ObjectKind? in if case .object(let kind) = type { kind } else { nil }
            }
            if case .object(let object) = value, !kinds.isEmpty {
                visit(object, at: pointer, kinds: kinds, behavior: behavior)
            }
            // An id or null (a contact pair's `boundary`).
            for case .reference(let space) in types where value.stringValue != nil {
                record(value, at: pointer, space: space, isDefinition: false, behavior: behavior)
            }
        case .array(let element):
            guard case .array(let elements) = value else { return }
            for (index, item) in elements.enumerated() {
                visit(item, at: pointer.appending(index), as: element, behavior: behavior)
            }
        default:
            break
        }
    }

    /// Visits an object that is one of `kinds`: each member is read with the first kind that defines its key. A
    /// behavior is read with its own type's keys when its `type` names one, else with those of every type.
    private mutating func visit(
        _ object: JSONObject, at pointer: JSONPointer, kinds: [ObjectKind], behavior: JSONPointer?
    ) {
        var kinds = kinds
        var behavior = behavior
        let behaviorKinds = kinds.filter { if case .behavior = $0 { true } else { false } }
        if !behaviorKinds.isEmpty {
            behavior = pointer
            if let name = object["type"]?.stringValue, let type = BehaviorType(rawValue: name),
                kinds.contains(.behavior(type))
            {
                kinds = [.behavior(type)]
            }
        }
        for (key, value) in object.members {
            guard let description = kinds.lazy.compactMap({ Catalog.key(key, in: $0) }).first else { continue }
            visit(value, at: pointer.appending(key), as: description.type, behavior: behavior)
        }
    }

    private mutating func record(
        _ value: JSONValue, at pointer: JSONPointer, space: ValueType.IdSpace, isDefinition: Bool,
        behavior: JSONPointer?
    ) {
        // An empty id names nothing (it is `scene.type`); values of other types are not ids.
        guard case .string(let id) = value, !id.isEmpty,
            let range = sourceMap[pointer]?.valueRange, range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\"")
        else { return }
        let namespace: IdentifierIndex.Space
        switch space {
        case .item: namespace = .item
        case .behavior: namespace = .behavior
        case .boundary: namespace = .boundary(behavior: behavior ?? .root)
        }
        found.append(
            IdentifierIndex.Occurrence(
                space: namespace, isDefinition: isDefinition, id: id, pointer: pointer, range: range))
    }
}
