import JSON
import Scene

/// The editor's `impulse` settings: `{"simulate": bool, "rules": {"CODE": "error"|"warning"|"info"|"hint"|"off"}}`.
///
/// They override `.impulse.json` code by code; `simulate` is off unless turned on (here or in `.impulse.json`).
package struct EditorSettings: Equatable, Sendable {
    /// nil: not set by the editor (`.impulse.json` decides).
    package var simulate: Bool?
    /// Severity overrides by rule code (nil: off).
    package var rules: [String: Severity?]

    package init(simulate: Bool? = nil, rules: [String: Severity?] = [:]) {
        self.simulate = simulate
        self.rules = rules
    }

    /// Reads settings leniently: what is valid is kept, each problem is described (unknown keys are ignored,
    /// as editors mix settings of several tools).
    package static func parse(_ json: JSONValue) -> (settings: EditorSettings, problems: [String]) {
        var settings = EditorSettings()
        var problems: [String] = []
        guard let object = json.objectValue else {
            if !json.isNull { problems.append("the impulse settings must be an object, not \(json.typeName)") }
            return (settings, problems)
        }
        if let simulate = object["simulate"], !simulate.isNull {
            if let flag = simulate.boolValue {
                settings.simulate = flag
            } else {
                problems.append("\"simulate\" must be true or false, not \(simulate.typeName)")
            }
        }
        if let rules = object["rules"], !rules.isNull {
            if let members = rules.objectValue?.members {
                for (code, value) in members {
                    guard Rules.rule(code) != nil else {
                        let nearest = Rules.nearestCodes(to: code)
                        problems.append(
                            "\"\(code)\" is not a rule code"
                                + (nearest.isEmpty
                                    ? "" : " (did you mean \(nearest.map { "\"\($0)\"" }.joined(separator: " or "))?)"))
                        continue
                    }
                    switch value.stringValue {
                    case "off"?: settings.rules[code] = .some(nil)
                    case let word? where Severity(rawValue: word) != nil:
                        settings.rules[code] = .some(Severity(rawValue: word))
                    default:
                        problems.append(
                            "the severity of \"\(code)\" must be \"error\", \"warning\", \"info\", \"hint\" or \"off\", not \(value.serializedString())"
                        )
                    }
                }
            } else {
                problems.append("\"rules\" must be an object of rule codes and severities, not \(rules.typeName)")
            }
        }
        return (settings, problems)
    }

    /// The `impulse` section of a settings object: `settings.impulse` when present, else the object itself
    /// when it looks like Impulse's settings (`simulate` or `rules` at its top), else nil.
    package static func section(in settings: JSONValue) -> JSONValue? {
        guard let object = settings.objectValue else { return nil }
        if let section = object["impulse"] { return section }
        if object["simulate"] != nil || object["rules"] != nil { return settings }
        return nil
    }
}
