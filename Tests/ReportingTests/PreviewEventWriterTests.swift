import Foundation
import Scene
import Testing

@testable import Reporting

/// The json preview writes its events without building a JSON value per event (`PreviewJSONEncoder.EventWriter`):
/// every event must come out as the bytes the value would have given.
@Suite("Preview json: events written directly")
struct PreviewEventWriterTests {
    private static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    /// Ids that JSON must escape, contacts with items, a named boundary and the reference bounds.
    static let oddIds = #"""
        {"format": 1, "referenceView": {"width": 200, "height": 300},
          "items": [{"id": "a\"q", "center": [60, 40], "size": [30, 30]},
                    {"id": "b\\s\u0001", "center": [62, 120], "size": [30, 30]},
                    {"id": "球\n", "center": [150, 60], "size": [20, 20]}],
          "behaviors": [{"type": "gravity", "items": ["a\"q", "b\\s\u0001", "球\n"]},
                        {"type": "collision", "items": ["a\"q", "b\\s\u0001", "球\n"], "translatesReferenceBoundsIntoBoundary": true,
                         "boundaries": [{"id": "ledge \"/\\", "from": [100, 200], "to": [200, 200]}]}]}
        """#

    static func events(of text: String, frames: Int) throws -> (run: SimulationRun, count: Int, kinds: Set<String>) {
        let lint = Linter.lint(Array(text.utf8), fileName: "test.dynamics.json")
        let preview = try #require(try PreviewResult.preview(lint, SimulationRequest(frames: frames)))
        let run = try #require(preview.run)
        var writer = PreviewJSONEncoder.EventWriter(run)
        var kinds = Set<String>()
        for event in run.events {
            var bytes: [UInt8] = []
            writer.append(event, to: &bytes)
            let value = PreviewJSONEncoder.event(event, run)
            #expect(bytes == value.serialized(), "\(String(decoding: value.serialized(), as: UTF8.self))")
            kinds.insert(value.objectValue?["type"]?.stringValue ?? "")
        }
        return (run, run.events.count, kinds)
    }

    @Test("ids JSON must escape, in contacts with items and boundaries, give the same bytes")
    func oddIdsGiveTheSameBytes() throws {
        let (_, count, kinds) = try Self.events(of: Self.oddIds, frames: 240)
        #expect(count > 3)
        #expect(kinds.isSuperset(of: ["contactBegan", "paused"]))
    }

    @Test("every event of every example gives the same bytes")
    func examplesGiveTheSameBytes() throws {
        var kinds = Set<String>()
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter {
            $0.hasSuffix(".dynamics.json")
        }
        #expect(names.count >= 5)
        for name in names.sorted() {
            let text = try String(contentsOf: Self.examples.appendingPathComponent(name), encoding: .utf8)
            kinds.formUnion(try Self.events(of: text, frames: 300).kinds)
        }
        #expect(kinds.isSuperset(of: ["contactBegan", "contactEnded", "paused", "scripted"]))
    }
}
