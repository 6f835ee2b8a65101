extension SceneIndex {
    /// The behaviors of a scene's list, then those that events add, in file order. Without `add` events this is
    /// the scene's own array (shared, not copied): building it costs nothing per behavior.
    static func allBehaviors(of scene: Scene) -> [Behavior] {
        var added: [Behavior] = []
        for event in scene.events {
            if case .add(let behavior)? = event.action { added.append(behavior) }
        }
        return added.isEmpty ? scene.behaviors : scene.behaviors + added
    }
}
