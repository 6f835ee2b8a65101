// workspace/executeCommand `impulse.generate` with arguments `[uri, "swift" | "objc", {"typeName"?}?]`: the code
// `impulse generate` would write for the open document's current text, as
// `{"language", "typeName", "text", "files": [{"name", "text"}], "support": [{"name", "text"}], "notes": [...]}`:
// `support` is the runtime the scene's files need once per app target. `text` is what the CLI writes
// to standard output (for objc, both files, each headed by its name), for an editor to open as it is.
// A scene with errors answers −32803 (request failed) with the count of errors: no code, as in the CLI.
import CodeGeneration
import JSON
import RPC
import Scene

extension LanguageServer {
    static let generateCommand = "impulse.generate"

    func generateWork(_ params: LSP.ExecuteCommandParams) throws -> BackgroundWork {
        let usage = "\(LanguageServer.generateCommand) takes [uri, \"swift\" | \"objc\", {\"typeName\"?}?]"
        guard let uri = params.arguments.first?.stringValue, params.arguments.count >= 2,
            params.arguments.count <= 3
        else {
            throw ResponseError.invalidParams("params.arguments: " + usage)
        }
        guard let name = params.arguments[1].stringValue, let language = CodeLanguage(rawValue: name) else {
            throw ResponseError.invalidParams("params.arguments[1]: the language, \"swift\" or \"objc\"; " + usage)
        }
        var typeName: String?
        if params.arguments.count == 3 {
            guard case .object(let options) = params.arguments[2] else {
                throw ResponseError.invalidParams("params.arguments[2]: an object {\"typeName\"?}; " + usage)
            }
            for (key, value) in options.members {
                guard key == "typeName", let text = value.stringValue else {
                    throw ResponseError.invalidParams(
                        "params.arguments[2].\(key): only \"typeName\" (a string) is known")
                }
                guard CodeGenerator.isValidTypeName(text) else {
                    throw ResponseError.invalidParams(
                        "params.arguments[2].typeName: '\(text)' is not a type name (ASCII letters, digits, '_')")
                }
                typeName = text
            }
        }
        let document = try document(LSP.TextDocumentIdentifier(uri: uri))
        let requestedName = typeName
        return BackgroundWork(documents: [document.uri]) { _ in
            switch CodeGenerator.generate(document.lint, language: language, typeName: requestedName) {
            case .failure(.sceneHasErrors):
                let errors = document.lint.diagnostics.filter { $0.severity == .error }.count
                throw ResponseError.requestFailed(
                    "The scene has \(errors == 1 ? "1 error" : "\(errors) errors"): no code was generated")
            case .failure(.invalidTypeName(let name)):
                throw ResponseError.requestFailed(
                    "'\(name)' (from the scene's name) is not a type name; pass {\"typeName\": …}")
            case .failure(.unplannable(let pointer)):
                throw ResponseError.internalError("Cannot generate code: no value at \(pointer)")
            case .success(let output):
                let text =
                    output.files.count == 1
                    ? output.files[0].text : output.files.map { "// \($0.name)\n" + $0.text }.joined(separator: "\n")
                var result = output.jsonMembers(language: language)
                result["text"] = .string(text)
                return .object(result)
            }
        }
    }
}
