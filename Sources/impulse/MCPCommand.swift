import ArgumentParser
import MCPServer

/// `impulse mcp`: the Model Context Protocol server on standard input and output.
///
/// Nothing but protocol may reach standard output, so this command prints nothing itself; logs go to standard
/// error.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Run the Model Context Protocol server on standard input and output.",
        discussion: """
            Speaks MCP (newline-delimited JSON-RPC 2.0) for coding assistants: the tools lint, preview, explain, \
            generate and format, and the resources impulse://schema, impulse://rules, impulse://rules/{code} and \
            impulse://docs/scene-format. Paths resolve inside the folder it was started in (or the client's \
            roots); nothing is written unless a tool is given an "output". Logs go to standard error.
            Exit status: 0 when the input ends.
            """
    )

    func run() throws {
        throw ExitCode(runMCPServer())
    }
}
