import JSON

/// How semantic-rule messages name things: ids as JSON string literals (`"box"`, `"\u0007"` for control
/// characters), numbers without a needless fraction, behaviors by id or, without one, by where they stand.
enum Wording {
    /// An id or other string as a JSON string literal, quotes included.
    static func quoted(_ string: String) -> String {
        JSONValue.string(string).serializedString()
    }

    static func number(_ value: Double) -> String { NumberText.format(value) }

    /// A computed coordinate, to a thousandth of a point (119, not 119.00000000000001).
    static func coordinate(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return number(rounded.isFinite ? rounded : value)
    }

    static func seconds(_ value: Double) -> String { "\(number(value)) s" }

    static func point(_ value: Vector) -> String { "[\(number(value.x)), \(number(value.y))]" }
    /// A view size as messages write it: `320×568`.
    static func size(_ value: Size) -> String { "\(number(value.width))×\(number(value.height))" }

    /// `item "box"`, or `the item at /items/3` for an item without a valid id.
    static func item(_ item: Item) -> String {
        if let id = item.id { return "item \(quoted(id))" }
        return "the item at \(item.pointer)"
    }

    /// `snap "s1"`, or `the snap at /behaviors/3` / `the snap added by /events/2` without an id.
    static func behavior(_ behavior: Behavior) -> String {
        if let id = behavior.id { return "\(behavior.type?.rawValue ?? "behavior") \(quoted(id))" }
        return place(of: behavior)
    }

    /// `the snap at /behaviors/3` or `the snap added by /events/2`, whatever its id.
    static func place(of behavior: Behavior) -> String {
        let type = behavior.type?.rawValue ?? "behavior"
        if behavior.pointer.last == .key("add"), let event = behavior.pointer.parent {
            return "the \(type) added by \(event)"
        }
        return "the \(type) at \(behavior.pointer)"
    }

    /// `"a"`, `"a" and "b"`, `"a", "b" and "c"`.
    static func list(_ words: [String]) -> String {
        switch words.count {
        case 0: return ""
        case 1: return words[0]
        default: return words.dropLast().joined(separator: ", ") + " and " + words.last!
        }
    }

    /// Up to five ids as quoted words, `…` when there are more: `"a", "b" and "c"`.
    static func sample(_ ids: [String]) -> String {
        let shown = ids.prefix(5).map(quoted)
        return ids.count > 5 ? shown.joined(separator: ", ") + ", …" : list(shown)
    }
}
