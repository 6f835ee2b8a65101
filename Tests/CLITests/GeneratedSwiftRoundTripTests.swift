import Foundation
import Testing

// The proof that `impulse generate swift` builds exactly the scene, on Linux where UIKit does not exist.
//
// Every example scene and a few hundred seeded random scenes (RandomScenes.swift) go through the real binary:
// `impulse generate swift`. The generated files are compiled, all into one program, against the stand-in UIKit
// (`Tests/UIKitStandIn`, a module named `UIKit` whose classes record what the code does). The program builds each
// scene's animator with `makeViews()` and then applies the timeline, event by event (`applyEvent`) or through the
// display link (`playTimeline()`), and turns the recording back into a scene. `impulse preview --format json` of
// the original and of the recording must then agree byte for byte, except where the two texts differ by
// construction: the positions (`range`, `related`) of diagnostics, which point into two different files.
//
// Pans and reactions: applied event by event, a pan writes its point once (which names its behavior) and the
// recording takes its path from the generated `panPaths`; a reaction's action is recorded with the contact of the
// generated `reactions` as its `on`. Through the display link, the program replays the original preview's contacts
// into the collision delegates after each frame, and every frame's writes become events at that frame (a pan's:
// `set`s of its point, frame by frame): the preview of that recording must then agree on every item state and every
// contact, and every frame with a write must be one the original preview applies an event on (a `once` reaction
// that applied twice fails here). `expect` is copied into the recording as it stands, like `name` and `preview`.
//
// The scenes' files are compiled with the one runtime they share, `impulse generate swift --support`. Linux has no
// Objective-C runtime: the two `@objc` attributes and `#selector`s of that runtime (the display link's and the
// gestures' targets) are replaced by their plain Swift equivalent before compiling, and the test fires the display
// link's selector by calling the method it names on the link's target (`ImpulseDisplayLinkTarget`, which holds the
// scene weakly). A scene's own file has neither, and nothing else of the generated text changes.

@Suite("Generated Swift, compiled against the stand-in UIKit", .serialized)
struct GeneratedSwiftRoundTripTests {
    /// How many random scenes join the examples.
    static let randomSceneCount = 240
    static let seed: UInt64 = 0x1A2B_3C4D

