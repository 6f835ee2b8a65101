// Stress runs over what the second stress round did not reach (issue 22): file names that could break an output
// format, odd `--shard` splits, `lint --simulate` in every format, and very long behavior lists. Each run has a
// hard time and address-space bound (a hang or a blow-up is a failure, never a timing), and what the user sees
// is asserted: one well-formed line or record per diagnostic, the path recoverable from it.
import Foundation
import JSON
import Testing

/// A run under the stress bound, colors off.
private func impulse(_ arguments: [String], in folder: URL, timeout: TimeInterval = 120) throws -> Impulse.Run {
    try Impulse.run(
        arguments, in: folder, input: Data(), environment: ["NO_COLOR": "1"], timeout: timeout,
        limits: Impulse.ResourceLimits(cpuSeconds: 60, addressSpaceMB: 4096))
}

@Suite("Hostile inputs under stress")
struct HostileInputStressTests {
    /// File names that break output formats that do not escape: workflow-command separators, percent signs,
    /// line breaks, terminal escapes, URI delimiters, non-ASCII.
    static let hostileNames = [
        "a%25b", "c:d,e", "f::warning g", "h\ni", "j\rk", "l\u{1B}[2Jm", "n o#p?q", "é日本", "r\u{7}s\u{9B}t", "100%",
    ].map { $0 + ".dynamics.json" }

    static func hostileWorkspace() throws -> Workspace {
        var files: [String: String] = [:]
        for name in hostileNames { files["names/" + name] = Scenes.unusedItem }
        return try Workspace(files)
    }

    /// A GitHub property value as the runner reads it back.
    static func unescapeProperty(_ text: Substring) -> String {
        var out = String(text)
        for (escaped, raw) in [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")] {
            out = out.replacingOccurrences(of: escaped, with: raw)
        }
        return out
    }

