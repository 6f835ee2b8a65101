import Foundation
import Testing

/// `impulse --version` and a plain `impulse preview SCENE …` start without ArgumentParser's full parse
/// (`Sources/impulse/CommandLineFastPath.swift`). A user must not be able to tell: each command line here is run
/// as typed and again with `--` after it, which means the same to ArgumentParser but is never taken by the fast
/// path, and the two runs must print the same bytes and exit with the same status.
@Suite struct CommandLineFastPathTests {
    static let scenes = [
        "fall.dynamics.json": PreviewCommandTests.fall,
        "bad.dynamics.json": PreviewCommandTests.badFormat,
    ]

    /// Runs `arguments` both ways and expects the same output, file and status; returns the run.
    @discardableResult
    static func expectSameRuns(_ arguments: [String], writes file: String? = nil) throws -> Impulse.Run {
        let workspace = try Workspace(scenes)
        let fast = try Impulse.run(arguments, in: workspace.url)
        let written = try file.map { try String(contentsOf: workspace.url.appendingPathComponent($0), encoding: .utf8) }
        if let file { try FileManager.default.removeItem(at: workspace.url.appendingPathComponent(file)) }
        let full = try Impulse.run(arguments + ["--"], in: workspace.url)
        #expect(fast.status == full.status, "\(arguments)")
        #expect(fast.stdout == full.stdout, "\(arguments)")
        #expect(fast.stderr == full.stderr, "\(arguments)")
        if let file {
            let writtenAgain = try String(contentsOf: workspace.url.appendingPathComponent(file), encoding: .utf8)
            #expect(written == writtenAgain, "\(arguments)")
        }
        return fast
    }

    @Test func theVersionIsPrintedAsArgumentParserPrintsIt() throws {
        let run = try Self.expectSameRuns(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("\n") && run.stdout.count > 1)
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: [
        ["preview", "fall.dynamics.json"],
        ["preview", "fall.dynamics.json", "--frames", "2", "--format", "json"],
        ["preview", "--steps", "3", "fall.dynamics.json", "--every", "2", "--format", "csv"],
        ["preview", "fall.dynamics.json", "--duration", "0.05", "--format", "json"],
        ["preview", "fall.dynamics.json", "--format", "svg", "--frames", "+4"],
    ])
    func aPreviewThatRunsPrintsTheSameBytes(arguments: [String]) throws {
        let run = try Self.expectSameRuns(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.isEmpty)
    }

    @Test func aPreviewWrittenToAFileHoldsTheSameBytes() throws {
        let run = try Self.expectSameRuns(
            ["preview", "fall.dynamics.json", "-o", "out.json", "--format", "json", "--frames", "3"],
            writes: "out.json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// Command lines that do not run a preview, or that ArgumentParser refuses, with their exit statuses.
    static let others: [([String], Int32)] = [
        (["preview", "bad.dynamics.json"], 1),
        (["preview", "bad.dynamics.json", "--format", "json"], 1),
        (["preview", "missing.dynamics.json"], 2),
        (["preview", "fall.dynamics.json", "--frames", "300000"], 2),
        (["preview", "fall.dynamics.json", "--frames", "1", "--duration", "1"], 2),
        (["preview", "fall.dynamics.json", "--every", "0"], 2),
        (["preview", "fall.dynamics.json", "--frames", "-1"], 2),
        (["preview", "fall.dynamics.json", "--frames", "x"], 2),
        (["preview", "fall.dynamics.json", "--format", "pdf"], 2),
        (["preview", "fall.dynamics.json", "--frames", "1", "--frames", "2"], 0),
        (["preview", "fall.dynamics.json", "--steps", "1", "--frames", "2"], 0),
        (["preview", "fall.dynamics.json", "-o", "a.json", "--output", "b.json"], 0),
        (["preview", "fall.dynamics.json", "--frames"], 2),
        (["preview", "fall.dynamics.json", "fall.dynamics.json"], 2),
        (["preview", "fall.dynamics.json", "--unknown", "1"], 2),
        (["preview"], 2),
        (["preview", "--help"], 0),
        (["preview", "fall.dynamics.json", "--version"], 0),
        (["preview", "help"], 2),
        (["--version", "preview"], 0),
    ]

    @Test(arguments: others)
    func everyOtherCommandLineEndsAsArgumentParserEndsIt(arguments: [String], status: Int32) throws {
        let run = try Self.expectSameRuns(arguments)
        #expect(run.status == status, "\(arguments): \(run.stderr)")
    }
}
