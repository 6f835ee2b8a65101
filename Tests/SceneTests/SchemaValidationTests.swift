import Foundation
import JSON
import Testing

@testable import Scene

// The committed schema checked by a real validator (check-jsonschema, in .venv) against what `impulse lint`
// says of the same files: the schema must accept a file exactly when the linter finds no error of the
// "Syntax and shape" group that JSON Schema can express (rules.md, Settled details, "Schema").

/// The codes of that group that JSON Schema can express.
private let shapeCodes: Set<String> = [
    "scene.format", "scene.missingKey", "scene.type", "scene.enum", "scene.range", "scene.exclusiveKeys",
    "scene.pinConflict",
]

/// Skipped, with the command that sets it up, where .venv has no check-jsonschema (a bare `swift test`);
/// `scripts/test.sh` creates it first, so the full test run always validates.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: Validator.executable.path),
        "check-jsonschema is not installed in .venv: run `bash scripts/python-env.sh` (scripts/test.sh does)"))
struct SchemaValidationTests {
    @Test func everyExampleIsAccepted() throws {
        let examples = try SchemaFiles.exampleURLs()
        #expect(examples.count >= 5)
        let verdicts = try Validator.validate(examples)
        for url in examples {
            #expect(verdicts[url.path] == [], "\(url.lastPathComponent) is rejected: \(verdicts[url.path] ?? [])")
        }
    }

    @Test func shapeErrorsAreRejected() throws {
        let verdicts = try Validator.validate(scenes: SceneCases.invalid.map { ($0.name, $0.text) })
        for scene in SceneCases.invalid {
            let codes = Linter.lint(Array(scene.text.utf8)).diagnostics.map(\.code)
            #expect(codes.contains(scene.code), "\(scene.name): the linter reports \(codes), not \(scene.code)")
            #expect(verdicts[scene.name]?.isEmpty == false, "\(scene.name): the schema accepts it")
        }
    }

    @Test func warningsAndSemanticErrorsAreAccepted() throws {
        let verdicts = try Validator.validate(scenes: SceneCases.accepted.map { ($0.name, $0.text) })
        for scene in SceneCases.accepted {
            let codes = Linter.lint(Array(scene.text.utf8)).diagnostics.map(\.code)
            #expect(codes.contains(scene.code), "\(scene.name): the linter reports \(codes), not \(scene.code)")
            #expect(verdicts[scene.name] == [], "\(scene.name): the schema rejects it: \(verdicts[scene.name] ?? [])")
        }
    }

    /// Every example, broken in every place in the ways a hand can break it: the validator and the linter
    /// must agree on each whether it has a shape error.
    @Test func schemaAndLinterAgreeOnMutatedExamples() throws {
        var mutants: [Mutant] = []
        var seen: Set<String> = []
        // Smallest first: a change already tried on the same kind of place in a smaller scene is not tried again.
        let examples = try SchemaFiles.exampleURLs().map { url in (url, try Data(contentsOf: url)) }.sorted {
            $0.1.count < $1.1.count
        }
        for (url, data) in examples {
            let scene = try #require(JSONValue.parse([UInt8](data)))
            mutants += Mutant.all(
                of: scene, in: url.deletingPathExtension().deletingPathExtension().lastPathComponent, seen: &seen)
        }
        #expect(mutants.count > 400)
        let verdicts = try Validator.validate(batch: mutants.map(\.value))
        var disagreements: [String] = []
        for (mutant, verdict) in zip(mutants, verdicts) {
            let diagnostics = Linter.lint(mutant.value.serialized(pretty: true)).diagnostics
            let shapeErrors = diagnostics.filter { $0.severity == .error && shapeCodes.contains($0.code) }
            if !verdict.isEmpty != !shapeErrors.isEmpty {
                disagreements.append(
                    "\(mutant.name) (\(mutant.change)): schema \(verdict.isEmpty ? "accepts" : "rejects \(verdict)"), linter: \(diagnostics.map { "\($0.code) \($0.message)" })"
                )
            }
        }
        let report = disagreements.prefix(20).joined(separator: "\n")
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(mutants.count) disagree:\n\(report)")
    }
}

