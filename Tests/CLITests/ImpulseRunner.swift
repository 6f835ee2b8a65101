import Foundation
import Testing

/// Runs the built `impulse` binary, the one that sits next to this test bundle in the build folder.
enum Impulse {
    /// What a run printed and how it ended.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Ended by a signal it did not handle (and not by the time limit).
        var crashed = false
        /// Killed at the time limit.
        var timedOut = false
    }

    /// The package's root folder (this file is `Tests/CLITests/ImpulseRunner.swift`).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `impulse` executable of this build: `IMPULSE_BINARY` if set, else the one beside the test runner
    /// (`<scratch>/<triple>/debug/`, whatever the scratch path), else `.build/debug/impulse`.
    static let executable: String = {
        let manager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["IMPULSE_BINARY"] { return override }
        var candidates: [URL] = []
        if let runner = try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(
                URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("impulse"))
        }
        if let argument = CommandLine.arguments.first {
            var folder = URL(fileURLWithPath: argument).deletingLastPathComponent()
            // On macOS the runner is inside `Impulse.xctest/Contents/MacOS`.
            if folder.path.contains(".xctest/") {
                while folder.pathExtension != "xctest", folder.path != "/" { folder.deleteLastPathComponent() }
                folder.deleteLastPathComponent()
            }
            candidates.append(folder.appendingPathComponent("impulse"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/impulse"))
        return candidates.first { manager.isExecutableFile(atPath: $0.path) }?.path ?? candidates.last!.path
    }()

    /// Runs `impulse` with `arguments` in `folder`, feeding `input` to its standard input.
    static func run(
        _ arguments: [String], in folder: URL, input: String? = nil, environment: [String: String] = [:]
    ) throws -> Run {
        try run(arguments, in: folder, input: Data((input ?? "").utf8), environment: environment, timeout: nil)
    }

    /// Runs `impulse` with `arguments` in `folder`, feeding `input` to its standard input from another thread
    /// (the binary may stop reading before the input ends). `environment` is added to this process's, without
    /// `NO_COLOR`; with a `timeout`, a run still going after it is killed and reported `timedOut`.
    ///
    /// With `limits`, the binary runs under them (`ulimit` in `/bin/sh`): past its CPU seconds it is killed by
    /// SIGXCPU, past its address space an allocation fails; either way the run is `crashed`.
    static func run(
        _ arguments: [String], in folder: URL, input: Data, environment: [String: String], timeout: TimeInterval?,
        limits: ResourceLimits? = nil
    ) throws -> Run {
        let process = Process()
        if let limits {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                [
                    "-c",
                    "ulimit -t \(limits.cpuSeconds) && ulimit -v \(limits.addressSpaceMB * 1024) && exec \"$0\" \"$@\"",
                    executable,
                ] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { merged[key] = value }
        process.environment = merged

        let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("impulse-run-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outputs) }
        let stdoutURL = outputs.appendingPathComponent("stdout")
        let stderrURL = outputs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = Pipe()
        process.standardInput = stdin

        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw RunnerError(message: "no impulse binary at \(executable): build it first (swift build)")
        }
        signal(SIGPIPE, SIG_IGN)  // writing to a binary that stopped reading must not end the tests
        try process.run()
        let writer = stdin.fileHandleForWriting
        let feeding = Thread {
            try? writer.write(contentsOf: input)
            try? writer.close()
        }
        feeding.start()
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            timedOut = process.isRunning
            if timedOut { process.terminate() }
        }
        process.waitUntilExit()
        try stdout.close()
        try stderr.close()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self),
            crashed: process.terminationReason == .uncaughtSignal && !timedOut,
            timedOut: timedOut)
    }

    /// Hard limits for a run: CPU time (user and system) and address space.
    struct ResourceLimits {
        var cpuSeconds: Int
        var addressSpaceMB: Int
    }

    struct RunnerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// A temporary folder filled with files, removed when the test is done with it.
final class Workspace {
    let url: URL

    init(_ files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("impulse-cli-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files { try write(text, to: path) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: url.appendingPathComponent(path)), as: UTF8.self)
    }

    func impulse(
        _ arguments: String..., input: String? = nil, environment: [String: String] = [:]
    ) throws -> Impulse.Run {
        try Impulse.run(arguments, in: url, input: input, environment: environment)
    }
}

/// Scene texts whose diagnostics are known from the spec.
enum Scenes {
    /// No diagnostic at all.
    static let clean = """
        {
          "format": 1,
          "referenceView": {"width": 320, "height": 480},
          "items": [
            {"id": "box", "center": [160, 100], "size": [60, 60]}
          ],
          "behaviors": [
            {"type": "gravity", "items": ["box"]}
          ]
        }

        """

    /// One error: `scene.format` on the `2` at line 2, column 13.
    static let badFormat = clean.replacingOccurrences(of: "\"format\": 1", with: "\"format\": 2")

    /// One warning: `item.unused` for `ball`.
    static let unusedItem = clean.replacingOccurrences(
        of: "    {\"id\": \"box\", \"center\": [160, 100], \"size\": [60, 60]}\n",
        with:
            "    {\"id\": \"box\", \"center\": [160, 100], \"size\": [60, 60]},\n    {\"id\": \"ball\", \"center\": [60, 100], \"size\": [40, 40]}\n"
    )

    /// Not JSON: a trailing comma in `items`.
    static let syntaxError = clean.replacingOccurrences(of: "[60, 60]}\n", with: "[60, 60]},\n")
}
