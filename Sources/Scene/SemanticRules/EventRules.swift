import JSON

// behavior.unknown (an event names no behavior that exists when it applies) and event.order (an event listed
// after one with a later `at`). behavior.unknown follows the timeline and needs the whole file; event.order
// compares each event with the one before it, so it stands on its own even before a syntax error.
enum EventRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        unknownBehaviors(index) + order(index)
    }

    private static func unknownBehaviors(_ index: SceneIndex) -> [Diagnostic] {
        let timeline = index.timeline
        let context = index.context
        let scene = index.scene
        guard context.isComplete, timeline.followsEvents else { return [] }
        var diagnostics: [Diagnostic] = []
        for event in scene.events.indices {
            let target: Reference
            let verb: String
            switch scene.events[event].action {
            case .set(let reference, _)?: (target, verb) = (reference, "set")
            case .remove(let reference)?: (target, verb) = (reference, "remove")
            case .pan(let reference, _)?: (target, verb) = (reference, "pan")
            default: continue
            }
            // A reaction may apply at any time: it is wrong only when no behavior ever has the id.
            if scene.events[event].isReaction,
                timeline.entries.indices.contains(where: { timeline.behavior($0).id?.isSameId(as: target.id) == true })
            {
                continue
            }
            guard let position = timeline.eventPosition[event], timeline.targets[event]?.isEmpty == true else {
                continue
            }
            let range = context.range(of: target.pointer)
            let named = timeline.entries.indices.filter { timeline.behavior($0).id?.isSameId(as: target.id) == true }
            let removed = named.last {
                timeline.entries[$0].added < position && (timeline.entries[$0].removed ?? Int.max) < position
            }
            let addedLater = named.first { timeline.entries[$0].added > position }
            let message: String
            var related: [Diagnostic.Related] = []
            var fixes: [Diagnostic.Fix] = []
            let when = index.when(event: event)
            if let removed, let removing = timeline.entries[removed].removingEvent {
                message =
                    "\(verb) names behavior \(Wording.quoted(target.id)), which the event \(index.when(event: removing)) already removed; this event \(when) finds no such behavior — add it again before, or drop this event"
                related.append(
                    Diagnostic.Related(
                        message: "\(Wording.quoted(target.id)) removed here",
                        range: context.range(of: scene.events[removing].pointer.appending("remove"))))
            } else if let addedLater, let adding = timeline.entries[addedLater].addingEvent {
                message =
                    "\(verb) names behavior \(Wording.quoted(target.id)), which the event \(index.when(event: adding)) adds only after this event \(when); move this event after it"
                related.append(
                    Diagnostic.Related(
                        message: "\(Wording.quoted(target.id)) added here",
                        range: context.range(of: timeline.behavior(addedLater).pointer.appending("id"))))
            } else {
                var alive: [String] = []
                for entry in timeline.entries.indices where timeline.isAlive(entry, at: position) {
                    if let id = timeline.behavior(entry).id, !alive.contains(where: { $0.isSameId(as: id) }) {
                        alive.append(id)
                    }
                }
                if let suggestion = nearest(target.id, in: alive) {
                    message =
                        "\(verb) names \(Wording.quoted(target.id)), but no behavior has this id \(when); did you mean \(Wording.quoted(suggestion))?"
                    fixes.append(index.stringReplacement(range, with: suggestion))
                } else if alive.isEmpty {
                    message =
                        "\(verb) names \(Wording.quoted(target.id)), but no behavior with an id exists \(when); give the behavior an id and use it here"
                } else {
                    message =
                        "\(verb) names \(Wording.quoted(target.id)), but no behavior has this id \(when); use the id of a behavior (\(Wording.sample(alive)))"
                }
            }
            diagnostics.append(
                context.diagnostic("behavior.unknown", message, at: range, related: related, fixes: fixes))
        }
        return diagnostics
    }

    private static func order(_ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        let events = index.scene.events
        var previous: Event?
        var diagnostics: [Diagnostic] = []
        let sorting = sortFix(index)
        for event in events {
            guard let at = event.at else { continue }
            if let before = previous, let beforeAt = before.at, at < beforeAt {
                diagnostics.append(
                    context.diagnostic(
                        "event.order",
                        "this event at \(Wording.seconds(at)) is listed after an event at \(Wording.seconds(beforeAt)); list the events in the order of their time (events apply at their time, in file order within a frame)",
                        at: context.range(of: event.pointer.appending("at")),
                        related: [
                            Diagnostic.Related(
                                message: "the event before it, at \(Wording.seconds(beforeAt))",
                                range: context.range(of: before.pointer.appending("at")))
                        ],
                        fixes: sorting.map { [$0] } ?? []))
            }
            previous = event
        }
        return diagnostics
    }

    /// One edit rewriting the events array in time order (stable: file order among equal times), each event's
    /// text moved whole into the slots of the old layout. Nil unless every event is an object with a valid `at`.
    private static func sortFix(_ index: SceneIndex) -> Diagnostic.Fix? {
        let context = index.context
        let pointer = JSONPointer.root.appending("events")
        guard context.isComplete, let raw = index.value(at: pointer)?.arrayValue, raw.count == index.scene.events.count,
            index.scene.events.allSatisfy({ $0.at != nil })
        else { return nil }
        let events = index.scene.events
        let order = events.indices.sorted {
            events[$0].at! != events[$1].at! ? events[$0].at! < events[$1].at! : $0 < $1
        }
        guard order != Array(events.indices) else { return nil }
        let ranges = events.map { context.range(of: $0.pointer) }
        let bytes = index.document.bytes
        var text = ""
        for slot in ranges.indices {
            let moved = ranges[order[slot]]
            text += String(decoding: bytes[moved], as: UTF8.self)
            if slot + 1 < ranges.count {
                text += String(decoding: bytes[ranges[slot].upperBound..<ranges[slot + 1].lowerBound], as: UTF8.self)
            }
        }
        return Diagnostic.Fix(
            title: "Sort the events by time",
            edits: [Diagnostic.Edit(range: ranges.first!.lowerBound..<ranges.last!.upperBound, newText: text)])
    }
}
