import JSON

// item.unknown and item.unused: `items`, `item` and `attachedTo`, in the behaviors list and in behaviors that
// events add, and the `items` that `set` events give behaviors. Both need every item id: item.unknown runs once the whole `items` array is read, item.unused only
// on a complete document (a behavior after a syntax error could name any item).
enum ReferenceRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        unknownItems(index) + unusedItems(index)
    }

    private static func unknownItems(_ index: SceneIndex) -> [Diagnostic] {
        guard index.itemsAreComplete else { return [] }
        let context = index.context
        var diagnostics: [Diagnostic] = []
        var unknown: [Reference] = []
        for (position, behavior) in index.allBehaviors.enumerated() {
            let targets = index.targets(ofBehavior: position)
            guard targets.contains(-1) else { continue }
            for (reference, target) in zip(behavior.itemReferences, targets) where target < 0 {
                unknown.append(reference)
            }
        }
        // The items a `set` event gives a behavior (addItem:/removeItem:).
        for event in index.scene.events {
            guard case .set(_, let values)? = event.action, let items = values.items else { continue }
            unknown += items.filter { index.itemIndexById[$0.id.exactId] == nil }
        }
        do {
            for reference in unknown {
                let range = context.range(of: reference.pointer)
                let role: String
                switch reference.pointer.last {
                case .key("attachedTo")?: role = "attachedTo"
                case .key("item")?: role = "item"
                default: role = "items"
                }
                var message = "\(role) names \(Wording.quoted(reference.id)), but no item has this id"
                var fixes: [Diagnostic.Fix] = []
                if let suggestion = nearest(reference.id, in: index.itemIds) {
                    message += "; did you mean \(Wording.quoted(suggestion))?"
                    fixes.append(index.stringReplacement(range, with: suggestion))
                } else if index.itemIds.isEmpty {
                    message += "; add an item with id \(Wording.quoted(reference.id)) to items"
                } else {
                    message += "; use the id of an item (\(Wording.sample(index.itemIds))) or add an item with this id"
                }
                diagnostics.append(context.diagnostic("item.unknown", message, at: range, fixes: fixes))
            }
        }
        return diagnostics
    }

    private static func unusedItems(_ index: SceneIndex) -> [Diagnostic] {
        guard index.context.isComplete else { return [] }
        // Whether each item is named (by its index; a name means the first item with that id).
        var named = [Bool](repeating: false, count: index.scene.items.count)
        for (position, behavior) in index.allBehaviors.enumerated() {
            if behavior.kind == nil {
                // A behavior whose type is wrong (already an error) still shows which items it meant.
                for name in rawItemNames(of: behavior, index) {
                    if let item = index.itemIndexById[name.exactId] { named[item] = true }
                }
            } else {
                for target in index.targets(ofBehavior: position) where target >= 0 { named[Int(target)] = true }
            }
        }
        for event in index.scene.events {
            guard case .set(_, let values)? = event.action, let items = values.items else { continue }
            for reference in items {
                if let item = index.itemIndexById[reference.id.exactId] { named[item] = true }
            }
        }
        let context = index.context
        return index.scene.items.enumerated().compactMap { offset, item in
            guard let id = item.id, index.duplicateOf[offset] == nil, !named[offset] else { return nil }
            return context.diagnostic(
                "item.unused",
                "item \(Wording.quoted(id)) is named by no behavior, so it will never move; add it to the items of a behavior (gravity, collision…) or remove it",
                at: context.range(of: item.pointer.appending("id")))
        }
    }

    private static func rawItemNames(of behavior: Behavior, _ index: SceneIndex) -> [String] {
        guard let object = index.value(at: behavior.pointer)?.objectValue else { return [] }
        var names = (object["items"]?.arrayValue ?? []).compactMap(\.stringValue)
        for key in ["item", "attachedTo"] { if let name = object[key]?.stringValue { names.append(name) } }
        return names
    }
}
