import Foundation
import Testing

/// The command line as a newcomer met it (issue 23): a pan on an attachment between two items is an error that
/// stops generation, the html page can start by itself, and `preview --help` tells the page's address parameters.
@Suite struct NewcomerCommandTests {
    /// A lamp hanging from a hook by a rope (item to item), and a pan of the rope: nothing to pan.
    static let ropePan = """
        {
          "format": 1,
          "referenceView": {"width": 320, "height": 480},
          "items": [
            {"id": "lamp", "center": [160, 200], "size": [40, 40]},
            {"id": "hook", "center": [160, 100], "size": [20, 20]}
          ],
          "behaviors": [
            {"type": "gravity", "items": ["lamp"]},
            {"type": "attachment", "id": "rope", "item": "lamp", "attachedTo": "hook"}
          ],
          "events": [
            {"at": 0.5, "pan": "rope", "path": [[160, 100], [240, 100]], "duration": 1}
          ]
        }

        """

    @Test func aPanOnAnAttachmentBetweenTwoItemsFailsLintAndGeneratesNothing() throws {
        let workspace = try Workspace(["rope.dynamics.json": Self.ropePan])
        let lint = try workspace.impulse("lint", "rope.dynamics.json")
        #expect(lint.status == 1)
        #expect(
            lint.stdout.contains("rope.dynamics.json:13:24: error: pan moves an attachment's anchor"), "\(lint.stdout)")
        #expect(lint.stdout.contains("[event.noAnchor]"))
        #expect(lint.stdout.contains("note: attachment \"rope\" joins its item to item \"hook\" here"))
        // The generator takes only scenes without errors: no `rope.anchorPoint = …` that UIKit would ignore.
        let generate = try workspace.impulse("generate", "swift", "rope.dynamics.json")
        #expect(generate.status != 0)
        #expect(!generate.stdout.contains("anchorPoint"))
        let explain = try workspace.impulse("explain", "event.noAnchor")
        #expect(explain.status == 0)
        #expect(explain.stdout.contains("## How to fix it"))
    }

    @Test func autoplayWritesAPageThatPlaysAndIsForHtmlOnly() throws {
        let workspace = try Workspace(["fall.dynamics.json": PreviewCommandTests.fall])
        let page = try workspace.impulse("preview", "fall.dynamics.json", "--format", "html", "--autoplay")
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains(",\"autoplay\":true}</script>"))
        let plain = try workspace.impulse("preview", "fall.dynamics.json", "--format", "html")
        #expect(!plain.stdout.contains("\"autoplay\":true"))
        let misuse = try workspace.impulse("preview", "fall.dynamics.json", "--autoplay")
        #expect(misuse.status == 2)
        #expect(misuse.stderr.contains("--autoplay is for --format html"))
    }

    @Test func previewHelpListsThePagesAddressParametersAndKeys() throws {
        let help = try Impulse.run(["preview", "--help"], in: Impulse.packageRoot).stdout
        for words in ["?t=SECONDS", "?play", "--autoplay", "space plays or pauses"] {
            #expect(help.contains(words), "impulse preview --help does not say \(words)")
        }
        // docs/interfaces.md says the same.
        let page = try String(
            contentsOf: Impulse.packageRoot.appendingPathComponent("docs/interfaces.md"), encoding: .utf8)
        for words in ["`page.html?t=1.5`", "`page.html?play`", "`--autoplay`"] {
            #expect(page.contains(words), "docs/interfaces.md does not say \(words)")
        }
    }

    @Test func theQuickTierIsTheFormattersLintAndSwiftTest() throws {
        let script = try String(
            contentsOf: Impulse.packageRoot.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        let quick = try #require(script.range(of: "if $quick; then exit 0; fi"))
        let before = script[..<quick.lowerBound]
        #expect(before.contains("swift format lint --strict") && before.contains("swift test --skip-build"))
        #expect(!before.contains("fuzz.sh") && !before.contains("editor-tests.sh"))
        // One fuzzing time, said the same way in both scripts.
        let fuzz = try String(
            contentsOf: Impulse.packageRoot.appendingPathComponent("scripts/fuzz.sh"), encoding: .utf8)
        #expect(script.contains("IMPULSE_FUZZ_SECONDS:-50") && fuzz.contains("IMPULSE_FUZZ_SECONDS:-50"))
        #expect(!script.contains("with 30 s") && !fuzz.contains("default 55"))
        let readme = try String(contentsOf: Impulse.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("bash scripts/test.sh --quick"))
    }
}
