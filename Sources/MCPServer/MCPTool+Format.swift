// The `format` tool: the canonical layout of a scene (`impulse format`), as text. A file is rewritten only when
// the call names an `output` path inside the workspace (atomically); text that is not JSON is a mistake whose
// message is its json.syntax diagnostic.
import JSON
import Reporting
import Scene

extension MCPTool {
    static let format = MCPTool(
        name: "format", title: "Format a scene",
        description: """
            Returns a scene in the canonical layout (as `impulse format` writes it; no token's text changes). The \
            indent is "indent", else the nearest .impulse.json's (default 2). "output" writes the result to that \
            file (inside the workspace; it may be the scene's own path); nothing is written otherwise.
            """,
        inputSchema: """
            {"type": "object", "properties": {
              "text": {"type": "string", "description": "The scene's JSON text."},
              "path": {"type": "string", "description": "A scene file, relative to the workspace, instead of text."},
              "indent": {"type": "integer", "minimum": 1, "maximum": 16},
              "output": {"type": "string", "description": "Write the formatted text to this file (inside the workspace)."}},
             "additionalProperties": false}
            """,
        outputSchema: """
            {"type": "object", "required": ["text", "changed"], "properties": {
              "text": {"type": "string"}, "changed": {"type": "boolean"}, "written": {"type": "string"}}}
            """
    ) { call throws(ToolError) in
        let arguments = call.arguments
        let indent = try arguments.integer("indent", in: Configuration.indentRange)
        let source = try SceneSource.read(call)
        var target: (shown: String, real: String)?
        if let output = try arguments.string("output") { target = (output, try call.workspace.fileToWrite(output)) }
        guard let formatted = Formatter.format(source.bytes, indent: indent ?? source.configuration.indent) else {
            let result = source.lint()
            let syntax = result.diagnostics.filter { $0.code == "json.syntax" || $0.code == "json.unsupported" }
            let file = LintedFile(path: source.shownPath, lineIndex: result.document.lineIndex, diagnostics: syntax)
            throw ToolError(
                "\(source.shownPath): not valid JSON, so it cannot be formatted\n"
                    + TextLintEncoder(colored: false).lines(for: file))
        }
        let text = String(decoding: formatted, as: UTF8.self)
        var structured = JSONObject([("text", .string(text)), ("changed", .bool(formatted != source.bytes))])
        var summary = text
        if let target {
            let (shown, real) = target
            try call.workspace.write(formatted, to: real, shown: shown)
            structured["written"] = .string(shown)
            summary += "\nWrote \(shown)."
        }
        return Output(text: summary, structured: structured)
    }
}
