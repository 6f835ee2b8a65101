import JSON

#if canImport(Glibc)
    import Glibc
#endif

/// The one table of every key of every object kind of the scene format (scene-format.md).
///
/// Decoding (`SceneDecoder`), the rules, the JSON schema generator, completion and hover all read it; no list
/// of keys is written anywhere else. The tables themselves are in `Catalog+SceneTables.swift` and
/// `Catalog+BehaviorTables.swift`. A kind's table is built on its first lookup (on each thread, see `ThreadTables`):
/// a process that reads a small scene builds the few tables it uses, not every kind's with its documentation.
package enum Catalog {
    /// The key table of an object kind.
    package static func object(_ kind: ObjectKind) -> ObjectDescription { ThreadTables.current.table(kind) }

    /// Every key table, in `ObjectKind.allCases` order.
    package static var objects: [ObjectDescription] { ObjectKind.allCases.map(object) }

    /// The key `name` of an object kind, nil when the kind does not define it.
    package static func key(_ name: String, in kind: ObjectKind) -> Key? { object(kind).key(name) }

    /// The object kinds whose table defines a key (for "`point` belongs in a snap behavior" messages), in
    /// catalog order; the `liveValues` tables (copies of behavior keys) are left out.
    package static func kinds(defining name: String) -> [ObjectKind] {
        ObjectKind.allCases.filter { kind in
            if case .liveValues = kind { return false }
            return object(kind).key(name) != nil
        }
    }

    /// `$comment`, a key of every object: any string, ignored (as JSON Schema allows it anywhere).
    package static let commentKey = Key(
        "$comment", .string,
        doc:
            "A comment: any string, which Impulse ignores (as JSON Schema does). Every object of the scene may have one."
    )

    /// The key of `kind` that UIKit calls `name` (`snapPoint` → a snap's `point`), for a `scene.unknownKey`
    /// message and a rename: nil unless `name` is a UIKit name of one of the kind's keys and no key anywhere.
    package static func key(forUIKitName name: String, in kind: ObjectKind) -> Key? {
        guard !allKeyNames.contains(name) else { return nil }
        return object(kind).keys.first { $0.uiKitName == name }
    }

    /// Every key name of every table.
    static let allKeyNames: Set<String> = Set(ObjectKind.allCases.flatMap { table($0).keyNames })

    /// The behavior types with properties that can change live (`set` events).
    package static let liveTypes: [BehaviorType] = [
        .gravity, .attachment, .snap, .push, .collision, .dynamicItem, .field,
    ]

    /// The keys a `set` event can change on a behavior of `type` (empty for types with none).
    package static func liveKeys(of type: BehaviorType) -> [Key] {
        object(.behavior(type)).keys.filter(\.isLive)
    }

    /// The catalog's default of a numeric key (used by the model's `resolved…` accessors and the simulation).
    package static func defaultNumber(_ name: String, in kind: ObjectKind) -> Double? {
        key(name, in: kind)?.defaultValue?.numberValue
    }

    /// The key `name` of `kind`, for a name written in our code (a user's names go through `key(_:in:)`): a name
    /// the kind does not define is a misspelling in the code, and stops the program instead of dropping a fact.
    package static func knownKey(_ name: String, in kind: ObjectKind) -> Key {
        guard let key = key(name, in: kind) else { preconditionFailure("the catalog has no key \(name) in \(kind)") }
        return key
    }

    /// The default of the numeric key `name` of `kind`, for a name written in our code: a key the kind does not
    /// define, or one without a constant number as its default, stops the program.
    package static func knownDefaultNumber(_ name: String, in kind: ObjectKind) -> Double {
        guard let number = knownKey(name, in: kind).defaultValue?.numberValue else {
            preconditionFailure("the catalog's \(name) in \(kind) has no number as its default")
        }
        return number
    }

    /// The table of `kind` as the catalog defines it: the kind's keys and `$comment`, and its paragraph (a
    /// `liveValues` table: the live keys of its behavior type, none of them required). Built anew at each call:
    /// lookups go through `object(_:)`, which keeps each thread's tables.
    static func table(_ kind: ObjectKind) -> ObjectDescription {
        if case .liveValues(let type) = kind {
            precondition(liveTypes.contains(type), "no key table for \(kind)")
            let behavior = table(.behavior(type))
            let keys = behavior.keys.filter(\.isLive).map { key -> Key in
                var key = key
                key.isRequired = false
                return key
            }
            let exclusions = behavior.exclusions.filter { exclusion in
                (exclusion.keys + exclusion.excludes).allSatisfy { name in keys.contains { $0.name == name } }
            }
            return ObjectDescription(
                kind, keys: keys + [commentKey], exclusions: exclusions,
                documentation: objectDocumentation(kind, liveKeys: keys.map(\.name)))
        }
        guard var table = sceneTable(kind) ?? behaviorTable(kind) else {
            preconditionFailure("no key table for \(kind)")
        }
        if table.documentation.isEmpty { table.documentation = objectDocumentation(kind) }
        table.keys.append(commentKey)
        return table
    }
}

extension Catalog {
    /// One thread's copy of the tables, down to each key's box and name, each table built on the thread's first
    /// lookup of its kind.
    ///
    /// Decoding and the rules look up a table for every object and a key for every member: each lookup retains
    /// and releases the table's arrays and the key's box. Objects shared by threads that do this at the same time
    /// (a large scene decoded on several threads, files linted concurrently) make every one of those reference
    /// counts an atomic operation on a cache line the other core holds, and the lookups cost several times
    /// more. So each thread reads its own copy, made on its first lookup (a few dozen small objects per table) and
    /// released when the thread ends. Only the thread itself reads and writes its copy.
    final class ThreadTables: @unchecked Sendable {
        private var byOrdinal = [ObjectDescription?](repeating: nil, count: ObjectKind.ordinalCount)

        private init() {}

        /// The table of `kind`, built (and made this thread's own) on the first lookup.
        func table(_ kind: ObjectKind) -> ObjectDescription {
            if let table = byOrdinal[kind.ordinal] { return table }
            let table = Catalog.table(kind).isolated()
            byOrdinal[kind.ordinal] = table
            return table
        }

        #if canImport(Glibc)
            private static let key: pthread_key_t = {
                var key = pthread_key_t()
                let status = pthread_key_create(&key) { copy in
                    if let copy { Unmanaged<ThreadTables>.fromOpaque(copy).release() }
                }
                precondition(status == 0, "pthread_key_create failed")
                return key
            }()

            /// The calling thread's copy.
            static var current: ThreadTables {
                if let copy = pthread_getspecific(key) {
                    return Unmanaged<ThreadTables>.fromOpaque(copy).takeUnretainedValue()
                }
                let copy = ThreadTables()
                pthread_setspecific(key, Unmanaged.passRetained(copy).toOpaque())
                return copy
            }
        #else
            private static let shared = ThreadTables()
            static var current: ThreadTables { shared }
        #endif
    }
}
