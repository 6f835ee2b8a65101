import JSON
import Scene
import Testing

@testable import Reporting

/// Three files: one with a diagnostic of every severity (given out of order), one clean, and one whose
/// name needs escaping. Expected outputs are written by hand from interfaces.md.
enum Fixture {
    static let ballText = "{\n  \"format\": 2,\n  \"nåme\": \"é\",\n  \"items\": []\n}\n"
    static let oddText = "{\"items\": []}"

    /// The byte range of the first occurrence of `needle` in `text`.
    static func range(of needle: String, in text: String) -> Range<Int> {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        for start in 0...(haystack.count - pattern.count)
        where Array(haystack[start..<(start + pattern.count)]) == pattern {
            return start..<(start + pattern.count)
        }
        preconditionFailure("\(needle) is not in the text")
    }

    static var files: [LintedFile] {
        let ball = LintedFile(
            path: "scenes/ball.dynamics.json", lineIndex: LineIndex(Array(ballText.utf8)),
            diagnostics: [
                Diagnostic(
                    code: "sim.neverRests", severity: .info, message: "still moving after 3 s",
                    range: range(of: "\"items\"", in: ballText)),
                Diagnostic(
                    code: "item.unused", severity: .hint, message: "the value is \"é\"",
                    range: range(of: "\"é\"", in: ballText)),
                Diagnostic(
                    code: "scene.unknownKey", severity: .warning,
                    message: "unknown key \"nåme\", 50% sure: did you mean \"name\"?",
                    range: range(of: "\"nåme\"", in: ballText),
                    related: [Diagnostic.Related(message: "the scene starts here", range: 0..<1)]),
                Diagnostic(
                    code: "scene.format", severity: .error, message: "`format` is 2; the only format is 1",
                    range: range(of: "2", in: ballText)),
            ])
        let clean = LintedFile(
            path: "scenes/clean.dynamics.json", lineIndex: LineIndex(Array("{}".utf8)), diagnostics: [])
        let odd = LintedFile(
            path: "scenes/a,b:c%.dynamics.json", lineIndex: LineIndex(Array(oddText.utf8)),
            diagnostics: [
                Diagnostic(code: "scene.noItems", severity: .warning, message: "items is empty", range: 0..<1)
            ])
        return [ball, clean, odd]
    }
}

