import Foundation
import Testing

/// ARCHITECTURE.md's invariants, checked against the sources: which target may import which (read from the
/// map itself, so that the picture and the code cannot drift apart), and what some targets must never do.
@Suite("Architecture")
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Modules that are not ours: the platform's and the dependencies'.
    static let system: Set<String> = ["Glibc", "Musl", "Darwin", "Dispatch", "Foundation", "FoundationEssentials"]

    /// The edges of the map: the line "Dependencies point one way: `A` → `B` → `C`, `D` → `E`, …".
    static func documentedEdges() throws -> [String: Set<String>] {
        let map = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let marker = "Dependencies point one way:"
        let start = try #require(map.range(of: marker), "ARCHITECTURE.md states the dependency edges")
        let sentence = map[start.upperBound...].prefix { $0 != "." }
        var edges: [String: Set<String>] = [:]
        for chain in sentence.replacingOccurrences(of: "\n", with: " ").components(separatedBy: ",") {
            let names = chain.components(separatedBy: "→").compactMap { part -> String? in
                let pieces = part.components(separatedBy: "`")
                return pieces.count >= 3 ? pieces[1] : nil
            }
            for (from, to) in zip(names, names.dropFirst()) { edges[from, default: []].insert(to) }
        }
        return edges
    }

    /// Every target a target may import: the edges' transitive closure.
    static func allowed(from target: String, edges: [String: Set<String>]) -> Set<String> {
        var reached: Set<String> = []
        var pending = Array(edges[target] ?? [])
        while let next = pending.popLast() {
            if reached.insert(next).inserted { pending += edges[next] ?? [] }
        }
        return reached
    }

    /// The Swift sources of a target (`Sources/<target>`), with their text.
    static func sources(of target: String) throws -> [(path: String, text: String)] {
        let folder = root.appendingPathComponent("Sources/\(target)")
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return try walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map {
            ($0.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: $0, encoding: .utf8))
        }.sorted { $0.path < $1.path }
    }

    /// The modules a source file imports (`import X`, `internal import X`, `@testable import X`, `import struct X.Y`).
    static func imports(of text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                words[..<at].allSatisfy({
                    [
                        "@testable", "internal", "package", "public", "private", "fileprivate", "@_implementationOnly",
                        "@preconcurrency",
                    ].contains($0)
                })
            else { continue }
            let kinds: Set<String> = ["struct", "class", "enum", "func", "protocol", "typealias", "var", "let"]
            let name = kinds.contains(words[at + 1]) && at + 2 < words.count ? words[at + 2] : words[at + 1]
            modules.insert(String(name.prefix { $0 != "." }))
        }
        return modules
    }

    static func targets() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("every import between our targets is an edge of ARCHITECTURE.md's map, or follows from its edges")
    func importsFollowTheMap() throws {
        let edges = try Self.documentedEdges()
        #expect(edges["Scene"]?.contains("Engine") == true, "the map is read (Scene → Engine)")
        let ours = Set(try Self.targets())
        for target in ours {
            let allowed = Self.allowed(from: target, edges: edges)
            for file in try Self.sources(of: target) {
                for module in Self.imports(of: file.text) where ours.contains(module) {
                    #expect(allowed.contains(module), "\(file.path) imports \(module): no such edge in ARCHITECTURE.md")
                }
            }
        }
    }

    /// The targets of ours each target of `Package.swift` declares as dependencies (`.target(name: "X",
    /// dependencies: [...])`, executables too; test targets are left out). Reads the manifest as swift format
    /// lays it out: one target per element of the list, each starting a line.
    static func declaredDependencies(among ours: Set<String>) throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var declared: [String: Set<String>] = [:]
        for opening in [".target(", ".executableTarget("] {
            // Each call up to the next element of the targets' list (a line that starts with `.` at its indent).
            for whole in manifest.components(separatedBy: opening).dropFirst() {
                let piece = whole.components(separatedBy: "\n        .")[0]
                let quoted = piece.prefix { $0 != "," }.components(separatedBy: "\"").enumerated().filter {
                    $0.offset % 2 == 1
                }.map(\.element)
                guard let name = quoted.first, ours.contains(name) else { continue }
                let list = piece.range(of: "dependencies: [").map { piece[$0.upperBound...].prefix { $0 != "]" } }
                let names = (list ?? "").components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }
                declared[name] = Set(names.map(\.element)).intersection(ours)
            }
        }
        return declared
    }

    @Test("Package.swift declares for each target exactly the targets of ours it imports")
    func declaredDependenciesAreTheImports() throws {
        let ours = Set(try Self.targets())
        let declared = try Self.declaredDependencies(among: ours)
        #expect(
            declared["Scene"] == ["JSON", "Engine", "ProcessSupport"],
            "the manifest is read (Scene depends on JSON, Engine and ProcessSupport)")
        for target in ours where declared[target] != nil {
            let imported = try Self.sources(of: target).reduce(into: Set<String>()) {
                $0.formUnion(Self.imports(of: $1.text).intersection(ours))
            }
            #expect(
                declared[target] == imported,
                "\(target): Package.swift declares \(declared[target]!.sorted()), the sources import \(imported.sorted())"
            )
        }
    }

    @Test("every target is on the map, and the map names no target that does not exist")
    func mapNamesTheTargets() throws {
        let edges = try Self.documentedEdges()
        let named = Set(edges.keys).union(edges.values.joined())
        let ours = Set(try Self.targets())
        // Build tools compiled into another target (RulePagesCompiler, PlayerPageCompiler) stand apart from the runtime's edges.
        let tools: Set<String> = ["RulePagesCompiler", "PlayerPageCompiler"]
        #expect(named.subtracting(ours).isEmpty, "unknown targets on the map: \(named.subtracting(ours).sorted())")
        #expect(
            ours.subtracting(named).subtracting(tools).isEmpty,
            "targets off the map: \(ours.subtracting(named).subtracting(tools).sorted())")
    }

    @Test("the engine imports only the C library")
    func engineImportsNothingOfOurs() throws {
        for file in try Self.sources(of: "Engine") {
            let modules = Self.imports(of: file.text)
            #expect(modules.isSubset(of: ["Glibc", "Musl", "Darwin"]), "\(file.path) imports \(modules.sorted())")
        }
    }

    @Test("ProcessSupport imports only the C library and Dispatch, and nothing of ours")
    func processSupportImportsNothingOfOurs() throws {
        let files = try Self.sources(of: "ProcessSupport")
        #expect(files.contains { $0.path.hasSuffix("Parallel.swift") }, "the target's sources are read")
        for file in files {
            let modules = Self.imports(of: file.text)
            #expect(
                modules.isSubset(of: ["Glibc", "Musl", "Darwin", "Dispatch"]),
                "\(file.path) imports \(modules.sorted())")
        }
    }

    /// Source text with its comments removed, so that a sentence about stderr is not a write to it.
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let comment = line.range(of: "//") else { return String(line) }
            return String(line[..<comment.lowerBound])
        }.joined(separator: "\n")
    }

    @Test(
        "Scene, JSON, Engine, ProcessSupport and Reporting read no environment variable and write to no standard stream"
    )
    func libraryTargetsDoNoProcessIO() throws {
        let forbidden = [
            "getenv(", "ProcessInfo", "environment", "STDERR_FILENO", "STDOUT_FILENO", "FileHandle.standard",
            "print(", "fputs(", "stderr", "stdout",
        ]
        for target in ["Scene", "JSON", "Engine", "ProcessSupport", "Reporting"] {
            for file in try Self.sources(of: target) {
                let code = Self.code(file.text)
                for word in forbidden {
                    #expect(!code.contains(word), "\(file.path) uses \(word)")
                }
            }
        }
    }

    @Test("the server and the protocol never print: standard output carries only framed messages")
    func serverNeverPrints() throws {
        for target in ["Server", "RPC", "MCPServer"] {
            for file in try Self.sources(of: target) {
                let code = Self.code(file.text)
                for word in ["print(", "putchar(", "puts(", "FileHandle.standardOutput", "fwrite("] {
                    #expect(!code.contains(word), "\(file.path) uses \(word)")
                }
            }
        }
    }
}
