import Scene
import Testing

@testable import Reporting

@Suite("Rule pages")
struct RuleDocumentationTests {
    static let linted = RuleDocumentation.all.filter { !$0.requiresSimulation && !isRetired($0) }
    static let simulated = RuleDocumentation.all.filter(\.requiresSimulation)
    static let retired = RuleDocumentation.all.filter(isRetired)

    static func isRetired(_ page: RuleDocumentation) -> Bool { Rules.rule(page.code)?.isRetired ?? false }

    @Test("every code of the registry has exactly one page, in the registry's order")
    func everyCodeHasAPage() {
        #expect(RuleDocumentation.all.map(\.code) == Rules.all.map(\.code))
        #expect(Rules.all.allSatisfy { $0.documentation?.code == $0.code })
        #expect(RuleDocumentation.page(for: "scene.nothing") == nil)
    }

    @Test("the failing example produces the page's code", arguments: linted)
    func failingExampleFails(page: RuleDocumentation) {
        let codes = Linter.lint(Array(page.failingExample.utf8), fileName: "example.dynamics.json").diagnostics.map(
            \.code)
        #expect(codes.contains(page.code), "\(page.code): got \(codes)")
    }

    @Test("the passing example produces no diagnostic at all", arguments: linted)
    func passingExamplePasses(page: RuleDocumentation) {
        let diagnostics = Linter.lint(Array(page.passingExample.utf8), fileName: "example.dynamics.json").diagnostics
        #expect(diagnostics.isEmpty, "\(page.code): got \(diagnostics.map { "\($0.code): \($0.message)" })")
    }

    @Test("a retired code: both examples, the one it used to flag included, produce no diagnostic", arguments: retired)
    func retiredExamplesPass(page: RuleDocumentation) {
        for example in [page.failingExample, page.passingExample] {
            let diagnostics = Linter.lint(Array(example.utf8), fileName: "example.dynamics.json").diagnostics
            #expect(diagnostics.isEmpty, "\(page.code): got \(diagnostics.map { "\($0.code): \($0.message)" })")
        }
    }

    @Test func scenesRangeAdviceIsTheRetiredCode() {
        #expect(Self.retired.map(\.code) == ["scene.rangeAdvice"])
    }

    @Test(
        "the simulated examples: the failing one produces the code, the passing one nothing",
        arguments: simulated)
    func simulatedExamples(page: RuleDocumentation) throws {
        let failing = Linter.lint(Array(page.failingExample.utf8), fileName: "example.dynamics.json")
        #expect(failing.diagnostics.isEmpty, "\(page.code): the failing example must be clean before simulation")
        let failingCodes = LintSimulation.diagnostics(for: failing).map(\.code)
        #expect(failingCodes.contains(page.code), "\(page.code): got \(failingCodes)")
        let passing = Linter.lint(Array(page.passingExample.utf8), fileName: "example.dynamics.json")
        #expect(passing.diagnostics.isEmpty)
        let passingDiagnostics = LintSimulation.diagnostics(for: passing)
        #expect(
            passingDiagnostics.isEmpty, "\(page.code): got \(passingDiagnostics.map { "\($0.code): \($0.message)" })")
    }

    @Test("a page is Markdown with the code, its default severity and summary, and every section")
    func markdownPage() throws {
        let page = try #require(RuleDocumentation.page(for: "snap.duplicate"))
        let markdown = page.markdown
        #expect(
            markdown.hasPrefix(
                "# `snap.duplicate`\n\n**Default severity:** error\n\nSeveral snaps name one item: the animator ignores all of them.\n\n## What it means\n\n"
            ))
        #expect(markdown.contains("\n## Failing example\n\n```json\n" + page.failingExample + "\n```\n"))
        #expect(markdown.hasSuffix("\n## Passing example\n\n```json\n" + page.passingExample + "\n```\n"))
    }
}

extension RuleDocumentation: CustomTestStringConvertible {
    public var testDescription: String { code }
}
