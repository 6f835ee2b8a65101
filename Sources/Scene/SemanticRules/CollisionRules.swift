import JSON

// collision.noEffect, collision.ignoredBoundaries, collision.insetsWithoutBounds, boundary.degenerate and
// boundary.outside: each collision behavior on its own (of the list or added by an event). An explicit
// `"translatesReferenceBoundsIntoBoundary": false` is the same as leaving it out.
enum CollisionRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for behavior in index.allBehaviors {
            guard case .collision(let collision)? = behavior.kind else { continue }
            diagnostics += noEffect(behavior, collision, index)
            diagnostics += ignoredBoundaries(behavior, collision, index)
            diagnostics += insetsWithoutBounds(behavior, collision, index)
            diagnostics += degenerateBoundaries(collision, index)
        }
        return diagnostics + index.atCheckedSizes(boundariesOutside)
    }

    /// `boundary.outside` of every collision behavior, at the index's view size.
    private static func boundariesOutside(_ index: SceneIndex) -> [Diagnostic] {
        index.allBehaviors.flatMap { behavior -> [Diagnostic] in
            guard case .collision(let collision)? = behavior.kind else { return [] }
            return boundariesOutside(behavior, collision, index)
        }
    }

    /// Boundaries that lie entirely outside the reference view (see `Boundary.liesOutside`), on the boundary.
    private static func boundariesOutside(
        _ behavior: Behavior, _ collision: CollisionBehavior, _ index: SceneIndex
    ) -> [Diagnostic] {
        guard let view = index.scene.referenceView else { return [] }
        let context = index.context
        let size = "\(Wording.number(view.width))×\(Wording.number(view.height))"
        return collision.boundaries.filter { $0.liesOutside(view) }.map { boundary in
            let name = boundary.id.map { "boundary \(Wording.quoted($0))" } ?? "the boundary at \(boundary.pointer)"
            return context.diagnostic(
                "boundary.outside",
                "\(name) of \(Wording.behavior(behavior)) lies entirely outside the \(size) reference view: items meet it only after they have left the view; move it into the view (x from 0 to \(Wording.number(view.width)), y from 0 to \(Wording.number(view.height)))",
                at: context.range(of: boundary.pointer))
        }
    }

    private static func noEffect(
        _ behavior: Behavior, _ collision: CollisionBehavior, _ index: SceneIndex
    ) -> [Diagnostic] {
        // Exactly one distinct id (listed once or more): O(k), stops at the second distinct id.
        guard let only = collision.items.first?.id, collision.items.allSatisfy({ $0.id.isSameId(as: only) }) else {
            return []
        }
        let context = index.context
        let pointer = behavior.pointer.appending("items")
        let message: String
        if collision.resolvedMode == .items {
            message =
                "\(Wording.behavior(behavior)) holds one item (\(Wording.quoted(only))) in mode \"items\", where items collide only with each other: it has no effect; add the items it should collide with, or use mode \"everything\" with a boundary"
        } else if collision.boundaries.isEmpty && !collision.translatesReferenceBoundsIntoBoundary {
            message =
                "\(Wording.behavior(behavior)) holds one item (\(Wording.quoted(only))) and no boundary: there is nothing to collide with; add items, boundaries or \"translatesReferenceBoundsIntoBoundary\": true"
        } else {
            return []
        }
        return [context.diagnostic("collision.noEffect", message, at: context.range(of: pointer))]
    }

    private static func ignoredBoundaries(
        _ behavior: Behavior, _ collision: CollisionBehavior, _ index: SceneIndex
    ) -> [Diagnostic] {
        guard collision.mode == .items else { return [] }
        let context = index.context
        let modePointer = behavior.pointer.appending("mode")
        let modeRange = context.range(of: modePointer)
        let fix = context.replacement(modeRange, with: "\"everything\"", title: "Change mode to \"everything\"")
        let related = [
            Diagnostic.Related(message: "mode \"items\": items collide only with each other", range: modeRange)
        ]
        var diagnostics: [Diagnostic] = []
        if !collision.boundaries.isEmpty {
            diagnostics.append(
                context.diagnostic(
                    "collision.ignoredBoundaries",
                    "the boundaries of \(Wording.behavior(behavior)) are ignored in mode \"items\" (items fall through them); use mode \"everything\", or remove the boundaries",
                    at: context.keyRange(of: behavior.pointer.appending("boundaries")), related: related, fixes: [fix]))
        }
        if collision.translatesReferenceBoundsIntoBoundary {
            diagnostics.append(
                context.diagnostic(
                    "collision.ignoredBoundaries",
                    "the reference bounds of \(Wording.behavior(behavior)) are ignored in mode \"items\" (items leave the view through them); use mode \"everything\", or remove translatesReferenceBoundsIntoBoundary",
                    at: context.keyRange(of: behavior.pointer.appending("translatesReferenceBoundsIntoBoundary")),
                    related: related, fixes: [fix]))
        }
        return diagnostics
    }

    private static func insetsWithoutBounds(
        _ behavior: Behavior, _ collision: CollisionBehavior, _ index: SceneIndex
    ) -> [Diagnostic] {
        let context = index.context
        let insetsPointer = behavior.pointer.appending("insets")
        guard !collision.translatesReferenceBoundsIntoBoundary,
            index.value(at: behavior.pointer)?.objectValue?["insets"] != nil,
            !context.isInvalid(insetsPointer)
        else { return [] }
        let translatesPointer = behavior.pointer.appending("translatesReferenceBoundsIntoBoundary")
        let addBounds: Diagnostic.Edit
        if index.value(at: translatesPointer) != nil {
            addBounds = Diagnostic.Edit(range: context.range(of: translatesPointer), newText: "true")
        } else {
            addBounds = index.edits.insertion(
                key: "translatesReferenceBoundsIntoBoundary", value: "true", before: insetsPointer)
        }
        return [
            context.diagnostic(
                "collision.insetsWithoutBounds",
                "insets of \(Wording.behavior(behavior)) have no effect without \"translatesReferenceBoundsIntoBoundary\": true (they inset the reference-bounds boundary); add it, or remove insets",
                at: context.keyRange(of: insetsPointer),
                fixes: [
                    Diagnostic.Fix(title: "Set translatesReferenceBoundsIntoBoundary to true", edits: [addBounds]),
                    Diagnostic.Fix(
                        title: "Remove insets",
                        edits: [Diagnostic.Edit(range: index.edits.memberRemoval(insetsPointer), newText: "")]),
                ])
        ]
    }

    private static func degenerateBoundaries(_ collision: CollisionBehavior, _ index: SceneIndex) -> [Diagnostic] {
        let context = index.context
        var diagnostics: [Diagnostic] = []
        for boundary in collision.boundaries {
            let name = boundary.id.map { "boundary \(Wording.quoted($0))" } ?? "the boundary at \(boundary.pointer)"
            switch boundary.shape {
            case .segment(let from, let to)? where from == to:
                diagnostics.append(
                    context.diagnostic(
                        "boundary.degenerate",
                        "\(name) has zero length: from and to are both \(Wording.point(from)); move one end so the segment has a length",
                        at: context.range(of: boundary.pointer.appending("to")),
                        related: [
                            Diagnostic.Related(
                                message: "from is the same point",
                                range: context.range(of: boundary.pointer.appending("from")))
                        ]))
            case .path(let points)?:
                var distinct: [Point] = []
                for point in points where !distinct.contains(point) { distinct.append(point) }
                guard distinct.count < 2 else { continue }
                let what =
                    points.isEmpty
                    ? "has no points"
                    : distinct.count == points.count
                        ? "has one point" : "has only one distinct point, \(Wording.point(distinct[0]))"
                diagnostics.append(
                    context.diagnostic(
                        "boundary.degenerate",
                        "\(name) \(what): a boundary path needs at least 2 distinct points; add points",
                        at: context.range(of: boundary.pointer.appending("path"))))
            default:
                continue
            }
        }
        return diagnostics
    }
}
