import Foundation
import Testing

/// Output the user asked for that cannot be written (a full disk, a closed standard output) is a failure: a
/// message on standard error and exit status 2, for every command and every preview format.
@Suite("Standard output that cannot be written")
struct StandardOutputFailureTests {
    static let redirections = [">/dev/full", ">&-"]

    static func workspace() throws -> Workspace {
        try Workspace(["a.dynamics.json": Scenes.unusedItem])
    }

    @Test(
        "preview whose standard output cannot be written exits with 2 and says so",
        arguments: ["text", "json", "csv", "svg", "html"], redirections)
    func previewFailsOnAnUnwritableOutput(format: String, redirection: String) throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let workspace = try Self.workspace()
        let run = try Impulse.runThroughShell(
            ["preview", "a.dynamics.json", "--format", format], in: workspace.url, redirection: redirection)
        #expect(run.status == 2, "\(format) \(redirection): \(run.stderr)")
        #expect(run.stderr.contains("cannot write to standard output"), "\(format) \(redirection): \(run.stderr)")
    }

    @Test(
        "every command whose standard output cannot be written exits with 2 and says so",
        arguments: [
            ["lint", "a.dynamics.json"], ["lint", "--format", "sarif", "a.dynamics.json"],
            ["lint", "--format", "github", "a.dynamics.json"], ["explain", "json.syntax"], ["explain"],
            ["generate", "swift", "a.dynamics.json"], ["generate", "objc", "a.dynamics.json"], ["--help"],
            ["--version"], ["preview", "--help"],
        ], redirections)
    func commandsFailOnAnUnwritableOutput(arguments: [String], redirection: String) throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let workspace = try Self.workspace()
        let run = try Impulse.runThroughShell(arguments, in: workspace.url, redirection: redirection)
        #expect(run.status == 2, "\(arguments) \(redirection): \(run.stderr)")
        #expect(run.stderr.contains("cannot write to standard output"), "\(arguments) \(redirection): \(run.stderr)")
    }

    @Test("format - whose standard output cannot be written exits with 2", arguments: redirections)
    func formatStandardInputFailsOnAnUnwritableOutput(redirection: String) throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let workspace = try Self.workspace()
        let run = try Impulse.runThroughShell(
            ["format", "-"], in: workspace.url, redirection: "<a.dynamics.json \(redirection)")
        #expect(run.status == 2, "\(redirection): \(run.stderr)")
        #expect(run.stderr.contains("cannot write to standard output"), "\(redirection): \(run.stderr)")
        #expect(try workspace.read("a.dynamics.json") == Scenes.unusedItem)
    }

    @Test("preview -o with a closed standard output writes the file, not into a reused descriptor")
    func closedOutputIsNotReused() throws {
        let workspace = try Self.workspace()
        let run = try Impulse.runThroughShell(
            ["preview", "a.dynamics.json", "--format", "json", "-o", "out.json"], in: workspace.url,
            redirection: ">&-")
        #expect(run.status == 0, "\(run.stderr)")
        let preview = try JSONSerialization.jsonObject(with: Data(try workspace.read("out.json").utf8))
        #expect((preview as? [String: Any])?["final"] != nil)
        #expect(try workspace.read("a.dynamics.json") == Scenes.unusedItem)
    }
}
