import Foundation
import Testing

/// Validates a SARIF file against the official schema with Python's `jsonschema`.
enum SchemaValidation {
    /// The official SARIF 2.1.0 schema (OASIS, errata01), kept in the test fixtures.
    static let schema = Impulse.packageRoot
        .appendingPathComponent("Tests/Fixtures/sarif-schema-2.1.0.json")

    /// The project's `.venv` Python (scripts/python-env.sh) when there is one, else `python3` on the PATH.
    static var python: String? {
        let venv = Impulse.packageRoot.appendingPathComponent(".venv/bin/python").path
        let candidates =
            [venv]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            .split(separator: ":").map { $0 + "/python3" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) && hasJSONSchema($0) }
    }

    private static func hasJSONSchema(_ python: String) -> Bool {
        (try? run(python, ["-c", "import jsonschema"]).status) == 0
    }

    static let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        log = json.load(open(sys.argv[2]))
        validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
        for error in errors:
            print("/".join(map(str, error.path)) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    /// Records an issue for every schema violation; when Python or jsonschema is missing, records that instead of passing.
    static func validate(_ file: URL) throws {
        guard FileManager.default.fileExists(atPath: schema.path) else {
            Issue.record("the SARIF schema is missing at \(schema.path)")
            return
        }
        let python = try #require(python, "python3 with jsonschema is not installed: run `bash scripts/python-env.sh`")
        let result = try run(python, ["-c", script, schema.path, file.path])
        #expect(result.status == 0, "SARIF schema violations:\n\(result.output)")
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Runs `impulse` on a pseudo-terminal through util-linux's `script`, to see what a terminal user sees.
enum Terminal {
    static var scriptIsAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
    }

    static func runOnTerminal(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:]
    ) throws -> String {
        let command = ([Impulse.executable] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        .joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        process.currentDirectoryURL = folder
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
