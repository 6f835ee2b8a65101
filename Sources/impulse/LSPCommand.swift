import ArgumentParser
import Server

/// `impulse lsp`: the language server on standard input and output.
///
/// Nothing but protocol may reach standard output, so this command prints nothing itself: logs go to standard
/// error and `window/logMessage`. The exit status is the protocol's: 0 when `exit` follows `shutdown`, 1
/// otherwise (also when the input ends without them).
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server on standard input and output.",
        discussion: """
            Speaks LSP 3.17 (JSON-RPC 2.0 with Content-Length framing) for *.dynamics.json scenes: diagnostics, \
            completion, hover, navigation, rename, quick fixes, formatting and previews. Logs go to standard error.
            Exit status: 0 after shutdown and exit, 1 when the client exits (or disappears) without shutdown.
            """
    )

    func run() throws {
        let status = runLanguageServer()
        throw ExitCode(status)
    }
}
