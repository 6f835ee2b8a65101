import Foundation
import JSON
import Testing

@Suite("impulse lint with .impulse.json")
struct ConfigurationCommandTests {
    @Test("severities: a warning turned into an error fails the run; a code turned off disappears")
    func severities() throws {
        let workspace = try Workspace([
            "strict/.impulse.json": #"{"rules": {"item.unused": "error"}}"#,
            "strict/a.dynamics.json": Scenes.unusedItem,
            "quiet/.impulse.json": #"{"rules": {"item.unused": "off", "scene.format": "warning"}}"#,
            "quiet/a.dynamics.json": Scenes.unusedItem,
            "quiet/b.dynamics.json": Scenes.badFormat,
        ])
        let strict = try workspace.impulse("lint", "strict")
        #expect(strict.status == 1)
        #expect(strict.stdout.contains(": error: "))
        #expect(strict.stdout.contains("[item.unused]"))
        let quiet = try workspace.impulse("lint", "quiet", "--format", "json")
        #expect(quiet.status == 0)
        let summary = JSONValue.parse(quiet.stdout)?.objectValue?["summary"]
        #expect(summary == JSONValue.parse(#"{"files": 2, "errors": 0, "warnings": 1, "infos": 0}"#))
        #expect(!quiet.stdout.contains("item.unused"))
    }

    @Test("the nearest .impulse.json wins: a subfolder's file replaces its parent's")
    func nearestWins() throws {
        let workspace = try Workspace([
            ".impulse.json": #"{"rules": {"scene.format": "off"}}"#,
            "a.dynamics.json": Scenes.badFormat,
            "sub/.impulse.json": #"{}"#,
            "sub/b.dynamics.json": Scenes.badFormat,
        ])
        let run = try workspace.impulse("lint", "--format", "json")
        #expect(run.status == 1)
        let files = JSONValue.parse(run.stdout)?.objectValue?["files"]?.arrayValue ?? []
        #expect(files.map { $0.objectValue?["diagnostics"]?.arrayValue?.count } == [0, 1])
    }

    @Test("exclude globs, relative to the configuration's folder, leave files out of folder walks and named files")
    func excludes() throws {
        let workspace = try Workspace([
            ".impulse.json": #"{"exclude": ["drafts/**", "*.old.dynamics.json"]}"#,
            "a.dynamics.json": Scenes.clean,
            "b.old.dynamics.json": Scenes.badFormat,
            "drafts/c.dynamics.json": Scenes.badFormat,
            "sub/d.old.dynamics.json": Scenes.badFormat,
        ])
        let run = try workspace.impulse("lint", "--format", "json")
        #expect(run.status == 1)
        #expect(try LintCommandTests.paths(in: run.stdout) == ["a.dynamics.json", "sub/d.old.dynamics.json"])
        let named = try workspace.impulse("lint", "drafts/c.dynamics.json")
        #expect(named.status == 0)
        #expect(named.stdout == "0 errors, 0 warnings in 0 files\n")
    }

    @Test("an invalid configuration stops the run with exit 2 and a message naming the file, place and fix")
    func invalidConfiguration() throws {
        let workspace = try Workspace([
            ".impulse.json": "{\n  \"rules\": {\"item.unusd\": \"off\"}\n}\n",
            "a.dynamics.json": Scenes.clean,
        ])
        let run = try workspace.impulse("lint")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr.contains(".impulse.json:2:13: \"item.unusd\" is not a rule code (did you mean \"item.unused\"?)")
        )

        try workspace.write(#"{"rules": {"item.unused": "loud"}}"#, to: ".impulse.json")
        let severity = try workspace.impulse("lint")
        #expect(severity.status == 2)
        #expect(severity.stderr.contains("\"loud\" is not a severity"))

        try workspace.write(#"{"rules": {"#, to: ".impulse.json")
        let syntax = try workspace.impulse("lint")
        #expect(syntax.status == 2)
        #expect(syntax.stderr.contains("the configuration is not valid JSON"))
    }

    @Test("standard input uses the current folder's .impulse.json")
    func standardInputConfiguration() throws {
        let workspace = try Workspace([".impulse.json": #"{"rules": {"scene.format": "off"}}"#])
        let run = try workspace.impulse("lint", "-", input: Scenes.badFormat)
        #expect(run.status == 0)
    }
}
