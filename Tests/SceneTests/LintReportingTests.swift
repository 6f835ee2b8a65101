import Testing

@testable import Scene

/// The last step of every lint, which the CLI and the language server share (`LintResult.reported`).
@Suite("What a lint reports")
struct LintReportingTests {
    /// An unused item (a warning at the top of the file) and a ball that leaves the view (`sim.escapes`).
    static let text = #"""
        {"referenceView": {"width": 400, "height": 800},
         "items": [{"id": "ball", "center": [100, 100], "size": [20, 20]},
                   {"id": "idle", "center": [300, 300], "size": [20, 20]}],
         "behaviors": [{"type": "dynamicItem", "items": ["ball"], "linearVelocity": [1000, 0], "resistance": 0}],
         "preview": {"duration": 1}}
        """#

    @Test("the simulation's diagnostics join the lint's in position order")
    func simulationJoinsInPositionOrder() throws {
        let lint = Linter.lint(Array(Self.text.utf8))
        #expect(lint.maySimulate)
        let simulation = try #require(SimulationDiagnostics.diagnostics(for: lint))
        #expect(Set(simulation.map(\.code)) == ["sim.neverRests", "sim.escapes"])
        let reported = lint.reported(simulation: simulation, settings: RuleSettings())
        // sim.neverRests stands on the opening brace, sim.escapes on "ball", item.unused on "idle".
        #expect(reported.map(\.code) == ["sim.neverRests", "sim.escapes", "item.unused"])
        #expect(reported == Linter.sorted(reported))
    }

    @Test("the configured severities apply to the simulation's diagnostics too")
    func severitiesApplyAfterSimulation() throws {
        let lint = Linter.lint(Array(Self.text.utf8))
        let simulation = try #require(SimulationDiagnostics.diagnostics(for: lint))
        let settings = RuleSettings(overrides: ["sim.escapes": .error, "item.unused": nil, "sim.neverRests": nil])
        let reported = lint.reported(simulation: simulation, settings: settings)
        #expect(reported.map(\.code) == ["sim.escapes"])
        #expect(reported.first?.severity == .error)
    }

    @Test("a scene with errors may not be simulated, whatever the settings turn off")
    func errorsPreventSimulation() {
        let lint = Linter.lint(Array(#"{"referenceView": {"width": -1, "height": 8}, "items": []}"#.utf8))
        #expect(!lint.maySimulate)
        #expect(
            lint.reported(simulation: nil, settings: RuleSettings(overrides: ["scene.range": nil])).allSatisfy {
                $0.code != "scene.range"
            })
    }

    @Test("at most 100 diagnostics of one code are reported; one more says how many are left out")
    func diagnosticsPerCodeAreLimited() throws {
        // 150 unused items, and 120 items under gravity with a negative size.
        let unused = (0..<150).map { #"{"id": "u\#($0)", "center": [10, 10], "size": [2, 2]}"# }
        let bad = (0..<120).map { #"{"id": "b\#($0)", "center": [10, 10], "size": [-2, 2]}"# }
        let named = (0..<120).map { #""b\#($0)""# }.joined(separator: ", ")
        let text =
            #"{"referenceView": {"width": 400, "height": 800}, "items": ["#
            + (unused + bad).joined(separator: ", ") + #"], "behaviors": [{"type": "gravity", "items": ["#
            + named + "]}]}"
        let lint = Linter.lint(Array(text.utf8))
        let all = Dictionary(grouping: lint.diagnostics, by: \.code)
        #expect(all["item.unused"]?.count == 150)
        let rangeCode = try #require(all.first { $0.value.count == 120 }?.key, "\(all.mapValues(\.count))")
        let reported = lint.reported(simulation: nil, settings: RuleSettings())
        let unusedReported = reported.filter { $0.code == "item.unused" }
        #expect(unusedReported.count == 101)
        #expect(Array(unusedReported.prefix(100)) == Array(all["item.unused"]!.prefix(100)))
        let summary = try #require(unusedReported.last)
        #expect(summary.message.hasPrefix("50 more item.unused diagnostics from here on are not shown"))
        #expect(
            summary.range == all["item.unused"]![100].range && summary.severity == all["item.unused"]![100].severity)
        #expect(reported.filter { $0.code == rangeCode }.last?.message.hasPrefix("20 more \(rangeCode)") == true)
        #expect(reported == Linter.sorted(reported))
        // Codes turned off do not count; at exactly the limit nothing is left out.
        let settings = RuleSettings(overrides: [rangeCode: nil])
        #expect(lint.reported(simulation: nil, settings: settings).count == 101)
        #expect(Linter.limitedPerRule(Array(all["item.unused"]!.prefix(100))).count == 100)
    }
}
