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
        let timeline = index.timeline
        let context = index.context
        // The dynamicItem behaviors in timeline order, and for each known item the indices into them of the
        // behaviors holding it (each once, in order): one pass over every behavior's items.
        var behaviors: [(entry: Int, behavior: DynamicItemBehavior)] = []
        // By item index (the first item with each id): the positions in `behaviors` holding it.
        var holdingByItem = [[Int]](repeating: [], count: index.scene.items.count)
        for entry in timeline.entries.indices {
            guard case .dynamicItem(let behavior)? = timeline.behavior(entry).kind else { continue }
            let position = behaviors.count
            behaviors.append((entry, behavior))
            // A dynamicItem's `itemReferences` are its `items`: the targets resolved once by the index.
            for target in index.targets(ofBehavior: timeline.entries[entry].source) where target >= 0 {
                let item = Int(target)
                guard holdingByItem[item].last != position else { continue }
                holdingByItem[item].append(position)
            }
        }
        guard behaviors.count > 1 else { return [] }
        var diagnostics: [Diagnostic] = []
        for (offset, holding) in holdingByItem.enumerated() where holding.count > 1 {
            guard let item = index.scene.items[offset].id else { continue }
            for (slot, property) in Catalog.itemProperties.enumerated() {
                let given = holding.compactMap { position in
                    let b = behaviors[position]
                    return b.behavior.values[slot].map { (entry: b.entry, pointer: b.behavior.pointer, value: $0) }
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
                let others = overridden.map {
                    "\(text($0.value)) from \(Wording.behavior(timeline.behavior($0.entry)))"
                }
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
        }
        return diagnostics
    }
}
