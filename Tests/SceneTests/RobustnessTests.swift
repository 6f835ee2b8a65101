import Foundation
import JSON
import Testing

@testable import Scene

/// Bad input never crashes anything and never silently passes.
@Suite("Linting any input")
struct RobustnessTests {
    private static let suite: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    @Test func everyJSONTestSuiteFileIsJudgedByTheRFC() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.suite.path).filter {
            $0.hasSuffix(".json")
        }.sorted()
        #expect(names.count > 300)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: Self.suite.appendingPathComponent(name)))
            let result = Linter.lint(bytes, fileName: name)
            #expect(!result.diagnostics.isEmpty, "\(name): no scene in it, yet nothing reported")
            let rejected = result.diagnostics.contains { $0.code == "json.syntax" }
            if name.hasPrefix("n_") { #expect(rejected, "\(name) is not JSON") }
            if name.hasPrefix("y_") { #expect(!rejected, "\(name) is JSON") }
            for diagnostic in result.diagnostics {
                #expect(diagnostic.range.lowerBound >= 0 && diagnostic.range.upperBound <= bytes.count, "\(name)")
            }
        }
    }

    @Test func aSceneCutAtAnyByteReportsOnlyWhatLiesBeforeTheCut() {
        let text = unmarked(
            scene(
                behaviors: """
                    {"type": "dynamicItem", "items": ["a"], "elasticity": 3, "bogus": 1},
                    {"id": "rope", "type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", "frictionTorque": -1}
                    """,
                events: #"{"at": 1, "set": "rope", "values": {"kind": "fixed"}}"#))
        let bytes = Array(text.utf8)
        let whole = Linter.lint(bytes)
        #expect(whole.isComplete)
        #expect(Set(whole.diagnostics.map(\.code)) == ["scene.range", "scene.unknownKey", "event.notLive"])
        for cut in 0..<bytes.count {
            let result = Linter.lint(Array(bytes[..<cut]))
            #expect(!result.isComplete)
            #expect(result.diagnostics.contains { $0.code == "json.syntax" }, "cut at \(cut)")
            #expect(
                !result.diagnostics.contains { $0.code == "scene.missingKey" },
                "cut at \(cut): objects the cut opens are not missing keys")
            for diagnostic in result.diagnostics where diagnostic.code != "json.syntax" {
                // Whatever is reported before the cut is what the whole file reports there.
                #expect(diagnostic.range.upperBound <= cut, "cut at \(cut): \(diagnostic.code)")
                #expect(
                    whole.diagnostics.contains { $0.code == diagnostic.code && $0.range == diagnostic.range },
                    "cut at \(cut): \(diagnostic.code) \(diagnostic.message)")
            }
        }
    }
}
