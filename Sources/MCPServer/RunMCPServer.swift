import RPC
import Reporting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the MCP server on standard input and output (newline-delimited JSON-RPC) until the input ends; returns
/// the exit status, 0. `impulse mcp` calls it with no arguments (tests pass other descriptors).
///
/// Nothing but protocol goes to standard output; logs go to standard error. SIGPIPE is ignored, so a vanished
/// client ends the server through the end of its input instead of killing it mid-write.
package func runMCPServer(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, workingDirectory: String = FileSystem.currentDirectory()
) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let connection = Connection(input: input, output: output, framing: .newline)
    let server = MCPServer(output: connection.output, workingDirectory: workingDirectory)
    let ending = connection.run(
        log: { message in
            var line = Array("impulse mcp: \(message)\n".utf8)
            _ = line.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress!, $0.count) }
        },
        handle: { message in
            server.handle(message)
            return .proceed
        })
    if case .endOfInput(let cleanly) = ending, !cleanly {
        var line = Array("impulse mcp: the input ended inside a message\n".utf8)
        _ = line.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress!, $0.count) }
    }
    server.finish()
    return 0
}
