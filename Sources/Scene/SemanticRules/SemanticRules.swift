/// The rules of "References and identity" and "Dynamics semantics" that need the typed scene (rules.md).
///
/// `Linter` calls `check` after decoding, on every document that has a root object; it drops diagnostics
/// that do not lie before a syntax error. (Placeholder: the semantic-rules agent replaces this body.)
package enum SemanticRules {
    package static func check(_ context: RuleContext) -> [Diagnostic] {
        []
    }
}
