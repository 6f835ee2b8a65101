// The page of every rule code: what `impulse explain CODE` prints and the language server shows in hovers.
// The pages are Markdown files, `docs/rules/CODE.md`, which double as the user documentation; a build-tool
// plugin compiles them in, so that this target reads no file.
//
// Design: each page keeps its examples as complete scene files, exactly as printed, so a test can lint
// each one: the failing example must produce the page's code, the passing example must produce no
// diagnostic at all. The `sim.*` and `expect.*` pages' examples are checked with the simulation on. The code's default
// severity and one-line summary come from the rule registry, not from here.

/// The documentation page of one diagnostic code.
package struct RuleDocumentation: Sendable {
    /// The code this page explains (`scene.unknownKey`).
    package let code: String
    /// What the diagnostic says about the scene.
    package let meaning: String
    /// What goes wrong on a device if the scene is left as it is.
    package let why: String
    /// How to make the diagnostic go away, the right way.
    package let fix: String
    /// A complete scene file that produces `code`.
    package let failingExample: String
    /// A complete scene file that produces no diagnostic at all (with the simulation on for `sim.*` and
    /// `expect.*` codes).
    package let passingExample: String

    /// Whether the code comes from a simulation (`impulse lint --simulate`), so its examples must be simulated.
    package var requiresSimulation: Bool { code.hasPrefix("sim.") || code.hasPrefix("expect.") }

    /// The page of `code`, nil for a code that does not exist.
    package static func page(for code: String) -> RuleDocumentation? { byCode[code] }

    private static let byCode: [String: RuleDocumentation] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.code, $0) })

    /// The page as Markdown (what `impulse explain CODE` prints), headed by the code, its default severity and
    /// its one-line summary from the rule registry.
    package var markdown: String {
        let severity = Rules.defaultSeverity(of: code).rawValue
        let summary = Rules.rule(code)?.summary ?? ""
        return """
            # `\(code)`

            **Default severity:** \(severity)

            \(summary)

            ## What it means

            \(meaning)

            ## Why it matters

            \(why)

            ## How to fix it

            \(fix)

            ## Failing example

            ```json
            \(failingExample)
            ```

            ## Passing example

            ```json
            \(passingExample)
            ```

            """
    }
}

extension Rule {
    /// The rule's documentation page (every code of the registry has one).
    package var documentation: RuleDocumentation? { RuleDocumentation.page(for: code) }
}

extension RuleDocumentation {
    /// Every page, in the registry's order. The pages themselves are `docs/rules/CODE.md`, compiled into this
    /// target by the `RulePagesPlugin` build tool (`compiledPages`).
    package static let all: [RuleDocumentation] = Rules.all.compactMap { compiledPages[$0.code] }
}
