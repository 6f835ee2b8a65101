// impulse/preview: runs a scene as `impulse preview --format json` would and answers its json, off the message
// loop. `workspace/executeCommand` `impulse.preview` runs the same work (LanguageServer+ExecuteCommand.swift).
//
// The run checks its request's cancellation before every frame, so `$/cancelRequest` (−32800) and an edit of
// the document (−32801) stop it within a frame; it reports `$/progress` about every 1 % when the client gave
// a `workDoneToken`. One answer holds at most `SimulationRequest.itemSampleLimit` item-samples: past that
// `every` is raised, and the answer's `every` says so. A scene with errors is not simulated: `samples: []`,
// `final: {}`, `pausedAt: null` and the diagnostics. When the run ends, its outcome is kept for the code lens.
import JSON
import RPC
import Reporting
import Scene

/// What a preview may ask for: `frames` (or `steps`) or `duration`, and `every`; `referenceSize: [w, h]` runs
/// the scene in a view of that size (every point placed by its pin, as `impulse preview --reference-size`);
/// `causes: true` adds what the player draws to show why things move (`PreviewCausesEncoder`) as the answer's
/// `causes` member, beside the preview json's own members (which stay as the contract has them).
struct PreviewOptions: Sendable, LSPDecodable {
    var frames: Int?
    var duration: Double?
    var every: Int?
    var referenceSize: Size?
    var causes = false

    init(frames: Int? = nil, duration: Double? = nil, every: Int? = nil) {
        self.frames = frames
        self.duration = duration
        self.every = every
    }

    /// `null` (or absent) means the scene's own preview length.
    init(json: JSONValue, path: String) throws {
        if json.isNull {
            self.init()
        } else {
            try self.init(fields: JSONFields(json, path: path))
        }
    }

    init(fields: JSONFields) throws {
        let frames = try fields.optionalInt("frames", minimum: 0)
        let steps = try fields.optionalInt("steps", minimum: 0)
        if frames != nil && steps != nil {
            throw ResponseError.invalidParams(
                "\(fields.path): give frames or steps (one animator step is one frame), not both")
        }
        self.frames = frames ?? steps
        duration = try fields.optionalNumber("duration")
        every = try fields.optionalInt("every", minimum: 1)
        if let value = fields.value("referenceSize") {
            guard let pair = value.arrayValue, pair.count == 2, let width = pair[0].numberValue,
                let height = pair[1].numberValue
            else {
                throw ResponseError.invalidParams(
                    "\(fields.path("referenceSize")): expected [width, height], two numbers greater than 0")
            }
            referenceSize = Size(width: width, height: height)
        }
        causes = try fields.optionalBool("causes") ?? false
    }

    /// The simulation request, capped at the server's answer size; −32602 for one that cannot run.
    var request: SimulationRequest {
        get throws {
            let request = SimulationRequest(
                frames: frames, duration: duration, every: every ?? 1,
                maximumItemSamples: SimulationRequest.itemSampleLimit, referenceSize: referenceSize)
            do {
                try request.validate()
            } catch {
                throw ResponseError.invalidParams(error.description)
            }
            return request
        }
    }
}

/// `impulse/preview` params: `{"textDocument": {"uri"}, "frames"? (or "steps"), "duration"?, "every"?,
/// "referenceSize"?: [w, h]}`.
struct PreviewParams: Sendable, LSPDecodable {
    var textDocument: LSP.TextDocumentIdentifier
    var options: PreviewOptions

    init(json: JSONValue, path: String) throws {
        let fields = try JSONFields(json, path: path)
        textDocument = try fields.decode("textDocument")
        options = try PreviewOptions(fields: fields)
    }
}

extension LanguageServer {
    /// The method of the request and the id of the command.
    static let previewCommand = "impulse.preview"

    func preview(_ params: PreviewParams, _ context: RequestContext) throws -> BackgroundWork {
        try previewWork(params.textDocument, options: params.options)
    }

    /// The preview of an open document as background work answering the preview json.
    func previewWork(_ identifier: LSP.TextDocumentIdentifier, options: PreviewOptions) throws -> BackgroundWork {
        let document = try document(identifier)
        let request = try options.request
        if let scene = document.lint.scene, document.lint.maySimulate {
            // Too many frames for this scene's frame rate: a bad request, answered at once.
            do { _ = try request.frameCount(for: scene) } catch { throw ResponseError.invalidParams(error.description) }
        }
        return BackgroundWork(documents: [document.uri]) { [self] context in
            let name = document.lint.scene?.name ?? DocumentURI.fileName(document.uri)
            context.progress.begin(title: "Preview of \(name)", percentage: 0)
            defer { context.progress.end() }
            var lastPercentage = -1
            let result: PreviewResult?
            do {
                result = try PreviewResult.preview(
                    document.lint, request, isCancelled: { context.cancellation.isCancelled },
                    progress: { frame, frames in
                        let percentage = frames > 0 ? frame * 100 / frames : 100
                        guard percentage > lastPercentage else { return }
                        lastPercentage = percentage
                        context.progress.report(message: "frame \(frame) of \(frames)", percentage: percentage)
                    })
            } catch {
                throw ResponseError.invalidParams("\(error)")
            }
            try context.cancellation.check()
            guard var preview = result else { throw ResponseError.requestCancelled }
            preview.diagnostics = document.ruleSettings.apply(preview.diagnostics)
            if let run = preview.run {
                let outcome = PreviewOutcome(
                    version: document.version, bytes: document.bytes,
                    restingAfter: run.pausedAt.map(run.time(of:)), duration: run.duration,
                    expectationsHeld: run.expectations.filter(\.held).count,
                    expectationsChecked: run.expectations.count)
                onLoop { [self] in previewFinished(outcome, uri: document.uri) }
            }
            let value = PreviewJSONEncoder().value(preview)
            guard options.causes, case .object(var members) = value else { return value }
            members["causes"] = PreviewCausesEncoder().value(preview)
            return .object(members)
        }
    }

    /// Keeps a finished preview for the code lens when its document is still at that version, and asks the
    /// client to show the lenses again.
    private func previewFinished(_ outcome: PreviewOutcome, uri: String) {
        guard let current = documents[uri], outcome.describes(current) else { return }
        keepPreviewOutcome(outcome, for: uri)
        if client.codeLensRefresh { sendRequest("workspace/codeLens/refresh", NullResult()) }
    }
}
