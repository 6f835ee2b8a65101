import JSON
import Scene

extension Configuration {
    /// The top-level keys of `.impulse.json` (`$schema` is accepted and ignored, as in scenes).
    package static let keys = ["rules", "exclude", "indent", "simulate", "root", "$schema"]

    /// Reads the settings in `bytes`, the content of the configuration file `file`.
    ///
    /// - Throws: a `ConfigurationError` naming the first problem, with its line and column.
    package static func parse(_ bytes: [UInt8], file: String) throws(ConfigurationError) -> Configuration {
        var reader = Reader(bytes: bytes, file: file)
        guard let root = JSONValue.parse(bytes) else {
            let document = JSONDocument.parse(bytes)
            let detail = document.syntaxError.map { ": \($0.message)" } ?? ""
            throw reader.error(
                .invalidJSON, "the configuration is not valid JSON\(detail)",
                at: document.syntaxError?.range.lowerBound)
        }
        guard let object = root.objectValue else {
            throw reader.error(
                .wrongType, "the configuration must be a JSON object, not \(root.article)", pointer: .root)
        }
        var configuration = Configuration(file: file)
        for (key, value) in object.members {
            let pointer = JSONPointer.root.appending(key)
            switch key {
            case "$schema":
                guard value.stringValue != nil else {
                    throw reader.error(
                        .wrongType, "\"$schema\" must be a string, not \(value.article)", pointer: pointer)
                }
            case "rules":
                configuration.rules = try reader.rules(value, pointer: pointer)
            case "exclude":
                guard let globs = value.arrayValue else {
                    throw reader.error(
                        .wrongType, "\"exclude\" must be an array of glob strings, not \(value.article)",
                        pointer: pointer)
                }
                configuration.exclude = try globs.enumerated().map { (index, glob) throws(ConfigurationError) in
                    guard let pattern = glob.stringValue, !pattern.isEmpty else {
                        throw reader.error(
                            .wrongType, "\"exclude\" holds glob strings such as \"drafts/**\", not \(glob.article)",
                            pointer: pointer.appending(index))
                    }
                    return Glob(pattern)
                }
            case "indent":
                guard let number = value.numberValue, number == number.rounded(),
                    indentRange.contains(Int(exactly: number) ?? -1)
                else {
                    let kind: ConfigurationError.Kind = value.numberValue == nil ? .wrongType : .outOfRange
                    throw reader.error(
                        kind,
                        "\"indent\" must be a whole number of spaces from \(indentRange.lowerBound) to \(indentRange.upperBound), not \(value.article)",
                        pointer: pointer)
                }
                configuration.indent = Int(number)
            case "simulate":
                guard let flag = value.boolValue else {
                    throw reader.error(
                        .wrongType, "\"simulate\" must be true or false, not \(value.article)", pointer: pointer)
                }
                configuration.simulate = flag
            case "root":
                guard let flag = value.boolValue else {
                    throw reader.error(
                        .wrongType, "\"root\" must be true or false, not \(value.article)", pointer: pointer)
                }
                configuration.isRoot = flag
            default:
                throw reader.error(
                    .unknownKey,
                    "unknown key \"\(key)\"\(didYouMean(nearest(key, in: keys).map { [$0] } ?? [])); the keys are \"rules\", \"exclude\", \"indent\", \"simulate\" and \"root\"",
                    pointer: pointer, onKey: true)
            }
        }
        return configuration
    }

    /// Turns problems into errors at the right line and column; the source map is built only when one is needed.
    private struct Reader {
        let bytes: [UInt8]
        let file: String
        private var document: JSONDocument?

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
        }

        mutating func rules(_ value: JSONValue, pointer: JSONPointer) throws(ConfigurationError) -> [String: Severity?]
        {
            guard let object = value.objectValue else {
                throw error(
                    .wrongType,
                    "\"rules\" must be an object of rule codes and severities, such as {\"item.unused\": \"off\"}, not \(value.article)",
                    pointer: pointer)
            }
            let words = Severity.allCases.map(\.rawValue) + ["off"]
            var rules: [String: Severity?] = [:]
            for (code, setting) in object.members {
                let member = pointer.appending(code)
                guard Rules.rule(code) != nil else {
                    throw error(
                        .unknownRule,
                        "\"\(code)\" is not a rule code\(didYouMean(Rules.nearestCodes(to: code))); `impulse explain` lists them",
                        pointer: member, onKey: true)
                }
                guard let word = setting.stringValue else {
                    throw error(
                        .wrongType,
                        "the severity of \"\(code)\" must be one of \"error\", \"warning\", \"info\", \"hint\" or \"off\", not \(setting.article)",
                        pointer: member)
                }
                guard words.contains(word) else {
                    throw error(
                        .badSeverity,
                        "\"\(word)\" is not a severity\(didYouMean(nearest(word, in: words).map { [$0] } ?? [])); use \"error\", \"warning\", \"info\", \"hint\" or \"off\"",
                        pointer: member)
                }
                rules[code] = .some(Severity(rawValue: word))
            }
            return rules
        }

        mutating func error(
            _ kind: ConfigurationError.Kind, _ message: String, pointer: JSONPointer, onKey: Bool = false
        ) -> ConfigurationError {
            if document == nil { document = JSONDocument.parse(bytes) }
            let map = document!.sourceMap
            let range = onKey ? map.keyRange(pointer) : (map[pointer]?.valueRange ?? map.valueRange(pointer))
            return error(kind, message, at: range?.lowerBound)
        }

        mutating func error(_ kind: ConfigurationError.Kind, _ message: String, at offset: Int?) -> ConfigurationError {
            guard let offset else { return ConfigurationError(kind: kind, file: file, message: message) }
            if document == nil { document = JSONDocument.parse(bytes) }
            let position = document!.lineIndex.cliPosition(of: offset)
            return ConfigurationError(
                kind: kind, file: file, line: position.line, column: position.column, message: message)
        }
    }
}

/// ` (did you mean "a" or "b"?)`, or "" without suggestions.
package func didYouMean(_ suggestions: [String]) -> String {
    let quoted = suggestions.map { "\"\($0)\"" }
    guard let last = quoted.last else { return "" }
    let list = quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
    return " (did you mean \(list)?)"
}

extension JSONValue {
    /// The value for a message: `a string ("warn")`, `the number 2.5`, `an array`.
    var article: String {
        switch self {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number: "the number \(String(decoding: serialized(), as: UTF8.self))"
        case .string(let text): "the string \"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
