import JSON
import Scene

/// The `sarif` format: a SARIF 2.1.0 log with one run. The driver's `rules` are the whole rule catalog
/// (`sim.*` included) with their one-line summaries, default levels and explain pages; every linted file is
/// an artifact (clean ones too); each diagnostic is a result with its region (1-based, end column
/// exclusive, columns in Unicode code points) and its related places as `relatedLocations`.
/// Artifact URIs are relative references (the path as given, percent-encoded); absolute paths become `file://` URIs.
package struct SARIFLintEncoder: LintEncoder {
    /// The rules listed in the driver (the registry by default).
    package var rules: [Rule]

    package init(rules: [Rule] = Rules.all) { self.rules = rules }

    package static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    package func encode(_ files: [LintedFile]) -> [UInt8] {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { first, _ in first })
        var results: [JSONValue] = []
        for (artifactIndex, file) in files.enumerated() {
            let uri = Self.uri(for: file)
            func location(_ range: Range<Int>) -> JSONValue {
                .object(
                    JSONObject([
                        (
                            "artifactLocation",
                            .object(JSONObject([("uri", .string(uri)), ("index", number(artifactIndex))]))
                        ),
                        ("region", region(range, file.lineIndex)),
                    ]))
            }
            for diagnostic in file.diagnostics {
                var result: [(key: String, value: JSONValue)] = [("ruleId", .string(diagnostic.code))]
                if let index = ruleIndex[diagnostic.code] { result.append(("ruleIndex", number(index))) }
                result += [
                    ("level", .string(Self.level(diagnostic.severity))),
                    ("message", .object(JSONObject([("text", .string(diagnostic.message))]))),
                    ("locations", .array([.object(JSONObject([("physicalLocation", location(diagnostic.range))]))])),
                ]
                if !diagnostic.related.isEmpty {
                    result.append(
                        (
                            "relatedLocations",
                            .array(
                                diagnostic.related.enumerated().map { id, related in
                                    .object(
                                        JSONObject([
                                            ("id", number(id)),
                                            ("message", .object(JSONObject([("text", .string(related.message))]))),
                                            ("physicalLocation", location(related.range)),
                                        ]))
                                })
                        ))
                }
                results.append(.object(JSONObject(result)))
            }
        }
        let driver = JSONObject([
            ("name", .string(ToolInfo.name)),
            ("semanticVersion", .string(ToolInfo.version)),
            ("rules", .array(rules.map(descriptor))),
        ])
        let run = JSONObject([
            ("tool", .object(JSONObject([("driver", .object(driver))]))),
            ("columnKind", .string("unicodeCodePoints")),
            (
                "artifacts",
                .array(
                    files.map { file in
                        .object(
                            JSONObject([("location", .object(JSONObject([("uri", .string(Self.uri(for: file)))])))]))
                    })
            ),
            ("results", .array(results)),
        ])
        let log = JSONValue.object(
            JSONObject([
                ("$schema", .string(Self.schemaURI)),
                ("version", .string("2.1.0")),
                ("runs", .array([.object(run)])),
            ]))
        return log.serialized(pretty: true) + [0x0A]
    }

    private func descriptor(_ rule: Rule) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(rule.code)),
            ("shortDescription", .object(JSONObject([("text", .string(rule.summary))]))),
            ("defaultConfiguration", .object(JSONObject([("level", .string(Self.level(rule.defaultSeverity)))]))),
        ]
        if let page = rule.documentation {
            members.append(("fullDescription", .object(JSONObject([("text", .string(page.meaning))]))))
            members.append(
                ("help", .object(JSONObject([("text", .string(page.fix)), ("markdown", .string(page.markdown))]))))
        }
        members.append(("properties", .object(JSONObject([("tags", .array([.string(rule.group.rawValue)]))]))))
        return .object(JSONObject(members))
    }

    private func region(_ range: Range<Int>, _ lineIndex: LineIndex) -> JSONValue {
        let start = lineIndex.cliPosition(of: range.lowerBound)
        let end = lineIndex.cliPosition(of: range.upperBound)
        return .object(
            JSONObject([
                ("startLine", number(start.line)),
                ("startColumn", number(start.column)),
                ("endLine", number(end.line)),
                ("endColumn", number(end.column)),
            ]))
    }

    private func number(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// SARIF's level of a severity: infos and hints are notes.
    package static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info, .hint: "note"
        }
    }

    /// The artifact URI of a file: `stdin`, a percent-encoded relative reference, or a `file://` URI.
    package static func uri(for file: LintedFile) -> String {
        if file.path == LintedFile.standardInputPath { return "stdin" }
        var path = Substring(file.path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        let encoded = percentEncoded(String(path))
        // A relative reference whose first segment holds a colon would read as a scheme.
        if path.hasPrefix("/") { return "file://" + encoded }
        if let colon = encoded.firstIndex(of: ":"), !encoded[..<colon].contains("/") { return "./" + encoded }
        return encoded
    }

    /// Percent-encodes every byte except RFC 3986's unreserved characters, `/` and `:`.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
                UInt8(ascii: ":"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
