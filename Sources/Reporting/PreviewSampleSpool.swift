import Scene

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kept frames of a run in the text of a streaming format (json or csv), written as the run makes them to
/// an unlinked temporary file (in the folder the caller names: the CLI's `$TMPDIR`, else /tmp) and copied to the output once the run is over.
///
/// Design: the json answer opens with the run's `frames`, known only when the run ends (a divergence cuts it
/// short), so the samples cannot go straight to the output; holding them grew memory with every frame kept
/// (113 MB for 100 items × 8,000 frames). The spool keeps a 64 KiB buffer and the disk holds the rest, so
/// memory stays the same whatever the run's length. The file is made when the buffer first fills: a run whose
/// frames fit in the buffer (a short preview) touches no temporary folder. A failure to make or write it (a
/// temporary folder that is missing or full) is kept and reported by `check()` before anything is written to
/// the output.
package final class PreviewSampleSpool {
    /// The text a spool holds: elements of the json `samples` array, or csv rows.
    package enum Layout: Sendable { case json, csv }

    private let layout: Layout
    private let frameRate: Double
    private let states: PreviewJSONEncoder.StateWriter
    private let csvIDs: [String]
    private let folder: String
    /// The temporary file, once the buffer has first filled; -1 before.
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    private static let flushSize = 1 << 16
    /// The samples appended so far.
    package private(set) var count = 0
    private var failure: FileSystemError?

    /// A spool for the samples of a run of items with these ids, at this frame rate.
    package init(layout: Layout, itemIDs: [String], frameRate: Double, folder: String = "/tmp") {
        self.layout = layout
        self.frameRate = frameRate
        self.folder = folder
        states = PreviewJSONEncoder.StateWriter(itemIDs: layout == .json ? itemIDs : [])
        csvIDs = layout == .csv ? itemIDs.map(PreviewCSVEncoder.field) : []
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Makes the unlinked temporary file.
    private func makeFile() throws(FileSystemError) {
        var template = Array((folder + "/impulse-preview-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else {
            let code = errno
            throw FileSystemError(
                path: folder, reason: "cannot create a temporary file: \(String(cString: strerror(code)))",
                code: code)
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        descriptor = made
    }

    /// The spool for `lint`'s scene in `format`, with the sample handler to give `PreviewResult.preview`: json and
    /// csv spool their samples, text keeps none (it shows the final state and the events), svg and html keep
    /// them in the run (within `itemSampleBudget`). No spool for a scene that will not run.
    package static func forPreview(
        of lint: LintResult, format: PreviewFormat, folder: String = "/tmp"
    ) -> (
        spool: PreviewSampleSpool?, onSample: ((SimulationSample) -> Void)?
    ) {
        guard let scene = lint.scene else { return (nil, nil) }
        let layout: Layout
        switch format {
        case .svg, .html: return (nil, nil)
        case .text: return (nil, { _ in })
        case .json: layout = .json
        case .csv: layout = .csv
        }
        let ids = SceneSimulation.simulatedItems(of: scene).map { $0.id ?? "" }
        let spool = PreviewSampleSpool(
            layout: layout, itemIDs: ids, frameRate: scene.preview.resolvedFrameRate, folder: folder)
        return (spool, spool.append)
    }

    /// Adds the text of the next kept frame: for json preceded by the separator the `samples` array puts
    /// before it (a line break, after a comma from the second on).
    package func append(_ sample: SimulationSample) {
        switch layout {
        case .json:
            buffer += count == 0 ? [0x0A] : [0x2C, 0x0A]
            PreviewJSONEncoder.appendSample(sample, frameRate: frameRate, states: states, to: &buffer)
        case .csv:
            PreviewCSVEncoder.appendRows(sample, ids: csvIDs, frameRate: frameRate, to: &buffer)
        }
        count += 1
        if buffer.count >= Self.flushSize { flush() }
    }

    /// Throws the first failure to write the spool, if any.
    package func check() throws(FileSystemError) {
        if let failure { throw failure }
    }

    private func flush() {
        guard failure == nil else { return buffer.removeAll(keepingCapacity: true) }
        do {
            if descriptor < 0 { try makeFile() }
            try FileSystem.writeAll(buffer, to: descriptor, path: "the temporary file of the preview")
        } catch {
            failure = error
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Hands the spooled text to `write` in pieces of 64 KiB, from the start (a spool is replayed once the run is
    /// over; it may be replayed again).
    package func replay<Failure: Error>(_ write: (_ piece: [UInt8]) throws(Failure) -> Void) throws(Failure) {
        if descriptor < 0 && failure == nil {
            // Everything is still in the buffer: no file was needed.
            if !buffer.isEmpty { try write(buffer) }
            return
        }
        flush()
        var offset: off_t = 0
        var piece = [UInt8](repeating: 0, count: Self.flushSize)
        while failure == nil {
            let count = piece.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = FileSystemError(path: "the temporary file of the preview", errno: errno)
                return
            }
            if count == 0 { return }
            offset += off_t(count)
            try write(Array(piece[0..<count]))
        }
    }
}
