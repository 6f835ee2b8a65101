import JSON

// gravity.multiple: UIKit calls several gravity behaviors undefined; every gravity's items fall with the vector of
// the one added or changed last. Gravities added by events count when they exist at the same time as another
// (a timeline that removes one gravity and then adds another is fine). One diagnostic on each gravity that
// exists together with a gravity added after it, on its `type` value, related to the last such gravity.
enum GravityRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        let timeline = index.timeline
        let context = index.context
        let gravities = timeline.entries.indices.filter { timeline.behavior($0).type == .gravity }
        var diagnostics: [Diagnostic] = []
        for gravity in gravities {
            guard let last = gravities.last(where: { $0 > gravity && timeline.coexist(gravity, $0) }) else { continue }
            let behavior = timeline.behavior(gravity)
            let winner = timeline.behavior(last)
            diagnostics.append(
                context.diagnostic(
                    "gravity.multiple",
                    "\(Wording.behavior(behavior)) exists at the same time as \(Wording.behavior(winner)): several gravity behaviors are undefined in UIKit, and the items of every one fall with the vector of the gravity added or changed last; use one gravity behavior with all the items",
                    at: context.range(of: behavior.pointer.appending("type")),
                    related: [
                        Diagnostic.Related(
                            message: "\(Wording.behavior(winner)), added last",
                            range: context.range(of: winner.pointer.appending("type")))
                    ]))
        }
        return diagnostics
    }
}
