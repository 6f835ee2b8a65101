import JSON

// item.duplicateId, behavior.duplicateId (over time), boundary.duplicateId, behavior.duplicateItem,
// behavior.empty: one diagnostic on each later duplicate, related to the first.
enum IdentityRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        duplicateItemIds(index) + duplicateBehaviorIds(index) + duplicateBoundaryIds(index)
            + duplicateItems(index) + emptyBehaviors(index)
    }

    private static func duplicateItemIds(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        return index.duplicateOf.keys.sorted().compactMap { later in
            let item = index.scene.items[later]
            let first = index.scene.items[index.duplicateOf[later]!]
            guard let id = item.id else { return nil }
            let range = context.range(of: item.pointer.appending("id"))
            let fresh = index.freshId(prefix: "item")
            return context.diagnostic(
                "item.duplicateId",
                "item id \(Wording.quoted(id)) is already the id of the item at \(first.pointer); references name that first item, so give this one another id",
                at: range,
                related: [
                    Diagnostic.Related(
                        message: "first item with id \(Wording.quoted(id))",
                        range: context.range(of: first.pointer.appending("id")))
                ],
                fixes: [
                    context.replacement(range, with: Wording.quoted(fresh), title: "Rename to \(Wording.quoted(fresh))")
                ])
        }
    }

    /// Two behaviors that exist at the same time share an id (a behavior re-added after its namesake's removal is fine).
    private static func duplicateBehaviorIds(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        let timeline = index.timeline
        var diagnostics: [Diagnostic] = []
        // The entries with each id so far, in order: only entries sharing an id can be duplicates. Most ids are
        // unique, so the first entry of an id is kept apart and only later ones get a list.
        var firstById: [ExactId: Int] = [:]
        var laterById: [ExactId: [Int]] = [:]
        for position in timeline.entries.indices {
            guard let id = timeline.behaviors[timeline.entries[position].source].id else { continue }
            let key = id.exactId
            guard let firstEntry = firstById[key] else {
                firstById[key] = position
                continue
            }
            let namesakes = [firstEntry] + laterById[key, default: []]
            laterById[key, default: []].append(position)
            guard let earliest = namesakes.first(where: { timeline.coexist($0, position) }) else { continue }
            let entry = timeline.entries[position]
            let first = timeline.behavior(earliest)
            let behavior = timeline.behavior(position)
            let range = context.range(of: behavior.pointer.appending("id"))
            let fresh = index.freshId(prefix: behavior.type?.rawValue ?? "behavior")
            let firstRange = context.range(of: first.pointer.appending("id"))
            let when = entry.addingEvent.map { " when the event \(index.when(event: $0)) adds this one" } ?? ""
            diagnostics.append(
                context.diagnostic(
                    "behavior.duplicateId",
                    "behavior id \(Wording.quoted(id)) is already the id of \(Wording.place(of: first)), which still exists\(when); give this one another id, or remove the other first",
                    at: range,
                    related: [Diagnostic.Related(message: "\(Wording.quoted(id)) first used here", range: firstRange)],
                    fixes: [
                        context.replacement(
                            range, with: Wording.quoted(fresh), title: "Rename to \(Wording.quoted(fresh))"),
                        index.behaviorRemoval(
                            behavior,
                            title: entry.addingEvent == nil
                                ? "Remove this behavior" : "Remove the event that adds this behavior"),
                    ]))
        }
        return diagnostics
    }

    private static func duplicateBoundaryIds(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        var diagnostics: [Diagnostic] = []
        for behavior in index.allBehaviors {
            guard case .collision(let collision)? = behavior.kind else { continue }
            var first: [ExactId: Boundary] = [:]
            for boundary in collision.boundaries {
                guard let id = boundary.id else { continue }
                guard let earlier = first[id.exactId] else {
                    first[id.exactId] = boundary
                    continue
                }
                let range = context.range(of: boundary.pointer.appending("id"))
                let fresh = index.freshId(prefix: "boundary")
                diagnostics.append(
                    context.diagnostic(
                        "boundary.duplicateId",
                        "boundary id \(Wording.quoted(id)) is already the id of another boundary of \(Wording.behavior(behavior)); contact events could not tell them apart, so give this one another id",
                        at: range,
                        related: [
                            Diagnostic.Related(
                                message: "first boundary with id \(Wording.quoted(id))",
                                range: context.range(of: earlier.pointer.appending("id")))
                        ],
                        fixes: [
                            context.replacement(
                                range, with: Wording.quoted(fresh), title: "Rename to \(Wording.quoted(fresh))")
                        ]))
            }
        }
        return diagnostics
    }

    /// The `items` ids of a behavior, nil for the kinds that take `item` instead.
    static func itemsList(of behavior: Behavior) -> [Reference]? {
        switch behavior.kind {
        case .gravity(let b)?: b.items
        case .collision(let b)?: b.items
        case .push(let b)?: b.items
        case .dynamicItem(let b)?: b.items
        case .field(let b)?: b.items
        case .attachment?, .snap?, nil: nil
        }
    }

    private static func duplicateItems(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        var diagnostics: [Diagnostic] = []
        // For each item (by index): the behavior that last listed it and where, so each list is one pass.
        var listedBy = [Int](repeating: -1, count: index.scene.items.count)
        var listedAt = [Int](repeating: 0, count: index.scene.items.count)
        for (position, behavior) in index.allBehaviors.enumerated() {
            // `items` are the behavior's `itemReferences` for the kinds that have them, so the targets line up.
            guard let items = itemsList(of: behavior), items.count > 1 else { continue }
            let targets = index.targets(ofBehavior: position)
            var unknown: [ExactId: Reference] = [:]
            for (offset, (reference, target)) in zip(items, targets).enumerated() {
                let earlier: Reference
                if target >= 0 {
                    let item = Int(target)
                    guard listedBy[item] == position else {
                        listedBy[item] = position
                        listedAt[item] = offset
                        continue
                    }
                    earlier = items[listedAt[item]]
                } else {
                    guard let known = unknown[reference.id.exactId] else {
                        unknown[reference.id.exactId] = reference
                        continue
                    }
                    earlier = known
                }
                diagnostics.append(
                    context.diagnostic(
                        "behavior.duplicateItem",
                        "\(Wording.quoted(reference.id)) is already in the items of \(Wording.behavior(behavior)); list each item once",
                        at: context.range(of: reference.pointer),
                        related: [
                            Diagnostic.Related(
                                message: "\(Wording.quoted(reference.id)) first listed here",
                                range: context.range(of: earlier.pointer))
                        ],
                        fixes: [
                            Diagnostic.Fix(
                                title: "Remove the repeated \(Wording.quoted(reference.id))",
                                edits: [
                                    Diagnostic.Edit(range: index.edits.elementRemoval(reference.pointer), newText: "")
                                ])
                        ]))
            }
        }
        return diagnostics
    }

    private static func emptyBehaviors(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        return index.allBehaviors.compactMap { behavior in
            // A behavior whose model lists an item has a non-empty array.
            guard let listed = itemsList(of: behavior), listed.isEmpty else { return nil }
            let pointer = behavior.pointer.appending("items")
            guard let items = index.value(at: pointer)?.arrayValue, items.isEmpty,
                !context.isInvalid(pointer), !index.document.truncatedContainers.contains(pointer)
            else { return nil }
            return context.diagnostic(
                "behavior.empty",
                "\(Wording.behavior(behavior)) has no items, so it does nothing; add the ids of the items it should act on, or remove it",
                at: context.range(of: pointer))
        }
    }
}
