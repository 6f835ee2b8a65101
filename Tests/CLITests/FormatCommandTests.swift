import Foundation
import Testing

@Suite("impulse format")
struct FormatCommandTests {
    /// A scene squeezed onto few lines, with numbers written in a way formatting must keep (`1.50`, `1e2`).
    static let squeezed =
        #"{"format": 1, "referenceView": {"width": 320, "height": 480}, "items": [{"id": "box", "center": [160, 1e2], "size": [60, 60]}], "behaviors": [{"type": "gravity", "items": ["box"], "magnitude": 1.50}]}"#

    @Test("--check lists the files that would change and exits 1, changing nothing")
    func checkListsChanges() throws {
        let workspace = try Workspace(["a.dynamics.json": Self.squeezed, "b.dynamics.json": Self.squeezed])
        let run = try workspace.impulse("format", "--check", "b.dynamics.json", ".")
        #expect(run.status == 1)
        #expect(run.stdout == "b.dynamics.json\na.dynamics.json\n")
        #expect(try workspace.read("a.dynamics.json") == Self.squeezed)
    }

    @Test("formatting in place gives the canonical layout, keeps every token, and then --check passes")
    func formatsInPlace() throws {
        let workspace = try Workspace(["a.dynamics.json": Self.squeezed])
        let run = try workspace.impulse("format")
        #expect(run.status == 0)
        let formatted = try workspace.read("a.dynamics.json")
        #expect(formatted != Self.squeezed)
        #expect(formatted.contains("\n  \"referenceView\": {\n    \"width\": 320,"))
        #expect(formatted.contains("\"center\": [160, 1e2]"))
        #expect(formatted.contains("\"magnitude\": 1.50"))
        let check = try workspace.impulse("format", "--check")
        #expect(check.status == 0)
        #expect(check.stdout == "")
    }

    @Test("the indent comes from .impulse.json")
    func indentFromConfiguration() throws {
        let workspace = try Workspace([".impulse.json": #"{"indent": 4}"#, "a.dynamics.json": Self.squeezed])
        #expect(try workspace.impulse("format").status == 0)
        #expect(try workspace.read("a.dynamics.json").contains("\n    \"referenceView\": {\n        \"width\": 320,"))
    }

    @Test("- formats standard input to standard output")
    func standardInput() throws {
        let workspace = try Workspace(["a.dynamics.json": Self.squeezed])
        #expect(try workspace.impulse("format").status == 0)
        let run = try workspace.impulse("format", "-", input: Self.squeezed)
        #expect(run.status == 0)
        #expect(run.stdout == (try workspace.read("a.dynamics.json")))
    }

    @Test("a file that is not JSON is left untouched, with its json.syntax diagnostic, exit 1")
    func invalidJSONUntouched() throws {
        let workspace = try Workspace(["bad.dynamics.json": Scenes.syntaxError, "good.dynamics.json": Self.squeezed])
        let run = try workspace.impulse("format")
        #expect(run.status == 1)
        #expect(try workspace.read("bad.dynamics.json") == Scenes.syntaxError)
        #expect(try workspace.read("good.dynamics.json") != Self.squeezed)
        #expect(run.stderr.contains("bad.dynamics.json:6:3: error: "))
        #expect(run.stderr.contains("[json.syntax]"))
        let piped = try workspace.impulse("format", "-", input: Scenes.syntaxError)
        #expect(piped.status == 1)
        #expect(piped.stdout == Scenes.syntaxError)
        #expect(piped.stderr.contains("stdin:6:3: error: "))
    }

    @Test("command failures exit 2: a missing path, a folder without scenes, a bad flag")
    func failures() throws {
        let workspace = try Workspace(["notes.txt": "x"])
        #expect(try workspace.impulse("format", "nope.dynamics.json").status == 2)
        #expect(try workspace.impulse("format").status == 2)
        #expect(try workspace.impulse("format", "--chek").status == 2)
    }
}
