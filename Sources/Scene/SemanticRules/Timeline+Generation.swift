// What generated code needs from the timeline: the behavior each `set` and `remove` event acts on, resolved
// exactly as the rules and the preview resolve it (by frame, then file order), so that the code never
// re-derives which behavior an id names when the same id is removed and added again.

extension Scene {
    /// For each `set` and `remove` event (by index in `events`) whose id names exactly one behavior alive at
    /// that moment: that behavior's index in the behaviors list followed by the behaviors that events add, in
    /// file order.
    package var eventTargets: [Int: Int] {
        let timeline = Timeline(scene: self, followsEvents: true)
        var targets: [Int: Int] = [:]
        for (event, entries) in timeline.targets where entries.count == 1 {
            targets[event] = timeline.entries[entries[0]].source
        }
        return targets
    }
}
