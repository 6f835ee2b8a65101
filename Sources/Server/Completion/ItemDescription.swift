// What hover (and completion's documentation) says about an item: its size, its mass with the density in
// force, and the behaviors that name it.
import JSON
import RPC
import Scene

/// Describes an item of a scene for the editor.
struct ItemDescription {
    let facts: SceneFacts

    /// An item id's completion detail: its size, which the item table gives at once. Its mass needs the density
    /// every `dynamicItem` behavior gives (a walk over all behaviors, milliseconds on the first request of a
    /// version of a 5,000-item scene), so it is in the documentation `completionItem/resolve` gives.
    func detail(_ id: String) -> String? {
        guard let item = facts.item(id) else { return nil }
        guard let size = item.size else { return "item" }
        return "\(NumberText.format(size.width)) × \(NumberText.format(size.height)) pt"
    }

    /// The item's description, nil when no item has this id.
    func describe(_ id: String, markdown: Bool) -> LSP.MarkupContent? {
        guard let item = facts.item(id) else { return nil }
        func code(_ text: String) -> String { markdown ? "`\(text)`" : text }
        var lines: [String] = []
        lines.append(markdown ? "**\(id)** — item" : "\(id) — item")
        lines.append("")
        var facts: [String] = []
        if let size = item.size {
            facts.append("Size: \(NumberText.format(size.width)) × \(NumberText.format(size.height)) pt")
        }
        let density = self.facts.density(of: id)
        if let mass = self.facts.mass(of: item) {
            var text = "Mass: \(SceneFacts.format(mass)) kg (density \(NumberText.format(density.value))"
            if let source = density.from { text += " from \(name(of: source, code: code))" }
            text += ")"
            facts.append(text)
        }
        if self.facts.isAnchored(id) { facts.append("Anchored: it does not move") }
        if let center = item.center {
            facts.append("Center: [\(NumberText.format(center.x)), \(NumberText.format(center.y))]")
        }
        let users = self.facts.behaviors(using: id)
        if users.isEmpty {
            facts.append("Behaviors: none (it does not take part in the simulation)")
        } else {
            let names = users.map { placed -> String in
                var text = name(of: placed.behavior, code: code)
                if let at = placed.addedAt { text += " (added at \(NumberText.format(at)) s)" }
                return text
            }
            facts.append("Behaviors: " + names.joined(separator: ", "))
        }
        lines += facts.map { (markdown ? "- " : "") + $0 }
        return LSP.MarkupContent(kind: markdown ? .markdown : .plaintext, value: lines.joined(separator: "\n"))
    }

    /// `gravity "fall"`, or `gravity (behaviors[2])` for a behavior without an id.
    private func name(of behavior: Behavior, code: (String) -> String) -> String {
        let type = behavior.type?.rawValue ?? "behavior"
        if let id = behavior.id { return "\(type) \(code(ValueTemplates.quoted(id)))" }
        return "\(type) (\(code(behavior.pointer.description)))"
    }
}
