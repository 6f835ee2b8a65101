import Foundation
import Testing

@Suite("impulse explain")
struct ExplainCommandTests {
    /// Every code and default severity of the rule list in the user docs (`docs/rules/README.md`).
    static let specifiedRules: [(code: String, severity: String)] = {
        let rules = Impulse.packageRoot.appendingPathComponent("docs/rules/README.md")
        guard let text = try? String(contentsOf: rules, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("[`"), let end = cells[0].dropFirst(2).firstIndex(of: "`") else {
                return nil
            }
            return (String(cells[0].dropFirst(2)[..<end]), cells[1])
        }
    }()

    @Test("each rule page in docs/rules is exactly what impulse explain prints for its code")
    func pagesInTheDocsArePrinted() throws {
        for (code, _) in Self.specifiedRules {
            let page = try String(
                contentsOf: Impulse.packageRoot.appendingPathComponent("docs/rules/\(code).md"), encoding: .utf8)
            let run = try Impulse.run(["explain", code], in: Impulse.packageRoot)
            #expect(run.stdout == page, "docs/rules/\(code).md")
        }
    }

    @Test("with no code it lists every code of rules.md with its default severity, in the page's order")
    func listsEveryCode() throws {
        #expect(Self.specifiedRules.count >= 40)
        let run = try Impulse.run(["explain"], in: Impulse.packageRoot)
        #expect(run.status == 0)
        let rows = run.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        try #require(rows.allSatisfy { $0.count > 2 }, "every row is a code, a severity and a summary")
        #expect(rows.map { $0[0] } == Self.specifiedRules.map(\.code))
        #expect(rows.map { $0[1] } == Self.specifiedRules.map(\.severity))
    }

    @Test("with a code it prints the rule's Markdown page: meaning, why, fix, a failing and a passing example")
    func printsPage() throws {
        for (code, severity) in Self.specifiedRules {
            let run = try Impulse.run(["explain", code], in: Impulse.packageRoot)
            #expect(run.status == 0, "\(code)")
            #expect(run.stdout.hasPrefix("# `\(code)`\n\n**Default severity:** \(severity)\n"), "\(code)")
            for heading in [
                "## What it means", "## Why it matters", "## How to fix it", "## Failing example", "## Passing example",
            ] {
                #expect(run.stdout.contains("\n\(heading)\n"), "\(code) lacks \(heading)")
            }
            #expect(
                run.stdout.components(separatedBy: "```json\n{").count == 3, "\(code) needs two complete example scenes"
            )
        }
    }

    @Test("an unknown code is exit 2 with the nearest codes")
    func unknownCode() throws {
        let run = try Impulse.run(["explain", "scene.unknwnKey"], in: Impulse.packageRoot)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("unknown code \"scene.unknwnKey\""))
        #expect(run.stderr.contains("scene.unknownKey"))
        let far = try Impulse.run(["explain", "zzz"], in: Impulse.packageRoot)
        #expect(far.status == 2)
    }
}
