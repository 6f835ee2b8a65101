import JSON
import ProcessSupport

/// The rules of "References and identity" and "Dynamics semantics" that need the typed scene (rules.md).
///
/// `Linter` calls `check` after decoding, on every document that has a root object; it drops diagnostics
/// that do not lie before a syntax error. The decoder already reports `attachment.kindKey`, `field.kindKey`,
/// `event.notLive` and unknown keys in an event's `values`; the rules here report every other code of the
/// two groups. Rules that need the whole file (`item.unused`, `behavior.unknown`, `push.noEffect`, anything
/// that follows events over time) hold back on a document cut by a syntax error; see `Timeline`.
package enum SemanticRules {
    package static func check(_ context: RuleContext) -> [Diagnostic] {
        checkFamilies(context).families.flatMap { $0 }
    }

    /// The families of rules, each checked on its own (an edit re-checks only the families it can affect).
    enum Family: Int, CaseIterable {
        case identity, reference, attachment, gravity, dynamicItem, collision, geometry, push, event, contact

        func check(_ index: SceneIndex) -> [Diagnostic] {
            switch self {
            case .identity: IdentityRules.check(index)
            case .reference: ReferenceRules.check(index)
            case .attachment: AttachmentRules.check(index)
            case .gravity: GravityRules.check(index)
            case .dynamicItem: DynamicItemRules.check(index)
            case .collision: CollisionRules.check(index)
            case .geometry: GeometryRules.check(index)
            case .push: PushRules.check(index)
            case .event: EventRules.check(index)
            case .contact: ContactRules.check(index)
            }
        }
    }

    /// The diagnostics of each family, indexed by `Family.rawValue` (a family for which `only` is false gets `[]`),
    /// and the id tables the index used: `tables`, when given, are those of a scene with the same ids and item
    /// references in the same places. On a large scene the families run on up to `processors` threads.
    static func checkFamilies(
        _ context: RuleContext, only: (Family) -> Bool = { _ in true }, tables: SceneIndex.Tables? = nil,
        processors: Int = 1
    ) -> (families: [[Diagnostic]], tables: SceneIndex.Tables) {
        let index = SceneIndex(context, tables: tables)
        let families = Family.allCases.filter(only)
        let elements = context.scene.items.count + context.scene.behaviors.count
        var checked: [[Diagnostic]]
        if processors > 1, families.count > 1, elements >= Scene.parallelMinimumElements {
            // Each family on whichever core is free, each with its own copy of the index's caches.
            checked = Parallel.map(families.count) { families[$0].check(index.withOwnCaches()) }
        } else {
            checked = families.map { $0.check(index) }
        }
        var results = [[Diagnostic]](repeating: [], count: Family.allCases.count)
        for (family, diagnostics) in zip(families, checked) { results[family.rawValue] = diagnostics }
        return (results, index.tables)
    }
}
