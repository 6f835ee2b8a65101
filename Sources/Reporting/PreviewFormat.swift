import Scene

/// The output formats of `impulse preview` (interfaces.md).
package enum PreviewFormat: String, CaseIterable, Sendable {
    case json, csv, svg, html, text

    /// The preview written in this format; deterministic bytes.
    package func encode(_ preview: PreviewResult) -> [UInt8] {
        switch self {
        case .json: PreviewJSONEncoder().encode(preview)
        case .csv: PreviewCSVEncoder().encode(preview)
        case .svg: PreviewSVGEncoder().encode(preview)
        case .html: PreviewHTMLEncoder().encode(preview)
        case .text: PreviewTextEncoder().encode(preview)
        }
    }

    /// The preview written in this format to `descriptor` (the same bytes as `encode(_:)`); json is written
    /// piece by piece as it is encoded. `path` names the descriptor in errors.
    package func write(_ preview: PreviewResult, to descriptor: Int32, path: String) throws(FileSystemError) {
        try PhaseTimings.measure("encode") { () throws(FileSystemError) in
            guard self == .json else { return try FileSystem.writeAll(encode(preview), to: descriptor, path: path) }
            try PreviewJSONEncoder().encode(preview) { (piece) throws(FileSystemError) in
                try FileSystem.writeAll(piece, to: descriptor, path: path)
            }
        }
    }
}
