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
    /// the id tables the index used, and, when the dynamicItem family ran, the item each of its diagnostics is about
    /// (`conflictItems`, indices into `scene.items`; see `DynamicItemRules.conflicts`). `tables`, when given, are
    /// those of a scene with the same ids and item references in the same places. On a large scene the families
    /// run on up to `processors` threads.
    static func checkFamilies(
        _ context: RuleContext, only: (Family) -> Bool = { _ in true }, tables: SceneIndex.Tables? = nil,
        processors: Int = 1
    ) -> (families: [[Diagnostic]], tables: SceneIndex.Tables, conflictItems: [Int]) {
        let index = SceneIndex(context, tables: tables)
        let families = Family.allCases.filter(only)
        let elements = context.scene.items.count + context.scene.behaviors.count
        func check(_ family: Family, _ index: SceneIndex) -> (diagnostics: [Diagnostic], items: [Int]) {
            guard family == .dynamicItem else { return (family.check(index), []) }
            let conflicts = DynamicItemRules.conflicts(index, items: nil)
            return (conflicts.map(\.diagnostic), conflicts.map(\.item))
        }
        var checked: [(diagnostics: [Diagnostic], items: [Int])]
        if processors > 1, families.count > 1, elements >= Scene.parallelMinimumElements {
            // Each family on whichever core is free, each with its own copy of the index's caches.
            checked = Parallel.map(families.count) { check(families[$0], index.withOwnCaches()) }
        } else {
            checked = families.map { check($0, index) }
        }
        var results = [[Diagnostic]](repeating: [], count: Family.allCases.count)
        var conflictItems: [Int] = []
        for (family, result) in zip(families, checked) {
            results[family.rawValue] = result.diagnostics
            if family == .dynamicItem { conflictItems = result.items }
        }
        return (results, index.tables, conflictItems)
    }
}
