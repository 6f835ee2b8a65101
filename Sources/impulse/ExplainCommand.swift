import ArgumentParser
import Reporting
import Scene

/// `impulse explain [CODE]`: a rule's page as Markdown, or the list of every code.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a diagnostic code, or list them all.",
        discussion: """
            With CODE, prints the rule's page as Markdown: what it means, why it matters, how to fix it, \
            a failing and a passing example. Without it, lists every code with its default severity and a summary.
            """
    )

    @Argument(help: "A diagnostic code, such as scene.unknownKey.")
    var code: String?

    func run() throws {
        guard let code else {
            Terminal.write(Array(Self.list().utf8))
            return
        }
        guard let page = Rules.rule(code)?.documentation else {
            Terminal.printError(
                "unknown code \"\(code)\"\(didYouMean(Rules.nearestCodes(to: code))); `impulse explain` lists every code"
            )
            throw ExitCode(ExitStatus.failure)
        }
        Terminal.write(Array(page.markdown.utf8))
    }

    /// Every code with its default severity and summary, in aligned columns, in the order of rules.md.
    static func list() -> String {
        let codeWidth = Rules.all.map(\.code.count).max() ?? 0
        let severityWidth = Severity.allCases.map(\.rawValue.count).max() ?? 0
        return Rules.all.map { rule in
            rule.code.padding(to: codeWidth) + "  " + rule.defaultSeverity.rawValue.padding(to: severityWidth) + "  "
                + rule.summary
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
