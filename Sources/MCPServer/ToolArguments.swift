import JSON
import Scene

/// A tool call's `arguments`, read with messages that say what is wrong: every mistake is a `ToolError`, which
/// the call answers as an `isError` result. An argument the tool does not take is a mistake too (a misspelt
/// `frame` would otherwise be ignored in silence).
struct ToolArguments: Sendable {
    private let object: JSONObject
    let tool: String

    /// - Throws: a `ToolError` naming the first argument that `accepted` does not list.
    init(_ object: JSONObject, tool: String, accepted: [String]) throws(ToolError) {
        self.object = object
        self.tool = tool
        if let unknown = object.keys.first(where: { !accepted.contains($0) }) {
            throw ToolError(
                "\(tool) takes no argument \"\(unknown)\"; its arguments are "
                    + accepted.map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }

    func has(_ key: String) -> Bool { object[key].map { !$0.isNull } ?? false }

    func string(_ key: String) throws(ToolError) -> String? {
        guard let value = present(key) else { return nil }
        guard let text = value.stringValue else { throw mistyped(key, "a string", value) }
        return text
    }

    func requiredString(_ key: String) throws(ToolError) -> String {
        guard let text = try string(key) else { throw ToolError("\(tool) needs \"\(key)\"") }
        return text
    }

    func bool(_ key: String) throws(ToolError) -> Bool? {
        guard let value = present(key) else { return nil }
        guard let flag = value.boolValue else { throw mistyped(key, "true or false", value) }
        return flag
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(ToolError) -> Int? {
        guard let value = present(key) else { return nil }
        guard let number = value.numberValue, number == number.rounded(), abs(number) < 1e15 else {
            throw mistyped(key, "an integer", value)
        }
        guard range.contains(Int(number)) else {
            throw ToolError("\"\(key)\" must be \(ToolArguments.describe(range)), not \(Int(number))")
        }
        return Int(number)
    }

    func number(_ key: String) throws(ToolError) -> Double? {
        guard let value = present(key) else { return nil }
        guard let number = value.numberValue else { throw mistyped(key, "a number", value) }
        return number
    }

    /// A `[width, height]` argument, both numbers greater than 0.
    func size(_ key: String) throws(ToolError) -> Size? {
        guard let value = present(key) else { return nil }
        guard let pair = value.arrayValue, pair.count == 2, let width = pair[0].numberValue,
            let height = pair[1].numberValue, SimulationRequest.isUsable(Size(width: width, height: height))
        else { throw ToolError("\"\(key)\" must be [width, height], two numbers greater than 0") }
        return Size(width: width, height: height)
    }

    /// An argument of one of `choices`.
    func choice(_ key: String, _ choices: [String]) throws(ToolError) -> String? {
        guard let text = try string(key) else { return nil }
        guard choices.contains(text) else {
            throw ToolError(
                "\"\(key)\" must be " + choices.map { "\"\($0)\"" }.joined(separator: " or ") + ", not \"\(text)\"")
        }
        return text
    }

    /// `null` counts as absent.
    private func present(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    private func mistyped(_ key: String, _ expected: String, _ value: JSONValue) -> ToolError {
        let article = ["array", "object"].contains(value.typeName) ? "an" : "a"
        return ToolError("\"\(key)\" must be \(expected), not \(article) \(value.typeName)")
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max ? "\(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
    }
}
