// Bad input through the real binary: binary garbage, invalid UTF-8, a BOM, an empty file, a 50 MB file,
// 100 000 nested arrays, numbers like 1e999 or -0, NUL escapes. Each gets diagnostics or a clear error,
// never a crash, a hang or a silent pass; an unreadable path or a bad flag is a message and status 2.
// Every run has a time limit, and its standard error must hold no crash report.
import Foundation
import TestSupport
import Testing

extension Impulse.Run {
    /// A crash shows as a signal or as the Swift runtime's report on standard error.
    fileprivate var crashTrace: Bool {
        crashed
            || [
                "Fatal error", "Stack dump", "Segmentation fault", "Illegal instruction", "Program crashed",
                "Backtrace", "💣",
            ].contains { stderr.contains($0) }
    }

    fileprivate var summary: String {
        "status \(status)\(timedOut ? " (timed out)" : "")\nstdout: \(stdout.prefix(600))\nstderr: \(stderr.prefix(600))"
    }
}

/// A run of `impulse` with a time limit (killed and `timedOut` past it), colors off.
private func runImpulse(
    _ arguments: [String], in folder: URL, input: Data = Data(), timeout: TimeInterval = 30
) throws -> Impulse.Run {
    try Impulse.run(arguments, in: folder, input: input, environment: ["NO_COLOR": "1"], timeout: timeout)
}

/// A folder holding bad files, removed afterwards.
private final class BadFiles {
    let url: URL
    init(_ files: [String: [UInt8]]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("impulse-bad-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: url.appendingPathComponent(name)) }
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A framed LSP message.
private func lspMessage(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
}

@Suite("Bad input through the CLI", .serialized)
struct BadInputTests {
    /// A bad file and the diagnostic code `lint` must report for it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var code: String
        var testDescription: String { name }
    }

    static let clean = Array(Scenes.clean.utf8)

    static let cases: [Case] = {
        var garbage = SplitMix64(seed: 0xB1_7A5)
        return [
            Case(
                name: "binary garbage", bytes: (0..<4096).map { _ in UInt8(truncatingIfNeeded: garbage.next()) },
                code: "json.syntax"),
            Case(
                name: "invalid UTF-8",
                bytes: Array(Scenes.clean.replacingOccurrences(of: "\"box\"", with: "\"b#x\"").utf8)
                    .map { $0 == UInt8(ascii: "#") ? 0xC3 : $0 }, code: "json.syntax"),
            Case(name: "a lone BOM", bytes: [0xEF, 0xBB, 0xBF], code: "json.syntax"),
            Case(name: "an empty file", bytes: [], code: "json.syntax"),
            Case(
                name: "arrays nested 100 000 deep",
                bytes: Array(String(repeating: "[", count: 100_000).utf8)
                    + Array(String(repeating: "]", count: 100_000).utf8), code: "json.unsupported"),
            Case(
                name: "1e999",
                bytes: Array(Scenes.clean.replacingOccurrences(of: "[160, 100]", with: "[1e999, 100]").utf8),
                code: "scene.nonFinite"),
            Case(
                name: "-0 as the format",
                bytes: Array(Scenes.clean.replacingOccurrences(of: "\"format\": 1", with: "\"format\": -0").utf8),
                code: "scene.format"),
            Case(
                name: "a NUL escape in a key",
                bytes: Array(Scenes.clean.replacingOccurrences(of: "\"format\"", with: "\"for\\u0000mat\"").utf8),
                code: "json.unsupported"),
            Case(
                name: "unclosed nesting 100 000 deep", bytes: Array(String(repeating: "{\"a\":[", count: 100_000).utf8),
                code: "json"),
        ]
    }()

    @Test("lint reports each bad file with a diagnostic and status 1", arguments: cases)
    func lint(_ badCase: Case) throws {
        let files = try BadFiles(["bad.dynamics.json": badCase.bytes])
        for format in ["text", "json", "sarif"] {
            let run = try runImpulse(["lint", "--format", format, "bad.dynamics.json"], in: files.url)
            #expect(!run.timedOut && !run.crashTrace, "\(badCase.name) (\(format)): \(run.summary)")
            #expect(run.status == 1, "\(badCase.name) (\(format)): \(run.summary)")
            #expect(
                run.stdout.contains(badCase.code) || run.stderr.contains(badCase.code),
                "\(badCase.name) (\(format)): \(run.summary)")
        }
    }

    @Test("lint of the same bad bytes on standard input reports them the same way", arguments: cases)
    func lintStandardInput(_ badCase: Case) throws {
        let files = try BadFiles([:])
        let run = try runImpulse(["lint", "-"], in: files.url, input: Data(badCase.bytes))
        #expect(!run.timedOut && !run.crashTrace, "\(badCase.name): \(run.summary)")
        #expect(run.status == 1, "\(badCase.name): \(run.summary)")
        #expect(run.stdout.contains(badCase.code), "\(badCase.name): \(run.summary)")
    }

    @Test("format --check and preview refuse each bad file with status 1 and say why", arguments: cases)
    func formatAndPreview(_ badCase: Case) throws {
        let files = try BadFiles(["bad.dynamics.json": badCase.bytes])
        let check = try runImpulse(["format", "--check", "bad.dynamics.json"], in: files.url)
        #expect(!check.timedOut && !check.crashTrace, "\(badCase.name): \(check.summary)")
        #expect(check.status == 1, "\(badCase.name): \(check.summary)")
        #expect(!(check.stdout + check.stderr).isEmpty, "\(badCase.name): format --check failed silently")
        // The file is left untouched.
        #expect(try Data(contentsOf: files.url.appendingPathComponent("bad.dynamics.json")) == Data(badCase.bytes))

        let preview = try runImpulse(["preview", "--frames", "10", "bad.dynamics.json"], in: files.url)
        #expect(!preview.timedOut && !preview.crashTrace, "\(badCase.name): \(preview.summary)")
        #expect(preview.status == 1, "\(badCase.name): \(preview.summary)")
        #expect(
            (preview.stdout + preview.stderr).contains(badCase.code.prefix(4)), "\(badCase.name): \(preview.summary)")
    }

