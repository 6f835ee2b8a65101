import Foundation
import Scene
import Testing

/// Every catalog key's default is stated once: in the catalog (which reads UIKit's body and field defaults from the
/// engine). Code that needs a default reads it from there (`Catalog.knownDefaultNumber`, a model's `resolved…` or
/// `default…`), and never types the number again beside the key's name, where a change of the catalog would not
/// reach it.
@Suite("One default per key")
struct OneDefaultPerKeyTests {
    /// Each key name whose default is a constant number, with its defaults (one per object kind that has the key).
    static func numericDefaults() -> [String: [Double]] {
        var defaults: [String: [Double]] = [:]
        for table in Catalog.objects {
            for key in table.keys {
                if let number = key.defaultValue?.numberValue { defaults[key.name, default: []].append(number) }
            }
        }
        return defaults
    }

    /// A number as Swift code writes it: `0`, `0.5`, `-1`, `1e-3`, `.pi`, `.pi / 2`.
    static let literal =
        #"(-?)(?:(\.pi)(?:\s*/\s*([0-9]+(?:\.[0-9]+)?))?|([0-9][0-9_]*(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?))(?![\w.])"#

    /// A name followed by a literal that stands in for its value: `name ?? 0.5`, `number("name") ?? 0.5`, and a
    /// parameter's or property's default, `name: Double = 0.5`.
    static let patterns = [
        #"\b([A-Za-z_][A-Za-z0-9_]*)"?\)?\s*\?\?\s*"# + literal,
        #"\b([A-Za-z_][A-Za-z0-9_]*)\s*:\s*Double\??\s*=\s*"# + literal,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// The lines of `code` that type a default of `defaults` again beside its key's name, as `line: text`.
    static func retypedDefaults(in code: String, defaults: [String: [Double]]) -> [String] {
        var found: [String] = []
        for (number, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            let whole = NSRange(code.startIndex..., in: code)
            for pattern in patterns {
                for match in pattern.matches(in: code, range: whole) {
                    func group(_ index: Int) -> String? {
                        Range(match.range(at: index), in: code).map { String(code[$0]) }
                    }
                    guard let name = group(1), let keyDefaults = defaults[name] else { continue }
                    var value: Double
                    if group(3) != nil {
                        value = Double.pi / (Double(group(4) ?? "1") ?? 1)
                    } else {
                        guard let digits = group(5), let parsed = Double(digits.replacingOccurrences(of: "_", with: ""))
                        else { continue }
                        value = parsed
                    }
                    if group(2) == "-" { value = -value }
                    if keyDefaults.contains(where: { abs($0 - value) <= 1e-12 * max(1, abs($0)) }) {
                        found.append("\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        return found
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("no source outside the catalog and the engine types a catalog key's default again")
    func eachDefaultIsStatedOnce() throws {
        let defaults = Self.numericDefaults()
        #expect(defaults["frameRate"] != nil && defaults["damping"]?.count ?? 0 > 1, "the catalog is read")
        let sources = Self.root.appendingPathComponent("Sources")
        let walk = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var read = 0
        for case let url as URL in walk where url.pathExtension == "swift" {
            let path = url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            if path.hasPrefix("Sources/Scene/Catalog/") || path.hasPrefix("Sources/Engine/") { continue }
            read += 1
            for place in Self.retypedDefaults(in: try String(contentsOf: url, encoding: .utf8), defaults: defaults) {
                Issue.record("\(path):\(place) types a catalog default again; read it from the catalog")
            }
        }
        #expect(read > 100, "the sources are read")
    }

    @Test("a default typed again beside its key's name is found, another number is not")
    func theScanFindsARetypedDefault() {
        let defaults = Self.numericDefaults()
        let retyped = [
            "let rate = preview.frameRate ?? \(Int(defaults["frameRate"]?.first ?? 0))",
            "top: sides.number(\"top\") ?? 0, left: 1",
            "Vector.polar(angle: angle ?? .pi / 2, magnitude: 1)",
            "init(pointer: JSONPointer, damping: Double = 0.5) {",
            "let f = (attachment.frequency ?? 0) > 0",
        ]
        for line in retyped {
            #expect(Self.retypedDefaults(in: line, defaults: defaults).count == 1, "\(line)")
        }
        let others = [
            "let rate = preview.frameRate ?? 59", "let d = damping ?? 0.25", "var magnitude = 0.0",
            "// frameRate ?? 60 in a comment", "let count = items.count ?? 0",
        ]
        for line in others {
            #expect(Self.retypedDefaults(in: line, defaults: defaults).isEmpty, "\(line)")
        }
    }
}
