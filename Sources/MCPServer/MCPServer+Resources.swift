// The resources: the scene schema, the rule pages (a list and one page per code, through a URI template) and the
// scene format's documentation. All are compiled in (the schema from the catalog, the pages by build plugins),
// so the answers never depend on the files around the server.
import JSON
import RPC
import Reporting
import Scene

extension MCPServer {
    /// One fixed resource.
    struct Resource: Sendable {
        var uri: String
        var name: String
        var title: String
        var description: String
        var mimeType: String
        var text: @Sendable () -> String

        var listing: JSONValue {
            .object(
                JSONObject([
                    ("uri", .string(uri)), ("name", .string(name)), ("title", .string(title)),
                    ("description", .string(description)), ("mimeType", .string(mimeType)),
                ]))
        }
    }

    static let rulePrefix = "impulse://rules/"

    static let resources: [Resource] = [
        Resource(
            uri: "impulse://schema", name: "schema", title: "Scene JSON schema",
            description: "The JSON schema (2020-12) of *.dynamics.json scenes, generated from Impulse's catalog.",
            mimeType: "application/schema+json", text: { schemaText }),
        Resource(
            uri: "impulse://rules", name: "rules", title: "Diagnostic codes",
            description:
                "Every diagnostic code with its default severity and summary; impulse://rules/{code} has its page.",
            mimeType: "text/markdown", text: { rulesText }),
        Resource(
            uri: "impulse://docs/scene-format", name: "scene-format", title: "The scene format",
            description: "The user documentation of the *.dynamics.json format: every object, key, default and unit.",
            mimeType: "text/markdown", text: { DocumentationPages.sceneformatMD }),
    ]

    private static let schemaText = SchemaGenerator.schema().serializedString(pretty: true) + "\n"

    private static let rulesText =
        "# Diagnostic codes\n\n"
        + Rules.all.map { "- `\($0.code)` (\($0.defaultSeverity.rawValue)): \($0.summary)" }.joined(separator: "\n")
        + "\n\nRead a code's page at impulse://rules/CODE (or call the explain tool).\n"

    func resourcesList() -> JSONValue {
        .object(JSONObject([("resources", .array(MCPServer.resources.map(\.listing)))]))
    }

    func resourceTemplatesList() -> JSONValue {
        .object(
            JSONObject([
                (
                    "resourceTemplates",
                    .array([
                        .object(
                            JSONObject([
                                ("uriTemplate", .string(MCPServer.rulePrefix + "{code}")), ("name", .string("rule")),
                                ("title", .string("Rule page")),
                                (
                                    "description",
                                    .string(
                                        "The page of one diagnostic code: what it means, why it matters, how to fix it, examples."
                                    )
                                ),
                                ("mimeType", .string("text/markdown")),
                            ]))
                    ])
                )
            ]))
    }

    /// `resources/read`; an unknown URI answers −32002 (resource not found), as the specification says.
    func readResource(_ params: JSONValue?) throws -> JSONValue {
        guard let uri = params?.objectValue?["uri"]?.stringValue else {
            throw ResponseError.invalidParams("resources/read needs params {uri}")
        }
        let text: String
        let mimeType: String
        if let resource = MCPServer.resources.first(where: { $0.uri == uri }) {
            text = resource.text()
            mimeType = resource.mimeType
        } else if uri.hasPrefix(MCPServer.rulePrefix),
            let page = Rules.rule(String(uri.dropFirst(MCPServer.rulePrefix.count)))?.documentation
        {
            text = page.markdown
            mimeType = "text/markdown"
        } else {
            var message = "Resource not found: \(uri)"
            if uri.hasPrefix(MCPServer.rulePrefix) {
                let code = String(uri.dropFirst(MCPServer.rulePrefix.count))
                message += " (no code \"\(code)\"\(didYouMean(Rules.nearestCodes(to: code))))"
            }
            throw ResponseError(
                code: MCPServer.resourceNotFound, message: message, data: .object(JSONObject([("uri", .string(uri))])))
        }
        return .object(
            JSONObject([
                (
                    "contents",
                    .array([
                        .object(
                            JSONObject([
                                ("uri", .string(uri)), ("mimeType", .string(mimeType)), ("text", .string(text)),
                            ]))
                    ])
                )
            ]))
    }

    /// MCP's "resource not found" error code.
    static let resourceNotFound = ResponseError.Code(rawValue: -32002)
}
