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
}
