/// One diagnostic code of rules.md: its default severity, its group and a one-line summary.
/// (The long explain page of each code is `docs/rules/CODE.md`, compiled in as `RuleDocumentation`.)
package struct Rule: Equatable, Hashable, Sendable {
    /// The stable code (`scene.unknownKey`).
    package var code: String
    /// The severity at which it is reported unless `.impulse.json` or the editor's settings say otherwise.
    package var defaultSeverity: Severity
    package var group: Group
    /// One line for `impulse explain` with no code and for SARIF's `shortDescription`.
    package var summary: String
    /// A code kept so configurations that name it stay valid, which nothing reports any more (its page and the
    /// History section of `docs/rules/README.md` say why).
    package var isRetired: Bool

    package init(
        _ code: String, _ defaultSeverity: Severity, _ group: Group, _ summary: String, retired: Bool = false
    ) {
        self.code = code
        self.defaultSeverity = defaultSeverity
        self.group = group
        self.summary = summary
        self.isRetired = retired
    }

    /// The sections of rules.md.
    package enum Group: String, CaseIterable, Sendable {
        case syntaxAndShape = "Syntax and shape"
        case referencesAndIdentity = "References and identity"
        case dynamicsSemantics = "Dynamics semantics"
        case simulation = "From a simulation"
    }
}
