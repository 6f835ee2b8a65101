import Foundation
import JSON
import Testing

@Suite("impulse lint")
struct LintCommandTests {
    @Test("a clean folder passes: exit 0 and the summary alone")
    func cleanFolderPasses() throws {
        let workspace = try Workspace(["scenes/a.dynamics.json": Scenes.clean, "scenes/b.dynamics.json": Scenes.clean])
        let run = try workspace.impulse("lint", "scenes")
        #expect(run.status == 0)
        #expect(run.stdout == "0 errors, 0 warnings in 2 files\n")
        #expect(run.stderr == "")
    }

    @Test("an error fails the run with exit 1 and a path:line:column line")
    func errorFails() throws {
        let workspace = try Workspace([
            "scenes/bad.dynamics.json": Scenes.badFormat, "scenes/good.dynamics.json": Scenes.clean,
        ])
        let run = try workspace.impulse("lint", "scenes/")
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("scenes/bad.dynamics.json:2:13: error: ") == true)
        #expect(lines.first?.hasSuffix(" [scene.format]") == true)
        #expect(run.stdout.hasSuffix("\n\n1 error, 0 warnings in 2 files\n"))
    }

    @Test("no PATH lints the current folder, paths relative to it")
    func currentFolderByDefault() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.badFormat, "sub/b.dynamics.json": Scenes.clean])
        let run = try workspace.impulse("lint")
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("a.dynamics.json:2:13: error: "))
        #expect(run.stdout.hasSuffix("1 error, 0 warnings in 2 files\n"))
    }

    @Test("folder walks skip hidden folders and .build*, ignore other files, and go in name order")
    func walkOrderAndSkips() throws {
        let workspace = try Workspace([
            "z.dynamics.json": Scenes.clean,
            "a/b.dynamics.json": Scenes.clean,
            "a.dynamics.json": Scenes.clean,
            ".hidden/x.dynamics.json": Scenes.badFormat,
            ".build-x/debug/y.dynamics.json": Scenes.badFormat,
            "notes.json": "not even json",
            "scene.dynamics.json.bak": "not even json",
        ])
        let run = try workspace.impulse("lint", "--format", "json")
        #expect(run.status == 0)
        let paths = try Self.paths(in: run.stdout)
        #expect(paths == ["a/b.dynamics.json", "a.dynamics.json", "z.dynamics.json"])
    }

    @Test("a file named on the command line is linted whatever its name, and only once")
    func explicitFile() throws {
        let workspace = try Workspace(["scene.json": Scenes.badFormat])
        let run = try workspace.impulse("lint", "scene.json", "./scene.json", "--format", "json")
        #expect(run.status == 1)
        #expect(try Self.paths(in: run.stdout) == ["scene.json"])
    }

    @Test("a folder without any scene file is a failure (exit 2), so a CI job pointed at the wrong folder cannot pass")
    func folderWithoutScenes() throws {
        let workspace = try Workspace(["docs/readme.md": "# docs", "scenes/a.dynamics.json": Scenes.clean])
        let run = try workspace.impulse("lint", "scenes", "docs")
        #expect(run.status == 2)
        #expect(run.stderr.contains("docs: no scene files"))
        #expect(run.stdout == "")
        let empty = try Workspace()
        #expect(try empty.impulse("lint").status == 2)
    }

    @Test("a path that does not exist is a failure (exit 2) naming it")
    func missingPath() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.clean])
        let run = try workspace.impulse("lint", "a.dynamics.json", "nope.dynamics.json")
        #expect(run.status == 2)
        #expect(run.stderr.contains("nope.dynamics.json: no such file or folder"))
    }

    @Test("an unreadable file is a failure (exit 2) naming it", .enabled(if: getuid() != 0, "root reads every file"))
    func unreadableFile() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.clean, "b.dynamics.json": Scenes.clean])
        try FileManager.default.setAttributes(
            [.posixPermissions: 0], ofItemAtPath: workspace.url.appendingPathComponent("b.dynamics.json").path)
        let run = try workspace.impulse("lint")
        #expect(run.status == 2)
        #expect(run.stderr.contains("b.dynamics.json: cannot read the file: Permission denied"))
    }

    @Test("bad flags and values are usage errors with exit 2, not argument-parser's 64")
    func usageErrors() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.clean])
        for arguments in [
            ["lint", "--bogus"], ["lint", "--format", "xml"], ["lint", "--max-warnings", "-1"],
            ["lint", "--max-warnings", "many"], ["lint", "--format"], ["frobnicate"],
        ] {
            let run = try Impulse.run(arguments, in: workspace.url)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("Error:"), "\(arguments)")
            #expect(run.stdout == "", "\(arguments)")
        }
        #expect(try workspace.impulse("lint", "--help").status == 0)
        #expect(try workspace.impulse("--version").status == 0)
    }

    @Test("--max-warnings: warnings pass up to N, more fail with exit 1")
    func maxWarnings() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.unusedItem])
        let plain = try workspace.impulse("lint")
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("warning: "))
        #expect(plain.stdout.contains("[item.unused]"))
        #expect(try workspace.impulse("lint", "--max-warnings", "1").status == 0)
        let strict = try workspace.impulse("lint", "--max-warnings", "0")
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("too many warnings: 1, more than --max-warnings 0"))
    }

    @Test("- reads standard input: shown as stdin in text, - in json")
    func standardInput() throws {
        let workspace = try Workspace()
        let text = try workspace.impulse("lint", "-", input: Scenes.badFormat)
        #expect(text.status == 1)
        #expect(text.stdout.hasPrefix("stdin:2:13: error: "))
        let json = try workspace.impulse("lint", "-", "--format", "json", input: Scenes.clean)
        #expect(json.status == 0)
        #expect(try Self.paths(in: json.stdout) == ["-"])
    }

    @Test("json lists every linted file, clean ones with an empty list, and a summary")
    func jsonOutput() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.badFormat, "b.dynamics.json": Scenes.clean])
        let run = try workspace.impulse("lint", "--format", "json", ".")
        #expect(run.status == 1)
        let root = try #require(JSONValue.parse(run.stdout)?.objectValue)
        let fileValues = try #require(root["files"]?.arrayValue)
        let files = fileValues.compactMap(\.objectValue)
        #expect(files.map { $0["path"] } == [.string("a.dynamics.json"), .string("b.dynamics.json")])
        #expect(files[1]["diagnostics"] == .array([]))
        let diagnostic = try #require(files[0]["diagnostics"]?.arrayValue?.first?.objectValue)
        #expect(diagnostic["code"] == .string("scene.format"))
        #expect(diagnostic["severity"] == .string("error"))
        #expect(
            diagnostic["range"]
                == JSONValue.parse(#"{"start": {"line": 2, "column": 13}, "end": {"line": 2, "column": 14}}"#))
        #expect(diagnostic["related"] == .array([]))
        #expect(root["summary"] == JSONValue.parse(#"{"files": 2, "errors": 1, "warnings": 0, "infos": 0}"#))
    }

    @Test("github prints one workflow command per diagnostic")
    func githubOutput() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.badFormat, "b.dynamics.json": Scenes.unusedItem])
        let run = try workspace.impulse("lint", "--format", "github")
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("::error file=a.dynamics.json,line=2,col=13,title=scene.format::"))
        #expect(lines[1].hasPrefix("::warning file=b.dynamics.json,line="))
        #expect(lines[1].contains(",title=item.unused::"))
    }

    @Test(
        "sarif output validates against the SARIF 2.1.0 schema",
        .enabled(
            if: SchemaValidation.python != nil,
            "python3 with jsonschema is not installed: run `bash scripts/python-env.sh jsonschema` (scripts/test.sh does)"
        ))
    func sarifValidates() throws {
        let workspace = try Workspace([
            "a.dynamics.json": Scenes.badFormat, "b.dynamics.json": Scenes.unusedItem,
            "c d.dynamics.json": Scenes.clean,
            "e.dynamics.json": Scenes.syntaxError,
        ])
        let run = try workspace.impulse("lint", "--format", "sarif")
        #expect(run.status == 1)
        let log = try #require(JSONValue.parse(run.stdout)?.objectValue)
        #expect(log["version"] == .string("2.1.0"))
        try workspace.write(run.stdout, to: "out.sarif")
        try SchemaValidation.validate(workspace.url.appendingPathComponent("out.sarif"))
    }

    @Test("text is plain when standard output is not a terminal")
    func plainWhenPiped() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.badFormat])
        #expect(!(try workspace.impulse("lint").stdout.contains("\u{1B}[")))
    }

    @Test("text is colored on a terminal, and plain there under NO_COLOR", .enabled(if: Terminal.scriptIsAvailable))
    func colorsOnTerminal() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.badFormat])
        let colored = try Terminal.runOnTerminal(["lint"], in: workspace.url)
        #expect(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let plain = try Terminal.runOnTerminal(["lint"], in: workspace.url, environment: ["NO_COLOR": "1"])
        #expect(plain.contains("error: "))
        #expect(!plain.contains("\u{1B}["))
    }

    @Test("--simulate is accepted; a scene with errors is not simulated and still fails")
    func simulateFlag() throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.badFormat])
        let run = try workspace.impulse("lint", "--simulate")
        #expect(run.status == 1)
        #expect(run.stdout.contains("[scene.format]"))
    }

    @Test("--simulate checks expectations: a failing one is an expect.failed error saying what happened instead")
    func simulateChecksExpectations() throws {
        let scene = """
            {"referenceView": {"width": 320, "height": 480},
              "items": [{"id": "card", "center": [160, 100], "size": [40, 40]}],
              "behaviors": [{"type": "gravity", "items": ["card"]},
                {"type": "collision", "items": ["card"], "boundaries": [{"id": "floor", "from": [0, 300], "to": [320, 300]}]}],
              "expect": [{"type": "rests", "item": "card", "by": 2.5},
                {"type": "near", "item": "card", "point": [160, 284], "within": 0.5, "by": 1}]}

            """
        let workspace = try Workspace(["card.dynamics.json": scene])
        let plain = try workspace.impulse("lint")
        #expect(plain.status == 0, "\(plain.stdout)")
        let simulated = try workspace.impulse("lint", "--simulate")
        #expect(simulated.status == 1)
        let lines = simulated.stdout.split(separator: "\n").filter { $0.contains("[expect.failed]") }
        #expect(lines.count == 1, "\(simulated.stdout)")
        // On the expectation's type; the card rests 5.8 pt above the point it was expected at.
        #expect(
            lines.first
                == #"card.dynamics.json:6:14: error: "card" is 5.8 pt from (160, 284) at 1 s; it is 5.8 pt away at the end (3 s) [expect.failed]"#,
            "\(simulated.stdout)")
    }

    static func paths(in json: String) throws -> [String] {
        let files = try #require(JSONValue.parse(json)?.objectValue?["files"]?.arrayValue)
        return files.compactMap { $0.objectValue?["path"]?.stringValue }
    }
}
