// workspace/executeCommand: `impulse.preview` with arguments `[uri, {"frames"? (or "steps"), "duration"?,
// "every"?, "referenceSize"?}]` answers the preview json, as the `impulse/preview` request does
// (LanguageServer+Preview.swift); `impulse.generate` answers the generated code (LanguageServer+Generate.swift).
import JSON
import RPC

extension LanguageServer {
    /// The commands the server runs.
    static let commands = [previewCommand, generateCommand]

    func executeCommand(_ params: LSP.ExecuteCommandParams, _ context: RequestContext) throws -> BackgroundWork {
        if params.command == LanguageServer.generateCommand { return try generateWork(params) }
        guard params.command == LanguageServer.previewCommand else {
            throw ResponseError.invalidParams(
                "Unknown command '\(params.command)'; the server runs \(LanguageServer.commands.map { "'\($0)'" }.joined(separator: ", "))"
            )
        }
        guard let uri = params.arguments.first?.stringValue else {
            throw ResponseError.invalidParams(
                "params.arguments: \(LanguageServer.previewCommand) takes [uri, options?], the uri of an open scene first"
            )
        }
        guard params.arguments.count <= 2 else {
            throw ResponseError.invalidParams(
                "params.arguments: \(LanguageServer.previewCommand) takes [uri, options?], not \(params.arguments.count) arguments"
            )
        }
        let options =
            try params.arguments.count > 1
            ? PreviewOptions(json: params.arguments[1], path: "params.arguments[1]") : PreviewOptions()
        return try previewWork(LSP.TextDocumentIdentifier(uri: uri), options: options)
    }

    static var executeCommandCapability: CapabilityEntry {
        .provider(
            "executeCommandProvider", JSONValue.object(JSONObject([("commands", .array(commands.map { .string($0) }))]))
        )
    }
}
