/// The output formats of `impulse lint`.
package enum LintFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

/// Turns the linted files of one run into the bytes of one output format.
package protocol LintEncoder: Sendable {
    /// The whole output for `files`, in the order given (the CLI gives them in a deterministic order).
    func encode(_ files: [LintedFile]) -> [UInt8]
}

extension LintFormat {
    /// The encoder of this format; `colored` matters to `text` only.
    package func encoder(colored: Bool) -> any LintEncoder {
        switch self {
        case .text: TextLintEncoder(colored: colored)
        case .json: JSONLintEncoder()
        case .sarif: SARIFLintEncoder()
        case .github: GitHubLintEncoder()
        }
    }
}
