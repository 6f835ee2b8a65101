import JSON
import Reporting
import Scene

extension MCPTool {
    static let explain = MCPTool(
        name: "explain", title: "Explain a diagnostic code",
        description: """
            Returns the rule page of a diagnostic code (as `impulse explain CODE` prints it, Markdown): what it \
            means, why it matters, how to fix it, a failing and a passing example. The resource impulse://rules \
            lists every code.
            """,
        inputSchema: """
            {"type": "object", "required": ["code"], "properties": {
              "code": {"type": "string", "description": "A diagnostic code, such as scene.unknownKey."}},
             "additionalProperties": false}
            """,
        outputSchema: """
            {"type": "object", "required": ["code", "severity", "summary", "markdown"], "properties": {
              "code": {"type": "string"}, "severity": {"enum": ["error", "warning", "info", "hint"]},
              "summary": {"type": "string"}, "markdown": {"type": "string"}}}
            """
    ) { call throws(ToolError) in
        let code = try call.arguments.requiredString("code")
        let page = try rulePage(code)
        return Output(
            text: page.markdown,
            structured: JSONObject([
                ("code", .string(code)), ("severity", .string(Rules.defaultSeverity(of: code).rawValue)),
                ("summary", .string(Rules.rule(code)?.summary ?? "")), ("markdown", .string(page.markdown)),
            ]))
    }

    /// The page of `code`, or a `ToolError` with the nearest codes.
    static func rulePage(_ code: String) throws(ToolError) -> RuleDocumentation {
        guard let page = Rules.rule(code)?.documentation else {
            throw ToolError(
                "unknown code \"\(code)\"\(didYouMean(Rules.nearestCodes(to: code))); impulse://rules lists every code")
        }
        return page
    }
}
