/// The rules of "References and identity" and "Dynamics semantics" that need the typed scene (rules.md).
///
/// `Linter` calls `check` after decoding, on every document that has a root object; it drops diagnostics
/// that do not lie before a syntax error. The decoder already reports `attachment.kindKey`, `field.kindKey`,
/// `event.notLive` and unknown keys in an event's `values`; the rules here report every other code of the
/// two groups. Rules that need the whole file (`item.unused`, `behavior.unknown`, `push.noEffect`, anything
/// that follows events over time) hold back on a document cut by a syntax error; see `Timeline`.
package enum SemanticRules {
    package static func check(_ context: RuleContext) -> [Diagnostic] {
        let index = SceneIndex(context)
        return IdentityRules.check(index)
            + ReferenceRules.check(index)
            + AttachmentRules.check(index)
            + GravityRules.check(index)
            + DynamicItemRules.check(index)
            + CollisionRules.check(index)
            + GeometryRules.check(index)
            + PushRules.check(index)
            + EventRules.check(index)
    }
}
