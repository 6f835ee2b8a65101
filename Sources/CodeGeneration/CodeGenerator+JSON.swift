import JSON

extension CodeGenerator.Output {
    /// The generated type's name: the scene's first file's name up to its extension (`ShowcaseDynamics`).
    package var typeName: String {
        files.first.map { String($0.name.prefix { $0 != "." }) } ?? ""
    }

    /// The members the server's `impulse.generate` and the MCP `generate` tool both answer with: `language`,
    /// `typeName`, `files` and `support` (each an array of `{name, text}`), and `notes`. Each caller adds what
    /// only it says (the server's joined `text`, the files MCP wrote).
    package func jsonMembers(language: CodeLanguage) -> JSONObject {
        func array(_ files: [GeneratedFile]) -> JSONValue {
            .array(files.map { .object(JSONObject([("name", .string($0.name)), ("text", .string($0.text))])) })
        }
        return JSONObject([
            ("language", .string(language.rawValue)), ("typeName", .string(typeName)), ("files", array(files)),
            ("support", array(support)), ("notes", .array(notes.map { .string($0) })),
        ])
    }
}