    @Test("The random scenes use every key, kind and action, pans of attachments and snaps, every form of reaction")
    func randomScenesCoverTheFormat() throws {
        var used: [String: Set<String>] = [:]
        var kinds: Set<String> = []
        var actions: Set<String> = []
        func note(_ behavior: [String: Any]) {
            let type = behavior["type"] as? String ?? "?"
            used[type + "Behavior", default: []].formUnion(behavior.keys)
            if let kind = behavior["kind"] as? String { kinds.insert(type + "." + kind) }
        }
        for index in 0..<Self.randomSceneCount {
            var generator = RandomSceneGenerator(seed: Self.seed, index: index)
            let scene =
                try JSONSerialization.jsonObject(with: Data(generator.make().json.utf8)) as? [String: Any] ?? [:]
            for item in scene["items"] as? [[String: Any]] ?? [] {
                used["item", default: []].formUnion(item.keys)
                if let bounds = item["collisionBounds"] { kinds.insert("item.\(bounds is String ? bounds : "path")") }
            }
            let listed = scene["behaviors"] as? [[String: Any]] ?? []
            for behavior in listed { note(behavior) }
            for event in scene["events"] as? [[String: Any]] ?? [] {
                for action in ["set", "add", "remove", "pan"] where event[action] != nil {
                    actions.insert(action)
                    if event["on"] != nil { actions.insert("on." + action) }
                }
                if let target = event["pan"] as? String,
                    let type = listed.first(where: { $0["id"] as? String == target })?["type"] as? String
                {
                    actions.insert("pan." + type)
                }
                if let on = event["on"] as? [String: [String: Any]], let (trigger, pair) = on.first {
                    actions.insert("on." + trigger)
                    let with = pair["with"] as? [String: Any] ?? [:]
                    if with["item"] != nil { actions.insert("on.with.item") }
                    if let boundary = with["boundary"] {
                        actions.insert(boundary is NSNull ? "on.with.null" : "on.with.id")
                    }
                    if event["once"] as? Bool == true { actions.insert("on.once") }
                }
                if let added = event["add"] as? [String: Any] { note(added) }
                if let values = event["values"] as? [String: Any] { actions.formUnion(values.keys.map { "set." + $0 }) }
            }
        }
        let schema = try JSONSerialization.jsonObject(
            with: Data(contentsOf: Impulse.packageRoot.appendingPathComponent("schemas/dynamics-scene.schema.json")))
        let definitions = (schema as? [String: Any])?["$defs"] as? [String: Any] ?? [:]
        for name in ["item"]
            + ["gravity", "collision", "attachment", "snap", "push", "dynamicItem", "field"].map({ $0 + "Behavior" })
        {
            let keys = Set(((definitions[name] as? [String: Any])?["properties"] as? [String: Any] ?? [:]).keys)
            #expect(!keys.isEmpty, "\(name) has no properties in the schema")
            // A pin changes nothing at the design size, the one size this round trip runs at.
            #expect(
                keys.subtracting(used[name] ?? []).subtracting(["$comment", "color", "pin"]).isEmpty,
                "\(name): never used: \(keys.subtracting(used[name] ?? []).sorted())")
        }
        let attachmentKinds = ["distance", "pin", "fixed", "sliding", "limit"].map { "attachment." + $0 }
        let fieldKinds = [
            "linearGravity", "radialGravity", "spring", "drag", "vortex", "velocity", "noise", "turbulence", "electric",
            "magnetic",
        ].map { "field." + $0 }
        let expectedKinds = Set(attachmentKinds + fieldKinds + ["item.ellipse", "item.rectangle", "item.path"])
        #expect(expectedKinds.subtracting(kinds).isEmpty, "never used: \(expectedKinds.subtracting(kinds).sorted())")
        let expectedActions: Set<String> = [
            "set", "add", "remove", "set.anchor", "set.length", "set.damping", "set.frequency", "set.point",
            "set.active",
            "set.direction", "set.angle", "set.magnitude", "pan", "pan.attachment", "pan.snap", "on.set", "on.add",
            "on.remove", "on.pan", "on.contactBegan", "on.contactEnded", "on.with.item", "on.with.null", "on.with.id",
            "on.once",
        ]
        #expect(
            expectedActions.subtracting(actions).isEmpty, "never used: \(expectedActions.subtracting(actions).sorted())"
        )
    }

    @Test("Building each scene's animator, then applying its events one by one, gives back the same preview")
    func directRoundTrip() throws {
        let program = try RoundTripProgram.shared.get()
        try program.check(mode: "direct")
    }

    @Test(
        "At another size of the reference view, the animator of each scene gives what `impulse preview --reference-size` gives",
        arguments: ["320x568", "430x932"])
    func roundTripAtAnotherSize(size: String) throws {
        let program = try RoundTripProgram.shared.get()
        try program.check(mode: "direct", size: size)
    }

    @Test("After the reference view shrinks, layoutDidChange() moves the pinned floor and snap point")
    func layoutDidChangeMovesPinnedPoints() throws {
        let program = try RoundTripProgram.shared.get()
        let output = program.folder.appendingPathComponent("relayout")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = program.executable
        process.arguments = ["relayout", output.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the round-trip program failed after layoutDidChange()")
        let index = try #require(program.cases.firstIndex { $0.label == "pinned-floor.dynamics.json" })
        let geometry = try String(
            contentsOf: output.appendingPathComponent("case\(index)-relayout.geometry"), encoding: .utf8)
        // Gravity, then the collision (its floor pinned to the bottom: 80 pt above it), then the snap (pinned to
        // the right: 60 pt from it, the same height).
        #expect(
            geometry.split(separator: "\n") == [
                "-", #"[{"id": "floor", "from": [0.0, 488.0], "to": [375.0, 488.0]}]"#, "[260.0, 520.0]",
            ])
    }

    @Test("Playing each timeline through the display link applies every event on the preview's frame")
    func displayLinkRoundTrip() throws {
        let program = try RoundTripProgram.shared.get()
        try program.check(mode: "timeline")
    }
}

/// The compiled program of every scene's generated code, built once for both tests.
struct RoundTripProgram: Sendable {
    struct Case: Sendable {
        var label: String
        var scene: URL
        var typeName: String
    }

    let folder: URL
    let executable: URL
    let cases: [Case]
    /// The cases whose scenes have pans or reactions (by index in `cases`).
    let scripted: Set<Int>

    static let shared: Result<RoundTripProgram, Error> = Result { try RoundTripProgram.build() }
    /// The previews of the original scenes, made once for both tests.
    static let originalPreviews = Memo()

