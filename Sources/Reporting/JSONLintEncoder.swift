import JSON

/// The `json` format (interfaces.md): every linted file with its diagnostics (an empty list when clean)
/// and a summary, pretty-printed through jansson, ending in a newline.
/// `path` is as given on the command line: `-` for standard input.
package struct JSONLintEncoder: LintEncoder {
    package init() {}

    package func encode(_ files: [LintedFile]) -> [UInt8] {
        let summary = LintSummary(files)
        let document = JSONValue.object(
            JSONObject([
                (
                    "files",
                    .array(
                        files.map { file in
                            .object(
                                JSONObject([
                                    ("path", .string(file.path)),
                                    ("diagnostics", .array(file.diagnostics.map { $0.lintJSON(file.lineIndex) })),
                                ]))
                        })
                ),
                (
                    "summary",
                    .object(
                        JSONObject([
                            ("files", .number(Double(summary.files))),
                            ("errors", .number(Double(summary.errors))),
                            ("warnings", .number(Double(summary.warnings))),
                            ("infos", .number(Double(summary.infos))),
                        ]))
                ),
            ]))
        return document.serialized(pretty: true) + [0x0A]
    }
}
