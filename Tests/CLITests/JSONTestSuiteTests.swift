import Foundation
import JSON
import Testing

/// The parsing cases of JSONTestSuite through the CLI: nothing crashes, `n_*` texts are reported as not JSON
/// (or not supported), `y_*` texts never are, and formatting them in place is stable.
@Suite("impulse lint and format over JSONTestSuite")
struct JSONTestSuiteTests {
    static let corpus = Impulse.packageRoot
        .appendingPathComponent("Tests/Fixtures/JSONTestSuite/test_parsing")

    /// The corpus copied into a workspace, each case renamed `<case>.dynamics.json`.
    static func workspace() throws -> Workspace {
        let workspace = try Workspace()
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }
        #expect(names.count > 300)
        for name in names {
            try FileManager.default.copyItem(
                at: corpus.appendingPathComponent(name),
                to: workspace.url.appendingPathComponent(String(name.dropLast(5)) + ".dynamics.json"))
        }
        return workspace
    }

    @Test("lint reports json.syntax or json.unsupported exactly for the texts that are not JSON")
    func lint() throws {
        let workspace = try Self.workspace()
        let run = try workspace.impulse("lint", "--format", "json")
        #expect(run.status == 1)
        let files = try #require(JSONValue.parse(run.stdout)?.objectValue?["files"]?.arrayValue)
        #expect(files.count > 300)
        for file in files {
            let path = file.objectValue?["path"]?.stringValue ?? ""
            let codes =
                file.objectValue?["diagnostics"]?.arrayValue?.compactMap { $0.objectValue?["code"]?.stringValue } ?? []
            let notJSON = codes.contains("json.syntax") || codes.contains("json.unsupported")
            if path.hasPrefix("n_") { #expect(notJSON, "\(path): \(codes)") }
            if path.hasPrefix("y_") { #expect(!codes.contains("json.syntax"), "\(path): \(codes)") }
        }
    }

    @Test("format leaves the texts that are not JSON untouched and formats the rest stably")
    func format() throws {
        let workspace = try Self.workspace()
        let before = try FileManager.default.contentsOfDirectory(atPath: workspace.url.path).filter {
            $0.hasPrefix("n_")
        }
        let originals = try before.map { try Data(contentsOf: workspace.url.appendingPathComponent($0)) }
        let first = try workspace.impulse("format")
        #expect(first.status == 1)
        #expect(first.stderr.contains("[json.syntax]"))
        for (name, original) in zip(before, originals) {
            #expect(try Data(contentsOf: workspace.url.appendingPathComponent(name)) == original, "\(name) was changed")
        }
        let check = try workspace.impulse("format", "--check")
        #expect(check.status == 1)
        let wouldChange = check.stdout.split(separator: "\n")
        #expect(wouldChange.isEmpty, "formatting is not stable for \(wouldChange.prefix(5))")
    }
}
