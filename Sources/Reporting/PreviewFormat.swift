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

    /// The preview written in this format to `descriptor` (the same bytes as `encode(_:)`); json and csv are
    /// written piece by piece, their samples copied from `spool` when the run gave them to one. `path` names the
    /// descriptor in errors; a spool that could not be written is such an error, before anything is written.
    /// The whole write is the phase report's `encode`.
    package func write(
        _ preview: PreviewResult, to descriptor: Int32, path: String, spool: PreviewSampleSpool? = nil
    ) throws(FileSystemError) {
        try PhaseTimings.measure("encode") { () throws(FileSystemError) in
            try spool?.check()
            let put = { (piece: [UInt8]) throws(FileSystemError) in
                try FileSystem.writeAll(piece, to: descriptor, path: path)
            }
            switch self {
            case .json:
                try PreviewJSONEncoder().encode(preview, spool: spool, write: put)
            case .csv:
                guard let spool else { return try put(encode(preview)) }
                try put(Array((PreviewCSVEncoder.header + "\n").utf8))
                try spool.replay(put)
            case .svg, .html, .text:
                try put(encode(preview))
            }
            try spool?.check()
        }
    }

    /// The most item-samples a run keeps for the formats that hold its frames in memory (svg and html, which
    /// draw or embed them), the language server's limit: past it `every` is raised and the output says so.
    /// nil for the formats that stream (json, csv) or keep no frame (text).
    package var itemSampleBudget: Int? {
        switch self {
        case .svg, .html: SimulationRequest.itemSampleLimit
        case .json, .csv, .text: nil
        }
    }
}