/// Runs `.venv/bin/check-jsonschema` on files and returns each file's error messages (empty: accepted).
enum Validator {
    static var executable: URL { SchemaFiles.repositoryRoot.appendingPathComponent(".venv/bin/check-jsonschema") }

    /// Writes each `(name, text)` to a file of a fresh folder and validates them all; keyed by name.
    static func validate(scenes: [(name: String, text: String)]) throws -> [String: [String]] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var urls: [String: URL] = [:]
        for scene in scenes {
            let url = folder.appendingPathComponent("\(scene.name).dynamics.json")
            try Data(scene.text.utf8).write(to: url)
            urls[scene.name] = url
        }
        let verdicts = try validate(Array(urls.values))
        return urls.mapValues { verdicts[$0.path] ?? [] }
    }

    /// Validates files against the committed schema; keyed by path.
    static func validate(_ files: [URL]) throws -> [String: [String]] {
        var verdicts: [String: [String]] = Dictionary(uniqueKeysWithValues: files.map { ($0.path, []) })
        for error in try run(schema: SchemaFiles.schemaURL, files: files) {
            verdicts[error.file, default: []].append("\(error.path): \(error.message)")
        }
        return verdicts
    }

    /// Validates many scenes in one file, as the elements of an array checked by a schema whose `items` refer
    /// to the committed schema (one file is much faster than thousands); the messages of each scene, in order.
    static func validate(batch scenes: [JSONValue]) throws -> [[String]] {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrapper = JSONValue.object(
            JSONObject([
                ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
                ("type", .string("array")),
                ("items", .object(JSONObject([("$ref", .string(SchemaFiles.schemaURL.absoluteString))]))),
            ]))
        let schemaURL = folder.appendingPathComponent("batch.schema.json")
        let instancesURL = folder.appendingPathComponent("batch.json")
        try Data(wrapper.serialized()).write(to: schemaURL)
        try Data(JSONValue.array(scenes).serialized()).write(to: instancesURL)
        var verdicts = Array(repeating: [String](), count: scenes.count)
        for error in try run(schema: schemaURL, files: [instancesURL]) {
            // The path starts with the element: `$[12].behaviors[0].type`.
            let digits = error.path.dropFirst(2).prefix { $0.isNumber }
            let index = try #require(
                error.path.hasPrefix("$[") ? Int(digits) : nil, "an error outside the batch: \(error.path)")
            verdicts[index].append("$" + error.path.dropFirst(2 + digits.count + 1) + ": " + error.message)
        }
        return verdicts
    }

    /// Runs check-jsonschema with JSON output and returns its errors; every file must be readable JSON.
    static func run(schema: URL, files: [URL]) throws -> [(file: String, path: String, message: String)] {
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            """
            \(executable.path) is missing: run `bash scripts/python-env.sh` to create .venv with check-jsonschema
            """)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--output-format", "json", "--schemafile", schema.path] + files.map(\.path)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe cannot stall the validator.
        let errorText = ReadAll(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = try #require(
            JSONValue.parse([UInt8](data))?.objectValue,
            "check-jsonschema printed no JSON (status \(process.terminationStatus)): \(String(decoding: errorText.wait(), as: UTF8.self))"
        )
        let parseErrors = report["parse_errors"]?.arrayValue ?? []
        #expect(parseErrors.isEmpty, "check-jsonschema could not read some files: \(parseErrors)")
        let found: [(file: String, path: String, message: String)] = (report["errors"]?.arrayValue ?? []).compactMap {
            error in
            guard let error = error.objectValue, let file = error["filename"]?.stringValue else { return nil }
            return (file, error["path"]?.stringValue ?? "$", error["message"]?.stringValue ?? "")
        }
        // The exit status and the report agree: 0 exactly when no file has an error.
        #expect(
            (process.terminationStatus == 0) == found.isEmpty, "check-jsonschema exited \(process.terminationStatus)")
        return found
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "impulse-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Reads a pipe to its end on another thread.
    final class ReadAll: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)
        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }
        func wait() -> Data {
            done.wait()
            return data
        }
    }
}

