import Foundation
import Testing

/// Numbers at the edge of what a double holds, in a scene that lints clean or in the command line, give every
/// preview format an answer and never a crash (a float turned into an integer it does not fit traps).
@Suite("Preview of extreme numbers")
struct PreviewExtremesTests {
    static let formats = ["text", "json", "csv", "svg", "html"]

    /// The clean scene with this reference view.
    static func scene(width: String, height: String) -> String {
        Scenes.clean.replacingOccurrences(
            of: #""referenceView": {"width": 320, "height": 480}"#,
            with: #""referenceView": {"width": \#(width), "height": \#(height)}"#)
    }

    @Test(
        "a huge reference view previews in every format",
        arguments: formats, [("1e20", "480"), ("320", "1e20"), ("1e308", "1e308"), ("1.7976931348623157e308", "1")])
    func hugeViews(format: String, view: (width: String, height: String)) throws {
        let workspace = try Workspace(["a.dynamics.json": Self.scene(width: view.width, height: view.height)])
        let run = try workspace.impulse("preview", "a.dynamics.json", "--format", format, "--frames", "30")
        #expect(!run.crashed, "\(format) \(view)")
        #expect(run.status == 0, "\(format) \(view): \(run.stderr)")
        #expect(!run.stdout.isEmpty)
    }

    @Test(
        "a tiny, zero or negative zero reference view is refused or previewed, never a crash", arguments: formats,
        ["5e-324", "-0", "-0.0", "0", "1e-300"])
    func tinyViews(format: String, width: String) throws {
        let workspace = try Workspace(["a.dynamics.json": Self.scene(width: width, height: width)])
        let run = try workspace.impulse("preview", "a.dynamics.json", "--format", format, "--frames", "30")
        #expect(!run.crashed, "\(format) \(width)")
        let positive = Double(width)! > 0
        #expect(run.status == (positive ? 0 : 1), "\(format) \(width): \(run.stderr)")
        if !positive { #expect(run.stderr.contains("scene.range"), "\(run.stderr)") }
    }

    @Test(
        "huge frame counts and strides are answered in every format", arguments: formats,
        [
            ["--every", "9223372036854775807"], ["--frames", "0"], ["--frames", "99999999999999999999"],
            ["--duration", "1e308"], ["--duration", "-0"], ["--every", "0"],
        ])
    func hugeCounts(format: String, options: [String]) throws {
        let workspace = try Workspace(["a.dynamics.json": Scenes.clean])
        let run = try Impulse.run(
            ["preview", "a.dynamics.json", "--format", format] + options, in: workspace.url, input: Data(),
            environment: [:], timeout: 60)
        #expect(!run.crashed && !run.timedOut, "\(format) \(options)")
        #expect([0, 2].contains(run.status), "\(format) \(options): \(run.stderr)")
        if run.status == 2 { #expect(!run.stderr.isEmpty) } else { #expect(!run.stdout.isEmpty) }
    }
}
