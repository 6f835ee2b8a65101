import Foundation
import Testing

// The generated code of every example is kept in `examples/generated/<example>/`, and the runtime the examples
// share once in `examples/generated/` (`ImpulseSupport.*`), so that a reviewer sees every change to the output in
// the diff. `IMPULSE_UPDATE_SNAPSHOTS=1 swift test --filter GeneratedCodeSnapshot`
// rewrites them.

@Suite("Snapshots of the generated code of the examples")
struct GeneratedCodeSnapshotTests {
    static let snapshots = Impulse.packageRoot.appendingPathComponent("examples/generated")

    static var examples: [String] {
        let folder = Impulse.packageRoot.appendingPathComponent("examples")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".dynamics.json") }.sorted()
    }

    @Test("The Swift and Objective-C of each example are byte for byte their snapshots", arguments: examples)
    func matchesSnapshot(example: String) throws {
        let workspace = try Workspace()
        let scene = Impulse.packageRoot.appendingPathComponent("examples/" + example).path
        let base = String(example.dropLast(".dynamics.json".count))
        let update = ProcessInfo.processInfo.environment["IMPULSE_UPDATE_SNAPSHOTS"] == "1"
        try FileManager.default.createDirectory(
            at: workspace.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        // `-o DIR` names the files: Name.swift, Name.h, Name.m, and the runtime's.
        let swift = try workspace.impulse("generate", "swift", scene, "-o", "out")
        let objc = try workspace.impulse("generate", "objc", scene, "-o", "out")
        #expect(swift.status == 0 && objc.status == 0)
        let generated = try FileManager.default.contentsOfDirectory(
            atPath: workspace.url.appendingPathComponent("out").path
        )
        .sorted()
        let folder = Self.snapshots.appendingPathComponent(base)
        for file in generated {
            let text = try workspace.read("out/" + file)
            let name = file
            // The shared runtime: one snapshot for every example.
            let shared = file.hasPrefix("ImpulseSupport.")
            let snapshot = (shared ? Self.snapshots : folder).appendingPathComponent(name)
            if update {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: snapshot)
                continue
            }
            let kept = try? String(contentsOf: snapshot, encoding: .utf8)
            #expect(kept == text, "\(base)/\(name) differs from its snapshot (IMPULSE_UPDATE_SNAPSHOTS=1 rewrites it)")
        }
    }
}
