// The `lint` tool: `impulse lint` for one scene, with each diagnostic's fixes as text edits (the quick fixes the
// language server offers: `Diagnostic.fixes`, computed by the decoder and the rules).
import JSON
import Reporting
import Scene

extension MCPTool {
    static let lint = MCPTool(
        name: "lint", title: "Lint a scene",
        description: """
            Checks a UIKit Dynamics scene (*.dynamics.json) and returns its diagnostics: code, severity, message, \
            range (1-based lines and columns, columns in Unicode characters), related places and fixes as text \
            edits. Give "path" (a file inside the workspace) or "text" (the scene's JSON). "simulate": true also \
            runs the scene and reports the sim.* diagnostics (and expect.failed).
            """,
        inputSchema: """
            {"type": "object", "properties": {
              "path": {"type": "string", "description": "A scene file, relative to the workspace."},
              "text": {"type": "string", "description": "The scene's JSON text, instead of a path."},
              "simulate": {"type": "boolean", "description": "Also run the scene for its preview length."}},
             "additionalProperties": false}
            """,
        outputSchema: """
            {"type": "object", "required": ["file", "diagnostics", "summary"], "properties": {
              "file": {"type": "string"},
              "diagnostics": {"type": "array", "items": \(diagnosticSchema)},
              "summary": {"type": "object", "required": ["errors", "warnings", "infos"], "properties": {
                "errors": {"type": "integer"}, "warnings": {"type": "integer"}, "infos": {"type": "integer"}}}}}
            """
    ) { call throws(ToolError) in
        let source = try SceneSource.read(call)
        let simulate = try call.arguments.bool("simulate") ?? source.configuration.simulate
        let result = source.lint()
        let simulation = simulate && result.maySimulate ? LintSimulation.diagnostics(for: result) : nil
        let diagnostics = result.reported(
            simulation: simulation, settings: RuleSettings(overrides: source.configuration.rules))
        let file = LintedFile(path: source.shownPath, lineIndex: result.document.lineIndex, diagnostics: diagnostics)
        let summary = LintSummary([file])
        let structured = JSONObject([
            ("file", .string(source.shownPath)),
            ("diagnostics", .array(file.diagnostics.map { $0.toolJSON(file.lineIndex) })),
            (
                "summary",
                .object(
                    JSONObject([
                        ("errors", .number(Double(summary.errors))), ("warnings", .number(Double(summary.warnings))),
                        ("infos", .number(Double(summary.infos))),
                    ]))
            ),
        ])
        return Output(text: MCPTool.lintText(file, summary), structured: structured)
    }

    /// At most this many diagnostics are written in the text; the structured content has them all.
    static let textDiagnosticLimit = 20

    /// `path: 1 error, 2 warnings` and the first diagnostics as `impulse lint` prints them.
    static func lintText(_ file: LintedFile, _ summary: LintSummary) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var text = "\(file.displayPath): \(count(summary.errors, "error")), \(count(summary.warnings, "warning"))"
        if summary.infos > 0 { text += ", \(count(summary.infos, "info"))" }
        var shown = file
        shown.diagnostics = Array(file.diagnostics.prefix(textDiagnosticLimit))
        text += "\n" + TextLintEncoder(colored: false).lines(for: shown)
        if file.diagnostics.count > textDiagnosticLimit {
            text += "… and \(file.diagnostics.count - textDiagnosticLimit) more in the structured content\n"
        }
        return text
    }

    /// The JSON schema of one diagnostic in `toolJSON` form.
    static let diagnosticSchema = """
        {"type": "object", "required": ["code", "severity", "message", "range", "related", "fixes"], "properties": {
          "code": {"type": "string"}, "severity": {"enum": ["error", "warning", "info", "hint"]},
          "message": {"type": "string"}, "range": \(rangeSchema),
          "related": {"type": "array", "items": {"type": "object", "required": ["message", "range"],
            "properties": {"message": {"type": "string"}, "range": \(rangeSchema)}}},
          "fixes": {"type": "array", "items": {"type": "object", "required": ["title", "edits"], "properties": {
            "title": {"type": "string"},
            "edits": {"type": "array", "items": {"type": "object", "required": ["range", "newText"],
              "properties": {"range": \(rangeSchema), "newText": {"type": "string"}}}}}}}}}
        """

    static let rangeSchema = """
        {"type": "object", "required": ["start", "end"], "properties": {"start": \(positionSchema), "end": \(positionSchema)}}
        """

    static let positionSchema = """
        {"type": "object", "required": ["line", "column"], "properties": {"line": {"type": "integer", "minimum": 1}, \
        "column": {"type": "integer", "minimum": 1}}}
        """
}

extension Diagnostic {
    /// The diagnostic as the tools answer it: the lint json form (`lintJSON`) and its fixes, each a title and
    /// text edits (`{"range", "newText"}`) in the same lines and columns.
    func toolJSON(_ lineIndex: LineIndex) -> JSONValue {
        guard case .object(var object) = lintJSON(lineIndex) else { return lintJSON(lineIndex) }
        object["fixes"] = .array(
            fixes.map { fix in
                .object(
                    JSONObject([
                        ("title", .string(fix.title)),
                        (
                            "edits",
                            .array(
                                fix.edits.map { edit in
                                    .object(
                                        JSONObject([
                                            ("range", Diagnostic.toolRange(edit.range, lineIndex)),
                                            ("newText", .string(edit.newText)),
                                        ]))
                                })
                        ),
                    ]))
            })
        return .object(object)
    }

    static func toolRange(_ range: Range<Int>, _ lineIndex: LineIndex) -> JSONValue {
        func position(_ offset: Int) -> JSONValue {
            let (line, column) = lineIndex.cliPosition(of: offset)
            return .object(JSONObject([("line", .number(Double(line))), ("column", .number(Double(column)))]))
        }
        return .object(JSONObject([("start", position(range.lowerBound)), ("end", position(range.upperBound))]))
    }
}
