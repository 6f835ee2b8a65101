import Reporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exit statuses of every subcommand (interfaces.md).
enum ExitStatus {
    /// No errors, and warnings within the limit.
    static let success: Int32 = 0
    /// Findings: errors, too many warnings, files that would change.
    static let findings: Int32 = 1
    /// The command could not do its job: a bad flag, an unreadable path, a bad configuration.
    static let failure: Int32 = 2
}

/// Standard output and standard error for the subcommands.
enum Terminal {
    /// Whether standard output gets colors: a terminal, and `NO_COLOR` unset or empty (no-color.org).
    static var colorsStandardOutput: Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return true
    }

    /// Writes bytes to standard output. A closed pipe (`impulse lint | head`) is not the command's failure; any
    /// other failed write (a full disk, `> /dev/full`) loses output the user asked for, so it ends the command
    /// with exit status 2 and a message, as a failed `-o` does.
    static func write(_ bytes: [UInt8]) {
        do {
            try FileSystem.writeAll(bytes, to: STDOUT_FILENO, path: "stdout")
        } catch  where error.code == EPIPE {
            return
        } catch {
            printError("cannot write to standard output: \(error.reason)")
            terminate(ExitStatus.failure)
        }
    }

    /// Writes a line to standard output.
    static func print(_ line: String) {
        write(Array((line + "\n").utf8))
    }

    /// Writes argument-parser's message for a usage error (`Error: …` and the usage) to standard error.
    static func printUsageError(_ text: String) {
        writeError(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes a message line to standard error, prefixed with `impulse: `.
    static func printError(_ message: String) {
        let text = message.hasSuffix("\n") ? message : message + "\n"
        writeError("impulse: " + text)
    }
}

extension Terminal {
    /// Writes text to standard error as it is.
    static func writeError(_ text: String) {
        try? FileSystem.writeAll(Array(text.utf8), to: STDERR_FILENO, path: "stderr")
    }
}

/// Ends the process with `status`.
func terminate(_ status: Int32) -> Never {
    exit(status)
}
