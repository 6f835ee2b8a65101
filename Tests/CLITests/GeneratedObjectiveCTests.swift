import CodeGeneration
import Foundation
import Testing

// The Objective-C that `impulse generate objc` writes, checked by clang under ARC against GNUstep's real
// Foundation headers (scripts/ensure-gnustep.sh installs them) and the Objective-C stand-in of UIKit's headers
// (`Tests/UIKitStandIn/ObjectiveC/UIKit/UIKit.h`).
//
// Debian's GNUstep is built for GCC's Objective-C runtime, and clang supports ARC only for the GNUstep runtime:
// with `-fobjc-runtime=gnustep-2.0`, clang's `id` is not the `struct objc_object *` that GCC's `objc/runtime.h`
// dereferences in one inline function (`object_getClass`). That one error, in that system header, is the only
// diagnostic the check accepts; anything clang says about the generated files or the stand-in fails the test,
// warnings included (`-Wall -Wextra`).

@Suite("Generated Objective-C, checked by clang with ARC")
struct GeneratedObjectiveCTests {
    static let randomSceneCount = 40

    @Test("The header and implementation of every example and of random scenes pass clang -fsyntax-only -fobjc-arc")
    func generatedObjectiveCCompiles() throws {
        let workspace = try Workspace()
        var scenes: [(label: String, path: String)] = []
        let examples = Impulse.packageRoot.appendingPathComponent("examples")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        where name.hasSuffix(".dynamics.json") {
            scenes.append((name, examples.appendingPathComponent(name).path))
        }
        for index in 0..<Self.randomSceneCount {
            var generator = RandomSceneGenerator(seed: 0x0B1E_C71C, index: index)
            try workspace.write(generator.make().json, to: "random-\(index).dynamics.json")
            scenes.append(
                ("random scene \(index)", workspace.url.appendingPathComponent("random-\(index).dynamics.json").path))
        }
        var implementations: [String] = []
        for (index, scene) in scenes.enumerated() {
            let folder = "case\(index)"
            try FileManager.default.createDirectory(
                at: workspace.url.appendingPathComponent(folder), withIntermediateDirectories: true)
            let run = try workspace.impulse("generate", "objc", scene.path, "-o", folder)
            #expect(run.status == 0, "\(scene.label): \(run.stderr)")
            let files = try FileManager.default.contentsOfDirectory(
                atPath: workspace.url.appendingPathComponent(folder).path)
            let sceneFiles = files.filter { !$0.hasPrefix("ImpulseSupport.") }
            #expect(sceneFiles.count == 2 && sceneFiles.contains { $0.hasSuffix(".h") }, "\(scene.label): \(files)")
            implementations += sceneFiles.filter { $0.hasSuffix(".m") }.map {
                workspace.url.appendingPathComponent(folder + "/" + $0).path
            }
        }

        // The README's view controller, beside the scene it runs.
        if let index = scenes.firstIndex(where: { $0.label == "pinned-floor.dynamics.json" }) {
            let controller = try String(
                contentsOf: Impulse.packageRoot.appendingPathComponent("examples/app/SnapViewController.m"),
                encoding: .utf8)
            try workspace.write(controller, to: "case\(index)/SnapViewController.m")
            implementations.append(workspace.url.appendingPathComponent("case\(index)/SnapViewController.m").path)
        }
        // The run time the scenes import, as `impulse generate objc --support` writes it, checked as well.
        for file in ObjectiveCSupport.files { try workspace.write(file.text, to: file.name) }
        implementations.append(workspace.url.appendingPathComponent("ImpulseSupport.m").path)
        let diagnostics = try Self.clang(implementations, in: workspace.url)
        let accepted = diagnostics.filter(Self.isKnownRuntimeHeaderError)
        #expect(accepted.count <= implementations.count, "one known runtime-header error per file at most")
        let problems = diagnostics.filter { !Self.isKnownRuntimeHeaderError($0) }
        #expect(problems.isEmpty, "clang: \(problems.prefix(30).joined(separator: "\n"))")
    }

