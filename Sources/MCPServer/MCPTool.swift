import JSON

/// One tool of the MCP server: what `tools/list` says of it and what `tools/call` runs.
///
/// Schemas are written as JSON text (JSON Schema 2020-12, MCP's dialect) and parsed once. Every tool returns its
/// answer twice, as the specification recommends: `structuredContent` (matching `outputSchema`) and a short text
/// for a reader (and for clients that read only text). A `ToolError` becomes an `isError` result with its
/// message and no structured content.
struct MCPTool: Sendable {
    /// What a successful call answers.
    struct Output: Sendable {
        var text: String
        var structured: JSONObject
        /// More content blocks after the text (an embedded resource: the preview's SVG).
        var extraContent: [JSONValue] = []
    }

    /// What a tool's body gets: its arguments, the workspace and the cancellation flag.
    struct Call: Sendable {
        var arguments: ToolArguments
        var server: MCPServer
        var cancellation: Cancellation
        var workspace: Workspace { server.workspace }
    }

    let name: String
    let title: String
    let description: String
    let inputSchema: JSONValue
    let outputSchema: JSONValue
    let run: @Sendable (Call) throws(ToolError) -> Output

    init(
        name: String, title: String, description: String, inputSchema: String, outputSchema: String,
        run: @escaping @Sendable (Call) throws(ToolError) -> Output
    ) {
        self.name = name
        self.title = title
        self.description = description
        // The schemas are literals of this target: a typo is caught by the tests that list the tools.
        self.inputSchema = JSONValue.parse(inputSchema) ?? .null
        self.outputSchema = JSONValue.parse(outputSchema) ?? .null
        self.run = run
    }

    static let all: [MCPTool] = [.lint, .preview, .explain, .generate, .format]

    static func named(_ name: String) -> MCPTool? { all.first { $0.name == name } }

    /// The arguments the input schema lists.
    var argumentNames: [String] { inputSchema.objectValue?["properties"]?.objectValue?.keys ?? [] }

    /// The tool as `tools/list` lists it.
    var listing: JSONValue {
        .object(
            JSONObject([
                ("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
                ("inputSchema", inputSchema), ("outputSchema", outputSchema),
            ]))
    }

    /// The `tools/call` result for `arguments`.
    func call(_ arguments: JSONObject, server: MCPServer, cancellation: Cancellation) -> JSONValue {
        do {
            let arguments = try ToolArguments(arguments, tool: name, accepted: argumentNames)
            let output = try run(Call(arguments: arguments, server: server, cancellation: cancellation))
            return .object(
                JSONObject([
                    ("content", .array([MCPTool.textContent(output.text)] + output.extraContent)),
                    ("structuredContent", .object(output.structured)),
                    ("isError", .bool(false)),
                ]))
        } catch {
            return .object(
                JSONObject([("content", .array([MCPTool.textContent(error.message)])), ("isError", .bool(true))]))
        }
    }

    static func textContent(_ text: String) -> JSONValue {
        .object(JSONObject([("type", .string("text")), ("text", .string(text))]))
    }
}