    final class Memo: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int: String] = [:]

        func value(_ key: Int, _ make: () throws -> String) rethrows -> String {
            lock.lock()
            defer { lock.unlock() }
            if let value = values[key] { return value }
            let value = try make()
            values[key] = value
            return value
        }
    }

    private static func build() throws -> RoundTripProgram {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("impulse-roundtrip-" + UUID().uuidString)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)

        var cases: [Case] = []
        let examples = Impulse.packageRoot.appendingPathComponent("examples")
        for name in try manager.contentsOfDirectory(atPath: examples.path).sorted()
        where name.hasSuffix(".dynamics.json") {
            cases.append(Case(label: name, scene: examples.appendingPathComponent(name), typeName: ""))
        }
        for index in 0..<GeneratedSwiftRoundTripTests.randomSceneCount {
            var generator = RandomSceneGenerator(seed: GeneratedSwiftRoundTripTests.seed, index: index)
            let scene = generator.make()
            let url = folder.appendingPathComponent("random-\(index).dynamics.json")
            try Data(scene.json.utf8).write(to: url)
            cases.append(
                Case(
                    label: "random scene \(index) (seed \(GeneratedSwiftRoundTripTests.seed))", scene: url, typeName: ""
                ))
        }
        for index in cases.indices { cases[index].typeName = "Case\(index)Dynamics" }
        var scripted: Set<Int> = []

        // The generated code, through the real binary.
        var sources: [URL] = []
        var main = "import UIKit\n\nlet mode = CommandLine.arguments[1]\nlet output = CommandLine.arguments[2]\n"
        // The reference view's size, `WxH`, when not the scene's.
        main +=
            "let sizes = CommandLine.arguments.dropFirst(3).first.map { $0.split(separator: \"x\").map { Double($0)! } }\n"
        main += "let size = sizes.map { CGSize(width: $0[0], height: $0[1]) }\n\n"
        main += """
            func save(_ index: Int, _ result: (json: String, problems: [String])) {
                let base = output + "/case\\(index)-" + mode
                try! result.json.write(toFile: base + ".json", atomically: false, encoding: .utf8)
                try! result.problems.joined(separator: "\\n").write(toFile: base + ".problems", atomically: false, encoding: .utf8)
                let frames = Recording.writtenFrames.sorted().map(String.init).joined(separator: "\\n")
                try! frames.write(toFile: base + ".frames", atomically: false, encoding: .utf8)
            }

            func originalPreview(_ index: Int) -> String {
                try! String(contentsOfFile: output + "/case\\(index)-original.json", encoding: .utf8)
            }


            """
        for (index, testCase) in cases.enumerated() {
            let run = try Impulse.run(
                ["generate", "swift", testCase.scene.path, "--type-name", testCase.typeName], in: folder)
            guard run.status == 0, run.stderr.isEmpty else {
                throw Impulse.RunnerError(
                    message: "impulse generate swift \(testCase.label): status \(run.status)\n\(run.stderr)")
            }
            let text = try sceneText(run.stdout, label: testCase.label)
            let source = folder.appendingPathComponent("\(testCase.typeName).swift")
            try Data(text.utf8).write(to: source)
            sources.append(source)

            let scene = try sceneFacts(testCase.scene)
            let type = testCase.typeName
            if scene.hasPans || scene.hasReactions { scripted.insert(index) }
            var beginReaction = ""
            if scene.hasReactions {
                beginReaction = """
                     else if let reaction = \(type).timeline.reactions.first(where: { $0.event == index }) {
                                    switch reaction.partner {
                                    case .item(let other):
                                        Recording.beginReaction(
                                            ended: reaction.ended, item: reaction.item.rawValue, withItem: other.rawValue,
                                            withBoundary: nil, once: reaction.once)
                                    case .boundary(let id):
                                        Recording.beginReaction(
                                            ended: reaction.ended, item: reaction.item.rawValue, withItem: nil,
                                            withBoundary: id, once: reaction.once)
                                    }
                                }
                    """
            }
            let beginPan =
                scene.hasPans
                ? """
                            if let pan = \(type).timeline.panPaths[index] { Recording.beginPan(path: pan.points, duration: pan.duration) }

                """ : ""
            main += """
                @MainActor func run\(index)() {
                    Recording.reset()
                    let views = \(type).makeViews()
                    for id in \(type).Item.allCases { Recording.name(views[id]!, as: id.rawValue) }
                    let reference = UIView(frame: CGRect(origin: .zero, size: size ?? \(type).referenceSize))
                    let dynamics = \(type)(referenceView: reference, items: views)
                    if mode == "direct" {
                        for index in \(type).timeline.eventTimes.indices {
                            let at: TimeInterval? = \(type).timeline.eventTimes[index]
                            if let at { Recording.beginEvent(at: at) }\(beginReaction)
                \(beginPan)            dynamics.applyEvent(index)
                        }
                    } else if mode == "relayout" {
                        // The view shrinks to 320×568: the boundaries and snap points after `layoutDidChange()`.
                        reference.bounds = CGRect(x: 0, y: 0, width: 320, height: 568)
                        dynamics.layoutDidChange()
                        let geometry = dynamics.animator.behaviors.map { behavior -> String in
                            if let collision = behavior as? UICollisionBehavior { return collision.boundariesJSON }
                            if let snap = behavior as? UISnapBehavior { return "[\\(snap.snapPoint.x), \\(snap.snapPoint.y)]" }
                            return "-"
                        }
                        try! geometry.joined(separator: "\\n").write(
                            toFile: output + "/case\(index)-relayout.geometry", atomically: false, encoding: .utf8)
                    } else {
                        precondition(Recording.loadContacts(previewJSON: originalPreview(\(index))), "no preview")
                        Recording.beginTimeline()
                        dynamics.playTimeline()
                        Recording.runDisplayLinks(frames: \(scene.frames), frameRate: \(scene.frameRate)) { link in
                            precondition(link.selector == Selector("displayLinkDidFire:"), "another selector")
                            let target = link.target as! ImpulseDisplayLinkTarget
                            precondition(target.owner === dynamics, "another scene")
                            target.displayLinkDidFire(link)
                        }
                    }
                    save(\(index), Recording.scene(name: \(scene.nameLiteral), previewJSON: \(scene.previewLiteral), expectJSON: \(scene.expectLiteral)))
                }
                run\(index)()


                """
        }
        let mainURL = folder.appendingPathComponent("main.swift")
        try Data(main.utf8).write(to: mainURL)

        // The stand-in UIKit as a module of its own, then one program of every scene.
        let support = try supportSource(in: folder)
        let executable = try compileAgainstStandIn([mainURL.path, support.path] + sources.map(\.path), in: folder)
        return RoundTripProgram(folder: folder, executable: executable, cases: cases, scripted: scripted)
    }

    /// Compiles the stand-in UIKit into `folder` as a module of its own, then `sources` (a `main.swift` among them)
    /// into one program against it; returns the program.
    static func compileAgainstStandIn(_ sources: [String], in folder: URL) throws -> URL {
        let manager = FileManager.default
        let standIn = Impulse.packageRoot.appendingPathComponent("Tests/UIKitStandIn")
        let standInSources = try manager.contentsOfDirectory(atPath: standIn.path).sorted()
            .filter { $0.hasSuffix(".swift") }.map { standIn.appendingPathComponent($0).path }
        try swiftc(
            [
                "-parse-as-library", "-module-name", "UIKit", "-emit-module", "-emit-module-path",
                folder.appendingPathComponent("UIKit.swiftmodule").path, "-emit-library", "-static", "-o",
                folder.appendingPathComponent("libUIKit.a").path,
            ] + standInSources, in: folder)
        let executable = folder.appendingPathComponent("roundtrip")
        try swiftc(
            [
                "-swift-version", "6", "-Onone", "-wmo", "-num-threads", "2", "-I", folder.path, "-L", folder.path,
                "-lUIKit",
            ] + sources + ["-o", executable.path], in: folder)
        return executable
    }

    /// `impulse generate swift --support -o folder`, in the spelling Linux compiles (`linuxSpelling(of:label:)`).
    static func supportSource(in folder: URL) throws -> URL {
        let run = try Impulse.run(["generate", "swift", "--support", "-o", folder.path], in: folder)
        guard run.status == 0, run.stderr.isEmpty, run.stdout.isEmpty else {
            throw Impulse.RunnerError(message: "impulse generate swift --support: status \(run.status)\n\(run.stderr)")
        }
        let url = folder.appendingPathComponent("ImpulseSupport.swift")
        let text = try linuxSpelling(of: String(contentsOf: url, encoding: .utf8), label: "ImpulseSupport.swift")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A scene's generated text, checked to hold nothing Linux cannot compile: its `@objc` methods and `#selector`s
    /// are all in the support file.
    static func sceneText(_ text: String, label: String) throws -> String {
        guard !text.contains("@objc"), !text.contains("#selector") else {
            throw Impulse.RunnerError(message: "\(label): the scene's file has an @objc method or a #selector")
        }
        return text
    }

    /// The support file's text with its `@objc` methods and `#selector`s in plain Swift (Linux has no Objective-C
    /// runtime): the display link's target's and the gesture target's, exactly once each. Fails when the text holds
    /// any other, since then it is not what the test expects.
    static func linuxSpelling(of text: String, label: String) throws -> String {
        let link = (
            objc: "@objc func displayLinkDidFire(_ link: CADisplayLink)",
            selector: "#selector(ImpulseDisplayLinkTarget.displayLinkDidFire(_:))", name: "displayLinkDidFire:"
        )
        let gesture = (
            objc: "@objc func gestureDidChange(_ gesture: UIGestureRecognizer)",
            selector: "#selector(ImpulseGestureTarget.gestureDidChange(_:))", name: "gestureDidChange:"
        )
        guard text.components(separatedBy: link.objc).count == 2,
            text.components(separatedBy: link.selector).count == 2,
            text.components(separatedBy: gesture.objc).count == 2,
            text.components(separatedBy: gesture.selector).count == 2,
            text.components(separatedBy: "@objc").count == 3,
            text.components(separatedBy: "#selector").count == 3
        else {
            throw Impulse.RunnerError(message: "\(label): the generated @objc methods are not spelled as expected")
        }
        var text = text
        for method in [link, gesture] {
            text = text.replacingOccurrences(of: method.objc, with: String(method.objc.dropFirst("@objc ".count)))
                .replacingOccurrences(of: method.selector, with: "Selector(\"\(method.name)\")")
        }
        return text
    }

    /// What the harness copies from the scene (UIKit has no name or preview settings): the name, the preview
    /// object, the frames to fire the display link for.
    private static func sceneFacts(
        _ url: URL
    ) throws -> (
        nameLiteral: String, previewLiteral: String, expectLiteral: String, frames: Int, frameRate: Double,
        hasPans: Bool, hasReactions: Bool
    ) {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        let events = object["events"] as? [[String: Any]] ?? []
        let expect = try object["expect"].map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
        }
        let name = object["name"] as? String ?? "scene"
        let preview = object["preview"] as? [String: Any] ?? [:]
        let duration = (preview["duration"] as? NSNumber)?.doubleValue ?? 3
        let frameRate = (preview["frameRate"] as? NSNumber)?.doubleValue ?? 60
        let previewJSON = "{\"duration\": \(duration), \"frameRate\": \(frameRate)}"
        return (
            swiftLiteral(name), swiftLiteral(previewJSON), expect.map(swiftLiteral) ?? "nil",
            Int((duration * frameRate).rounded()) + 1, frameRate, events.contains { $0["pan"] != nil },
            events.contains { $0["on"] != nil }
        )
    }

    private static func swiftLiteral(_ text: String) -> String {
        "\""
            + text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\\": "\\\\"
                case "\"": "\\\""
                case "\n": "\\n"
                default: scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
                }
            }.joined() + "\""
    }

    private static func swiftc(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.currentDirectoryURL = folder
        let log = folder.appendingPathComponent("swiftc.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Impulse.RunnerError(message: "swiftc failed (\(folder.path)):\n" + String(text.prefix(6000)))
        }
    }

    /// Runs the program in `mode` and compares the previews of every scene and its recording.
    /// `size` (`WxH`): the reference view's size, and the preview's `--reference-size`; nil for the scene's.
    func check(mode: String, size: String? = nil) throws {
        let output = folder.appendingPathComponent(mode + (size.map { "-" + $0 } ?? ""))
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // The previews of the scene's size are shared by the modes; those of another size are made here.
        func original(_ index: Int) throws -> String {
            guard let size else { return try Self.originalPreviews.value(index) { try preview(cases[index].scene) } }
            return try preview(cases[index].scene, size: size)
        }
        var originals: [String] = []
        for index in cases.indices {
            originals.append(try original(index))
            try Data(originals[index].utf8).write(to: output.appendingPathComponent("case\(index)-original.json"))
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [mode, output.path] + (size.map { [$0] } ?? [])
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the round-trip program failed in mode \(mode)")
        guard process.terminationStatus == 0 else { return }

        for (index, testCase) in cases.enumerated() {
            let base = output.appendingPathComponent("case\(index)-\(mode)")
            let problems = try String(contentsOf: base.appendingPathExtension("problems"), encoding: .utf8)
            #expect(problems.isEmpty, "\(testCase.label): the recording has problems: \(problems)")
            let original = originals[index]
            let recorded = try preview(base.appendingPathExtension("json"))
            var (originalBody, originalDiagnostics) = Self.split(original)
            var (recordedBody, recordedDiagnostics) = Self.split(recorded)
            if size != nil {
                // The recording is a scene designed at that size, so the rules that look at the view
                // (`item.startsOutside`, …) speak about it; `preview --reference-size` checks only the run.
                originalDiagnostics = []
                recordedDiagnostics = []
            }
            if mode == "timeline", scripted.contains(index) {
                // Frame by frame, the recording's events are not the scene's: compare what they do.
                originalBody = Self.withoutScriptedEvents(originalBody)
                recordedBody = Self.withoutScriptedEvents(recordedBody)
                originalDiagnostics = []
                recordedDiagnostics = []
                let written = try String(contentsOf: base.appendingPathExtension("frames"), encoding: .utf8)
                    .split(separator: "\n").compactMap { Int($0) }
                let applying = Self.framesApplyingEvents(original)
                #expect(
                    Set(written).isSubset(of: applying),
                    "\(testCase.label): the display link wrote on frames where no event applies: \(Set(written).subtracting(applying).sorted())"
                )
            }
            #expect(
                originalBody == recordedBody,
                "\(testCase.label) (\(mode)): the previews differ\n\(Self.firstDifference(originalBody, recordedBody))")
            #expect(
                originalDiagnostics == recordedDiagnostics,
                "\(testCase.label) (\(mode)): the diagnostics differ\n\(originalDiagnostics)\n\(recordedDiagnostics)")
        }
    }

    private func preview(_ scene: URL, size: String? = nil) throws -> String {
        let sizeArguments = size.map { ["--reference-size", $0] } ?? []
        let run = try Impulse.run(["preview", scene.path, "--format", "json"] + sizeArguments, in: folder)
        guard run.status == 0 else {
            throw Impulse.RunnerError(
                message: "impulse preview \(scene.lastPathComponent): status \(run.status)\n\(run.stderr)")
        }
        return run.stdout
    }

    /// A preview body without its `scripted` events (one event a line in the preview json).
    private static func withoutScriptedEvents(_ body: String) -> String {
        body.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"type\":\"scripted\"") }
            .map { $0.hasSuffix("},") ? String($0.dropLast()) : String($0) }
            .joined(separator: "\n")
    }

    /// The frames on which the preview applies an event: each scripted event's frame, every frame of a pan.
    private static func framesApplyingEvents(_ json: String) -> Set<Int> {
        let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
        var frames: Set<Int> = []
        for event in object["events"] as? [[String: Any]] ?? [] where event["type"] as? String == "scripted" {
            guard let frame = (event["frame"] as? NSNumber)?.intValue else { continue }
            let end = (event["endFrame"] as? NSNumber)?.intValue ?? frame
            frames.formUnion(frame...max(frame, end))
        }
        return frames
    }

    /// The preview json up to its `diagnostics`, and the diagnostics without their positions.
    private static func split(_ json: String) -> (String, [String]) {
        guard let range = json.range(of: "\"diagnostics\":") else { return (json, []) }
        let body = String(json[..<range.lowerBound])
        var tail = json[range.upperBound...].drop { $0 == " " }
        while let last = tail.last, last.isWhitespace || last == "}" { tail = tail.dropLast() }
        let list = (try? JSONSerialization.jsonObject(with: Data(tail.utf8))) as? [[String: Any]] ?? []
        return (body, list.map { "\($0["severity"] ?? "") \($0["code"] ?? "") \($0["message"] ?? "")" })
    }

    private static func firstDifference(_ a: String, _ b: String) -> String {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var i = 0
        while i < min(x.count, y.count), x[i] == y[i] { i += 1 }
        let from = max(0, i - 200)
        return "original: …" + String(decoding: x[from..<min(x.count, i + 200)], as: UTF8.self)
            + "\nrecorded: …" + String(decoding: y[from..<min(y.count, i + 200)], as: UTF8.self)
    }
}
