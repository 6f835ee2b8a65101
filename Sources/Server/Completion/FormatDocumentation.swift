// The words completion and hover show: a key's documentation (type, unit, default, range, UIKit name, its
// paragraph) and a behavior type's, in Markdown or plain text as the client takes it. Every fact comes from
// the catalog; only the one-line summaries of the behavior types are written here (from scene-format.md).
import JSON
import RPC
import Scene

/// Builds documentation text for keys and behavior types.
enum FormatDocumentation {
    /// The documentation of a key of an object kind.
    static func key(_ key: Key, in kind: ObjectKind?, markdown: Bool) -> LSP.MarkupContent {
        var facts: [(String, String)] = [("Type", key.type.displayName)]
        if key.isRequired { facts.append(("Required", "yes")) }
        if !key.requiredForKinds.isEmpty {
            facts.append(("Required for", key.requiredForKinds.joined(separator: ", ")))
        }
        if let text = key.defaultText {
            facts.append(("Default", code(text, markdown: markdown && key.defaultValue != nil)))
        }
        if let range = key.range { facts.append(("Range", range.description)) }
        if key.mustBeNonZero { facts.append(("Not", code("[0, 0]", markdown: markdown))) }
        if let unit = key.unit { facts.append(("Unit", unit)) }
        if let kinds = key.kinds { facts.append(("Only for kind", kinds.joined(separator: ", "))) }
        if key.isLive { facts.append(("Live", markdown ? "a `set` event can change it" : "a set event can change it")) }
        if let uiKit = key.uiKitName { facts.append(("UIKit", uiKitText(uiKit, kind: kind, markdown: markdown))) }

        let title = kind.map { "\(key.name) — \(owner($0))" } ?? key.name
        return content(title: title, facts: facts, paragraph: key.documentation, markdown: markdown)
    }

    /// The documentation of a behavior type: what it does and its keys with their defaults.
    static func behavior(_ type: BehaviorType, markdown: Bool) -> LSP.MarkupContent {
        let table = Catalog.object(.behavior(type))
        let keys = table.keys.filter { $0.name != "type" && $0.name != Catalog.commentKey.name }.map { key -> String in
            var line = markdown ? "`\(key.name)`" : key.name
            if key.isRequired {
                line += " (required)"
            } else if !key.requiredForKinds.isEmpty {
                line += " (required for \(key.requiredForKinds.joined(separator: ", ")))"
            } else if let text = key.defaultText {
                line += " = " + code(text, markdown: markdown && key.defaultValue != nil)
            }
            return (markdown ? "- " : "  ") + line
        }
        let paragraph = summary(type) + "\n\n" + (markdown ? "**Keys**\n\n" : "Keys:\n") + keys.joined(separator: "\n")
        return content(
            title: "\(type.rawValue) — \(type.uiKitName)", facts: [], paragraph: paragraph, markdown: markdown)
    }

    /// One line per behavior type: the catalog's summary.
    static func summary(_ type: BehaviorType) -> String { Catalog.behaviorSummary(type) }

    /// The documentation of an attachment or field `kind` value (the key's paragraph, headed by the value).
    static func enumValue(_ value: String, of key: Key, in kind: ObjectKind?, markdown: Bool) -> LSP.MarkupContent {
        var documentation = self.key(key, in: kind, markdown: markdown)
        documentation.value = (markdown ? "`\"\(value)\"` — " : "\"\(value)\" — ") + documentation.value
        return documentation
    }

    /// How documentation names the object that owns a key ("dynamicItem behavior", "item").
    static func owner(_ kind: ObjectKind) -> String {
        switch kind {
        case .scene: "top level"
        case .referenceView: "referenceView"
        case .preview: "preview"
        case .item: "item"
        case .collisionBoundsPath: "collisionBounds path"
        case .behavior(let type): "\(type.rawValue) behavior"
        case .insets: "collision insets"
        case .segmentBoundary: "segment boundary"
        case .pathBoundary: "path boundary"
        case .fieldRegion: "field region"
        case .event: "event"
        case .reaction: "reaction's on"
        case .contactFilter: "contact pair"
        case .contactPartner: "contact pair's with"
        case .expectation: "expectation"
        case .liveValues(let type): "values of a set event on a \(type.rawValue) behavior"
        }
    }

    /// The UIKit name qualified by its class where the owner is a behavior (`UIDynamicItemBehavior.elasticity`).
    private static func uiKitText(_ name: String, kind: ObjectKind?, markdown: Bool) -> String {
        var qualified = name
        switch kind {
        case .behavior(let type)?, .liveValues(let type)?:
            if !name.contains(" "), !name.contains("("), !name.hasSuffix(":") {
                qualified = "\(type.uiKitName).\(name)"
            } else if name.hasSuffix(":") {
                qualified = "\(type.uiKitName) \(name)"
            }
        case .item?:
            qualified = name.hasPrefix("collision") ? "UIDynamicItem.\(name)" : "UIView.\(name)"
        default:
            break
        }
        return code(qualified, markdown: markdown)
    }

    private static func code(_ text: String, markdown: Bool) -> String {
        markdown && !text.contains("`") ? "`\(text)`" : text
    }

    private static func content(
        title: String, facts: [(String, String)], paragraph: String, markdown: Bool
    ) -> LSP.MarkupContent {
        var lines: [String] = []
        if markdown {
            lines.append("**\(title)**")
            lines.append("")
            lines.append(paragraph)
            if !facts.isEmpty {
                lines.append("")
                lines += facts.map { "- \($0.0): \($0.1)" }
            }
            return LSP.MarkupContent(kind: .markdown, value: lines.joined(separator: "\n"))
        }
        lines.append(title)
        lines.append("")
        lines.append(plain(paragraph))
        if !facts.isEmpty {
            lines.append("")
            lines += facts.map { "\($0.0): \(plain($0.1))" }
        }
        return LSP.MarkupContent(kind: .plaintext, value: lines.joined(separator: "\n"))
    }

    /// Markdown's code marks removed for plain-text clients.
    static func plain(_ text: String) -> String {
        String(text.filter { $0 != "`" })
    }
}