/// Hand-written scenes, each with the code the linter must report.
enum SceneCases {
    struct Case {
        var name: String
        var code: String
        var text: String
    }

    static let items =
        #"[{"id": "a", "center": [100, 100], "size": [50, 50]}, {"id": "b", "center": [200, 100], "size": [50, 50]}]"#
    static let gravity = #"{"type": "gravity", "items": ["a", "b"]}"#

    /// A small clean scene with the given parts.
    static func scene(
        top: String = #""format": 1,"#, referenceView: String? = #"{"width": 320, "height": 480}"#,
        items: String = items, behaviors: [String] = [gravity], events: [String] = []
    ) -> String {
        var parts = [top.isEmpty ? nil : String(top.dropLast(top.hasSuffix(",") ? 1 : 0))]
        if let referenceView { parts.append(#""referenceView": \#(referenceView)"#) }
        parts.append(#""items": \#(items)"#)
        parts.append(#""behaviors": [\#(behaviors.joined(separator: ", "))]"#)
        if !events.isEmpty { parts.append(#""events": [\#(events.joined(separator: ", "))]"#) }
        return "{" + parts.compactMap { $0 }.joined(separator: ", ") + "}"
    }

    static let invalid: [Case] = [
        Case(
            name: "pin-two-horizontal", code: "scene.pinConflict",
            text: scene(referenceView: #"{"width": 320, "height": 480, "pin": ["left", "top", "right"]}"#)),
        Case(
            name: "pin-two-vertical", code: "scene.pinConflict",
            text: scene(
                items: #"[{"id": "a", "center": [100, 100], "size": [50, 50], "pin": ["centerY", "bottom"]}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "pin-unknown-edge", code: "scene.enum",
            text: scene(
                items: #"[{"id": "a", "center": [100, 100], "size": [50, 50], "pin": ["rigth"]}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "preview-size-zero", code: "scene.range",
            text: scene(top: #""format": 1, "preview": {"sizes": [[320, 568], [0, 100]]},"#)),
        Case(name: "missing-referenceView", code: "scene.missingKey", text: scene(referenceView: nil)),
        Case(
            name: "missing-items", code: "scene.missingKey", text: #"{"referenceView": {"width": 320, "height": 480}}"#),
        Case(
            name: "elasticity-2", code: "scene.range",
            text: scene(behaviors: [gravity, #"{"type": "dynamicItem", "items": ["a"], "elasticity": 2}"#])),
        Case(name: "format-string", code: "scene.type", text: scene(top: #""format": "1","#)),
        Case(name: "format-2", code: "scene.format", text: scene(top: #""format": 2,"#)),
        Case(
            name: "mode-enum", code: "scene.enum",
            text: scene(behaviors: [gravity, #"{"type": "collision", "items": ["a", "b"], "mode": "sometimes"}"#])),
        Case(
            name: "type-enum", code: "scene.enum",
            text: scene(behaviors: [#"{"type": "gravitation", "items": ["a", "b"]}"#])),
        Case(
            name: "collisionBounds-enum", code: "scene.enum",
            text: scene(
                items: #"[{"id": "a", "center": [100, 100], "size": [50, 50], "collisionBounds": "circle"}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "gravity-direction-and-angle", code: "scene.exclusiveKeys",
            text: scene(behaviors: [#"{"type": "gravity", "items": ["a", "b"], "direction": [0, 1], "angle": 1}"#])),
        Case(
            name: "push-direction-and-magnitude", code: "scene.exclusiveKeys",
            text: scene(behaviors: [gravity, #"{"type": "push", "items": ["a"], "direction": [1, 0], "magnitude": 1}"#])
        ),
        Case(
            name: "anchor-and-attachedTo", code: "scene.exclusiveKeys",
            text: scene(behaviors: [
                gravity, #"{"type": "attachment", "item": "a", "anchor": [100, 50], "attachedTo": "b"}"#,
            ])),
        Case(
            name: "attachment-neither", code: "scene.exclusiveKeys",
            text: scene(behaviors: [gravity, #"{"type": "attachment", "item": "a"}"#])),
        Case(
            name: "sliding-without-axis", code: "scene.missingKey",
            text: scene(behaviors: [
                gravity, #"{"type": "attachment", "kind": "sliding", "item": "a", "anchor": [100, 50]}"#,
            ])),
        Case(
            name: "event-set-and-remove", code: "scene.exclusiveKeys",
            text: scene(
                behaviors: [#"{"type": "gravity", "id": "g", "items": ["a", "b"]}"#],
                events: [#"{"at": 1, "set": "g", "values": {"magnitude": 2}, "remove": "g"}"#])),
        Case(name: "event-no-action", code: "scene.exclusiveKeys", text: scene(events: [#"{"at": 1}"#])),
        Case(
            name: "event-set-without-values", code: "scene.missingKey",
            text: scene(
                behaviors: [#"{"type": "gravity", "id": "g", "items": ["a", "b"]}"#],
                events: [#"{"at": 1, "set": "g"}"#])),
        Case(
            name: "event-negative-at", code: "scene.range",
            text: scene(
                behaviors: [#"{"type": "gravity", "id": "g", "items": ["a", "b"]}"#],
                events: [#"{"at": -1, "remove": "g"}"#])),
        Case(
            name: "region-radius-and-size", code: "scene.exclusiveKeys",
            text: scene(behaviors: [
                gravity,
                #"{"type": "field", "kind": "vortex", "items": ["a"], "region": {"radius": 10, "size": [10, 10]}}"#,
            ])),
        Case(
            name: "size-zero", code: "scene.range",
            text: scene(
                items: #"[{"id": "a", "center": [100, 100], "size": [0, 50]}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "center-three-numbers", code: "scene.type",
            text: scene(
                items: #"[{"id": "a", "center": [100, 100, 0], "size": [50, 50]}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "empty-id", code: "scene.type",
            text: scene(items: #"[{"id": "", "center": [100, 100], "size": [50, 50]}]"#, behaviors: [])),
        Case(
            name: "number-as-string", code: "scene.type",
            text: scene(behaviors: [gravity, #"{"type": "snap", "item": "a", "point": [10, 10], "damping": "0.5"}"#])),
        Case(
            name: "pin-range-positive-min", code: "scene.range",
            text: scene(behaviors: [
                gravity, #"{"type": "attachment", "kind": "pin", "item": "a", "attachedTo": "b", "range": [1, 2]}"#,
            ])),
        Case(
            name: "sliding-zero-axis", code: "scene.range",
            text: scene(behaviors: [
                gravity,
                #"{"type": "attachment", "kind": "sliding", "item": "a", "anchor": [100, 50], "axis": [0, 0]}"#,
            ])),
        Case(
            name: "frameRate-2000", code: "scene.range",
            text: scene(top: #""preview": {"duration": 1, "frameRate": 2000},"#)),
        Case(
            name: "referenceView-negative", code: "scene.range",
            text: scene(referenceView: #"{"width": -320, "height": 480}"#)),
        Case(name: "not-an-object", code: "scene.type", text: "[]"),
        Case(
            name: "color-unknown-name", code: "scene.enum",
            text: scene(
                items: #"[{"id": "a", "center": [100, 100], "size": [50, 50], "color": "tomatoe"}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "color-upper-case-name", code: "scene.enum",
            text: scene(
                items: #"[{"id": "a", "center": [100, 100], "size": [50, 50], "color": "Red"}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "color-five-digits", code: "scene.enum",
            text: scene(
                items: ##"[{"id": "a", "center": [100, 100], "size": [50, 50], "color": "#12345"}]"##,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "color-number", code: "scene.type",
            text: scene(
                items: #"[{"id": "a", "center": [100, 100], "size": [50, 50], "color": 255}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "comment-number", code: "scene.type",
            text: scene(behaviors: [#"{"type": "gravity", "items": ["a", "b"], "$comment": 1}"#])),
    ]

    static let accepted: [Case] = [
        Case(
            name: "pins-and-sizes", code: "item.unused",
            text: scene(
                top: #""format": 1, "preview": {"sizes": [[375, 667], [430, 932]]},"#,
                referenceView: #"{"width": 320, "height": 480, "pin": ["centerX"]}"#,
                items:
                    #"[{"id": "a", "center": [100, 100], "size": [50, 50], "pin": ["right", "bottom"]}, {"id": "b", "center": [200, 100], "size": [50, 50]}]"#,
                behaviors: [
                    #"{"type": "gravity", "items": ["a"]}"#,
                    #"{"type": "snap", "item": "a", "point": [10, 10], "pin": ["centerY"]}"#,
                ])),
        Case(
            name: "comments-and-colors", code: "scene.unknownKey",
            text: scene(
                top: #""$comment": "a demo", "colour": "red","#,
                items:
                    ##"[{"id": "a", "center": [100, 100], "size": [50, 50], "color": "#F80", "$comment": "the ball"}, {"id": "b", "center": [200, 100], "size": [50, 50], "color": "rebeccapurple"}]"##,
                behaviors: [#"{"type": "gravity", "items": ["a", "b"], "$comment": "down", "angle": 1.5}"#])),
        Case(name: "unknown-key", code: "scene.unknownKey", text: scene(top: #""colour": "red","#)),
        Case(
            name: "key-of-another-type", code: "scene.unknownKey",
            text: scene(behaviors: [#"{"type": "gravity", "items": ["a", "b"], "point": [1, 2]}"#])),
        Case(
            name: "gravity-angle-90", code: "scene.angleUnits",
            text: scene(behaviors: [#"{"type": "gravity", "items": ["a", "b"], "angle": 90}"#])),
        Case(
            name: "uikit-name", code: "scene.unknownKey",
            text: scene(behaviors: [gravity, #"{"type": "snap", "item": "a", "snapPoint": [1, 2], "point": [1, 2]}"#])),
        Case(
            name: "field-kind-key", code: "field.kindKey",
            text: scene(behaviors: [gravity, #"{"type": "field", "kind": "vortex", "items": ["a"], "smoothness": 1}"#])),
        // An error, but of the dynamics group: the schema leaves it to the linter (see its description).
        Case(
            name: "attachment-kind-key", code: "attachment.kindKey",
            text: scene(behaviors: [
                gravity, #"{"type": "attachment", "kind": "pin", "item": "a", "anchor": [100, 50]}"#,
            ])),
        Case(
            name: "duplicate-item-id", code: "item.duplicateId",
            text: scene(
                items:
                    #"[{"id": "a", "center": [100, 100], "size": [50, 50]}, {"id": "a", "center": [200, 100], "size": [50, 50]}]"#,
                behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
        Case(
            name: "format-1.0", code: "item.unused",
            text: scene(top: #""format": 1.0, "name": "x","#, behaviors: [#"{"type": "gravity", "items": ["a"]}"#])),
    ]
}

/// One broken copy of an example.
struct Mutant {
    var name: String
    var change: String
    var value: JSONValue

    /// Every mutant of `scene`: each member removed, each value replaced by a value of another type or out of
    /// its likely range, each object given an unknown key. A change to a place whose `pattern` is in `seen`
    /// (the same key of the same kind of object, tried in another scene or element) is left out.
    static func all(of scene: JSONValue, in example: String, seen: inout Set<String>) -> [Mutant] {
        var mutants: [Mutant] = []
        func visit(_ value: JSONValue, path: [PathStep], pattern: String) {
            let place = "/" + path.map(\.text).joined(separator: "/")
            var replacements: [(String, JSONValue)] = [("a string", .string("x")), ("null", .null)]
            switch value {
            case .number(let n):
                replacements += [
                    ("-1", .number(-1)), ("0", .number(0)), ("2", .number(2)), ("0.5", .number(0.5)),
                    ("\(n + 0.5)", .number(n + 0.5)),
                ]
            case .array(let elements):
                replacements += [
                    ("[]", .array([])), ("a third element", .array(elements + [.number(0)])),
                    ("an object", .object(JSONObject())),
                ]
                if elements.count == 2, elements.allSatisfy({ $0.numberValue != nil }) {
                    replacements += [
                        ("[0, 0]", .array([.number(0), .number(0)])), ("[1, -1]", .array([.number(1), .number(-1)])),
                        ("[-1, 1]", .array([.number(-1), .number(1)])),
                    ]
                }
                for (index, element) in elements.enumerated() {
                    visit(
                        element, path: path + [.index(index)],
                        pattern: pattern + "/" + signature(of: element, at: index))
                }
            case .object(let object):
                replacements += [("an array", .array([]))]
                var extended = object
                extended["unknownKey"] = .bool(true)
                add(
                    "an unknown key at \(place)", pattern + " +unknownKey", at: path,
                    set(scene, at: path, to: .object(extended)))
                for member in object.members {
                    var without = object
                    without[member.key] = nil
                    add(
                        "\(place)/\(member.key) removed", pattern + " -\(member.key)", at: path,
                        set(scene, at: path, to: .object(without)))
                    visit(member.value, path: path + [.key(member.key)], pattern: pattern + "/" + member.key)
                }
            case .string:
                replacements += [("true", .bool(true)), ("\"\"", .string(""))]
            case .bool:
                replacements += [("1", .number(1))]
            case .null:
                break
            }
            if !path.isEmpty {
                for (description, replacement) in replacements where replacement != value {
                    add(
                        "\(place) = \(description)", pattern + " = " + description, at: path,
                        set(scene, at: path, to: replacement))
                }
            }
        }
        func add(_ change: String, _ pattern: String, at path: [PathStep], _ value: @autoclosure () -> JSONValue) {
            guard seen.insert(pattern).inserted else { return }
            mutants.append(
                Mutant(name: "\(example)-\(mutants.count)", change: change, value: slice(value(), around: path)))
        }
        visit(scene, path: [], pattern: "")
        return mutants
    }

    /// What kind of element of an array a value is: an object by its keys and the values that pick its table
    /// (`type`, `kind`, `mode`, the event's action), an array by its length, a scalar by its place.
    static func signature(of element: JSONValue, at index: Int) -> String {
        switch element {
        case .object(let object):
            let selectors = ["type", "kind", "mode"].compactMap { object[$0]?.stringValue }
            let added =
                object["add"]?.objectValue.map { add in ["type", "kind", "mode"].compactMap { add[$0]?.stringValue } }
                ?? []
            return "{" + object.keys.sorted().joined(separator: ",") + "|" + (selectors + added).joined(separator: ",")
                + "}"
        case .array(let elements):
            return "[\(elements.count)]"
        default:
            return String(index)
        }
    }

    enum PathStep {
        case key(String)
        case index(Int)
        var text: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    /// The part of a mutated scene that decides whether the change at `path` is a shape error, so the validator
    /// reads small files: the one item, behavior or event changed (with the behavior a `set` or `remove` names,
    /// whose type decides what `values` may hold), and no other items, behaviors or events.
    static func slice(_ scene: JSONValue, around path: [PathStep]) -> JSONValue {
        guard path.count >= 2, case .key(let list) = path[0], case .index(let index) = path[1],
            var root = scene.objectValue, let element = root[list]?.arrayValue?[index]
        else { return scene }
        switch list {
        case "items":
            root["items"] = .array([element])
            root["behaviors"] = .array([])
            root["events"] = nil
        case "behaviors":
            root["items"] = .array([])
            root["behaviors"] = .array([element])
            root["events"] = nil
        case "events":
            let targets = ["set", "remove"].compactMap { element.objectValue?[$0]?.stringValue }
            root["items"] = .array([])
            root["behaviors"] = .array(
                (root["behaviors"]?.arrayValue ?? []).filter { behavior in
                    behavior.objectValue?["id"]?.stringValue.map(targets.contains) ?? false
                })
            root["events"] = .array([element])
        default:
            return scene
        }
        return .object(root)
    }

    static func set(_ value: JSONValue, at path: [PathStep], to newValue: JSONValue) -> JSONValue {
        guard let step = path.first else { return newValue }
        switch (value, step) {
        case (.object(var object), .key(let key)):
            object[key] = set(object[key] ?? .null, at: Array(path.dropFirst()), to: newValue)
            return .object(object)
        case (.array(var elements), .index(let index)):
            elements[index] = set(elements[index], at: Array(path.dropFirst()), to: newValue)
            return .array(elements)
        default:
            return value
        }
    }
}
