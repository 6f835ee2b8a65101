import JSON
import ProcessSupport

// Decoding turns a `JSONDocument` into a typed `Scene` and the diagnostics of the "Syntax and shape" group,
// reading every key's type, range, default and exclusions from the `Catalog`. It never throws: a value that
// fails its check is reported once, recorded in `Scene.invalid`, and left out of the model (so later rules
// skip it instead of reporting it again). One exception: a behavior's (or a `set` event's) number outside its
// range is reported and kept, so that the rules across behaviors judge it in the same run (`checkObject`).
//
// After a syntax error the document's `root` holds the values before the error; containers the error cut
// off are listed in `truncatedContainers` and get no "missing key"/"array too short"/"neither key" reports,
// and at the end every diagnostic that does not lie wholly before the error is dropped.

/// Decodes scene documents; see `decode(_:fileName:)`.
package final class SceneDecoder {
    let document: JSONDocument
    let fileName: String?
    /// How many threads may decode the elements of a large scene (see `SceneDecoder+Elements.swift`).
    let processors: Int
    var diagnostics: [Diagnostic] = []
    /// (code, range, message) of every diagnostic so far: one problem is reported once.
    private var reported: Set<ReportKey> = []
    var invalid: Set<JSONPointer> = []
    /// Whether a number outside its range stays in the model (see `checkObject`): true inside a behavior.
    var keepsOutOfRangeNumbers = false
    /// Every string given as an `id` anywhere (items, behaviors, boundaries), for fresh-id quick fixes.
    /// Ids are keyed by their UTF-8 bytes: compared as written, with no Unicode normalization (rules.md).
    var usedIds: Set<ExactId> { context.usedIds }
    /// The types of the behaviors (list and event `add`s) carrying each id, to check `set` values.
    var behaviorTypesById: [ExactId: [BehaviorType]] { context.behaviorTypesById }
    /// The first item's id, the placeholder for a missing item reference.
    var firstItemId: String? { context.firstItemId }
    /// What `collectIds` gathered, once something needed it (fresh-id fixes, `set` events and missing item
    /// references are rare: most documents never pay for it).
    private(set) var collected: DecodingContext?

    init(document: JSONDocument, fileName: String?, processors: Int = 1) {
        self.document = document
        self.fileName = fileName
        self.processors = processors
    }

    /// What `collectIds` gathers from the whole document, gathered on first use.
    var context: DecodingContext {
        get {
            if let collected { return collected }
            let made = collectIds(document.root?.objectValue)
            collected = made
            return made
        }
        set { collected = newValue }
    }

    /// Decodes a document: the scene as far as it can be read and the shape diagnostics (json.* included).
    /// Never throws, never crashes on any input. A large scene's elements are decoded on up to `processors`
    /// threads; the result is the same.
    package static func decode(
        _ document: JSONDocument, fileName: String? = nil, processors: Int = Parallel.processorCount
    ) -> DecodedScene {
        let decoder = SceneDecoder(document: document, fileName: fileName, processors: processors)
        return decoder.run()
    }

    /// The scene name for a file name: its last path component without `.dynamics.json` (or `.json`).
    package static func sceneName(forFileName fileName: String?) -> String {
        guard
            var name = fileName.flatMap({
                $0.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
            }),
            name != "-"
        else { return "scene" }
        for suffix in [".dynamics.json", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    private func run() -> DecodedScene {
        reportJSONProblems()
        let isComplete = document.syntaxError == nil && document.unsupported.isEmpty
        var scene: Scene?
        if let root = document.root {
            if let object = root.objectValue {
                scene = decodeScene(object)
            } else {
                report(
                    "scene.type",
                    "a scene file must hold a JSON object `{...}` at the top level, not \(describe(root))",
                    document.valueRange(of: .root))
            }
        }
        if let error = document.syntaxError {
            let cut = error.range.lowerBound
            diagnostics = diagnostics.filter { $0.code.hasPrefix("json.") || $0.range.upperBound <= cut }
        }
        scene?.invalid = invalid
        var decoded = DecodedScene(scene: scene, diagnostics: diagnostics, isComplete: isComplete)
        decoded.context = collected
        return decoded
    }

    // MARK: - Reporting

    func report(
        _ code: String, _ message: String, _ range: Range<Int>, related: [Diagnostic.Related] = [],
        fixes: [Diagnostic.Fix] = []
    ) {
        append(
            Diagnostic(
                code: code, severity: Rules.defaultSeverity(of: code), message: message, range: range,
                related: related, fixes: fixes))
    }

    /// Records a diagnostic unless the same problem (code, range, message) was reported already.
    func append(_ diagnostic: Diagnostic) {
        guard
            reported.insert(ReportKey(code: diagnostic.code, range: diagnostic.range, message: diagnostic.message))
                .inserted
        else { return }
        diagnostics.append(diagnostic)
    }

    func reportJSONProblems() {
        if let error = document.syntaxError {
            report("json.syntax", error.message, error.range)
        }
        for problem in document.unsupported {
            report("json.unsupported", problem.message, problem.range)
        }
        for duplicate in document.duplicateKeys {
            let name = document.text(of: duplicate.laterKeyRange)
            var fixes: [Diagnostic.Fix] = []
            if let removal = memberRemovalRange(keyRange: duplicate.laterKeyRange) {
                fixes.append(
                    Diagnostic.Fix(
                        title: "Remove the later \(name)", edits: [Diagnostic.Edit(range: removal, newText: "")]))
            }
            report(
                "json.duplicateKey", "key \(name) appears twice in this object; the last one wins. Remove one of them",
                duplicate.laterKeyRange,
                related: [Diagnostic.Related(message: "first \(name) here", range: duplicate.firstKeyRange)],
                fixes: fixes)
        }
    }

    /// Collects every id string and each behavior id's types, before decoding, so fixes and `set` checks see
    /// ids defined anywhere in the file.
    /// Collects every id string and each behavior id's types, so fixes and `set` checks see ids defined
    /// anywhere in the file.
    private func collectIds(_ root: JSONObject?) -> DecodingContext {
        var context = DecodingContext()
        guard let root else { return context }
        for item in root["items"]?.arrayValue ?? [] {
            if let id = item.objectValue?["id"]?.stringValue {
                context.usedIds.insert(id.exactId)
                if context.firstItemId == nil, !id.isEmpty { context.firstItemId = id }
            }
        }
        func collectBehavior(_ value: JSONValue?) {
            guard let object = value?.objectValue else { return }
            let type = object["type"]?.stringValue.flatMap(BehaviorType.init(rawValue:))
            if let id = object["id"]?.stringValue {
                context.usedIds.insert(id.exactId)
                if let type { context.behaviorTypesById[id.exactId, default: []].append(type) }
            }
            for boundary in object["boundaries"]?.arrayValue ?? [] {
                if let id = boundary.objectValue?["id"]?.stringValue { context.usedIds.insert(id.exactId) }
            }
        }
        for behavior in root["behaviors"]?.arrayValue ?? [] { collectBehavior(behavior) }
        for event in root["events"]?.arrayValue ?? [] { collectBehavior(event.objectValue?["add"]) }
        return context
    }

    // MARK: - Top level

    private func decodeScene(_ object: JSONObject) -> Scene {
        let root = JSONPointer.root
        let checked = checkObject(object, at: root, as: .scene)
        var scene = Scene(pointer: root, name: checked.string("name") ?? SceneDecoder.sceneName(forFileName: fileName))

        if let format = checked.number("format") {
            if Catalog.key("format", in: .scene)?.allowedNumbers?.contains(format) ?? true {
                scene.format = format
            } else {
                let pointer = root.appending("format")
                invalid.insert(pointer)
                let range = document.valueRange(of: pointer)
                report(
                    "scene.format", "format \(document.text(of: range)) is not supported: only format 1 exists; use 1",
                    range,
                    fixes: [replace(range, with: "1", title: "Replace with 1")])
            }
        }

        if let referenceView = checked.value("referenceView")?.objectValue {
            let pointer = root.appending("referenceView")
            let view = checkObject(referenceView, at: pointer, as: .referenceView)
            if let width = view.number("width"), let height = view.number("height") {
                scene.referenceView = Size(width: width, height: height)
            }
            scene.referencePin = pin(view)
        }

        if let items = checked.value("items")?.arrayValue {
            let pointer = root.appending("items")
            if items.isEmpty && !document.truncatedContainers.contains(pointer) {
                report(
                    "scene.noItems",
                    "items is empty: nothing will move; add an item such as {\"id\": \"item1\", \"center\": [100, 100], \"size\": [40, 40]}",
                    document.valueRange(of: pointer))
            }
        }
        (scene.items, scene.behaviors) = decodeElements(
            items: checked.value("items")?.arrayValue ?? [], behaviors: checked.value("behaviors")?.arrayValue ?? [])

        if let events = checked.value("events")?.arrayValue {
            let pointer = root.appending("events")
            scene.events = events.enumerated().compactMap { index, value in
                decodeEvent(value, at: pointer.appending(index))
            }
        }

        if let expect = checked.value("expect")?.arrayValue {
            let pointer = root.appending("expect")
            scene.expectations = expect.enumerated().compactMap { index, value in
                decodeExpectation(value, at: pointer.appending(index))
            }
        }

        if let preview = checked.value("preview")?.objectValue {
            scene.preview = decodePreview(preview, at: root.appending("preview"))
        }
        return scene
    }

    private func decodePreview(_ object: JSONObject, at pointer: JSONPointer) -> Preview {
        let checked = checkObject(object, at: pointer, as: .preview)
        var preview = Preview(
            pointer: pointer, duration: checked.number("duration"), frameRate: checked.number("frameRate"),
            sizes: (checked.value("sizes")?.arrayValue ?? []).compactMap(CheckedObject.pair).map {
                Size(width: $0, height: $1)
            })
        let limit = Double(SimulationRequest.frameLimit)
        // Counted as a preview counts them (the nearest whole number), so that the two agree at the limit.
        let frames = SimulationRequest.frames(duration: preview.resolvedDuration, frameRate: preview.resolvedFrameRate)
        if preview.duration != nil || preview.frameRate != nil, frames > limit {
            // On the later of the two values given (the one that tipped it over).
            let durationPointer = pointer.appending("duration")
            let ratePointer = pointer.appending("frameRate")
            let blamed: JSONPointer
            switch (preview.duration, preview.frameRate) {
            case (.some, .some):
                blamed =
                    document.valueRange(of: durationPointer).lowerBound
                        > document.valueRange(of: ratePointer).lowerBound
                    ? durationPointer : ratePointer
            case (.some, nil): blamed = durationPointer
            default: blamed = ratePointer
            }
            let range = document.valueRange(of: blamed)
            var fixes: [Diagnostic.Fix] = []
            if blamed == durationPointer {
                let fitting = (limit / preview.resolvedFrameRate).rounded(.down)
                fixes.append(
                    replace(
                        range, with: NumberText.format(fitting), title: "Replace with \(NumberText.format(fitting))"))
            }
            report(
                "scene.range",
                "a preview of \(NumberText.format(preview.resolvedDuration)) s at \(NumberText.format(preview.resolvedFrameRate)) Hz is \(NumberText.format(frames)) frames, more than \(SimulationRequest.frameLimitText); shorten the duration or lower the frame rate",
                range, fixes: fixes)
            invalid.insert(blamed)
            if blamed == durationPointer { preview.duration = nil } else { preview.frameRate = nil }
        }
        return preview
    }

    // MARK: - Items

    func decodeItem(_ value: JSONValue, at pointer: JSONPointer) -> Item? {
        guard let object = value.objectValue else {
            typeMismatch(
                value, expected: "an item object {\"id\", \"center\", \"size\"}", name: "each element of items",
                at: pointer)
            return nil
        }
        let checked = checkObject(object, at: pointer, as: .item)
        var item = Item(
            pointer: pointer, id: checked.string("id"), center: checked.vector("center"),
            size: checked.size("size"), angle: checked.number("angle"),
            color: checked.string("color").flatMap(RGBColor.init), pin: pin(checked))
        if let bounds = checked.value("collisionBounds") {
            let boundsPointer = pointer.appending("collisionBounds")
            switch bounds {
            case .string(let name):
                item.collisionBounds = name == "ellipse" ? .ellipse : .rectangle
            case .object(let pathObject):
                let path = checkObject(pathObject, at: boundsPointer, as: .collisionBoundsPath)
                if let points = path.points("path") {
                    item.collisionBounds = .path(points)
                } else {
                    invalid.insert(boundsPointer)
                }
            default:
                break
            }
        }
        return item
    }
}

private struct ReportKey: Hashable {
    var code: String
    var range: Range<Int>
    var message: String
}