    @Test("Ids named after every name the generated Objective-C calls or declares still compile under ARC")
    func idsNamedAfterTheCodesOwnNamesCompile() throws {
        let names = [
            "timeline", "stepper", "onStep", "onPause", "onResume", "onContactBegan", "onContactEnded", "layoutSize",
            "layoutDidChange", "animator", "items", "item", "moveEvent", "contactEnded", "description", "class", "new",
            "copyThing", "initThing", "apply", "weakSelf", "strongSelf", "self", "id", "snap", "push", "moveAnchor",
            "touching", "touched", "boundary", "point", "behavior", "ids", "indices", "size", "index", "old",
            "referenceView",
            "target", "playTimeline", "stopTimeline", "applyEvent", "idOfItem", "allItems", "referenceSize",
            "eventCount", "timeOfEvent", "addGestureTarget", "gestureTargets", "makeViewsWithBackgroundColor",
            "dynamicAnimatorDidPause", "setOnStep", "wanted", "current", "kept", "YES", "nil", "NULL", "CGPointZero",
            "ImpulsePlace", "movePinnedPointsFromSize", "startPanOfEvent", "design", "ImpulseDynamics", "touchingId",
            "touchedId",
        ]
        let gravities = names.map { #"{"type": "gravity", "id": "\#($0)", "items": ["a"]}"# }
        let scene = """
            {"name": "Names", "referenceView": {"width": 320, "height": 480},
             "items": [{"id": "a", "center": [100, 100], "size": [20, 20]},
                       {"id": "self", "center": [200, 100], "size": [20, 20]}],
             "behaviors": [\(gravities.joined(separator: ", ")),
               {"type": "snap", "id": "snapThing", "item": "a", "point": [100, 100]},
               {"type": "attachment", "id": "timeline2", "item": "self", "anchor": [200, 50]},
               {"type": "push", "id": "stepper2", "items": ["a"], "mode": "instantaneous"},
               {"type": "collision", "id": "walls", "items": ["a", "self"],
                "boundaries": [{"id": "self", "from": [0, 300], "to": [300, 300], "pin": ["left", "bottom"]}]}]}
            """
        let workspace = try Workspace()
        try workspace.write(scene, to: "names.dynamics.json")
        let run = try workspace.impulse("generate", "objc", "names.dynamics.json", "-o", ".")
        #expect(run.status == 0, "\(run.stderr)")
        for file in ObjectiveCSupport.files { try workspace.write(file.text, to: file.name) }
        let diagnostics = try Self.clang(
            [workspace.url.appendingPathComponent("NamesDynamics.m").path], in: workspace.url)
        let problems = diagnostics.filter { !Self.isKnownRuntimeHeaderError($0) }
        #expect(problems.isEmpty, "clang: \(problems.prefix(30).joined(separator: "\n"))")
    }

    @Test("A misspelled UIKit call in generated code is caught by the same check")
    func theCheckCatchesAnError() throws {
        let workspace = try Workspace()
        let scene = Impulse.packageRoot.appendingPathComponent("examples/showcase.dynamics.json").path
        let run = try workspace.impulse("generate", "objc", scene, "-o", ".")
        #expect(run.status == 0)
        for file in ObjectiveCSupport.files { try workspace.write(file.text, to: file.name) }
        let implementation = try workspace.read("ShowcaseDynamics.m")
        try workspace.write(
            implementation.replacingOccurrences(of: "snapToPoint:", with: "snapTo:"), to: "ShowcaseDynamics.m")
        let diagnostics = try Self.clang(
            [workspace.url.appendingPathComponent("ShowcaseDynamics.m").path], in: workspace.url)
        #expect(diagnostics.contains { $0.contains("ShowcaseDynamics.m") && $0.contains("error") })
    }

    /// `file:line:column: error|warning: …` lines of `clang -fsyntax-only -fobjc-arc` over `files`.
    static func clang(_ files: [String], in folder: URL) throws -> [String] {
        guard let flags = try? ObjectiveCBuild.output(of: ["gnustep-config", "--objc-flags"], in: folder),
            !flags.isEmpty
        else {
            throw Impulse.RunnerError(message: "gnustep-config not found: run scripts/ensure-gnustep.sh")
        }
        // GNUstep's include folders as system headers; GCC's for <objc/objc.h>, which GNUstep includes.
        // Blocks are on, as Apple's clang has them (the generated code's seams are blocks); GCC's runtime lacks the
        // blocks header GNUstep's Foundation then includes: the stand-in's `Runtime` folder has it.
        var arguments = [
            "clang", "-fsyntax-only", "-fobjc-arc", "-fobjc-runtime=gnustep-2.0", "-fblocks", "-Wall", "-Wextra",
            "-isystem", ObjectiveCBuild.standIn.appendingPathComponent("Runtime").path,
        ]
        var words = flags.split(whereSeparator: \.isWhitespace).map(String.init).makeIterator()
        while let word = words.next() {
            if word == "-MMD" || word == "-MP" || word == "-I." { continue }
            if word.hasPrefix("-I") {
                arguments += ["-isystem", String(word.dropFirst(2))]
            } else {
                arguments.append(word)
            }
        }
        // GCC's include folder (its <objc/objc.h>): from gcc when it is there, else the one libobjc installed.
        let gcc =
            (try? ObjectiveCBuild.output(of: ["gcc", "-print-file-name=include"], in: folder))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            ?? Self.gccIncludeFolder()
        arguments += ["-isystem", gcc]
        arguments += ["-I", Impulse.packageRoot.appendingPathComponent("Tests/UIKitStandIn/ObjectiveC").path]
        arguments += ["-I", folder.path]  // ImpulseSupport.h
        let text = (try? ObjectiveCBuild.output(of: arguments + files, in: folder, failing: false)) ?? ""
        return text.split(separator: "\n").map(String.init).filter {
            $0.contains(": error:") || $0.contains(": warning:")
        }
    }

    /// `/usr/lib/gcc/<triple>/<version>/include`, the folder that holds `objc/objc.h`.
    static func gccIncludeFolder() -> String {
        let root = "/usr/lib/gcc"
        for triple in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            for version in (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + triple)) ?? [] {
                let folder = "\(root)/\(triple)/\(version)/include"
                if FileManager.default.fileExists(atPath: folder + "/objc/objc.h") { return folder }
            }
        }
        return root
    }

    static func isKnownRuntimeHeaderError(_ line: String) -> Bool {
        line.hasSuffix("objc/runtime.h:156:18: error: member reference base type 'id' is not a structure or union")
            || (line.contains("/objc/runtime.h:") && line.contains("member reference base type 'id'"))
    }
}
