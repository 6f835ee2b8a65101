internal import CJansson

extension JSONDocument {
    /// Parses a text for Impulse; never fails: problems are recorded in the result.
    package static func parse(_ bytes: [UInt8]) -> JSONDocument {
        let (value, error) = Jansson.parse(bytes)
        var syntaxError: SyntaxError?
        if value == nil {
            let position = max(0, min(Int(error.position), bytes.count))
            syntaxError = SyntaxError(range: position..<min(position + 1, bytes.count), message: Jansson.message(error))
        }
        return JSONDocument(
            bytes: bytes, root: value, syntaxError: syntaxError, unsupported: [], duplicateKeys: [],
            sourceMap: SourceMap(), truncatedContainers: [])
    }
}