@Suite("Lint output formats")
struct LintEncoderTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("text: one line per diagnostic in position order, related places as notes, then the summary")
    func textFormat() {
        let output = text(TextLintEncoder(colored: false).encode(Fixture.files))
        #expect(
            output == """
                scenes/ball.dynamics.json:2:13: error: `format` is 2; the only format is 1 [scene.format]
                scenes/ball.dynamics.json:3:3: warning: unknown key "nåme", 50% sure: did you mean "name"? [scene.unknownKey]
                  scenes/ball.dynamics.json:1:1: note: the scene starts here
                scenes/ball.dynamics.json:3:11: hint: the value is "é" [item.unused]
                scenes/ball.dynamics.json:4:3: info: still moving after 3 s [sim.neverRests]
                scenes/a,b:c%.dynamics.json:1:1: warning: items is empty [scene.noItems]

                1 error, 2 warnings in 3 files

                """)
    }

    @Test("text: a clean run is the summary alone, with singular nouns for one")
    func textSummaryOnly() {
        let clean = Array(Fixture.files[1...1])
        #expect(text(TextLintEncoder(colored: false).encode(clean)) == "0 errors, 0 warnings in 1 file\n")
        #expect(text(TextLintEncoder(colored: false).encode([])) == "0 errors, 0 warnings in 0 files\n")
        let odd = Array(Fixture.files[2...2])
        #expect(text(TextLintEncoder(colored: false).encode(odd)).hasSuffix("\n\n0 errors, 1 warning in 1 file\n"))
    }

    @Test("text: colors mark the location, the severity, the code and the summary on a terminal")
    func textColors() {
        let output = text(TextLintEncoder(colored: true).encode(Array(Fixture.files[0...0])))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines[0]
                == "\u{1B}[1mscenes/ball.dynamics.json:2:13:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m `format` is 2; the only format is 1 \u{1B}[2m[scene.format]\u{1B}[0m"
        )
        #expect(lines[1].contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        #expect(lines.last(where: { !$0.isEmpty }) == "\u{1B}[1;31m1 error, 1 warning in 1 file\u{1B}[0m")
        #expect(!text(TextLintEncoder(colored: false).encode(Fixture.files)).contains("\u{1B}"))
    }

    @Test("standard input is shown as stdin in text and as - in json")
    func standardInputPath() {
        let file = LintedFile(
            path: "-", lineIndex: LineIndex(Array(Fixture.oddText.utf8)), diagnostics: Fixture.files[2].diagnostics)
        #expect(
            text(TextLintEncoder(colored: false).encode([file])).hasPrefix(
                "stdin:1:1: warning: items is empty [scene.noItems]\n"))
        #expect(
            text(GitHubLintEncoder().encode([file]))
                == "::warning file=stdin,line=1,col=1,title=scene.noItems::items is empty\n")
        let json = JSONValue.parse(JSONLintEncoder().encode([file]))
        #expect(json?.objectValue?["files"]?.arrayValue?.first?.objectValue?["path"] == .string("-"))
    }

    @Test("json: every file listed, clean ones with an empty list; exclusive end; infos count hints too")
    func jsonFormat() throws {
        let bytes = JSONLintEncoder().encode(Fixture.files)
        let expected = JSONValue.parse(
            #"""
            {"files": [
              {"path": "scenes/ball.dynamics.json", "diagnostics": [
                {"code": "scene.format", "severity": "error", "message": "`format` is 2; the only format is 1",
                 "range": {"start": {"line": 2, "column": 13}, "end": {"line": 2, "column": 14}}, "related": []},
                {"code": "scene.unknownKey", "severity": "warning", "message": "unknown key \"nåme\", 50% sure: did you mean \"name\"?",
                 "range": {"start": {"line": 3, "column": 3}, "end": {"line": 3, "column": 9}},
                 "related": [{"message": "the scene starts here", "range": {"start": {"line": 1, "column": 1}, "end": {"line": 1, "column": 2}}}]},
                {"code": "item.unused", "severity": "hint", "message": "the value is \"é\"",
                 "range": {"start": {"line": 3, "column": 11}, "end": {"line": 3, "column": 14}}, "related": []},
                {"code": "sim.neverRests", "severity": "info", "message": "still moving after 3 s",
                 "range": {"start": {"line": 4, "column": 3}, "end": {"line": 4, "column": 10}}, "related": []}
              ]},
              {"path": "scenes/clean.dynamics.json", "diagnostics": []},
              {"path": "scenes/a,b:c%.dynamics.json", "diagnostics": [
                {"code": "scene.noItems", "severity": "warning", "message": "items is empty",
                 "range": {"start": {"line": 1, "column": 1}, "end": {"line": 1, "column": 2}}, "related": []}
              ]}
            ],
            "summary": {"files": 3, "errors": 1, "warnings": 2, "infos": 2}}
            """#)
        #expect(expected != nil)
        #expect(JSONValue.parse(bytes) == expected)
        #expect(text(bytes).hasPrefix("{\n  \"files\": [\n"))
        #expect(text(bytes).hasSuffix("}\n"))
    }

    @Test("github: one workflow command per diagnostic, notices for infos and hints, escaped")
    func githubFormat() {
        #expect(
            text(GitHubLintEncoder().encode(Fixture.files)) == """
                ::error file=scenes/ball.dynamics.json,line=2,col=13,title=scene.format::`format` is 2; the only format is 1
                ::warning file=scenes/ball.dynamics.json,line=3,col=3,title=scene.unknownKey::unknown key "nåme", 50%25 sure: did you mean "name"?
                ::notice file=scenes/ball.dynamics.json,line=3,col=11,title=item.unused::the value is "é"
                ::notice file=scenes/ball.dynamics.json,line=4,col=3,title=sim.neverRests::still moving after 3 s
                ::warning file=scenes/a%2Cb%3Ac%25.dynamics.json,line=1,col=1,title=scene.noItems::items is empty

                """)
    }

    @Test("github escaping: % CR LF in messages; also : and , in properties")
    func githubEscaping() {
        #expect(GitHubLintEncoder.escapeData("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext: a, b")
        #expect(GitHubLintEncoder.escapeProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        #expect(GitHubLintEncoder.escapeData("%25") == "%2525")
    }

    @Test("sarif: one run, the whole rule catalog, results with regions, levels and related locations")
    func sarifFormat() throws {
        let bytes = SARIFLintEncoder().encode(Fixture.files)
        let log = try #require(JSONValue.parse(bytes)?.objectValue)
        #expect(log["version"] == .string("2.1.0"))
        #expect(
            log["$schema"]
                == .string("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        )
        let runs = try #require(log["runs"]?.arrayValue)
        #expect(runs.count == 1)
        let run = try #require(runs.first?.objectValue)
        #expect(run["columnKind"] == .string("unicodeCodePoints"))

        let driver = try #require(run["tool"]?.objectValue?["driver"]?.objectValue)
        #expect(driver["name"] == .string("impulse"))
        let ruleValues = try #require(driver["rules"]?.arrayValue)
        let rules = ruleValues.compactMap(\.objectValue)
        #expect(rules.map { $0["id"] } == Rules.all.map { .string($0.code) })
        #expect(rules.map(\.["id"]).contains(.string("sim.tunnels")))
        let format = try #require(rules.first { $0["id"] == .string("scene.format") })
        #expect(format["shortDescription"] == JSONValue.parse(#"{"text": "`format` is not 1."}"#))
        #expect(format["defaultConfiguration"] == JSONValue.parse(#"{"level": "error"}"#))
        let neverRests = try #require(rules.first { $0["id"] == .string("sim.neverRests") })
        #expect(neverRests["defaultConfiguration"] == JSONValue.parse(#"{"level": "note"}"#))
        #expect(
            rules.allSatisfy { $0["help"]?.objectValue?["markdown"]?.stringValue?.contains("## How to fix it") == true }
        )

        #expect(
            run["artifacts"]
                == JSONValue.parse(
                    #"""
                    [{"location": {"uri": "scenes/ball.dynamics.json"}},
                     {"location": {"uri": "scenes/clean.dynamics.json"}},
                     {"location": {"uri": "scenes/a%2Cb:c%25.dynamics.json"}}]
                    """#))
        func index(_ code: String) -> Int { Rules.all.firstIndex { $0.code == code }! }
        let expectedResults = JSONValue.parse(
            #"""
            [
             {"ruleId": "scene.format", "ruleIndex": \#(index("scene.format")), "level": "error",
              "message": {"text": "`format` is 2; the only format is 1"},
              "locations": [{"physicalLocation": {"artifactLocation": {"uri": "scenes/ball.dynamics.json", "index": 0},
                             "region": {"startLine": 2, "startColumn": 13, "endLine": 2, "endColumn": 14}}}]},
             {"ruleId": "scene.unknownKey", "ruleIndex": \#(index("scene.unknownKey")), "level": "warning",
              "message": {"text": "unknown key \"nåme\", 50% sure: did you mean \"name\"?"},
              "locations": [{"physicalLocation": {"artifactLocation": {"uri": "scenes/ball.dynamics.json", "index": 0},
                             "region": {"startLine": 3, "startColumn": 3, "endLine": 3, "endColumn": 9}}}],
              "relatedLocations": [{"id": 0, "message": {"text": "the scene starts here"},
                                    "physicalLocation": {"artifactLocation": {"uri": "scenes/ball.dynamics.json", "index": 0},
                                                         "region": {"startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 2}}}]},
             {"ruleId": "item.unused", "ruleIndex": \#(index("item.unused")), "level": "note",
              "message": {"text": "the value is \"é\""},
              "locations": [{"physicalLocation": {"artifactLocation": {"uri": "scenes/ball.dynamics.json", "index": 0},
                             "region": {"startLine": 3, "startColumn": 11, "endLine": 3, "endColumn": 14}}}]},
             {"ruleId": "sim.neverRests", "ruleIndex": \#(index("sim.neverRests")), "level": "note",
              "message": {"text": "still moving after 3 s"},
              "locations": [{"physicalLocation": {"artifactLocation": {"uri": "scenes/ball.dynamics.json", "index": 0},
                             "region": {"startLine": 4, "startColumn": 3, "endLine": 4, "endColumn": 10}}}]},
             {"ruleId": "scene.noItems", "ruleIndex": \#(index("scene.noItems")), "level": "warning",
              "message": {"text": "items is empty"},
              "locations": [{"physicalLocation": {"artifactLocation": {"uri": "scenes/a%2Cb:c%25.dynamics.json", "index": 2},
                             "region": {"startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 2}}}]}
            ]
            """#)
        #expect(expectedResults != nil)
        #expect(run["results"] == expectedResults)
    }

    @Test("sarif artifact URIs: relative references, percent-encoded; absolute paths as file URIs")
    func sarifURIs() {
        func uri(_ path: String) -> String {
            SARIFLintEncoder.uri(for: LintedFile(path: path, lineIndex: LineIndex([]), diagnostics: []))
        }
        #expect(uri("./scenes/my scene.dynamics.json") == "scenes/my%20scene.dynamics.json")
        #expect(uri("/home/me/é.dynamics.json") == "file:///home/me/%C3%A9.dynamics.json")
        #expect(uri("c:d.dynamics.json") == "./c:d.dynamics.json")
        #expect(uri("-") == "stdin")
    }
}
