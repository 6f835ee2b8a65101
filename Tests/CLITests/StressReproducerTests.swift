// The reproducers of issue 15 ("never hang, never die"), run as the stress run ran them: the real binary, with
// a generous hard time limit (a hang is a failure, never a timing), and what the user saw asserted.
// The language-server reproducers feed a whole session on standard input and read the answers on standard
// output.
import Foundation
import Testing

/// A run of `impulse` killed after `timeout` seconds, colors off, under `limits` if given.
private func impulse(
    _ arguments: [String], in folder: URL, input: Data = Data(), timeout: TimeInterval = 60,
    limits: Impulse.ResourceLimits? = nil
) throws -> Impulse.Run {
    try Impulse.run(
        arguments, in: folder, input: input, environment: ["NO_COLOR": "1"], timeout: timeout, limits: limits)
}

/// The resource bounds of issue 15 ("resource bounds are tests too"): hard limits under which the worst inputs
/// found must finish. They are generous for a debug build on a loaded CI machine (Benchmarks/README.md,
/// "Resource bounds", has the release build's figures, a small fraction of them): exceeding one is a
/// regression by an order of magnitude, not noise. The memory bound is address space (`ulimit -v`), which is
/// above the resident memory a run reaches.
private let worstInputBound = Impulse.ResourceLimits(cpuSeconds: 60, addressSpaceMB: 4096)

private func framed(_ body: String) -> Data {
    Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
}

/// The bodies of the messages a server wrote.
private func messages(_ output: String) -> [[String: Any]] {
    var bodies: [[String: Any]] = []
    var rest = Substring(output)
    while let header = rest.range(of: "Content-Length: ") {
        rest = rest[header.upperBound...]
        guard let end = rest.range(of: "\r\n\r\n"), let length = Int(rest[..<end.lowerBound]) else { break }
        let body = Data(rest[end.upperBound...].utf8.prefix(length))
        if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] { bodies.append(object) }
        rest = Substring(String(decoding: Data(rest[end.upperBound...].utf8).dropFirst(length), as: UTF8.self))
    }
    return bodies
}

/// A language-server session: initialize, the given messages, shutdown, exit.
private func session(_ bodies: [String]) -> Data {
    var input = framed(
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#)
    input += framed(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    for body in bodies { input += framed(body) }
    input += framed(#"{"jsonrpc":"2.0","id":"last","method":"shutdown"}"#)
    input += framed(#"{"jsonrpc":"2.0","method":"exit"}"#)
    return input
}

private func jsonString(_ text: String) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]), as: UTF8.self)
        .dropFirst().dropLast().description
}

