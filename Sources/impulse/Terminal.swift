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
        writeStandardOutput { (descriptor) throws(FileSystemError) in
            try FileSystem.writeAll(bytes, to: descriptor, path: "stdout")
        }
    }

    /// Runs `body`, which writes to standard output's descriptor, with `write(_:)`'s handling of failures: a
    /// closed pipe ends the output quietly, any other failure (a full disk, a closed descriptor) exits with
    /// status 2 and a message.
    static func writeStandardOutput(_ body: (_ descriptor: Int32) throws(FileSystemError) -> Void) {
        do {
            try body(STDOUT_FILENO)
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

extension Terminal {
    /// Keeps a closed standard input, output or error (`impulse preview >&-`) closed to the command: the lowest
    /// free descriptor would otherwise be handed to the next file opened, and output meant for the terminal
    /// would land in it. /dev/null is opened in the wrong direction in its place, so that every read or write
    /// there fails (EBADF) as it would on the closed descriptor, and the command reports it.
    static func guardStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let placeholder = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if placeholder >= 0 && placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
        }
    }
}

/// Ends the process with `status`.
func terminate(_ status: Int32) -> Never {
    exit(status)
}