    @Test("github: one workflow command per diagnostic whatever the file name, its file property reads back")
    func githubCommandsSurviveHostileNames() throws {
        let workspace = try Self.hostileWorkspace()
        let run = try impulse(["lint", "names", "--format", "github"], in: workspace.url)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == Self.hostileNames.count, "\(run.stdout)")
        var files: Set<String> = []
        for line in lines {
            #expect(line.hasPrefix("::warning file="), "\(line)")
            #expect(!line.contains("\r"), "\(line.debugDescription)")
            let body = line.dropFirst("::warning ".count)
            guard let end = body.range(of: "::") else {
                Issue.record("no message separator: \(line.debugDescription)")
                continue
            }
            let properties = body[..<end.lowerBound].split(separator: ",")
            #expect(properties.count == 4, "\(line.debugDescription)")
            if let file = properties.first(where: { $0.hasPrefix("file=") }) {
                files.insert(Self.unescapeProperty(file.dropFirst(5)))
            }
        }
        #expect(files == Set(Self.hostileNames.map { "names/" + $0 }))
    }

    @Test("sarif: every artifact URI is percent-encoded ASCII that decodes to the file's path")
    func sarifURIsSurviveHostileNames() throws {
        let workspace = try Self.hostileWorkspace()
        let run = try impulse(["lint", "names", "--format", "sarif"], in: workspace.url)
        #expect(run.status == 0, "\(run.stderr)")
        let log = try #require(JSONValue.parse(run.stdout)?.objectValue)
        let results = log["runs"]?.arrayValue?.first?.objectValue?["results"]?.arrayValue ?? []
        #expect(results.count == Self.hostileNames.count)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/:%".unicodeScalars)
        var paths: Set<String> = []
        for result in results {
            let uri = try #require(
                result.objectValue?["locations"]?.arrayValue?.first?.objectValue?["physicalLocation"]?.objectValue?[
                    "artifactLocation"]?.objectValue?["uri"]?.stringValue)
            #expect(uri.unicodeScalars.allSatisfy(allowed.contains), "\(uri)")
            paths.insert(try #require(uri.removingPercentEncoding, "\(uri)"))
        }
        #expect(paths == Set(Self.hostileNames.map { "names/" + $0 }))
    }

    @Test("text: no control character reaches the terminal but the line breaks; names show them as \\xNN")
    func textShowsControlCharactersEscaped() throws {
        let workspace = try Self.hostileWorkspace()
        for colors in ["1", ""] {
            let run = try Impulse.run(
                ["lint", "names"], in: workspace.url, input: Data(), environment: ["NO_COLOR": colors],
                timeout: 120)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                !run.stdout.unicodeScalars.contains {
                    $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
                })
            #expect(run.stdout.contains("names/l\\x1B[2Jm.dynamics.json:"), "\(run.stdout)")
            #expect(run.stdout.contains("names/h\\x0Ai.dynamics.json:"), "\(run.stdout)")
            // One line per diagnostic, a blank line, the summary.
            #expect(run.stdout.split(separator: "\n").count == Self.hostileNames.count + 1, "\(run.stdout)")
        }
        let scene = try Workspace([
            "a.dynamics.json": Scenes.clean.replacingOccurrences(
                of: "\"format\": 1,", with: "\"format\": 1, \"name\": \"x\\u001b]0;pwned\\u0007\\ny\",")
        ])
        let preview = try impulse(["preview", "a.dynamics.json"], in: scene.url)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.hasPrefix("x\\x1B]0;pwned\\x07\\x0Ay: "), "\(preview.stdout.prefix(80))")
    }

    @Test("--shard with odd splits: every split of 1 to 64 parts covers the files once; odd spellings are usage errors")
    func oddShards() throws {
        var files: [String: String] = [:]
        for n in 0..<17 { files["s/\(n % 2 == 0 ? "even" : "odd")/x\(n).dynamics.json"] = Scenes.clean }
        let workspace = try Workspace(files)
        for count in [1, 3, 7, 16, 17, 64] {
            var seen: [String] = []
            for index in 1...count {
                let run = try impulse(
                    ["lint", "s", "--format", "json", "--shard", "\(index)/\(count)"], in: workspace.url)
                #expect(run.status == 0, "\(index)/\(count): \(run.stderr)")
                seen += try LintCommandTests.paths(in: run.stdout)
            }
            #expect(seen.sorted() == files.keys.sorted(), "split in \(count)")
        }
        let large = try impulse(["lint", "s", "--shard", "9223372036854775807/9223372036854775807"], in: workspace.url)
        #expect(large.status == 0, "\(large.stderr)")
        for shard in [
            "1/9223372036854775808", "9223372036854775808/1", " 1/2", "1/2 ", "1 /2", "1/2\n", "١/٢", "1.0/2", "1/-2",
            "0/0", "1//2", "1/2/", "\u{1B}/2",
        ] {
            let run = try impulse(["lint", "s", "--shard", shard], in: workspace.url)
            #expect(run.status == 2, "--shard \(shard.debugDescription): \(run.stdout)")
            #expect(!run.crashed && run.stdout.isEmpty, "--shard \(shard.debugDescription)")
        }
    }

    @Test("lint --simulate gives well-formed output in every format", arguments: ["text", "json", "github", "sarif"])
    func simulateInEveryFormat(format: String) throws {
        // One scene whose run diverges, one whose item leaves the view, one that rests.
        let workspace = try Workspace([
            "diverges.dynamics.json": Scenes.clean.replacingOccurrences(
                of: #"{"type": "gravity", "items": ["box"]}"#,
                with:
                    #"{"type": "push", "items": ["box"], "magnitude": 1e300}, {"type": "dynamicItem", "items": ["box"], "density": 1e-300}"#
            ),
            "escapes.dynamics.json": Scenes.clean,
            "rests.dynamics.json": Scenes.unusedItem,
        ])
        let run = try impulse(["lint", "--simulate", "--format", format, "."], in: workspace.url)
        #expect(!run.crashed && !run.timedOut)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("sim.diverged"), "\(run.stdout)")
        switch format {
        case "json", "sarif": #expect(JSONValue.parse(run.stdout) != nil)
        case "github": #expect(run.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::") })
        default: #expect(run.stdout.hasSuffix(" in 3 files\n"))
        }
    }

    /// A scene of `count` items chained by attachments, each to the next (the first anchored).
    static func chain(_ count: Int) -> String {
        let items = (0..<count).map {
            #"{"id": "i\#($0)", "center": [\#(10 + $0 % 100 * 3), \#(10 + $0 / 100 * 3)], "size": [2, 2]}"#
        }
        var behaviors = [#"{"type": "attachment", "item": "i0", "anchor": [10, 0]}"#]
        behaviors += (1..<count).map { #"{"type": "attachment", "item": "i\#($0)", "attachedTo": "i\#($0 - 1)"}"# }
        return """
            {"format": 1, "referenceView": {"width": 320, "height": 480},
             "items": [\(items.joined(separator: ",\n"))],
             "behaviors": [\(behaviors.joined(separator: ",\n"))]}
            """
    }

    @Test("an attachment chain of 10,000 links is linted, formatted, generated and previewed within its bound")
    func longAttachmentChain() throws {
        let workspace = try Workspace(["chain.dynamics.json": Self.chain(10_000)])
        for arguments in [
            ["lint", "--format", "json", "chain.dynamics.json"], ["format", "--check", "chain.dynamics.json"],
            ["generate", "swift", "chain.dynamics.json", "-o", "chain.swift"],
            ["preview", "--frames", "2", "--format", "json", "chain.dynamics.json", "-o", "chain.json"],
        ] {
            let run = try impulse(arguments, in: workspace.url, timeout: 300)
            #expect(!run.crashed && !run.timedOut, "\(arguments): \(run.stderr.suffix(300))")
            #expect([0, 1].contains(run.status), "\(arguments): \(run.stderr.suffix(300))")
        }
        #expect(try workspace.read("chain.swift").contains("UIAttachmentBehavior"))
        let preview = try #require(JSONValue.parse(try workspace.read("chain.json"))?.objectValue)
        #expect(preview["final"]?.objectValue?.members.count == 10_000)
    }

    @Test("a scene of 5,000 behaviors is linted, generated and previewed within its bound")
    func fiveThousandBehaviors() throws {
        let items = (0..<100).map {
            #"{"id": "i\#($0)", "center": [\#(20 + $0 % 10 * 28), \#(20 + $0 / 10 * 28)], "size": [10, 10]}"#
        }
        let kinds = [
            #"{"type": "gravity", "items": ["i%d"]}"#,
            #"{"type": "push", "items": ["i%d"], "mode": "instantaneous", "magnitude": 0.01}"#,
            #"{"type": "dynamicItem", "items": ["i%d"], "elasticity": 0.5}"#,
            #"{"type": "collision", "items": ["i%d"]}"#,
            #"{"type": "snap", "items": ["i%d"], "point": [100, 100]}"#,
        ]
        let behaviors = (0..<5_000).map { String(format: kinds[$0 % kinds.count], $0 / kinds.count % 100) }
        let scene = """
            {"format": 1, "referenceView": {"width": 320, "height": 480}, "items": [\(items.joined(separator: ","))],
             "behaviors": [\(behaviors.joined(separator: ",\n"))]}
            """
        let workspace = try Workspace(["many.dynamics.json": scene])
        for arguments in [
            ["lint", "--simulate", "--format", "sarif", "many.dynamics.json"],
            ["generate", "objc", "many.dynamics.json"],
            ["preview", "--frames", "30", "--format", "svg", "many.dynamics.json", "-o", "many.svg"],
        ] {
            let run = try impulse(arguments, in: workspace.url, timeout: 300)
            #expect(!run.crashed && !run.timedOut, "\(arguments): \(run.stderr.suffix(300))")
            #expect([0, 1].contains(run.status), "\(arguments): \(run.stderr.suffix(300))")
        }
    }
}
