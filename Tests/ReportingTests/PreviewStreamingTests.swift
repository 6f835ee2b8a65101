import Scene
import Testing

@testable import Reporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A preview whose frames went to a spool as the run made them writes the bytes the in-memory run writes, and
/// an svg thinned to its budget says so.
@Suite("Preview streaming")
struct PreviewStreamingTests {
    /// The bytes `format` writes for `scene` through a temporary file, with or without a spool.
    static func written(
        _ scene: String, _ request: SimulationRequest, _ format: PreviewFormat, spooled: Bool
    ) throws -> [UInt8] {
        let lint = Linter.lint(Array(scene.utf8), fileName: "test.dynamics.json")
        let frames: (spool: PreviewSampleSpool?, onSample: ((SimulationSample) -> Void)?) =
            spooled ? PreviewSampleSpool.forPreview(of: lint, format: format) : (nil, nil)
        let preview = try #require(try PreviewResult.preview(lint, request, onSample: frames.onSample))
        if spooled && format != .text && preview.wasSimulated { #expect(preview.run?.samples.isEmpty == true) }
        // Written to an unlinked temporary file, read back through /proc.
        var template = Array("/tmp/impulse-stream-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        try format.write(preview, to: descriptor, path: "test", spool: frames.spool)
        return try FileSystem.readFile("/proc/self/fd/\(descriptor)")
    }

    @Test(
        "spooled json, csv and text are byte for byte the in-memory output",
        arguments: [PreviewFormat.json, .csv, .text],
        [SimulationRequest(frames: 0), SimulationRequest(frames: 200), SimulationRequest(frames: 301, every: 7)])
    func spooledOutputIsTheSame(format: PreviewFormat, request: SimulationRequest) throws {
        for scene in [PreviewEncoderTests.falling, PreviewEncoderTests.still] {
            let memory = try Self.written(scene, request, format, spooled: false)
            let spooled = try Self.written(scene, request, format, spooled: true)
            #expect(spooled == memory, "\(format) \(request)")
            #expect(!spooled.isEmpty)
        }
    }

    @Test("a run whose frames fit the spool's buffer makes no file; a longer one reports a missing folder")
    func fileOnlyWhenTheBufferFills() throws {
        let lint = Linter.lint(Array(PreviewEncoderTests.falling.utf8), fileName: "test.dynamics.json")
        let folder = "/nonexistent/impulse-spool"
        let short = PreviewSampleSpool.forPreview(of: lint, format: .json, folder: folder)
        _ = try PreviewResult.preview(lint, SimulationRequest(frames: 3), onSample: short.onSample)
        try short.spool?.check()
        // The frames, replayed from the buffer (twice: a spool may be replayed again).
        var replayed: [UInt8] = []
        short.spool?.replay { replayed += $0 }
        #expect(short.spool?.count == 4)
        #expect(String(decoding: replayed, as: UTF8.self).components(separatedBy: #""frame":"#).count == 5)
        var again: [UInt8] = []
        short.spool?.replay { again += $0 }
        #expect(again == replayed)
        let long = PreviewSampleSpool.forPreview(of: lint, format: .json, folder: folder)
        _ = try PreviewResult.preview(lint, SimulationRequest(frames: 3000), onSample: long.onSample)
        let error = #expect(throws: FileSystemError.self) { try long.spool?.check() }
        #expect(error?.path == folder)
    }

    @Test("a scene with errors gives the same json through a spool: no samples, its diagnostics")
    func sceneWithErrors() throws {
        let broken = PreviewEncoderTests.still.replacingOccurrences(
            of: "\"size\": [10, 10]}", with: "\"size\": [-1, 10]}")
        let memory = try Self.written(broken, SimulationRequest(frames: 5), .json, spooled: false)
        #expect(try Self.written(broken, SimulationRequest(frames: 5), .json, spooled: true) == memory)
        #expect(String(decoding: memory, as: UTF8.self).contains(#""samples":[]"#))
    }

    @Test("svg and html keep at most the server's item-sample budget; json, csv and text stream")
    func budgets() {
        #expect(PreviewFormat.svg.itemSampleBudget == SimulationRequest.itemSampleLimit)
        #expect(PreviewFormat.html.itemSampleBudget == SimulationRequest.itemSampleLimit)
        #expect([PreviewFormat.json, .csv, .text].allSatisfy { $0.itemSampleBudget == nil })
    }

    @Test("an svg whose every was raised to stay within the budget says so in its caption")
    func thinnedSVGSaysSo() throws {
        var preview = try PreviewEncoderTests.preview(
            PreviewEncoderTests.falling, SimulationRequest(frames: 60, every: 4))
        let plain = PreviewEncoderTests.text(PreviewSVGEncoder().encode(preview))
        #expect(!plain.contains("frame kept"))
        preview.requestedEvery = 1
        // The caption's words, its lines joined (it wraps to the view's width).
        var words: [Substring] = []
        for line in PreviewEncoderTests.text(PreviewSVGEncoder().encode(preview)).split(separator: "\n")
        where line.hasPrefix("<text") {
            words += line.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }.split(separator: " ")
        }
        #expect(words.joined(separator: " ").contains("every 4th frame kept, to stay within 1000000 item-samples"))
    }
}
