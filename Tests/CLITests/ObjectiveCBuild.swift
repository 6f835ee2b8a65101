import CodeGeneration
import Foundation

/// Builds Objective-C programs on Debian's GNUstep: clang (the Swift toolchain's), GNUstep's Foundation headers and
/// library, and GCC's Objective-C runtime (libobjc4, the one Debian's GNUstep links), as the README's "Generated
/// Objective-C on Linux" says. That runtime takes clang's `-fobjc-runtime=gcc` code only: the fragile ABI, manual
/// reference counting, and blocks that are not objects.
enum ObjectiveCBuild {
    /// The stand-in's folder: `UIKit/UIKit.h`, `Recording.h`, `UIKit.m`, and `Runtime/objc/blocks_runtime.h` (the
    /// blocks header GNUstep's Foundation includes when blocks are on, which GCC's runtime does not have).
    static let standIn = Impulse.packageRoot.appendingPathComponent("Tests/UIKitStandIn/ObjectiveC")

    /// Compiles and links `sources` into `executable`; throws with clang's errors when that fails.
    static func compile(_ sources: [URL], to executable: URL, in folder: URL) throws {
        guard let objcFlags = try? output(of: ["gnustep-config", "--objc-flags"], in: folder),
            let libraries = try? output(of: ["gnustep-config", "--base-libs"], in: folder)
        else {
            throw Impulse.RunnerError(message: "gnustep-config not found: run scripts/ensure-gnustep.sh")
        }
        var arguments = [
            "clang", "-fobjc-runtime=gcc", "-fno-objc-arc", "-fblocks",
            "-O0", "-w", "-isystem", standIn.appendingPathComponent("Runtime").path,
        ]
        for word in objcFlags.split(whereSeparator: \.isWhitespace).map(String.init) {
            if ["-MMD", "-MP", "-I.", "-g", "-O2"].contains(word) { continue }
            arguments += word.hasPrefix("-I") ? ["-isystem", String(word.dropFirst(2))] : [word]
        }
        arguments += ["-isystem", GeneratedObjectiveCTests.gccIncludeFolder()]
        arguments += ["-I", standIn.path, "-I", folder.path]
        arguments += sources.map(\.path) + ["-o", executable.path]
        arguments += libraries.split(whereSeparator: \.isWhitespace).map(String.init)
        let text = try output(of: arguments, in: folder, failing: false)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Impulse.RunnerError(message: "clang failed:\n" + String(text.prefix(6000)))
        }
    }

    /// Writes `ImpulseSupport.h`, the run time the scenes' files import (`ObjectiveCSupport`, the text `impulse
    /// generate objc --support` writes), into `folder` for this build: lowered to the fragile ABI, the header and the
    /// implementation in one file, so that every scene's `#import "ImpulseSupport.h"` in one translation unit
    /// compiles the support once. A support file the generator wrote beside a scene is removed from `sceneFolders`,
    /// so that the lowered one is the one found.
    static func writeLoweredSupport(into folder: URL, removingFrom sceneFolders: [URL] = []) throws {
        for sceneFolder in sceneFolders {
            for file in ObjectiveCSupport.files {
                try? FileManager.default.removeItem(at: sceneFolder.appendingPathComponent(file.name))
            }
        }
        let files = Dictionary(uniqueKeysWithValues: ObjectiveCSupport.files.map { ($0.name, $0.text) })
        let lowered = try FragileABI.lower(
            header: files["ImpulseSupport.h"] ?? "", implementation: files["ImpulseSupport.m"] ?? "",
            type: "ImpulseSupport")
        try Data(lowered.utf8).write(to: folder.appendingPathComponent("ImpulseSupport.h"))
    }

    static func output(of arguments: [String], in folder: URL, failing: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let log = folder.appendingPathComponent("output-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: log, encoding: .utf8)
        try? FileManager.default.removeItem(at: log)
        if failing, process.terminationStatus != 0 {
            throw Impulse.RunnerError(message: "\(arguments[0]) failed: \(text)")
        }
        return text
    }
}
