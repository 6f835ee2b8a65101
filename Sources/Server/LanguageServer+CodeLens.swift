// textDocument/codeLens: "▶ Preview" on line 0, running `impulse.preview` with `[uri]`; after a preview of this
// very version of the document, a second lens says how it ended: "at rest after S s" or "still moving after S s".
// A scene with expectations (`expect`) gets a third once this version was simulated (the `simulate` setting) or
// previewed: "✓ 3 of 3 expectations hold", or "✗ 2 of 3 expectations hold" when some fail (each failure is an
// `expect.failed` diagnostic).
import JSON
import RPC

extension LanguageServer {
    func codeLenses(_ params: LSP.TextDocumentParams, _ context: RequestContext) throws -> [LSP.CodeLens] {
        let document = try document(params.textDocument)
        let top = LSP.Range(start: LSP.Position(line: 0, character: 0), end: LSP.Position(line: 0, character: 0))
        let arguments: [JSONValue] = [.string(document.uri)]
        var lenses = [
            LSP.CodeLens(
                range: top,
                command: LSP.Command(title: "▶ Preview", command: LanguageServer.previewCommand, arguments: arguments))
        ]
        if let outcome = previewOutcome(for: document.uri), outcome.describes(document) {
            // Clicking the result runs the preview again.
            lenses.append(
                LSP.CodeLens(
                    range: top,
                    command: LSP.Command(
                        title: outcome.summary, command: LanguageServer.previewCommand, arguments: arguments)))
        }
        let checked = document.lint.scene?.expectations.filter { $0.kind != nil }.count ?? 0
        var summary: String?
        if let simulation = document.simulation {
            let failed = simulation.filter { $0.code == "expect.failed" }.count
            summary = PreviewOutcome.expectationSummary(held: checked - failed, checked: checked)
        } else if let outcome = previewOutcome(for: document.uri), outcome.describes(document) {
            summary = PreviewOutcome.expectationSummary(
                held: outcome.expectationsHeld, checked: outcome.expectationsChecked)
        }
        if let summary {
            lenses.append(
                LSP.CodeLens(
                    range: top,
                    command: LSP.Command(title: summary, command: LanguageServer.previewCommand, arguments: arguments)))
        }
        return lenses
    }

    static var codeLensCapability: CapabilityEntry {
        .provider("codeLensProvider", JSONValue.object(JSONObject([("resolveProvider", .bool(false))])))
    }
}