    @Test("a BOM before a clean scene is skipped: lint passes, preview runs")
    func byteOrderMark() throws {
        let files = try BadFiles(["bom.dynamics.json": [0xEF, 0xBB, 0xBF] + Self.clean])
        let lint = try runImpulse(["lint", "bom.dynamics.json"], in: files.url)
        #expect(!lint.timedOut && !lint.crashTrace && lint.status == 0, "\(lint.summary)")
        let preview = try runImpulse(["preview", "--frames", "10", "bom.dynamics.json"], in: files.url)
        #expect(!preview.timedOut && !preview.crashTrace && preview.status == 0, "\(preview.summary)")
    }

    @Test("a 50 MB file is read and reported within the time limit")
    func fiftyMegabytes() throws {
        // A name 50 MB long whose object is never closed: the error is at the very end.
        var bytes = Array(#"{"format": 1, "name": ""#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024)
        bytes += Array("\"\n".utf8)
        let files = try BadFiles(["big.dynamics.json": bytes])
        let run = try runImpulse(["lint", "big.dynamics.json"], in: files.url, timeout: 120)
        #expect(!run.timedOut && !run.crashTrace, "\(run.summary)")
        #expect(run.status == 1 && run.stdout.contains("json.syntax"), "\(run.summary)")
    }

    @Test(
        "an unreadable path or a bad flag is a clear message and status 2",
        arguments: [
            ["lint", "missing.dynamics.json"], ["lint", "--bogus"], ["lint", "--format", "yaml", "ok.dynamics.json"],
            ["lint", "empty-folder"], ["format", "--check", "missing.dynamics.json"], ["format", "--bogus"],
            ["preview", "missing.dynamics.json"], ["preview", "--frames", "-5", "ok.dynamics.json"],
            ["preview", "--frames", "10", "--duration", "1", "ok.dynamics.json"], ["lint", "folder.dynamics.json"],
        ])
    func unusable(_ arguments: [String]) throws {
        let files = try BadFiles(["ok.dynamics.json": Self.clean])
        try FileManager.default.createDirectory(
            at: files.url.appendingPathComponent("empty-folder"), withIntermediateDirectories: true)
        let folderFile = files.url.appendingPathComponent("folder.dynamics.json")
        try FileManager.default.createDirectory(at: folderFile, withIntermediateDirectories: true)
        let run = try runImpulse(arguments, in: files.url)
        #expect(!run.timedOut && !run.crashTrace, "\(arguments): \(run.summary)")
        #expect(run.status == 2, "\(arguments): \(run.summary)")
        #expect(
            !run.stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            "\(arguments): no message: \(run.summary)")
    }

    @Test("lsp fed garbage then end of input exits with status 1, without crashing or hanging")
    func lspGarbage() throws {
        var random = SplitMix64(seed: 0x15_9A4B)
        var input: [UInt8] = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        input += Array("Content-Length: 99999\r\n\r\n{".utf8)  // a body cut off by the end of input
        let files = try BadFiles([:])
        let run = try runImpulse(["lsp"], in: files.url, input: Data(input), timeout: 30)
        #expect(!run.timedOut && !run.crashTrace, "\(run.summary)")
        #expect(run.status == 1, "\(run.summary)")
    }

    @Test("lsp answers garbage between initialize and shutdown with −32700 and exits 0 after exit")
    func lspGarbageInSession() throws {
        var input = lspMessage(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}"#
        )
        input += lspMessage(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        input += lspMessage("this is not JSON \u{1}")
        input += Array("Content-Type: nothing\r\n\r\n".utf8)
        input += lspMessage(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        input += lspMessage(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let files = try BadFiles([:])
        let run = try runImpulse(["lsp"], in: files.url, input: Data(input), timeout: 30)
        #expect(!run.timedOut && !run.crashTrace, "\(run.summary)")
        #expect(run.status == 0, "\(run.summary)")
        #expect(run.stdout.components(separatedBy: "-32700").count - 1 == 2, "\(run.summary)")
        #expect(run.stdout.contains(#""id":2"#), "shutdown was not answered: \(run.summary)")
    }
}
