// What completion's documentation says about a behavior id: its type, the items it acts on, where it stands
// and when an event adds it.
import JSON
import RPC
import Scene

/// Describes a behavior of a scene for the editor.
struct BehaviorDescription {
    let facts: SceneFacts

    /// The most item ids listed by name.
    static let listedItems = 10

    /// A behavior id's completion detail: its type (`gravity behavior`).
    static func detail(_ type: BehaviorType) -> String { "\(type.rawValue) behavior" }

    /// The behavior's description, nil when no behavior has this id.
    func describe(_ id: String, markdown: Bool) -> LSP.MarkupContent? {
        guard let placed = facts.behavior(id) else { return nil }
        let behavior = placed.behavior
        func code(_ text: String) -> String { markdown ? "`\(text)`" : text }
        let typeName = behavior.type.map { "\($0.rawValue) behavior (\($0.uiKitName))" } ?? "behavior"
        var lines = [markdown ? "**\(id)** — \(typeName)" : "\(id) — \(typeName)", ""]
        var facts: [String] = []
        let items = SceneFacts.unique(behavior.itemReferences.map(\.id))
        if items.isEmpty {
            facts.append("Items: none")
        } else {
            var names = items.prefix(BehaviorDescription.listedItems).map { code(ValueTemplates.quoted($0)) }.joined(
                separator: ", ")
            if items.count > BehaviorDescription.listedItems {
                names += " and \(items.count - BehaviorDescription.listedItems) more"
            }
            facts.append("Items: " + names)
        }
        if let at = placed.addedAt { facts.append("Added at \(NumberText.format(at)) s by an event") }
        facts.append("Defined at " + code(behavior.pointer.description))
        lines += facts.map { (markdown ? "- " : "") + $0 }
        if let type = behavior.type {
            lines += ["", FormatDocumentation.summary(type)]
        }
        return LSP.MarkupContent(kind: markdown ? .markdown : .plaintext, value: lines.joined(separator: "\n"))
    }
}
