// The `generate` tool: `impulse generate swift|objc` for one scene. The files come back as text; they are
// written only when the call names an `output` folder inside the workspace (each file atomically).
import CodeGeneration
import JSON
import Reporting
import Scene

extension MCPTool {
    static let generate = MCPTool(
        name: "generate", title: "Generate UIKit code",
        description: """
            Returns the UIKit code that builds a scene's UIDynamicAnimator: "swift" (one file) or "objc" (Name.h \
            and Name.m), and in "support" the runtime those files need once per app target (ImpulseSupport.*, the \
            same for every scene). The type is named after the scene's "name" unless "typeName" says otherwise. A \
            scene with errors gives no code (lint it first). "output" writes the files and the runtime into that \
            folder (inside the workspace); nothing is written otherwise.
            """,
        inputSchema: """
            {"type": "object", "required": ["language"], "properties": {
              "language": {"enum": ["swift", "objc"]},
              "path": {"type": "string", "description": "A scene file, relative to the workspace."},
              "text": {"type": "string", "description": "The scene's JSON text, instead of a path."},
              "typeName": {"type": "string", "description": "The generated type's name."},
              "output": {"type": "string", "description": "A folder (inside the workspace) to write the files into."}},
             "additionalProperties": false}
            """,
        outputSchema: """
            {"type": "object", "required": ["language", "typeName", "files", "notes"], "properties": {
              "language": {"enum": ["swift", "objc"]}, "typeName": {"type": "string"},
              "files": {"type": "array", "items": {"type": "object", "required": ["name", "text"], "properties": {
                "name": {"type": "string"}, "text": {"type": "string"}}}},
              "support": {"type": "array", "items": {"type": "object", "required": ["name", "text"], "properties": {
                "name": {"type": "string"}, "text": {"type": "string"}}}},
              "notes": {"type": "array", "items": {"type": "string"}},
              "written": {"type": "array", "items": {"type": "string"}}}}
            """
    ) { call throws(ToolError) in
        let arguments = call.arguments
        guard let name = try arguments.choice("language", CodeLanguage.allCases.map(\.rawValue)),
            let language = CodeLanguage(rawValue: name)
        else { throw ToolError("generate needs \"language\": \"swift\" or \"objc\"") }
        let typeName = try arguments.string("typeName")
        if let typeName, !CodeGenerator.isValidTypeName(typeName) {
            throw ToolError(
                "'\(typeName)' is not a type name: use ASCII letters, digits and '_', not starting with a digit, "
                    + "and no reserved word")
        }
        let source = try SceneSource.read(call)
        var folder: (shown: String, real: String)?
        if let output = try arguments.string("output") { folder = (output, try call.workspace.folderToWrite(output)) }
        let lint = source.lint()
        let output: CodeGenerator.Output
        switch CodeGenerator.generate(lint, language: language, typeName: typeName) {
        case .failure(.sceneHasErrors):
            let errors = lint.diagnostics.filter { $0.severity == .error }
            let file = LintedFile(path: source.shownPath, lineIndex: lint.document.lineIndex, diagnostics: errors)
            throw ToolError(
                "the scene has \(errors.count == 1 ? "1 error" : "\(errors.count) errors"); no code was generated "
                    + "(the lint tool lists the fixes)\n" + TextLintEncoder(colored: false).lines(for: file))
        case .failure(.invalidTypeName(let name)):
            throw ToolError("'\(name)' (from the scene's name) is not a type name; give one with \"typeName\"")
        case .failure(.unplannable(let pointer)):
            throw ToolError("cannot generate code: no value at \(pointer) (an Impulse bug; please report it)")
        case .success(let generated):
            output = generated
        }
        var written: [String] = []
        if let folder {
            let (shown, real) = folder
            // The runtime the scene's files need goes beside them, as `impulse generate -o DIR` writes it.
            for file in output.files + output.support {
                let path = (shown.hasSuffix("/") ? shown : shown + "/") + file.name
                let target = try call.workspace.fileToWrite(real + "/" + file.name)
                try call.workspace.write(Array(file.text.utf8), to: target, shown: path)
                written.append(path)
            }
        }
        var structured = output.jsonMembers(language: language)
        var text = output.files.map { "// \($0.name)\n" + $0.text }.joined(separator: "\n")
        for note in output.notes { text += "\nnote: " + note }
        if !written.isEmpty {
            structured["written"] = .array(written.map { .string($0) })
            text += "\nWrote " + written.joined(separator: ", ") + "."
        }
        return Output(text: text, structured: structured)
    }
}
