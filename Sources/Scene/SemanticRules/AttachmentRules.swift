import JSON

// attachment.self, attachment.duplicate, snap.duplicate, snap.pointOutside, attachment.undamped and
// event.noAnchor (AttachmentRules+NoAnchor.swift). The
// duplicates compare behaviors that exist at the same time (Timeline): each behavior involved gets one
// diagnostic on its `item` value, related to every other behavior it ever shares the item with. A chain (a's
// item attached to b, b's item attached to c) is fine: each item is the `item` of one attachment; only two
// attachments whose `item` is the same fight.
enum AttachmentRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        selfAttachments(index) + duplicates(index, snap: false) + duplicates(index, snap: true)
            + index.atCheckedSizes(snapPointsOutside) + undampedSprings(index) + eventsWithoutAnchor(index)
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
            // Each behavior once, even when several entries read the same (one id re-added over time).
            var shownNames: [String] = []
            for other in others {
                let name = Wording.behaviorAndPlace(timeline.behavior(other))
                if !shownNames.contains(name) { shownNames.append(name) }
            }
            let unshown = partnerCounts[entry, default: others.count] - others.count
            let names =
                unshown > 0
                ? shownNames.joined(separator: ", ") + " and \(unshown) more" : Wording.list(shownNames)
            let related = others.map { other in
                Diagnostic.Related(
                    message:
                        "\(Wording.quoted(item.id)) is also the item of \(Wording.behaviorAndPlace(timeline.behavior(other)))",
                    range: context.range(of: held[other]!.pointer))
            }
            if snap {
                // Any of them can go: which one to keep is the user's choice.
                diagnostics.append(
                    context.diagnostic(
                        "snap.duplicate",
                        "item \(Wording.quoted(item.id)) of \(Wording.behaviorAndPlace(behavior)) is also snapped by \(names) at the same time: when several snaps name one item, the animator ignores all of them; keep one snap per item (remove the old snap before adding a new one)",
                        at: context.range(of: item.pointer), related: related,
                        fixes: [
                            index.behaviorRemoval(
                                behavior,
                                title: timeline.entries[entry].addingEvent == nil
                                    ? "Remove this snap" : "Remove the event that adds this snap")
                        ]))
            } else {
                diagnostics.append(
                    context.diagnostic(
                        "attachment.duplicate",
                        "item \(Wording.quoted(item.id)) of \(Wording.behaviorAndPlace(behavior)) is also the item of \(names) at the same time: the attachments fight over it; an item can be held by one attachment — chain the attachments instead (attach one attachment's item to the other's)",
                        at: context.range(of: item.pointer), related: related))
            }
        }
        return diagnostics
    }

    // MARK: snap.pointOutside

    /// Snap points outside the reference view: of the snaps themselves (list and added), and of `set` events
    /// whose target is a snap (followed only when the whole file is known).
    private static func snapPointsOutside(_ index: SceneIndex) -> [Diagnostic] {
        guard let view = index.scene.referenceView else { return [] }
        var diagnostics: [Diagnostic] = []
        for behavior in index.allBehaviors {
            guard case .snap(let snap)? = behavior.kind, let point = snap.point else { continue }
            if let diagnostic = pointOutside(
                point, at: behavior.pointer.appending("point"), of: Wording.behavior(behavior), view, index)
            {
                diagnostics.append(diagnostic)
            }
        }
        let timeline = index.timeline
        guard timeline.followsEvents else { return diagnostics }
        for (position, event) in index.scene.events.enumerated() {
            guard case .set(_, let values)? = event.action, let point = values.point,
                let snap = timeline.targets[position]?.first(where: { timeline.behavior($0).type == .snap })
            else { continue }
            if let diagnostic = pointOutside(
                point, at: values.pointer.appending("point"),
                of: "the event \(index.when(event: position)) on \(Wording.behavior(timeline.behavior(snap)))", view,
                index)
            {
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    private static func pointOutside(
        _ point: Point, at pointer: JSONPointer, of owner: String, _ view: Size, _ index: SceneIndex
    ) -> Diagnostic? {
        let inside = Point(x: min(max(point.x, 0), view.width), y: min(max(point.y, 0), view.height))
        guard inside != point else { return nil }
        let context = index.context
        let range = context.range(of: pointer)
        let size = "\(Wording.number(view.width))×\(Wording.number(view.height))"
        let moved = Wording.point(inside)
        return context.diagnostic(
            "snap.pointOutside",
            "\(owner) snaps its item to \(Wording.point(point)), outside the \(size) reference view: the item is pulled off screen; use a point with x from 0 to \(Wording.number(view.width)) and y from 0 to \(Wording.number(view.height))",
            at: range,
            fixes: [context.replacement(range, with: moved, title: "Move the point to \(moved), inside the view")])
    }

    // MARK: attachment.undamped

    /// Springs with damping 0 that no `set` event ever gives a damping: one hint each, on `frequency`.
    private static func undampedSprings(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        let timeline = index.timeline
        var diagnostics: [Diagnostic] = []
        for entry in timeline.entries.indices {
            let behavior = timeline.behavior(entry)
            guard case .attachment(let attachment)? = behavior.kind, attachment.isUndampedSpring,
                !context.isInvalid(behavior.pointer.appending("damping")),
                !dampedLater(entry, index)
            else { continue }
            let frequencyRange = context.range(of: behavior.pointer.appending("frequency"))
            let dampingPointer = behavior.pointer.appending("damping")
            let fix: Diagnostic.Fix
            if attachment.damping != nil {
                fix = context.replacement(
                    context.range(of: dampingPointer), with: "0.5", title: "Set damping to 0.5")
            } else {
                fix = Diagnostic.Fix(
                    title: "Add \"damping\": 0.5",
                    edits: [
                        index.edits.insertion(
                            key: "damping", value: "0.5", before: behavior.pointer.appending("frequency"))
                    ])
            }
            let frequency = Wording.number(attachment.resolvedFrequency)
            diagnostics.append(
                context.diagnostic(
                    "attachment.undamped",
                    "\(Wording.behavior(behavior)) is a spring of \(frequency) Hz with damping 0: it never settles, and its item bounces for as long as the scene runs; give it a damping ratio (1 is critical damping, 0.1 to 0.7 leaves a few bounces)",
                    at: frequencyRange, fixes: [fix]))
        }
        return diagnostics
    }

    /// Whether a `set` event on the entry gives it a damping above 0 (then it settles from that time on).
    private static func dampedLater(_ entry: Int, _ index: SceneIndex) -> Bool {
        let timeline = index.timeline
        guard timeline.followsEvents else { return false }
        for event in timeline.eventOrder where timeline.targets[event]?.contains(entry) == true {
            if case .set(_, let values)? = index.scene.events[event].action, let damping = values.damping, damping > 0 {
                return true
            }
        }
        return false
    }
}
