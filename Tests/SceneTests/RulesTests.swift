import Foundation
import Testing

@testable import Scene

@Suite("Rule registry")
struct RulesTests {
    /// The codes of rules.md's tables, read from the spec next to the project (`../shared/spec/rules.md`).
    private func specCodes() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let spec = try String(
            contentsOf: root.deletingLastPathComponent().appendingPathComponent("shared/spec/rules.md"), encoding: .utf8
        )
        return spec.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            let cell = line.dropFirst(3)
            guard let end = cell.firstIndex(of: "`") else { return nil }
            return String(cell[..<end])
        }
    }

    @Test func registryHoldsExactlyTheCodesOfTheRulesPage() throws {
        let codes = try specCodes()
        #expect(codes.count > 30)
        #expect(Rules.all.map(\.code) == codes)
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
