// Text a completion inserts, written once for both kinds of client: with snippet support the placeholders
// become tab stops (`${1:0.2}`, `${2|a,b|}`), without it they are plain text (`0.2`, `a`).
//
// Snippet syntax (LSP 3.17 "Snippet Syntax"): `$` and `\` are escaped in literal text (a `}` there is
// literal already: literals never stand inside a placeholder); `$`, `}` and `\` in placeholders; `,` and
// `|` too inside choices.

/// Builds the text of one completion, as a snippet or as plain text.
struct InsertText {
    let isSnippet: Bool
    private(set) var text = ""
    private var nextStop = 1

    init(snippet: Bool) { isSnippet = snippet }

    /// Text inserted as it is.
    mutating func literal(_ value: String) {
        text += isSnippet ? InsertText.escape(value, special: ["$", "\\"]) : value
    }

    /// A value the user will likely replace: a tab stop with this text selected.
    mutating func placeholder(_ value: String) {
        guard isSnippet else {
            text += value
            return
        }
        text += "${\(nextStop):\(InsertText.escape(value))}"
        nextStop += 1
    }

    /// One of several values (the first is inserted without snippet support).
    mutating func choice(_ values: [String]) {
        guard let first = values.first else { return stop() }
        guard isSnippet else {
            text += first
            return
        }
        guard values.count > 1 else { return placeholder(first) }
        text +=
            "${\(nextStop)|"
            + values.map { InsertText.escape($0, special: ["$", "}", "\\", ",", "|"]) }.joined(separator: ",") + "|}"
        nextStop += 1
    }

    /// An empty tab stop (nothing without snippet support).
    mutating func stop() {
        guard isSnippet else { return }
        text += "$\(nextStop)"
        nextStop += 1
    }

    /// Whether any tab stop was written.
    var hasStops: Bool { nextStop > 1 }

    static func escape(_ value: String, special: Set<Character> = ["$", "}", "\\"]) -> String {
        var escaped = ""
        for character in value {
            if special.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
