import RPC

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the language server on standard input and output until `exit` or the end of the input; returns the
/// process's exit status (0 after `shutdown`, else 1). `impulse lsp` calls it with no arguments (tests pass
/// other descriptors).
///
/// Nothing but protocol goes to standard output; logs go to standard error and `window/logMessage`. SIGPIPE is
/// ignored, so a vanished client ends the server through the end of its input instead of killing it mid-write.
package func runLanguageServer(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let connection = Connection(input: input, output: output)
    let server = LanguageServer(output: connection.output)
    var status: Int32 = 1
    let ending = connection.run(
        log: { LanguageServer.standardErrorLog("impulse: \($0)") },
        handle: { message in
            switch server.handle(message) {
            case .proceed:
                return .proceed
            case .exit(let exitStatus):
                status = exitStatus
                return .stop
            }
        })
    if case .endOfInput(let cleanly) = ending {
        if !cleanly { LanguageServer.standardErrorLog("impulse: the input ended inside a message") }
        status = server.handleEndOfInput()
    }
    return status
}
