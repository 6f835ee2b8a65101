import Foundation
import Testing

/// A file the commands write is replaced whole or not at all: a write that fails part-way (here a 4 KiB
/// file-size limit with SIGXFSZ ignored, standing in for a full disk) leaves the old bytes and exits with 2.
@Suite("Atomic writes")
struct AtomicWriteTests {
    /// Bash lines that make every write past 4 KiB fail with EFBIG instead of killing the process.
    static let fileSizeLimit = "trap \"\" XFSZ\nulimit -f 4"

    /// A scene of exactly 4,501 bytes, written compactly: formatted, it is well over 4 KiB.
    static let compactScene: String = {
        let items = (0..<80).map {
            #"{"id":"b\#($0)","center":[\#(10 + $0 % 30 * 10),\#(20 + $0 / 30 * 40)],"size":[8,8]}"#
        }
        let text =
            #"{"format":1,"referenceView":{"width":320,"height":480},"items":["#
            + items.joined(separator: ",") + #"],"behaviors":[{"type":"gravity","items":["b0"]}]"#
        return text + String(repeating: " ", count: 4_500 - text.utf8.count) + "}"
    }()

    /// The folder's entries, to show that no temporary file was left behind.
    static func entries(_ workspace: Workspace) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: workspace.url.path).sorted()
    }

    @Test("the test scene is 4,501 bytes and formats to more than 4 KiB")
    func sceneOutgrowsTheLimit() throws {
        #expect(Self.compactScene.utf8.count == 4_501)
        let workspace = try Workspace(["a.dynamics.json": Self.compactScene])
        let run = try workspace.impulse("format", "a.dynamics.json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try workspace.read("a.dynamics.json").utf8.count > 4_096)
    }

    @Test("format that cannot write the whole file leaves the scene's bytes and exits with 2")
    func formatKeepsTheSceneOnAFailedWrite() throws {
        let workspace = try Workspace(["a.dynamics.json": Self.compactScene])
        let run = try Impulse.runThroughShell(
            ["format", "a.dynamics.json"], in: workspace.url, prelude: Self.fileSizeLimit)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!run.crashed)
        #expect(run.stderr.contains("a.dynamics.json: cannot write the file"), "\(run.stderr)")
        #expect(try workspace.read("a.dynamics.json") == Self.compactScene)
        #expect(try Self.entries(workspace) == ["a.dynamics.json"])
    }

    @Test("generate -o that cannot write the whole file leaves the old file and exits with 2")
    func generateKeepsTheOldFileOnAFailedWrite() throws {
        let workspace = try Workspace(["a.dynamics.json": Self.compactScene, "good.swift": "// the old code\n"])
        let run = try Impulse.runThroughShell(
            ["generate", "swift", "a.dynamics.json", "-o", "good.swift"], in: workspace.url,
            prelude: Self.fileSizeLimit)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(try workspace.read("good.swift") == "// the old code\n")
        #expect(try Self.entries(workspace) == ["a.dynamics.json", "good.swift"])
    }

    @Test(
        "preview -o that cannot write the whole file leaves the old file and exits with 2", arguments: ["json", "svg"])
    func previewKeepsTheOldFileOnAFailedWrite(format: String) throws {
        let workspace = try Workspace(["a.dynamics.json": Self.compactScene, "out": "old output\n"])
        let run = try Impulse.runThroughShell(
            ["preview", "a.dynamics.json", "--format", format, "-o", "out"], in: workspace.url,
            prelude: Self.fileSizeLimit)
        #expect(run.status == 2, "\(run.stderr)")
        // json spools its frames to a temporary file first, which the limit stops too; either way, a message.
        #expect(run.stderr.hasPrefix("impulse: "), "\(run.stderr)")
        if format == "svg" { #expect(run.stderr.contains("out: cannot write the file"), "\(run.stderr)") }
        #expect(try workspace.read("out") == "old output\n")
        #expect(try Self.entries(workspace) == ["a.dynamics.json", "out"])
    }

    @Test("format keeps the file's permissions")
    func formatKeepsPermissions() throws {
        let workspace = try Workspace(["a.dynamics.json": Self.compactScene])
        let path = workspace.url.appendingPathComponent("a.dynamics.json").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let run = try workspace.impulse("format", "a.dynamics.json")
        #expect(run.status == 0, "\(run.stderr)")
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try workspace.read("a.dynamics.json") != Self.compactScene)
    }

    @Test("format writes through a symbolic link to its target and keeps the link")
    func formatWritesThroughALink() throws {
        let workspace = try Workspace(["real/a.dynamics.json": Self.compactScene])
        let link = workspace.url.appendingPathComponent("link.dynamics.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/a.dynamics.json")
        let run = try workspace.impulse("format", "link.dynamics.json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/a.dynamics.json")
        let formatted = try workspace.read("real/a.dynamics.json")
        #expect(formatted != Self.compactScene && formatted.utf8.count > 4_096)
        #expect(try Self.entries(workspace) == ["link.dynamics.json", "real"])
    }

    @Test("preview -o and generate -o create a missing file readable by all (0644 less the umask)")
    func newFilesGetTheUsualMode() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.clean])
        #expect(try workspace.impulse("preview", "a.dynamics.json", "-o", "p.txt").status == 0)
        #expect(try workspace.impulse("generate", "swift", "a.dynamics.json", "-o", "g.swift").status == 0)
        let mask = umask(0)
        umask(mask)
        for name in ["p.txt", "g.swift"] {
            let path = workspace.url.appendingPathComponent(name).path
            let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(permissions == Int(0o644 & ~mask), "\(name)")
        }
        #expect(try workspace.read("g.swift").contains("ImpulseDynamics<"))
    }
}
