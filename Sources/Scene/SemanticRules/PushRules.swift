import JSON

// push.noEffect: a push whose magnitude is 0 (direction [0, 0], or magnitude 0 or absent) and stays 0 while it
// exists: no `set` event on it gives it a non-zero direction or magnitude. UIKit links the properties: setting
// pushDirection sets angle and magnitude; setting angle keeps the magnitude (so an event that only turns a
// zero push leaves it without effect). Needs every event: not run on a document cut by a syntax error.
enum PushRules {
    static func check(_ index: SceneIndex) -> [Diagnostic] {
        guard index.context.isComplete else { return [] }
        let timeline = index.timeline
        let context = index.context
        let scene = index.scene
        var diagnostics: [Diagnostic] = []
        for entry in timeline.entries.indices {
            guard case .push(let push)? = timeline.behavior(entry).kind else { continue }
            if push.resolvedVector.length != 0 { continue }
            var magnitude = 0.0
            for event in timeline.eventOrder where timeline.targets[event]?.contains(entry) == true {
                guard case .set(_, let values)? = scene.events[event].action else { continue }
                if let direction = values.direction { magnitude = direction.length }
                if let given = values.magnitude { magnitude = given }
                if magnitude != 0 { break }
            }
            if magnitude != 0 { continue }
            let behavior = timeline.behavior(entry)
            let object = index.value(at: behavior.pointer)?.objectValue
            let key =
                ["magnitude", "direction"].first {
                    object?[$0] != nil && !context.isInvalid(behavior.pointer.appending($0))
                } ?? "type"
            let what =
                key == "direction"
                ? "direction \(Wording.point(push.direction ?? .zero))"
                : key == "magnitude" ? "magnitude 0" : "no magnitude (0 by default)"
            diagnostics.append(
                context.diagnostic(
                    "push.noEffect",
                    "\(Wording.behavior(behavior)) has \(what) and no event gives it one, so it never pushes; give it a magnitude (for example \"magnitude\": 1) or a non-zero direction",
                    at: context.range(of: behavior.pointer.appending(key))))
        }
        return diagnostics
    }
}
