import Foundation

extension Impulse {
    /// Runs `impulse` with `arguments` in `folder` through bash: `prelude` runs first (a `trap`, a `ulimit`),
    /// and `redirection` is applied to the binary (`>/dev/full`, `>&-`). Standard input is empty; standard
    /// output, unless redirected, is thrown away; standard error is returned.
    static func runThroughShell(
        _ arguments: [String], in folder: URL, prelude: String = "", redirection: String = ""
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "\(prelude)\nexec \"$0\" \"$@\" \(redirection)", executable] + arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw RunnerError(message: "no impulse binary at \(executable): build it first (swift build)")
        }
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: "", stderr: stderr,
            crashed: process.terminationReason == .uncaughtSignal)
    }
}
