import JSON
import Scene

// What the editor features tell about a scene's items and behaviors: the ids in use, an item's effective
// density and mass, the behaviors that name it, an attachment's length at the start.
//
// Read from the typed scene of the document's lint (the part before a syntax error when the text is broken).
// Ids compare byte for byte (rules.md: case-sensitive, no Unicode normalization), never with `String ==`.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about one scene, for completion, hover and inlay hints.
struct SceneFacts {
    /// A behavior and, when an event adds it, the time it is added.
    struct PlacedBehavior {
        var behavior: Behavior
        /// nil for a behavior of the `behaviors` list.
        var addedAt: Double?
    }

    let scene: Scene?
    /// Per-id answers and id lists, built on first use in one pass each, so that describing every item of a
    /// 5 000-item scene stays linear instead of scanning every behavior for every item, and so that a cached
    /// value (`SceneFactsCache`) answers later requests on the same document version at once. The tables hold
    /// positions, not copies of items and behaviors.
    private let index: Index

    /// The facts of a document's lint, on the item table its rules built (none without a scene).
    init(_ lint: LintResult) {
        scene = lint.scene
        index = Index(scene: lint.scene, itemTable: lint.itemTable ?? ([:], []))
    }

    /// The behaviors of the list, then those events add, in file order.
    var behaviors: [PlacedBehavior] { index.behaviors }

    /// An id as a table key: compared and hashed byte for byte (never with `String ==`), without copying.
    typealias IDKey = ExactId

    /// The position (in `scene.items`) of the first item with each id, and the ids, each once, in file order.
    typealias ItemTable = (positions: [IDKey: Int], ids: [String])

    /// Lazily built lookups by id. A class so that a `SceneFacts` value builds each one at most once.
    private final class Index {
        let scene: Scene?
        let itemTable: ItemTable
        init(scene: Scene?, itemTable: ItemTable) {
            self.scene = scene
            self.itemTable = itemTable
        }

        lazy var behaviors: [PlacedBehavior] = {
            var behaviors = (scene?.behaviors ?? []).map { PlacedBehavior(behavior: $0, addedAt: nil) }
            for event in scene?.events ?? [] {
                if case .add(let behavior)? = event.action {
                    behaviors.append(PlacedBehavior(behavior: behavior, addedAt: event.at))
                }
            }
            return behaviors
        }()

        /// The last density (and the position in `scene.behaviors` of the `dynamicItem` behavior setting it) and
        /// `anchored` value each item gets from the list's `dynamicItem` behaviors, by the position of the item
        /// (the first one with its id) in `scene.items`: filling arrays costs less than growing tables.
        lazy var properties: (density: [(value: Double, behavior: Int)?], anchored: [Bool?]) = {
            let positions = itemTable.positions
            let count = scene?.items.count ?? 0
            var density = [(value: Double, behavior: Int)?](repeating: nil, count: count)
            var anchored = [Bool?](repeating: nil, count: count)
            for (position, behavior) in (scene?.behaviors ?? []).enumerated() where behavior.type == .dynamicItem {
                guard case .dynamicItem(let properties)? = behavior.kind else { continue }
                let given = (density: properties["density"]?.numberValue, anchored: properties.anchored)
                guard given.density != nil || given.anchored != nil else { continue }
                for reference in properties.items {
                    guard let item = positions[IDKey(reference.id)] else { continue }
                    if let value = given.density { density[item] = (value, position) }
                    if let value = given.anchored { anchored[item] = value }
                }
            }
            return (density, anchored)
        }()

        /// The indices (into `behaviors`) of the behaviors naming each item, in order, each once.
        lazy var users: [IDKey: [Int]] = {
            var users: [IDKey: [Int]] = [:]
            for (position, placed) in behaviors.enumerated() {
                for reference in placed.behavior.itemReferences {
                    let key = IDKey(reference.id)
                    if users[key]?.last != position { users[key, default: []].append(position) }
                }
            }
            return users
        }()

        /// The behavior ids, each once, in file order, with their types.
        lazy var behaviorIDs: [(id: String, type: BehaviorType?)] = {
            var seen = Set<IDKey>()
            var result: [(id: String, type: BehaviorType?)] = []
            for placed in behaviors {
                guard let id = placed.behavior.id, seen.insert(IDKey(id)).inserted else { continue }
                result.append((id, placed.behavior.type))
            }
            return result
        }()

        /// The index (into `behaviors`) of the first behavior with each id.
        lazy var behaviorsByID: [IDKey: Int] = {
            var found: [IDKey: Int] = [:]
            for (position, placed) in behaviors.enumerated() {
                guard let id = placed.behavior.id else { continue }
                if found[IDKey(id)] == nil { found[IDKey(id)] = position }
            }
            return found
        }()

        /// `itemTable.ids` shortest first (`IdentifierRanking.lengthOrder`), for ranking them as the user types.
        lazy var itemIDOrder: [Int32] = IdentifierRanking.lengthOrder(itemTable.ids)