@Suite("Issue 15 reproducers through the CLI", .serialized)
struct StressReproducerTests {
    /// A scene of `count` items under gravity and one collision behavior, each at `center(i)`.
    static func crowd(_ count: Int, preview: String = "", center: (Int) -> String = { _ in "[160, 240]" }) -> String {
        let items = (0..<count).map { #"{"id": "i\#($0)", "center": \#(center($0)), "size": [20, 20]}"# }
        let ids = (0..<count).map { #""i\#($0)""# }.joined(separator: ", ")
        return """
            {"format": 1, "referenceView": {"width": 320, "height": 480},\(preview)
             "items": [
              \(items.joined(separator: ",\n  "))
             ],
             "behaviors": [{"type": "gravity", "items": [\(ids)]}, {"type": "collision", "items": [\(ids)]}]}

            """
    }

    // MARK: 1. The server killed for memory on a 200 KB document

    @Test func everyRequestOnADocumentNested100000DeepIsAnsweredInsteadOfKillingTheServer() throws {
        let text =
            #"{"items": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        let uri = "file:///deep.dynamics.json"
        let position = #"{"line":0,"character":50010}"#
        let document = #"{"uri":"\#(uri)"}"#
        let requests = [
            "textDocument/completion", "textDocument/hover", "textDocument/documentSymbol",
            "textDocument/foldingRange", "textDocument/selectionRange", "textDocument/definition",
            "textDocument/inlayHint", "textDocument/codeAction", "textDocument/formatting",
        ]
        var bodies = [
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":\#(jsonString(text))}}}"#
        ]
        for (index, method) in requests.enumerated() {
            let range = #"{"start":{"line":0,"character":0},"end":{"line":0,"character":200010}}"#
            let params: String
            switch method {
            case "textDocument/selectionRange": params = #"{"textDocument":\#(document),"positions":[\#(position)]}"#
            case "textDocument/inlayHint": params = #"{"textDocument":\#(document),"range":\#(range)}"#
            case "textDocument/codeAction":
                params = #"{"textDocument":\#(document),"range":\#(range),"context":{"diagnostics":[]}}"#
            case "textDocument/formatting":
                params = #"{"textDocument":\#(document),"options":{"tabSize":2,"insertSpaces":true}}"#
            case "textDocument/documentSymbol", "textDocument/foldingRange": params = #"{"textDocument":\#(document)}"#
            default: params = #"{"textDocument":\#(document),"position":\#(position)}"#
            }
            bodies.append(#"{"jsonrpc":"2.0","id":\#(index + 1),"method":"\#(method)","params":\#(params)}"#)
        }
        let run = try impulse(["lsp"], in: FileManager.default.temporaryDirectory, input: session(bodies), timeout: 120)
        #expect(!run.timedOut && !run.crashed, "status \(run.status): \(run.stderr.suffix(500))")
        #expect(run.status == 0)
        let answers = messages(run.stdout)
        for index in requests.indices {
            let answer = answers.first { ($0["id"] as? Int) == index + 1 }
            #expect(answer != nil && answer?["error"] == nil, "\(requests[index]): \(String(describing: answer))")
        }
        let published = answers.first { ($0["method"] as? String) == "textDocument/publishDiagnostics" }
        #expect(String(describing: published).contains("json.unsupported"))
    }

    @Test func aSelectionRangeInADocumentNestedJustUnderTheLimitIsAChainClientsCanRead() throws {
        let text = #"{"items": "# + String(repeating: "[", count: 2046) + String(repeating: "]", count: 2046) + "}"
        let uri = "file:///deep.dynamics.json"
        let messages = [
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":\#(jsonString(text))}}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"textDocument/selectionRange","params":{"textDocument":{"uri":"\#(uri)"},"positions":[{"line":0,"character":2050}]}}"#,
        ]
        let run = try impulse(
            ["lsp"], in: FileManager.default.temporaryDirectory, input: session(messages), timeout: 120)
        #expect(!run.timedOut && !run.crashed && run.status == 0)
        let bodies = run.stdout.components(separatedBy: "\r\n\r\n")
        let answer = try #require(bodies.first { $0.hasPrefix(#"{"jsonrpc":"2.0","id":1,"#) })
        let levels = answer.components(separatedBy: #""parent""#).count - 1
        #expect(levels > 10 && levels <= 101, "\(levels) levels")
        // The last range is the whole text.
        #expect(answer.contains(#""end":{"line":0,"character":4103}"#))
    }

    /// The longest request found on the nastiest document (Benchmarks/README.md has its time and memory):
    /// formatting 2,046 nested arrays, the deepest the parser takes, is 8 MB of indentation.
    @Test func formattingTheDeepestValidDocumentIsAnsweredWithWhatFormatGives() throws {
        let text = #"{"items": "# + String(repeating: "[", count: 2046) + String(repeating: "]", count: 2046) + "}"
        let uri = "file:///deep.dynamics.json"
        let input = [
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":\#(jsonString(text))}}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"textDocument/formatting","params":{"textDocument":{"uri":"\#(uri)"},"options":{"tabSize":2,"insertSpaces":true}}}"#,
        ]
        let run = try impulse(
            ["lsp"], in: FileManager.default.temporaryDirectory, input: session(input), timeout: 300,
            limits: worstInputBound)
        #expect(!run.timedOut && !run.crashed && run.status == 0, "over the bound? \(run.stderr.suffix(300))")
        let answer = try #require(messages(run.stdout).first { ($0["id"] as? Int) == 1 })
        let edits = try #require(answer["result"] as? [[String: Any]])
        let format = try impulse(
            ["format", "-"], in: FileManager.default.temporaryDirectory, input: Data(text.utf8), timeout: 300)
        #expect(format.status == 0)
        // The one edit applied to the text (one line of ASCII: characters are offsets) gives format's output.
        let edit = try #require(edits.first)
        let range = try #require(edit["range"] as? [String: [String: Int]])
        let start = try #require(range["start"]?["character"])
        let end = try #require(range["end"]?["character"])
        let newText = try #require(edit["newText"] as? String)
        let edited = String(text.prefix(start)) + newText + String(text.dropFirst(end))
        #expect(edits.count == 1 && edited == format.stdout, "\(newText.prefix(80))")
    }

    // MARK: 3. preview hung on a tiny frame rate

    @Test(arguments: [
        (#""preview": {"frameRate": 1e-10, "duration": 1e10},"#, [String]()),
        (#""preview": {"frameRate": 1e-320},"#, ["--frames", "1"]),
        (#""preview": {"frameRate": 0.0001},"#, ["--frames", "60"]),
    ])
    func aPreviewAtATinyFrameRateIsRefusedWithSceneRangeInsteadOfHanging(preview: String, flags: [String]) throws {
        let workspace = try Workspace(["slow.dynamics.json": Self.crowd(1, preview: preview)])
        let run = try impulse(["preview", "slow.dynamics.json"] + flags, in: workspace.url, timeout: 60)
        #expect(!run.timedOut && !run.crashed, "\(preview) \(flags)")
        #expect(run.status == 2 || run.status == 1, "\(preview) \(flags): \(run.status) \(run.stderr)")
        #expect(run.stderr.contains("scene.range"), "\(preview) \(flags): \(run.stderr)")
        let lint = try impulse(["lint", "--simulate", "slow.dynamics.json"], in: workspace.url, timeout: 60)
        #expect(!lint.timedOut && lint.status == 1 && lint.stdout.contains("scene.range"), "\(lint.stdout)")
    }

    @Test func aPreviewLongerThanAnHourIsRefusedWithAClearMessage() throws {
        // One box resting on the reference bounds, one frame a second.
        let scene = """
            {"referenceView": {"width": 320, "height": 480}, "preview": {"frameRate": 1},
             "items": [{"id": "box", "center": [160, 460], "size": [40, 40]}],
             "behaviors": [{"type": "gravity", "items": ["box"]},
              {"type": "collision", "items": ["box"], "translatesReferenceBoundsIntoBoundary": true}]}
            """
        let workspace = try Workspace(["long.dynamics.json": scene])
        let run = try impulse(["preview", "long.dynamics.json", "--frames", "3601"], in: workspace.url)
        #expect(run.status == 2 && run.stderr.contains("at most an hour"), "\(run.stderr)")
        let hour = try impulse(
            ["preview", "long.dynamics.json", "--frames", "3600", "--every", "3600"], in: workspace.url)
        #expect(hour.status == 0, "\(hour.stderr)")
    }

    // MARK: 4, 5. Ids and positions at the limits of their integers

    @Test func aRequestWithTheLargest64BitIdIsAnsweredWithThatIdDigitForDigit() throws {
        let bodies = [
            #"{"jsonrpc":"2.0","id":9223372036854775807,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///none.dynamics.json"},"position":{"line":0,"character":0}}}"#,
            #"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"impulse/nothing"}"#,
            #"{"jsonrpc":"2.0","id":-9007199254740993,"method":"impulse/nothing"}"#,
        ]
        let run = try impulse(["lsp"], in: FileManager.default.temporaryDirectory, input: session(bodies))
        #expect(run.status == 0 && !run.timedOut)
        for id in ["9223372036854775807", "123456789012345678901234567890", "-9007199254740993"] {
            #expect(run.stdout.contains(#"{"jsonrpc":"2.0","id":\#(id),"error""#), "\(id): \(run.stdout)")
        }
    }

    @Test func anEditPastTheEndOfALineClampsToTheLineEndAndTheDiagnosticsAreThoseOfLint() throws {
        let text = "{\"format\": 1,\n \"items\": [{\"id\": \"a\", \"center\": [1, 2], \"size\": [3, 4]}]\n}\n"
        let uri = "file:///edit.dynamics.json"
        let bodies = [
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":\#(jsonString(text))}}}"#,
            // Past the end of line 0 ("{"format": 1,"): the position is the line's end, before its line break.
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":2147483647},"end":{"line":0,"character":2147483647}},"text":" \"name\": 7,"}]}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"textDocument/formatting","params":{"textDocument":{"uri":"\#(uri)"},"options":{"tabSize":2,"insertSpaces":true}}}"#,
        ]
        let run = try impulse(["lsp"], in: FileManager.default.temporaryDirectory, input: session(bodies))
        #expect(run.status == 0 && !run.timedOut, "\(run.stderr)")
        let clamped = text.replacingOccurrences(of: "\"format\": 1,\n", with: "\"format\": 1, \"name\": 7,\n")
        let workspace = try Workspace(["edit.dynamics.json": clamped])
        let lint = try impulse(["lint", "--format", "json", "edit.dynamics.json"], in: workspace.url)
        let lintFiles = try #require(
            (try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])?["files"]
                as? [[String: Any]])
        let expected = ((lintFiles.first?["diagnostics"] as? [[String: Any]]) ?? []).map { diagnostic -> String in
            let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Int]
            return "\(diagnostic["code"]!) \(start!["line"]! - 1):\(start!["column"]! - 1)"
        }
        let published = messages(run.stdout).last {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && (($0["params"] as? [String: Any])?["version"] as? Int) == 2
        }
        let actual = (((published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []).map {
            diagnostic -> String in
            let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Int]
            return "\(diagnostic["code"]!) \(start!["line"]!):\(start!["character"]!)"
        }
        #expect(!expected.isEmpty && actual == expected, "server \(actual), lint \(expected)")
    }

    // MARK: 6. Quadratic output on a crowd

    @Test func aCrowdOf5000ItemsAtOneSpotIsLintedWithinItsBoundAndReportsTheFirst100Overlaps() throws {
        let workspace = try Workspace(["crowd.dynamics.json": Self.crowd(5000)])
        let run = try impulse(
            ["lint", "--format", "json", "crowd.dynamics.json"], in: workspace.url, timeout: 300,
            limits: worstInputBound)
        #expect(!run.timedOut && !run.crashed && run.status == 0, "over the bound? \(run.stderr.suffix(300))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require((report["files"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]])
        let overlaps = diagnostics.filter { ($0["code"] as? String) == "item.startsOverlapping" }
        let messages = overlaps.compactMap { $0["message"] as? String }
        // One per item from the second on (4,999): the first 100 by position, then one that counts the rest.
        #expect(overlaps.count == 101, "\(overlaps.count) diagnostics")
        #expect(messages.first?.contains(#"item "i1" overlaps item "i0""#) == true, "\(messages.first ?? "")")
        #expect(messages.dropLast().last?.contains("10 or more items listed before it") == true)
        #expect(
            messages.last?.hasPrefix("4899 more item.startsOverlapping diagnostics") == true, "\(messages.last ?? "")")
        #expect(run.stdout.utf8.count < 300_000, "\(run.stdout.utf8.count) bytes of JSON")
        // The limit shortens the output, not the count: the summary and --max-warnings still see every overlap.
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["warnings"] as? Int == 4999, "\(summary)")
        let gate = try impulse(
            ["lint", "--max-warnings", "4998", "crowd.dynamics.json"], in: workspace.url, timeout: 300,
            limits: worstInputBound)
        #expect(gate.status == 1, "a gate of 4,998 warnings must fail on 4,999: \(gate.stderr.suffix(300))")
        #expect(gate.stdout.contains("4999 warnings"), "\(gate.stdout.suffix(200))")
    }

    /// 5,000 items that no behavior moves (a collision alone) rest after the first half second; an hour of
    /// frames after that is skipped, not stepped, and the preview ends within its bound.
    @Test func anHourLongPreviewOf5000ItemsThatRestEndsWithinItsBound() throws {
        let scene = Self.crowd(5000) { "[\(4 + 8 * ($0 % 100)), \(4 + 8 * ($0 / 100))]" }
            .replacingOccurrences(of: #""size": [20, 20]"#, with: #""size": [6, 6]"#)
            .replacingOccurrences(of: #""width": 320, "height": 480"#, with: #""width": 800, "height": 400"#)
            .replacingOccurrences(of: #"{"type": "gravity", "items": ["#, with: #"{"type": "dynamicItem", "items": ["#)
        let workspace = try Workspace(["rest.dynamics.json": scene])
        let run = try impulse(
            ["preview", "--frames", "216000", "--every", "216000", "--format", "json", "rest.dynamics.json"],
            in: workspace.url, timeout: 300, limits: worstInputBound)
        #expect(!run.timedOut && !run.crashed && run.status == 0, "over the bound? \(run.stderr.suffix(300))")
        let preview = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let samples = try #require(preview["samples"] as? [[String: Any]])
        #expect(samples.compactMap { $0["frame"] as? Int } == [0, 216_000])
        #expect(preview["frames"] as? Int == 216_000)
        let pausedAt = (preview["pausedAt"] as? [String: Any])?["frame"] as? Int
        #expect(pausedAt.map { $0 < 120 } == true, "\(preview["pausedAt"] ?? "not paused")")
    }

    // MARK: 8. Output that could not be written

    @Test(arguments: [
        ["lint", "--format", "sarif", "ok.dynamics.json"], ["format", "-"], ["explain", "json.syntax"],
    ])
    func outputThatCannotBeWrittenFailsWithStatus2(arguments: [String]) throws {
        let workspace = try Workspace(["ok.dynamics.json": Scenes.clean])
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Impulse.executable)
        process.arguments = arguments
        process.currentDirectoryURL = workspace.url
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(Scenes.unusedItem.utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(arguments): \(message)")
        #expect(message.contains("cannot write to standard output"), "\(arguments): \(message)")
    }

    // MARK: 9, 10, 11. Folder walks

    @Test func formatDoesNotFollowALinkToAFolderOutOfTheTree() throws {
        let workspace = try Workspace([
            "proj/mine.dynamics.json": Scenes.unusedItem.replacingOccurrences(of: "\n", with: "\n\n"),
            "outside/theirs.dynamics.json": Scenes.unusedItem.replacingOccurrences(of: "\n", with: "\n\n"),
        ])
        try FileManager.default.createSymbolicLink(
            atPath: workspace.url.appendingPathComponent("proj/shared").path, withDestinationPath: "../outside")
        let before = try workspace.read("outside/theirs.dynamics.json")
        let run = try impulse(["format"], in: workspace.url.appendingPathComponent("proj"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try workspace.read("outside/theirs.dynamics.json") == before)
        #expect(try workspace.read("proj/mine.dynamics.json") != before)
        // Named on the command line, the link is followed.
        let named = try impulse(["lint", "shared"], in: workspace.url.appendingPathComponent("proj"))
        #expect(named.stdout.contains("theirs.dynamics.json"), "\(named.stdout)")
    }

    @Test func aSceneWhoseFileNameIsNotUTF8IsLintedAndShownEscaped() throws {
        let workspace = try Workspace()
        var name = Array("caf".utf8) + [0xE9] + Array(".dynamics.json".utf8) + [0]
        let path = workspace.url.path + "/"
        let fullPath = Array(path.utf8) + name
        let descriptor = fullPath.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        try #require(descriptor >= 0)
        let scene = Array(Scenes.unusedItem.utf8)
        _ = scene.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        name.removeLast()

        let walked = try impulse(["lint"], in: workspace.url)
        #expect(walked.status == 0, "\(walked.stdout) \(walked.stderr)")
        #expect(
            walked.stdout.contains(#"caf\xE9.dynamics.json"#) && walked.stdout.contains("item.unused"),
            "\(walked.stdout)")
        #expect(walked.stdout.contains("in 1 file"), "\(walked.stdout)")

        // Named on the command line (the argument's bytes, not their repaired text).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec "$0" lint "$(printf 'caf\351.dynamics.json')""#, Impulse.executable]
        process.currentDirectoryURL = workspace.url
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && text.contains("item.unused"), "\(text)")
    }

    @Test func aStrayConfigurationExcludingEveryFileOfAWalkFailsWithStatus2() throws {
        let workspace = try Workspace([
            ".impulse.json": #"{"exclude": ["**"]}"#,
            "proj/a.dynamics.json": Scenes.badFormat,
        ])
        let run = try impulse(["lint", "proj"], in: workspace.url)
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("every scene file") && run.stderr.contains(".impulse.json"), "\(run.stderr)")
        let format = try impulse(["format", "--check", "proj"], in: workspace.url)
        #expect(format.status == 2, "\(format.stderr)")

        // The project's own configuration, marked as its root, keeps the stray one out.
        try workspace.write(#"{"root": true}"#, to: "proj/.impulse.json")
        let rooted = try impulse(["lint", "proj"], in: workspace.url)
        #expect(rooted.status == 1 && rooted.stdout.contains("scene.format"), "\(rooted.stdout) \(rooted.stderr)")
        try workspace.write(#"{"root": "yes"}"#, to: "proj/.impulse.json")
        let invalid = try impulse(["lint", "proj"], in: workspace.url)
        #expect(invalid.status == 2 && invalid.stderr.contains("\"root\" must be true or false"), "\(invalid.stderr)")
    }
}
