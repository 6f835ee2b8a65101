// textDocument/codeAction: quick fixes for the diagnostics at the requested range.
//
// The fixes are the diagnostics' own (`Diagnostic.fixes`, computed by the decoder and the rules as byte-range
// edits, the same ones the CLI's json output carries): replace with the nearest key, enum value or id, clamp
// into range, remove a duplicate key or behavior, add a missing key with a placeholder. Each becomes a code
// action of kind `quickfix` with its `WorkspaceEdit`, attached to its diagnostic — the client's copy when the
// request's context holds one with the same code and range, so the editor links the two. The first fix of each
// diagnostic is the preferred one (editors apply it with "auto fix").
import RPC
import Scene

extension LanguageServer {
    func codeActions(_ params: LSP.CodeActionParams, _ context: RequestContext) throws -> [LSP.CodeAction] {
        let document = try document(params.textDocument)
        if let only = params.only, !only.contains(where: { LSP.CodeActionKind.quickFix.isIncluded(in: $0) }) {
            return []
        }
        let requested = document.byteRange(of: params.range)
        var actions: [LSP.CodeAction] = []
        for diagnostic in document.diagnostics where !diagnostic.fixes.isEmpty {
            // Touching counts: a cursor at either end of the diagnostic's range is "at" it.
            guard diagnostic.range.lowerBound <= requested.upperBound,
                requested.lowerBound <= diagnostic.range.upperBound
            else { continue }
            let own = LanguageServer.lspDiagnostic(diagnostic, in: document)
            let shown = params.diagnostics.first { $0.code == own.code && $0.range == own.range } ?? own
            for (index, fix) in diagnostic.fixes.enumerated() {
                let edits = fix.edits.map { document.textEdit(replacing: $0.range, with: $0.newText) }
                actions.append(
                    LSP.CodeAction(
                        title: fix.title, kind: .quickFix, diagnostics: [shown], isPreferred: index == 0 ? true : nil,
                        edit: LSP.WorkspaceEdit(changes: [(uri: document.uri, edits: edits)])))
            }
        }
        return actions
    }
}
