import JSON

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

// event.noAnchor: a `pan`, or a `set` of `anchor`, aimed at an attachment that joins two items (`attachedTo`)
// and so has no anchor. UIKit accepts `anchorPoint` on such an attachment and ignores it: the finger moves
// nothing. The event's target is resolved by the timeline (the attachments alive with its id when it applies), so
// an id re-added as an anchored attachment later is judged by what exists at the event's time.
extension AttachmentRules {
    static func eventsWithoutAnchor(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        let scene = index.scene
        let timeline = index.timeline
        guard context.isComplete, timeline.followsEvents else { return [] }
        var diagnostics: [Diagnostic] = []
        for event in scene.events.indices {
            let range: Range<Int>
            let verb: String
            switch scene.events[event].action {
            case .pan(let target, _)?:
                range = context.range(of: target.pointer)
                verb = "pan moves"
            case .set(_, let values)? where values.keys.contains("anchor"):
                range = context.document.keyRange(of: values.pointer.appending("anchor"))
                verb = "set of anchor moves"
            default: continue
            }
            let unanchored = (timeline.targets[event] ?? []).compactMap { entry -> (Behavior, Reference)? in
                let behavior = timeline.behavior(entry)
                guard case .attachment(let attachment)? = behavior.kind, attachment.anchor == nil,
                    let other = attachment.attachedTo
                else { return nil }
                return (behavior, other)
            }
            guard let (attachment, other) = unanchored.first else { continue }
            let related = unanchored.map { behavior, other in
                Diagnostic.Related(
                    message: "\(Wording.behavior(behavior)) joins its item to item \(Wording.quoted(other.id)) here",
                    range: context.range(of: other.pointer))
            }
            diagnostics.append(
                context.diagnostic(
                    "event.noAnchor",
                    "\(verb) an attachment's anchor, but \(Wording.behavior(attachment)) joins two items (attachedTo \(Wording.quoted(other.id))) and has no anchor, so \(index.when(event: event)) nothing would move; attach it to an anchor instead of an item, or drop this event",
                    at: range, related: related, fixes: anchorFix(attachment, index).map { [$0] } ?? []))
        }
        return diagnostics
    }

    /// Replaces the attachment's `attachedTo` (and `attachedOffset`) with an `anchor` where the attached point of
    /// the other item stands at the start, so that the attachment starts in the same place and the event moves it.
    private static func anchorFix(_ behavior: Behavior, _ index: SceneIndex) -> Diagnostic.Fix? {
        guard case .attachment(let attachment)? = behavior.kind, let other = attachment.attachedTo,
            let item = index.item(named: other.id), let center = item.center
        else { return nil }
        let offset = attachment.attachedOffset ?? Vector(x: 0, y: 0)
        let (sine, cosine) = (sin(item.resolvedAngle), cos(item.resolvedAngle))
        let x = center.x + offset.x * cosine - offset.y * sine
        let y = center.y + offset.x * sine + offset.y * cosine
        let anchor = "[\(Wording.coordinate(x)), \(Wording.coordinate(y))]"
        let attachedTo = attachment.pointer.appending("attachedTo")
        let document = index.document
        let member = document.memberRange(of: attachedTo)
        guard !member.isEmpty else { return nil }
        var edits = [Diagnostic.Edit(range: member, newText: "\(Wording.quoted("anchor")): \(anchor)")]
        let offsetPointer = attachment.pointer.appending("attachedOffset")
        if index.value(at: offsetPointer) != nil {
            edits.append(Diagnostic.Edit(range: index.edits.memberRemoval(offsetPointer), newText: ""))
        }
        return Diagnostic.Fix(
            title:
                "Anchor \(Wording.behavior(behavior)) at \(anchor), where item \(Wording.quoted(other.id)) holds it now",
            edits: edits)
    }
}
