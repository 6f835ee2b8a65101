import JSON

// attachment.self, attachment.duplicate and snap.duplicate. The duplicates compare behaviors that exist at the
// same time (Timeline): each behavior involved gets one diagnostic on its `item` value, related to every other
// behavior it ever shares the item with. A chain (a's item attached to b, b's item attached to c) is fine:
// each item is the `item` of one attachment; only two attachments whose `item` is the same fight.
enum AttachmentRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        selfAttachments(index) + duplicates(index, snap: false) + duplicates(index, snap: true)
    }

    private static func selfAttachments(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        return index.allBehaviors.compactMap { behavior in
            guard case .attachment(let attachment)? = behavior.kind, let item = attachment.item,
                let other = attachment.attachedTo, other.id.isSameId(as: item.id)
            else { return nil }
            return context.diagnostic(
                "attachment.self",
                "attachedTo names \(Wording.quoted(other.id)), the attached item itself; attach it to another item, or use anchor for a fixed point",
                at: context.range(of: other.pointer),
                related: [Diagnostic.Related(message: "the attached item", range: context.range(of: item.pointer))])
        }
    }

    /// The `item` of an attachment or snap entry, when it names a known item.
    private static func heldItem(_ behavior: Behavior, snap: Bool, _ index: SceneIndex) -> Reference? {
        let reference: Reference?
        switch behavior.kind {
        case .attachment(let attachment)? where !snap: reference = attachment.item
        case .snap(let s)? where snap: reference = s.item
        default: reference = nil
        }
        guard let reference, index.itemIndexById[reference.id.exactId] != nil else { return nil }
        return reference
    }

    private static func duplicates(_ index: SceneIndex, snap: Bool) -> [Diagnostic] {
        let timeline = index.timeline
        let context = index.context
        let held = timeline.entries.indices.map { heldItem(timeline.behavior($0), snap: snap, index) }
        // Per entry, the first few entries it shares its item with, and how many there are in all: 2,000
        // attachments of one item are 2,000 diagnostics of bounded size, not 2,000 lists of 2,000.
        var partners: [Int: [Int]] = [:]
        var partnerCounts: [Int: Int] = [:]
        func pair(_ entry: Int, _ other: Int) {
            partnerCounts[entry, default: 0] += 1
            if partners[entry, default: []].count < RuleContext.relatedLimit {
                partners[entry, default: []].append(other)
            }
        }
        // The entries so far holding each item, in order: only those can share an item with a later one.
        var holders: [ExactId: [Int]] = [:]
        for later in timeline.entries.indices {
            guard let item = held[later] else { continue }
            let earlierHolders = holders[item.id.exactId, default: []]
            holders[item.id.exactId, default: []].append(later)
            for earlier in earlierHolders where timeline.coexist(earlier, later) {
                pair(later, earlier)
                pair(earlier, later)
            }
        }
        var diagnostics: [Diagnostic] = []
        for entry in partners.keys.sorted() {
            let others = Array(Set(partners[entry]!)).sorted()
            let behavior = timeline.behavior(entry)
            let item = held[entry]!
            let shownNames = others.map { Wording.behavior(timeline.behavior($0)) }
            let unshown = partnerCounts[entry, default: others.count] - others.count
            let names =
                unshown > 0
                ? shownNames.joined(separator: ", ") + " and \(unshown) more" : Wording.list(shownNames)
            let related = others.map { other in
                Diagnostic.Related(
                    message:
                        "\(Wording.quoted(item.id)) is also the item of \(Wording.behavior(timeline.behavior(other)))",
                    range: context.range(of: held[other]!.pointer))
            }
            if snap {
                // The later snaps can go: the first one alone then holds the item.
                let isLater = others.contains { $0 < entry }
                diagnostics.append(
                    context.diagnostic(
                        "snap.duplicate",
                        "item \(Wording.quoted(item.id)) is also snapped by \(names) at the same time: when several snaps name one item, the animator ignores all of them; keep one snap per item (remove the old snap before adding a new one)",
                        at: context.range(of: item.pointer), related: related,
                        fixes: isLater
                            ? [
                                index.behaviorRemoval(
                                    behavior,
                                    title: timeline.entries[entry].addingEvent == nil
                                        ? "Remove this snap" : "Remove the event that adds this snap")
                            ] : []))
            } else {
                diagnostics.append(
                    context.diagnostic(
                        "attachment.duplicate",
                        "item \(Wording.quoted(item.id)) is also the item of \(names) at the same time: the attachments fight over it; an item can be held by one attachment — chain the attachments instead (attach one attachment's item to the other's)",
                        at: context.range(of: item.pointer), related: related))
            }
        }
        return diagnostics
    }
}
