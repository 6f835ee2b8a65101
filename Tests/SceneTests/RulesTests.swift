import Foundation
import Testing

@testable import Scene

@Suite("Rule registry")
struct RulesTests {
    /// The rows of the rule list in the user docs (`docs/rules/README.md`): `| [`code`](code.md) | severity | summary |`.
    private func listedRules() throws -> [(code: String, severity: String, summary: String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let list = try String(contentsOf: root.appendingPathComponent("docs/rules/README.md"), encoding: .utf8)
        return list.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| [`") else { return nil }
            let cells = line.split(separator: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, let end = cells[0].dropFirst(4).firstIndex(of: "`") else { return nil }
            let summary = cells[2].dropLast(2).replacingOccurrences(of: "\\|", with: "|")
            return (String(cells[0].dropFirst(4)[..<end]), cells[1], summary)
        }
    }

    @Test func registryHoldsExactlyTheCodesOfTheRuleList() throws {
        let rules = try listedRules()
        #expect(rules.count > 30)
        #expect(Rules.all.map(\.code) == rules.map(\.code))
        #expect(Rules.all.map(\.defaultSeverity.rawValue) == rules.map(\.severity))
        #expect(Rules.all.map(\.summary) == rules.map(\.summary))
    }

    @Test func everyCodeHasAPage() {
        #expect(RuleDocumentation.all.map(\.code) == Rules.all.map(\.code))
    }

    @Test func severitiesFollowTheRulesPage() {
        #expect(Rules.defaultSeverity(of: "scene.rangeAdvice") == .warning)
        #expect(Rules.defaultSeverity(of: "field.kindKey") == .warning)
        #expect(Rules.defaultSeverity(of: "attachment.kindKey") == .error)
        #expect(Rules.defaultSeverity(of: "sim.neverRests") == .info)
    }

    @Test func settingsChangeOrSilenceCodes() {
        let diagnostics = [
            Diagnostic(code: "scene.unknownKey", severity: .warning, message: "x", range: 0..<1),
            Diagnostic(code: "scene.noItems", severity: .warning, message: "y", range: 1..<2),
            Diagnostic(code: "scene.range", severity: .error, message: "z", range: 2..<3),
        ]
        let overrides: [String: Severity?] = ["scene.unknownKey": .error, "scene.noItems": nil]
        let settings = RuleSettings(overrides: overrides)
        let applied = settings.apply(diagnostics)
        #expect(applied.map { $0.code } == ["scene.unknownKey", "scene.range"])
        #expect(applied[0].severity == .error)
        let off: [String: Severity?] = ["scene.unknownKey": nil]
        let editor = RuleSettings(overrides: off)
        #expect(settings.merging(editor).apply(diagnostics).map { $0.code } == ["scene.range"])
    }

    @Test func nearestCodesHelpWithTypos() {
        #expect(Rules.nearestCodes(to: "scene.unknwnKey").first == "scene.unknownKey")
    }
}
