import JSON

// dynamicItem.conflict: two dynamicItem behaviors that exist at the same time give one item different values
// for one property; the later one wins. The model already leaves out values given with their default (they
// count as not set) and compares numbers as numbers. `linearVelocity` and `angularVelocity` are not
// properties that one behavior overrides: each behavior adds its velocity once, so two of them add up.
//
// One diagnostic per item and property: on the value of the latest behavior that conflicts, related to every
// earlier value it overrides.
enum DynamicItemRules {
    private typealias Value = DynamicItemBehavior.Value

    private static func text(_ value: Value) -> String {
        switch value {
        case .number(let n): Wording.number(n)
        case .flag(let b): b ? "true" : "false"
        }
    }

    static func check(_ index: SceneIndex) -> [Diagnostic] {
        conflicts(index, items: nil).map(\.diagnostic)
    }

    /// The conflicts of the items at `items` (indices into `scene.items`), or of every item when nil, each with the
    /// item it is about, in item order. An edit of one dynamicItem behavior that keeps its items can change only
    /// the conflicts of its own items: the incremental lint checks those alone, through the index's table of the
    /// behaviors holding each item, instead of walking every behavior.
    static func conflicts(_ index: SceneIndex, items: [Int]?) -> [(item: Int, diagnostic: Diagnostic)] {
        let timeline = index.timeline
        // By item index (the first item with each id): the dynamicItem behaviors holding it, each once, in timeline
        // order.
        var holdingByItem: [(item: Int, holding: [(entry: Int, behavior: DynamicItemBehavior)])] = []
        if let items {
            for item in Set(items).sorted() {
                var holding: [(entry: Int, behavior: DynamicItemBehavior)] = []
                let entries = index.behaviors(holdingItem: item).compactMap { timeline.entry(ofSource: Int($0)) }
                for entry in Set(entries).sorted() {
                    guard case .dynamicItem(let behavior)? = timeline.behavior(entry).kind else { continue }
                    holding.append((entry, behavior))
                }
                if holding.count > 1 { holdingByItem.append((item, holding)) }
            }
        } else {
            // One pass over every behavior's items.
            var byItem = [[(entry: Int, behavior: DynamicItemBehavior)]](repeating: [], count: index.scene.items.count)
            for entry in timeline.entries.indices {
                guard case .dynamicItem(let behavior)? = timeline.behavior(entry).kind else { continue }
                // A dynamicItem's `itemReferences` are its `items`: the targets resolved once by the index.
                for target in index.targets(ofBehavior: timeline.entries[entry].source) where target >= 0 {
                    let item = Int(target)
                    guard byItem[item].last?.entry != entry else { continue }
                    byItem[item].append((entry, behavior))
                }
            }
            for (item, holding) in byItem.enumerated() where holding.count > 1 { holdingByItem.append((item, holding)) }
        }
        var diagnostics: [(item: Int, diagnostic: Diagnostic)] = []
        for (offset, holding) in holdingByItem {
            for diagnostic in conflicts(ofItem: offset, holding: holding, index) {
                diagnostics.append((offset, diagnostic))
            }
        }
        return diagnostics
    }

    /// The conflicts of one item, given the dynamicItem behaviors holding it in timeline order.
    private static func conflicts(
        ofItem offset: Int, holding behaviors: [(entry: Int, behavior: DynamicItemBehavior)], _ index: SceneIndex
    ) -> [Diagnostic] {
        let timeline = index.timeline
        let context = index.context
        guard let item = index.scene.items[offset].id else { return [] }
        var diagnostics: [Diagnostic] = []
        for (slot, property) in Catalog.itemProperties.enumerated() {
            let given = behaviors.compactMap { b in
                b.behavior.values[slot].map { (entry: b.entry, pointer: b.behavior.pointer, value: $0) }
            }
            // The latest behavior that overrides a different value still in force, and those it overrides.
            var target: (entry: Int, pointer: JSONPointer, value: Value)?
            var overridden: [(entry: Int, pointer: JSONPointer, value: Value)] = []
            for later in given {
                let earlier = given.filter {
                    $0.entry < later.entry && $0.value != later.value && timeline.coexist($0.entry, later.entry)
                }
                if !earlier.isEmpty {
                    target = later
                    overridden = earlier
                }
            }
            guard let target else { continue }
            let behavior = timeline.behavior(target.entry)
            let others = overridden.map { "\(text($0.value)) from \(Wording.behavior(timeline.behavior($0.entry)))" }
            diagnostics.append(
                context.diagnostic(
                    "dynamicItem.conflict",
                    "\(property.name) \(text(target.value)) of \(Wording.behavior(behavior)) for item \(Wording.quoted(item)) overrides \(property.name) \(Wording.list(others)); the later behavior wins — give each property of an item in one dynamicItem behavior",
                    at: context.range(of: target.pointer.appending(property.name)),
                    related: overridden.map { earlier in
                        Diagnostic.Related(
                            message:
                                "\(property.name) \(text(earlier.value)) for \(Wording.quoted(item)) in \(Wording.behavior(timeline.behavior(earlier.entry)))",
                            range: context.range(of: earlier.pointer.appending(property.name)))
                    }))
        }
        return diagnostics
    }
}
