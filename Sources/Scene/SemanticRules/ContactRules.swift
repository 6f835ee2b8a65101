import JSON

// The contact pairs of reactions (`on`) and of `contact`/`noContact` expectations, and the items of `rests` and
// `near` expectations:
// - item.unknown: an `item` that no item has;
// - boundary.unknown: a `boundary` id that no collision behavior (of the list or added by an event) has;
// - reaction.neverTouches: a pair that no collision behavior lets touch: none holds both items (or the item and
//   the boundary, or the reference bounds for `null`), or the ones that do are in a mode that excludes it
//   (`boundaries` for two items, `items` for a boundary). A `set` of a collision behavior's `items` counts: the
//   items it adds can touch too;
// - reaction.removesItsContact: a reaction without `once` whose action removes a collision behavior that lets
//   its own pair touch: after the first contact there is no more, so it applies once at most.
// Only on a complete document: a behavior after a syntax error could make any pair touch.
enum ContactRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        guard index.itemsAreComplete else { return [] }
        let facts = Facts(index)
        var diagnostics: [Diagnostic] = []
        for event in index.scene.events {
            guard let trigger = event.on, let filter = trigger.filter else { continue }
            let pairDiagnostics = check(filter, index, facts)
            diagnostics += pairDiagnostics
            if pairDiagnostics.isEmpty, !event.once, case .remove(let target)? = event.action {
                diagnostics += removesItsContact(target, filter, trigger, index, facts)
            }
        }
        for expectation in index.scene.expectations {
            switch expectation.kind {
            case .contact(let filter, _)?, .noContact(let filter)?:
                diagnostics += check(filter, index, facts)
            case .rests(let item, _)?, .near(let item, _, _, _, _)?:
                diagnostics += unknownItem(item, index)
            case .pauses?, nil:
                break
            }
        }
        return diagnostics
    }

    /// What the collision behaviors let touch.
    private struct Facts {
        /// Each collision behavior with the items it holds at some time (its list and every `set` of its items).
        var collisions: [(behavior: Behavior, collision: CollisionBehavior, items: Set<ExactId>)] = []
        /// Every boundary id of every collision behavior, each once, in file order.
        var boundaryIds: [String] = []

        init(_ index: SceneIndex) {
            var setItems: [ExactId: [Reference]] = [:]
            for event in index.scene.events {
                if case .set(let target, let values)? = event.action, let items = values.items {
                    setItems[target.id.exactId, default: []] += items
                }
            }
            var seen: Set<ExactId> = []
            for behavior in index.allBehaviors {
                guard case .collision(let collision)? = behavior.kind else { continue }
                var items = Set(collision.items.map(\.id.exactId))
                if let id = behavior.id { items.formUnion((setItems[id.exactId] ?? []).map(\.id.exactId)) }
                collisions.append((behavior, collision, items))
                for boundary in collision.boundaries {
                    if let id = boundary.id, seen.insert(id.exactId).inserted { boundaryIds.append(id) }
                }
            }
        }

        /// The collision behaviors that let the pair touch.
        func collisions(letting filter: ContactFilter) -> [Behavior] {
            let item = filter.item.id.exactId
            return collisions.filter { entry in
                guard entry.items.contains(item) else { return false }
                switch filter.partner {
                case .item(let other):
                    return entry.collision.resolvedMode != .boundaries && entry.items.contains(other.id.exactId)
                        && !other.id.isSameId(as: filter.item.id)
                case .boundary(let id?, _):
                    return entry.collision.resolvedMode != .items
                        && entry.collision.boundaries.contains { $0.id?.isSameId(as: id) == true }
                case .boundary(nil, _):
                    return entry.collision.resolvedMode != .items
                        && entry.collision.translatesReferenceBoundsIntoBoundary
                }
            }.map(\.behavior)
        }
    }

    private static func check(_ filter: ContactFilter, _ index: SceneIndex, _ facts: Facts) -> [Diagnostic] {
        var diagnostics = unknownItem(filter.item, index)
        switch filter.partner {
        case .item(let other):
            diagnostics += unknownItem(other, index)
        case .boundary(let id?, let pointer):
            if !facts.boundaryIds.contains(where: { $0.isSameId(as: id) }) {
                diagnostics.append(unknownBoundary(id, at: pointer, index, facts))
            }
        case .boundary(nil, _):
            break
        }
        guard diagnostics.isEmpty, facts.collisions(letting: filter).isEmpty else { return diagnostics }
        return [neverTouches(filter, index, facts)]
    }

    private static func unknownItem(_ reference: Reference, _ index: SceneIndex) -> [Diagnostic] {
        guard index.itemIndexById[reference.id.exactId] == nil else { return [] }
        let context = index.context
        let range = context.range(of: reference.pointer)
        var message = "item names \(Wording.quoted(reference.id)), but no item has this id"
        var fixes: [Diagnostic.Fix] = []
        if let suggestion = nearest(reference.id, in: index.itemIds) {
            message += "; did you mean \(Wording.quoted(suggestion))?"
            fixes.append(index.stringReplacement(range, with: suggestion))
        } else if !index.itemIds.isEmpty {
            message += "; use the id of an item (\(Wording.sample(index.itemIds)))"
        }
        return [context.diagnostic("item.unknown", message, at: range, fixes: fixes)]
    }

    private static func unknownBoundary(
        _ id: String, at pointer: JSONPointer, _ index: SceneIndex, _ facts: Facts
    ) -> Diagnostic {
        let context = index.context
        let range = context.range(of: pointer)
        var message = "boundary names \(Wording.quoted(id)), but no collision behavior has a boundary with this id"
        var fixes: [Diagnostic.Fix] = []
        if let suggestion = nearest(id, in: facts.boundaryIds) {
            message += "; did you mean \(Wording.quoted(suggestion))?"
            fixes.append(index.stringReplacement(range, with: suggestion))
        } else if facts.boundaryIds.isEmpty {
            message += "; give a boundary this id, or write null for the reference bounds"
        } else {
            message +=
                "; use the id of a boundary (\(Wording.sample(facts.boundaryIds))) or null for the reference bounds"
        }
        return context.diagnostic("boundary.unknown", message, at: range, fixes: fixes)
    }

    private static func neverTouches(_ filter: ContactFilter, _ index: SceneIndex, _ facts: Facts) -> Diagnostic {
        let context = index.context
        let item = Wording.quoted(filter.item.id)
        let holding = facts.collisions.filter { $0.items.contains(filter.item.id.exactId) }
        let message: String
        switch filter.partner {
        case .item(let other):
            if other.id.isSameId(as: filter.item.id) {
                message = "an item never touches itself; name another item, or a boundary"
            } else {
                let both = holding.filter { $0.items.contains(other.id.exactId) }
                if both.isEmpty {
                    message =
                        "\(item) and \(Wording.quoted(other.id)) can never touch: no collision behavior holds both; add them to one collision behavior's items"
                } else {
                    message =
                        "\(item) and \(Wording.quoted(other.id)) can never touch: \(Wording.behavior(both[0].behavior)) holds both in mode \"boundaries\", where items pass through each other; use mode \"everything\" or \"items\""
                }
            }
        case .boundary(let id, _):
            let what = id.map { "boundary \(Wording.quoted($0))" } ?? "the reference bounds"
            let owners = holding.filter { entry in
                if let id { return entry.collision.boundaries.contains { $0.id?.isSameId(as: id) == true } }
                return entry.collision.translatesReferenceBoundsIntoBoundary
            }
            if let owner = owners.first {
                message =
                    "\(item) can never touch \(what): \(Wording.behavior(owner.behavior)) is in mode \"items\", where boundaries are ignored; use mode \"everything\" or \"boundaries\""
            } else if id == nil {
                message =
                    "\(item) can never touch the reference bounds: no collision behavior holding it has translatesReferenceBoundsIntoBoundary; add it, or name a boundary"
            } else {
                message =
                    "\(item) can never touch \(what): no collision behavior holds both \(item) and this boundary; add \(item) to the items of the collision behavior with the boundary"
            }
        }
        return context.diagnostic(
            "reaction.neverTouches", message, at: context.range(of: filter.pointer.appending("with")))
    }

    private static func removesItsContact(
        _ target: Reference, _ filter: ContactFilter, _ trigger: ContactTrigger, _ index: SceneIndex, _ facts: Facts
    ) -> [Diagnostic] {
        let letting = facts.collisions(letting: filter)
        guard letting.allSatisfy({ $0.id?.isSameId(as: target.id) == true }),
            let removed = letting.first
        else { return [] }
        let context = index.context
        let kind = trigger.ended ? "contactEnded" : "contactBegan"
        return [
            context.diagnostic(
                "reaction.removesItsContact",
                "this reaction removes \(Wording.behavior(removed)), the only collision behavior that makes the \(kind) it listens to: it can apply once at most; add \"once\": true if that is meant, or remove another behavior",
                at: context.range(of: target.pointer),
                related: [
                    Diagnostic.Related(
                        message: "the pair it listens to", range: context.range(of: trigger.pointer.appending(kind)))
                ])
        ]
    }
}