        /// Every item and behavior id.
        lazy var usedIDs: Set<IDKey> = Set(
            (scene?.items.compactMap(\.id) ?? []).map(IDKey.init)
                + behaviors.compactMap(\.behavior.id).map(IDKey.init))
    }

    /// The item ids, each once, in file order.
    var itemIDs: [String] { index.itemTable.ids }

    /// `itemIDs` shortest first (see `IdentifierRanking.best`), built once per version.
    var itemIDOrder: [Int32] { index.itemIDOrder }

    /// The behavior ids (of the list and of events' `add`), each once, in file order, with their types.
    var behaviorIDs: [(id: String, type: BehaviorType?)] { index.behaviorIDs }

    /// The type of the behavior with this id (the first one defined), nil when none has it.
    func behaviorType(of id: String) -> BehaviorType? {
        behavior(id)?.behavior.type
    }

    /// The first behavior with this id (of the list, then of events' `add`).
    func behavior(_ id: String) -> PlacedBehavior? {
        index.behaviorsByID[IDKey(id)].map { index.behaviors[$0] }
    }

    /// The first item with this id.
    func item(_ id: String) -> Item? {
        index.itemTable.positions[IDKey(id)].flatMap { scene?.items[$0] }
    }

    /// The density in force for an item at the start: the last `dynamicItem` behavior of the list that sets it
    /// wins (a value equal to the default counts as not set), else 1. Also the behavior it comes from.
    func density(of id: String) -> (value: Double, from: Behavior?) {
        if let item = index.itemTable.positions[IDKey(id)], let found = index.properties.density[item] {
            return (found.value, scene?.behaviors[found.behavior])
        }
        return (Catalog.knownDefaultNumber("density", in: .behavior(.dynamicItem)), nil)
    }

    /// Mass = density × width × height / 10 000, in kg; nil without a size.
    func mass(of item: Item) -> Double? {
        guard let size = item.size, let id = item.id else { return nil }
        return density(of: id).value * size.width * size.height / 10_000
    }

    /// Whether a `dynamicItem` behavior of the list anchors the item.
    func isAnchored(_ id: String) -> Bool {
        guard let item = index.itemTable.positions[IDKey(id)] else { return false }
        return index.properties.anchored[item] ?? false
    }

    /// The behaviors that name an item (in `items`, `item` or `attachedTo`), list first, then events' adds.
    func behaviors(using id: String) -> [PlacedBehavior] {
        (index.users[IDKey(id)] ?? []).map { index.behaviors[$0] }
    }

    /// The distance at the start between an attachment's two points (its item's point and its anchor or the
    /// attached item's point), nil when a point is unknown.
    func startLength(of attachment: AttachmentBehavior) -> Double? {
        guard let itemID = attachment.item?.id, let item = item(itemID),
            let first = point(of: item, offset: attachment.offset)
        else {
            return nil
        }
        let second: Vector
        if let anchor = attachment.anchor {
            second = anchor
        } else if let otherID = attachment.attachedTo?.id, let other = self.item(otherID),
            let point = point(of: other, offset: attachment.attachedOffset)
        {
            second = point
        } else {
            return nil
        }
        return Vector(x: second.x - first.x, y: second.y - first.y).length
    }

    /// An item's center plus an offset turned with the item's angle (clockwise on screen, y down).
    private func point(of item: Item, offset: Vector?) -> Vector? {
        guard let center = item.center else { return nil }
        let offset = offset ?? .zero
        let angle = item.resolvedAngle
        return Vector(
            x: center.x + offset.x * cos(angle) - offset.y * sin(angle),
            y: center.y + offset.x * sin(angle) + offset.y * cos(angle))
    }

    /// An id of the form `prefix` + number that no item and no behavior uses (`item3`).
    func freshID(prefix: String) -> String {
        let used = index.usedIDs
        var n = 1
        while used.contains(IDKey("\(prefix)\(n)")) { n += 1 }
        return "\(prefix)\(n)"
    }

    // MARK: Helpers

    /// Ids compare byte for byte.
    static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    static func unique(_ ids: [String]) -> [String] {
        var seen = Set<IDKey>()
        seen.reserveCapacity(ids.count)
        return ids.filter { seen.insert(IDKey($0)).inserted }
    }

    /// A number with `significant` significant digits at most, as simply as it reads (`0.16`, `1`, `141.4`).
    static func format(_ value: Double, significant: Int = 3) -> String {
        guard value.isFinite else { return NumberText.format(value) }
        guard value != 0 else { return "0" }
        let magnitude = Int(floor(log10(abs(value))))
        let decimals = max(0, min(9, significant - 1 - magnitude))
        let scale = pow(10, Double(decimals))
        return NumberText.format((value * scale).rounded() / scale)
    }

    /// A number with at most `decimals` decimals (`141.4`, `100`).
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return NumberText.format(value) }
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        return NumberText.format(rounded == 0 ? 0 : rounded)
    }
}
