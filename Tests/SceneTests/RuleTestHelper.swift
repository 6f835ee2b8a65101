// RuleTestHelper — the one data-driven helper for rule tests (shape rules here, semantic rules in
// `SemanticRule*Tests.swift`).
//
// Write the scene as JSON text and put ⟦ and ⟧ around every range where a diagnostic of the code under test
// must appear (the exact range: a value token with its quotes, a key token, an object's opening brace…):
//
//     expectDiagnostics("scene.range", in: """
//         {"referenceView": {"width": ⟦0⟧, "height": 800}, "items": []}
//         """)
//
// - `expectDiagnostics(code, in:)` lints the text (markers removed) and expects a diagnostic of `code` on
//   each marked range, at the code's default severity (or `severity:`), and no other diagnostic of that code.
//   It returns the matching diagnostics in text order, for further checks of messages and fixes.
// - `expectNoDiagnostic(code, in:)` expects that `code` is not reported at all (the "must not fire" case).
// - `expectClean(_:)` expects no diagnostic at all.
// - `simulating: true` (on the three above) also runs the scene for its preview duration and adds the
//   diagnostics of the run (`sim.*`, `expect.failed`), as `impulse lint --simulate` does.
// - `scene(items:behaviors:events:)` builds a valid scene around a few behaviors or events (items `a` and `b`,
//   both under gravity), so a test only writes the part it is about; markers inside pass through.
// - `applying(_:to:)` applies a fix's edits to a text, to check what a quick fix produces.
//
// Ranges are byte offsets into the UTF-8 text after the markers are removed, as `Diagnostic.range` is.

import JSON
import Testing

@testable import Scene

/// A scene text with its ⟦ ⟧ markers taken out: the bytes and the marked byte ranges, in text order.
struct MarkedText {
    let text: String
    let bytes: [UInt8]
    let ranges: [Range<Int>]

    init(_ marked: String) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        var opened: [Int] = []
        for character in marked {
            switch character {
            case "⟦": opened.append(bytes.count)
            case "⟧":
                let start = opened.popLast() ?? 0
                ranges.append(start..<bytes.count)
            default: bytes.append(contentsOf: Array(String(character).utf8))
            }
        }
        self.bytes = bytes
        self.text = String(decoding: bytes, as: UTF8.self)
        self.ranges = ranges.sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
    }
}

/// Lints a marked scene and expects `code` exactly on the marked ranges, nowhere else.
@discardableResult
func expectDiagnostics(
    _ code: String, severity: Severity? = nil, in marked: String, fileName: String? = "test.dynamics.json",
    simulating: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) -> [Diagnostic] {
    let input = MarkedText(marked)
    let diagnostics = lint(input.bytes, fileName: fileName, simulating: simulating)
    let found = diagnostics.filter { $0.code == code }
    let expectedSeverity = severity ?? Rules.defaultSeverity(of: code)
    #expect(
        !input.ranges.isEmpty, "mark at least one range with ⟦ ⟧ (use expectNoDiagnostic for the other case)",
        sourceLocation: sourceLocation)
    for range in input.ranges where !found.contains(where: { $0.range == range }) {
        Issue.record(
            "expected \(code) on \(describe(range, in: input.bytes)); got \(summary(diagnostics, input.bytes))",
            sourceLocation: sourceLocation)
    }
    for diagnostic in found where !input.ranges.contains(diagnostic.range) {
        Issue.record(
            "unexpected \(code) on \(describe(diagnostic.range, in: input.bytes)): \(diagnostic.message)",
            sourceLocation: sourceLocation)
    }
    for diagnostic in found {
        #expect(
            diagnostic.severity == expectedSeverity, "\(code): \(diagnostic.message)", sourceLocation: sourceLocation)
    }
    return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
}

/// Lints a scene and expects no diagnostic of `code`.
func expectNoDiagnostic(
    _ code: String, in text: String, fileName: String? = "test.dynamics.json", simulating: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let input = MarkedText(text)
    let found = lint(input.bytes, fileName: fileName, simulating: simulating).filter { $0.code == code }
    #expect(found.isEmpty, "unexpected \(code): \(summary(found, input.bytes))", sourceLocation: sourceLocation)
}

/// Lints a scene and expects no diagnostic at all.
func expectClean(
    _ text: String, fileName: String? = "test.dynamics.json", simulating: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let input = MarkedText(text)
    let diagnostics = lint(input.bytes, fileName: fileName, simulating: simulating)
    #expect(
        diagnostics.isEmpty, "expected a clean scene, got \(summary(diagnostics, input.bytes))",
        sourceLocation: sourceLocation)
}

/// The lint of a text, with the diagnostics of its run when `simulating` (a scene with errors is not run).
private func lint(_ bytes: [UInt8], fileName: String?, simulating: Bool) -> [Diagnostic] {
    let result = Linter.lint(bytes, fileName: fileName)
    guard simulating else { return result.diagnostics }
    return Linter.sorted(result.diagnostics + (SimulationDiagnostics.diagnostics(for: result) ?? []))
}

/// A valid scene: a 400×800 reference view, items `a` (at [100, 100]) and `b` (at [200, 100]), both 40×40 and
/// under a gravity behavior, then `behaviors` and `events` (JSON text of comma-separated objects) and `extra`
/// top-level members. `items` replaces the two items when given.
func scene(items: String? = nil, behaviors: String = "", events: String = "", extra: String = "") -> String {
    let itemsText =
        items ?? """
            {"id": "a", "center": [100, 100], "size": [40, 40]},
                {"id": "b", "center": [200, 100], "size": [40, 40]}
            """
    let behaviorsText = behaviors.isEmpty ? "" : ",\n    " + behaviors
    return """
        {
          "referenceView": {"width": 400, "height": 800},
          "items": [
            \(itemsText)
          ],
          "behaviors": [
            {"type": "gravity", "items": ["a", "b"]}\(behaviorsText)
          ],
          "events": [\(events)]\(extra.isEmpty ? "" : ",\n  " + extra)
        }
        """
}

/// The text after applying a fix's edits (edits must not overlap).
func applying(_ fix: Diagnostic.Fix, to text: String) -> String {
    var bytes = Array(text.utf8)
    for edit in fix.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
        bytes.replaceSubrange(edit.range, with: Array(edit.newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The text of a marked scene, markers removed.
func unmarked(_ marked: String) -> String { MarkedText(marked).text }

private func describe(_ range: Range<Int>, in bytes: [UInt8]) -> String {
    let lower = max(0, min(range.lowerBound, bytes.count))
    let upper = max(lower, min(range.upperBound, bytes.count))
    return "\(range) «\(String(decoding: bytes[lower..<upper], as: UTF8.self))»"
}

private func summary(_ diagnostics: [Diagnostic], _ bytes: [UInt8]) -> String {
    diagnostics.isEmpty
        ? "nothing"
        : diagnostics.map { "\($0.code) on \(describe($0.range, in: bytes)): \($0.message)" }.joined(separator: "; ")
}
