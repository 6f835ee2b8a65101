import Scene
import Testing

@testable import Reporting

@Suite("Configuration files")
struct ConfigurationTests {
    let file = "/project/.impulse.json"

    func parse(_ text: String) throws(ConfigurationError) -> Configuration {
        try Configuration.parse(Array(text.utf8), file: file)
    }

    func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("every key is read: severities (off as nil), excludes, indent, simulate")
    func readsEveryKey() throws {
        let configuration = try parse(
            """
            {"$schema": "x", "rules": {"item.unused": "off", "scene.rangeAdvice": "error", "sim.neverRests": "hint"},
             "exclude": ["drafts/**", "*.old.dynamics.json"], "indent": 4, "simulate": true}
            """)
        #expect(configuration.rules.count == 3)
        #expect(configuration.rules["item.unused"] == .some(nil))
        #expect(configuration.rules["scene.rangeAdvice"] == .some(.error))
        #expect(configuration.rules["sim.neverRests"] == .some(.hint))
        #expect(configuration.exclude.map(\.pattern) == ["drafts/**", "*.old.dynamics.json"])
        #expect(configuration.indent == 4)
        #expect(configuration.simulate)
        #expect(configuration.folder == "/project")
    }

    @Test("an empty object gives the defaults: no overrides, indent 2, no simulation")
    func emptyObjectIsDefaults() throws {
        let configuration = try parse("{}")
        #expect(configuration.rules.isEmpty)
        #expect(configuration.exclude.isEmpty)
        #expect(configuration.indent == 2)
        #expect(!configuration.simulate)
    }

    @Test("an unknown rule code names the line and column of the key and suggests the nearest code")
    func unknownRuleSuggestsNearest() {
        let error = error(
            """
            {
              "rules": {"scene.unknwnKey": "off"}
            }
            """)
        #expect(error?.kind == .unknownRule)
        #expect(
            error?.description
                == #"/project/.impulse.json:2:13: "scene.unknwnKey" is not a rule code (did you mean "scene.unknownKey"?); `impulse explain` lists them"#
        )
    }

    @Test("a severity word that does not exist is named with the ones that do")
    func badSeverityWord() {
        let error = error(#"{"rules": {"item.unused": "warn"}}"#)
        #expect(error?.kind == .badSeverity)
        #expect(error?.line == 1)
        #expect(error?.column == 27)
        #expect(
            error?.message
                == #""warn" is not a severity (did you mean "warning"?); use "error", "warning", "info", "hint" or "off""#
        )
    }

    @Test("a severity that is not a string is a type error")
    func severityOfWrongType() {
        let error = error(#"{"rules": {"item.unused": false}}"#)
        #expect(error?.kind == .wrongType)
        #expect(error?.message.contains("not false") == true)
    }

    @Test("values of the wrong type are refused, each with what the key takes")
    func wrongTypes() {
        #expect(error(#"{"rules": ["item.unused"]}"#)?.kind == .wrongType)
        #expect(
            error(#"{"exclude": "drafts/**"}"#)?.message
                == #""exclude" must be an array of glob strings, not the string "drafts/**""#)
        #expect(error(#"{"exclude": ["a", 3]}"#)?.column == 19)
        #expect(error(#"{"exclude": [""]}"#)?.kind == .wrongType)
        #expect(error(#"{"indent": "2"}"#)?.kind == .wrongType)
        #expect(error(#"{"simulate": "yes"}"#)?.message == #""simulate" must be true or false, not the string "yes""#)
        #expect(error("[]")?.message == "the configuration must be a JSON object, not an array")
    }

    @Test("an indent outside 1 to 16 or not whole is out of range")
    func indentRange() throws {
        #expect(error(#"{"indent": 0}"#)?.kind == .outOfRange)
        #expect(error(#"{"indent": 17}"#)?.kind == .outOfRange)
        #expect(
            error(#"{"indent": 2.5}"#)?.message
                == #""indent" must be a whole number of spaces from 1 to 16, not the number 2.5"#)
        #expect(try parse(#"{"indent": 16}"#).indent == 16)
        #expect(try parse(#"{"indent": 1.0}"#).indent == 1)
    }

    @Test("an unknown top-level key suggests the nearest one")
    func unknownTopLevelKey() {
        let error = error(#"{"rule": {}}"#)
        #expect(error?.kind == .unknownKey)
        #expect(error?.column == 2)
        #expect(error?.message.hasPrefix(#"unknown key "rule" (did you mean "rules"?)"#) == true)
    }

    @Test("text that is not JSON is refused with the place where it stops being JSON")
    func invalidJSON() {
        let error = error("{\n  \"rules\": {,}\n}")
        #expect(error?.kind == .invalidJSON)
        #expect(error?.line == 2)
        #expect(error?.column == 13)
        #expect(error?.message.hasPrefix("the configuration is not valid JSON") == true)
    }

    @Test("excludes are relative to the configuration's folder and never match outside it")
    func excludesRelativeToFolder() throws {
        let configuration = try parse(#"{"exclude": ["drafts/**", "*.old.dynamics.json"]}"#)
        #expect(configuration.excludes("/project/drafts/a.dynamics.json"))
        #expect(configuration.excludes("/project/b.old.dynamics.json"))
        #expect(!configuration.excludes("/project/sub/b.old.dynamics.json"))
        #expect(!configuration.excludes("/project/a.dynamics.json"))
        #expect(!configuration.excludes("/elsewhere/drafts/a.dynamics.json"))
        #expect(!Configuration.defaults.excludes("/project/drafts/a.dynamics.json"))
    }
}
