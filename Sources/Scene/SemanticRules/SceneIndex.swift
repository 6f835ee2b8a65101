import JSON

/// What every semantic rule looks up, built once per check: the items by id, the behaviors over time, every
/// id in use, and whether the file is known far enough for rules that need a whole part of it.
struct SceneIndex {
    let context: RuleContext
    var scene: Scene { context.scene }
    var document: JSONDocument { context.document }

    /// The lookups that depend only on the ids and the item references (an edit that changes neither can reuse them).
    struct Tables: Sendable {
        /// The index in `scene.items` of the first item with each id (the one a reference names).
        let itemIndexById: [ExactId: Int]
        /// For an item whose id an earlier item already has: the index of that earlier item.
        let duplicateOf: [Int: Int]
        /// The ids of the items, each once, in file order (candidates for "did you mean").
        let itemIds: [String]
        /// For each behavior of `allBehaviors`, in order, the index in `scene.items` of the item each of its
        /// `itemReferences` names, -1 for an id no item has: the references resolved once for every rule.
        let itemTargets: [Int32]
        let itemTargetStarts: [Int]
        /// The other way round: for each item index, the behaviors (indices of `allBehaviors`) naming it, in order,
        /// once per reference: `holders[holderStarts[item]..<holderStarts[item + 1]]`.
        let holders: [Int32]
        let holderStarts: [Int32]
    }

    let tables: Tables
    var itemIndexById: [ExactId: Int] { tables.itemIndexById }
    var duplicateOf: [Int: Int] { tables.duplicateOf }
    var itemIds: [String] { tables.itemIds }
    /// Every id in the file (items, behaviors, boundaries), so a fix never proposes one in use; gathered the
    /// first time a fix needs a fresh id (most checks report nothing).
    var usedIds: Set<String> { usedIdCache.ids(of: scene) }
    private var usedIdCache = UsedIds()
    /// Whether the whole `items` array was read: then a reference to an id that no item has is certainly wrong.
    let itemsAreComplete: Bool
    let timeline: Timeline
    let edits: TextEdits

    /// `tables`, when given, are those of a scene with the same ids and item references in the same places.
    init(_ context: RuleContext, tables reused: Tables? = nil) {
        self.context = context
        let timeline = Timeline(scene: context.scene, followsEvents: context.isComplete)
        tables = reused ?? SceneIndex.tables(items: context.scene.items, behaviors: timeline.behaviors)
        self.timeline = timeline
        edits = TextEdits(document: context.document)
        let itemsPointer = JSONPointer.root.appending("items")
        itemsAreComplete =
            context.isComplete
            || (context.document.root?.objectValue?["items"]?.arrayValue != nil
                && !context.document.truncatedContainers.contains(itemsPointer))
    }

    /// A copy that gathers the ids in use on its own, for a rule running on another thread than this index's
    /// other users (the gathered ids are otherwise shared by every copy).
    func withOwnCaches() -> SceneIndex {
        var copy = self
        copy.usedIdCache = UsedIds()
        return copy
    }

    /// The behaviors of the list, then those that events add, in file order (the timeline's, built once: several
    /// rules walk them).
    var allBehaviors: [Behavior] { timeline.behaviors }

    private static func tables(items: [Item], behaviors: [Behavior]) -> Tables {
        var first: [ExactId: Int] = [:]
        first.reserveCapacity(items.count)
        var duplicates: [Int: Int] = [:]
        var ids: [String] = []
        ids.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let id = item.id else { continue }
            if let earlier = first[id.exactId] {
                duplicates[index] = earlier
            } else {
                first[id.exactId] = index
                ids.append(id)
            }
        }
        var targets: [Int32] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(behaviors.count + 1)
        targets.reserveCapacity(behaviors.count + items.count)
        for behavior in behaviors {
            for reference in behavior.itemReferences {
                targets.append(first[reference.id.exactId].map(Int32.init) ?? -1)
            }
            starts.append(targets.count)
        }
        var holderStarts = [Int32](repeating: 0, count: items.count + 1)
        for target in targets where target >= 0 { holderStarts[Int(target) + 1] += 1 }
        for item in items.indices { holderStarts[item + 1] += holderStarts[item] }
        var holders = [Int32](repeating: 0, count: Int(holderStarts[items.count]))
        var next = holderStarts
        for behavior in behaviors.indices {
            for target in targets[starts[behavior]..<starts[behavior + 1]] where target >= 0 {
                holders[Int(next[Int(target)])] = Int32(behavior)
                next[Int(target)] += 1
            }
        }
        return Tables(
            itemIndexById: first, duplicateOf: duplicates, itemIds: ids, itemTargets: targets, itemTargetStarts: starts,
            holders: holders, holderStarts: holderStarts)
    }

    /// The behaviors (indices of `allBehaviors`) whose item references name the item at `item` of `scene.items`,
    /// in order, once per reference.
    func behaviors(holdingItem item: Int) -> ArraySlice<Int32> {
        tables.holders[Int(tables.holderStarts[item])..<Int(tables.holderStarts[item + 1])]
    }

    /// The resolved `itemReferences` of `allBehaviors[behavior]` (see `Tables.itemTargets`).
    func targets(ofBehavior behavior: Int) -> ArraySlice<Int32> {
        tables.itemTargets[tables.itemTargetStarts[behavior]..<tables.itemTargetStarts[behavior + 1]]
    }

    /// The item a reference names (the first item with that id), nil for an unknown id.
    func item(named id: String) -> Item? {
        itemIndexById[id.exactId].map { scene.items[$0] }
    }

    /// A fresh id with this prefix (`item3`, `snap2`) that nothing in the file uses.
    func freshId(prefix: String) -> String {
        var n = 1
        while usedIds.contains("\(prefix)\(n)") { n += 1 }
        return "\(prefix)\(n)"
    }

    /// The JSON value at a pointer of the document, as parsed.
    func value(at pointer: JSONPointer) -> JSONValue? { document.root?.value(at: pointer) }

    /// A fix replacing the token at `range` with a JSON string.
    func stringReplacement(_ range: Range<Int>, with text: String) -> Diagnostic.Fix {
        context.replacement(range, with: Wording.quoted(text), title: "Replace with \(Wording.quoted(text))")
    }

    /// A fix removing a behavior: its element of the list, or the whole event that adds it.
    func behaviorRemoval(_ behavior: Behavior, title: String) -> Diagnostic.Fix {
        let pointer =
            behavior.pointer.last == .key("add") ? (behavior.pointer.parent ?? behavior.pointer) : behavior.pointer
        return Diagnostic.Fix(title: title, edits: [Diagnostic.Edit(range: edits.elementRemoval(pointer), newText: "")])
    }

    /// The time of the event at an index of `scene.events`, as words (`at 1.5 s`).
    func when(event index: Int) -> String {
        let event = scene.events[index]
        if event.isReaction { return "(a reaction)" }
        return event.at.map { "at \(Wording.seconds($0))" } ?? "at \(event.pointer)"
    }
}

/// The ids in use, gathered once on demand (a reference type so that copies of a `SceneIndex` share it).
private final class UsedIds {
    private var ids: Set<String>?

    func ids(of scene: Scene) -> Set<String> {
        if let ids { return ids }
        var used: Set<String> = []
        for item in scene.items { if let id = item.id { used.insert(id) } }
        for behavior in SceneIndex.allBehaviors(of: scene) {
            if let id = behavior.id { used.insert(id) }
            if case .collision(let collision)? = behavior.kind {
                for boundary in collision.boundaries { if let id = boundary.id { used.insert(id) } }
            }
        }
        ids = used
        return used
    }
}
