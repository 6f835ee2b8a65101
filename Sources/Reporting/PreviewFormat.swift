import Scene

/// The output formats of `impulse preview` (interfaces.md).
package enum PreviewFormat: String, CaseIterable, Sendable {
    case json, csv, svg, text

    /// The preview written in this format; deterministic bytes.
    package func encode(_ preview: PreviewResult) -> [UInt8] {
        switch self {
        case .json: PreviewJSONEncoder().encode(preview)
        case .csv: PreviewCSVEncoder().encode(preview)
        case .svg: PreviewSVGEncoder().encode(preview)
        case .text: PreviewTextEncoder().encode(preview)
        }
    }
}
