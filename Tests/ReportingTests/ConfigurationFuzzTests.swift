import Scene
import TestSupport
import Testing

@testable import Reporting

// Seeded fuzzing of `.impulse.json`: mutated, malformed, huge, deep and self-contradicting configurations are
// read into settings or refused with one message naming the file, never a crash or a hang. A failure names the
// seed, the round and the input.
@Suite("Configuration files under fuzzing")
struct ConfigurationFuzzTests {
    static let file = "/project/.impulse.json"

    /// Pieces a mutation inserts: the keys, severities and codes, JSON structure, numeric extremes, hostile text.
    static let pieces: [String] = [
        #""rules""#, #""exclude""#, #""indent""#, #""simulate""#, #""root""#, #""$schema""#, #""item.unused""#,
        #""scene.format""#, #""nope.code""#, #""error""#, #""off""#, #""warning""#, #""hint""#, #""loud""#, "{", "}",
        "[", "]", ":", ",", "\"", "true", "false", "null", "0", "-0", "2", "16", "17", "1e20", "1e308", "-1e308",
        "1e-320", "2.5", "9007199254740993", "123456789012345678901234567890", #""**""#, #""[!a-""#,
        #""\u0000""#, #""\u001b[2J""#, #""%0A::,""#, "\u{FEFF}", "/* c */", "\n", " ",
    ]

    static let seeds: [String] = [
        #"{"rules": {"item.unused": "off", "scene.format": "warning"}, "exclude": ["drafts/**"], "indent": 4}"#,
        #"{"simulate": true, "root": true, "$schema": "x"}"#,
        #"{"rules": {}, "exclude": [], "indent": 2, "simulate": false}"#,
        "{}",
    ]

    /// What parsing `bytes` gives: settings within their ranges, or one error naming the file with a message.
    static func check(_ bytes: [UInt8], _ context: @autoclosure () -> String) {
        do {
            let configuration = try Configuration.parse(bytes, file: file)
            #expect((1...16).contains(configuration.indent), "\(context())")
            for glob in configuration.exclude {
                for path in ["a", "drafts/x.dynamics.json", String(repeating: "a/", count: 200) + "b"] {
                    _ = glob.matches(path)
                }
            }
        } catch {
            #expect(error.file == file, "\(context())")
            #expect(!error.description.isEmpty, "\(context())")
        }
    }

    @Test("mutated configurations are read or refused with a message, never a crash")
    func mutatedConfigurations() {
        let seed: UInt64 = 0x1A9_C0F1
        var random = SplitMix64(seed: seed)
        for round in 0..<4_000 {
            var text = Array(random.pick(Self.seeds).utf8)
            for _ in 0..<(1 + random.below(5)) {
                let at = random.below(text.count + 1)
                switch random.below(4) {
                case 0: text.insert(contentsOf: random.pick(Self.pieces).utf8, at: at)
                case 1: if at < text.count { text.remove(at: at) }
                case 2: text.removeSubrange(at..<min(text.count, at + random.below(8)))
                default: if at < text.count { text[at] = UInt8(truncatingIfNeeded: random.next()) }
                }
            }
            Self.check(text, "seed \(seed) round \(round): \(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test("a configuration nested 100,000 deep is refused with a message")
    func deepConfigurations() {
        for opening in ["[", "{\"rules\":", "{\"exclude\":[", "{\"rules\":{\"item.unused\":"] {
            let text = String(repeating: opening, count: 100_000)
            #expect(throws: ConfigurationError.self) { try Configuration.parse(Array(text.utf8), file: Self.file) }
        }
    }

    @Test("huge configurations are read: 20,000 rules entries, 10,000 globs, a 1 MB glob")
    func hugeConfigurations() throws {
        let codes = Rules.all.map(\.code)
        let rules = (0..<20_000).map { "\"\(codes[$0 % codes.count])\": \"\(["off", "error", "hint"][$0 % 3])\"" }
        let many = try Configuration.parse(
            Array("{\"rules\": {\(rules.joined(separator: ","))}}".utf8), file: Self.file)
        #expect(many.rules.count == codes.count)
        let globs = (0..<10_000).map { "\"drafts\($0)/**\"" }.joined(separator: ",")
        let excluded = try Configuration.parse(Array("{\"exclude\": [\(globs)]}".utf8), file: Self.file)
        #expect(excluded.excludes(Self.file.replacingOccurrences(of: ".impulse.json", with: "drafts9999/a")))
        let long = "{\"exclude\": [\"" + String(repeating: "*a", count: 500_000) + "\"]}"
        let slow = try Configuration.parse(Array(long.utf8), file: Self.file)
        #expect(!slow.excludes("/project/" + String(repeating: "a", count: 10_000) + "b"))
    }

    @Test("settings given twice keep the last, as JSON readers do; each unknown rule code is refused")
    func conflictingSettings() throws {
        let twice = try Configuration.parse(
            Array(#"{"indent": 2, "indent": 8, "rules": {"item.unused": "off", "item.unused": "error"}}"#.utf8),
            file: Self.file)
        #expect(twice.indent == 8)
        #expect(twice.rules["item.unused"] == .some(.error))
        for code in ["item.Unused", "item.unused ", "", "\u{1B}[2J", "*", "item.*"] {
            let text = "{\"rules\": {\"\(code.replacingOccurrences(of: "\u{1B}", with: "\\u001b"))\": \"off\"}}"
            #expect(throws: ConfigurationError.self, "\(code)") {
                try Configuration.parse(Array(text.utf8), file: Self.file)
            }
        }
    }
}
