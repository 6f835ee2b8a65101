import ArgumentParser
import JSON
import ProcessSupport
import Reporting
import Scene

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PreviewOptions {
    /// Previews the scene at `scene` (a path, or `-` for standard input) and writes the output; throws the exit code.
    func run(scene: String) throws {
        ProcessMemory.keepFreedMemory()
        let (input, bytes) = try SceneInputs.readSingle(scene)
        let locator = ConfigurationLocator()
        let configuration: Configuration
        switch input.absolutePath.map(locator.configuration(forFile:))
            ?? locator.configuration(forFolder: FileSystem.currentDirectory())
        {
        case .success(let found): configuration = found
        case .failure(let error):
            Terminal.printError(error.description)
            throw ExitCode(ExitStatus.failure)
        }

        let lint = Linter.lint(bytes, fileName: input.fileName)
        // json and csv stream their frames through a spool, text keeps none, svg and html keep a bounded number.
        let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        let frames = PreviewSampleSpool.forPreview(of: lint, format: format, folder: temporary ?? "/tmp")
        var preview: PreviewResult
        do {
            var request = self.request
            request.maximumItemSamples = format.itemSampleBudget
            guard let result = try PreviewResult.preview(lint, request, onSample: frames.onSample) else {
                throw ExitCode(ExitStatus.failure)
            }
            preview = result
        } catch let error as SimulationRequestError {
            Terminal.printError(error.description)
            throw ExitCode(ExitStatus.failure)
        }
        preview.diagnostics = RuleSettings(overrides: configuration.rules).apply(preview.diagnostics)
        let file = LintedFile(path: input.path, lineIndex: lint.document.lineIndex, diagnostics: preview.diagnostics)

        guard preview.wasSimulated else {
            // Nothing ran: the diagnostics on standard error, and in the json output's `diagnostics`.
            Terminal.writeError(String(decoding: TextLintEncoder(colored: false).encode([file]), as: UTF8.self))
            if format == .json { try write(preview, as: .json, spool: frames.spool) }
            throw ExitCode(ExitStatus.findings)
        }
        try write(preview, as: format, spool: frames.spool)
        if preview.run?.divergence != nil {
            let errors = LintedFile(
                path: input.path, lineIndex: lint.document.lineIndex,
                diagnostics: preview.diagnostics.filter { $0.severity == .error })
            Terminal.writeError(TextLintEncoder(colored: false).lines(for: errors))
            throw ExitCode(ExitStatus.findings)
        }
    }

    /// To `-o FILE`, or standard output.
    private func write(_ preview: PreviewResult, as format: PreviewFormat, spool: PreviewSampleSpool?) throws {
        do {
            try spool?.check()
        } catch {
            Terminal.printError("cannot keep the preview's frames: \(error)")
            throw ExitCode(ExitStatus.failure)
        }
        guard let output else {
            Terminal.writeStandardOutput { (descriptor) throws(FileSystemError) in
                try write(preview, as: format, to: descriptor, path: "stdout", spool: spool)
            }
            return
        }
        // Created when missing (0644 before the umask), replaced atomically when present.
        do throws(FileSystemError) {
            try FileSystem.replaceFile(Array(output.utf8), shown: output) { (descriptor) throws(FileSystemError) in
                try write(preview, as: format, to: descriptor, path: output, spool: spool)
            }
        } catch {
            Terminal.printError("\(output): cannot write the file: \(error.reason)")
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// The format's bytes; an html page that plays at once with `--autoplay`.
    private func write(
        _ preview: PreviewResult, as format: PreviewFormat, to descriptor: Int32, path: String,
        spool: PreviewSampleSpool?
    ) throws(FileSystemError) {
        if format == .html, autoplay {
            try FileSystem.writeAll(PreviewHTMLEncoder(autoplay: true).encode(preview), to: descriptor, path: path)
        } else {
            try format.write(preview, to: descriptor, path: path, spool: spool)
        }
    }
}
