// textDocument/hover: a key's documentation (type, unit, default, range, UIKit name, its paragraph); an item
// id's size, mass and behaviors; a behavior `type`'s documentation; an enumeration value's key. Where a
// diagnostic lies under the cursor, its rule's page follows in short (what it means, how to fix it), as
// `impulse explain CODE` would give it.
//
// The place under the cursor is read like completion reads it (the JSON layer's cursor context and the
// catalog), so hover works in text that is not valid JSON as well.
import JSON
import RPC
import Scene

extension LanguageServer {
    func hover(_ params: LSP.TextDocumentPositionParams, _ context: RequestContext) throws -> LSP.Hover? {
        let document = try document(params.textDocument)
        let markdown = client.hoverContentFormats.contains("markdown")
        return HoverBuilder(
            document: document, markdown: markdown, facts: SceneFactsCache.facts(for: document, in: self)
        )
        .hover(at: document.offset(of: params.position))
    }
}

/// Finds what is under a cursor and describes it.
struct HoverBuilder {
    let document: Document
    let markdown: Bool
    /// The document's scene facts, when the caller has them (the server keeps them per version).
    var facts: SceneFacts?

    init(document: Document, markdown: Bool, facts: SceneFacts? = nil) {
        self.document = document
        self.markdown = markdown
        self.facts = facts
    }

    func hover(at offset: Int) -> LSP.Hover? {
        let described = describe(at: offset)
        let rules = ruleDocumentation(at: offset)
        guard !rules.isEmpty else { return described }
        let separator = markdown ? "\n\n---\n\n" : "\n\n"
        let pages = rules.map(\.text).joined(separator: separator)
        guard let described else {
            let range = rules.map(\.range).reduce(rules[0].range) {
                min($0.lowerBound, $1.lowerBound)..<max($0.upperBound, $1.upperBound)
            }
            return LSP.Hover(
                contents: LSP.MarkupContent(kind: markdown ? .markdown : .plaintext, value: pages),
                range: document.range(of: range))
        }
        var contents = described.contents
        contents.value += separator + pages
        return LSP.Hover(contents: contents, range: described.range)
    }

    /// The rule pages of the diagnostics the editor shows under the cursor, in their order.
    private func ruleDocumentation(at offset: Int) -> [(text: String, range: Range<Int>)] {
        var seen = Set<String>()
        return document.diagnostics.compactMap { diagnostic in
            let range = diagnostic.range
            guard range.lowerBound <= offset, offset < max(range.upperBound, range.lowerBound + 1),
                seen.insert(diagnostic.code).inserted, let page = RuleDocumentation.page(for: diagnostic.code)
            else { return nil }
            let summary = Rules.rule(diagnostic.code)?.summary ?? ""
            let text =
                markdown
                ? "**`\(diagnostic.code)`** (\(diagnostic.severity.rawValue)): \(summary)\n\n\(page.meaning)\n\n**How to fix it:** \(page.fix)"
                : "\(diagnostic.code) (\(diagnostic.severity.rawValue)): \(summary)\n\n\(FormatDocumentation.plain(page.meaning))\n\nHow to fix it: \(FormatDocumentation.plain(page.fix))"
            return (text, range)
        }
    }

    private func describe(at offset: Int) -> LSP.Hover? {
        // The character under the cursor starts at `offset`; the context is read with the cursor inside its token.
        // Through the condensed text, as completion reads it: a 2 MB scene is not read whole per hover.
        var context = CursorWindow.context(in: document.json, at: offset)
        if context.token == nil, offset < document.bytes.count {
            context = CursorWindow.context(in: document.json, at: offset + 1)
        }
        guard let token = context.token, token.range.lowerBound <= offset else { return nil }
        let facts = self.facts ?? SceneFacts(document.lint)
        let locator = FormatLocator(context: context, facts: facts)
        let text = HoverBuilder.decoded(token)
        let contents: LSP.MarkupContent?
        switch context.slot {
        case .key:
            contents = keyDocumentation(text, in: context.container, locator: locator)
        case .value(let key):
            contents = valueDocumentation(
                text, isString: token.isString, key: key, in: context.container, locator: locator, facts: facts)
        case .element(let index):
            guard let type = locator.type(at: context.container.appending(index)) else { return nil }
            contents = idDocumentation(text, type: type, facts: facts)
        case .topLevel, .other:
            contents = nil
        }
        return contents.map { LSP.Hover(contents: $0, range: document.range(of: token.range)) }
    }

    private func keyDocumentation(_ name: String, in object: JSONPointer, locator: FormatLocator) -> LSP.MarkupContent?
    {
        let kinds = locator.objectKinds(at: object)
        guard let key = locator.key(name, inObjectAt: object) else { return nil }
        // A behavior without a valid type: the key's own words, not one type's.
        let kind =
            kinds.count == 1 ? kinds[0] : (kinds.contains { Catalog.key(name, in: $0) != key } ? nil : kinds.first)
        return FormatDocumentation.key(key, in: kind, markdown: markdown)
    }

    private func valueDocumentation(
        _ value: String, isString: Bool, key name: String, in object: JSONPointer, locator: FormatLocator,
        facts: SceneFacts
    ) -> LSP.MarkupContent? {
        guard let key = locator.key(name, inObjectAt: object) else { return nil }
        let kinds = locator.objectKinds(at: object)
        let isBehavior = kinds.contains { if case .behavior = $0 { true } else { false } }
        if isString, name == "type", isBehavior, let type = BehaviorType(rawValue: value) {
            return FormatDocumentation.behavior(type, markdown: markdown)
        }
        if isString, let type = locator.type(at: object.appending(name)),
            let described = idDocumentation(value, type: type, facts: facts)
        {
            return described
        }
        let kind = kinds.count == 1 ? kinds.first : nil
        if isString, let values = key.type.enumerationValues, values.contains(value) {
            return FormatDocumentation.enumValue(value, of: key, in: kind, markdown: markdown)
        }
        return FormatDocumentation.key(key, in: kind, markdown: markdown)
    }

    /// An item id (defined or named): the item; a behavior id: the behavior.
    private func idDocumentation(_ id: String, type: ValueType, facts: SceneFacts) -> LSP.MarkupContent? {
        switch type {
        case .identifier(.item), .reference(.item):
            return ItemDescription(facts: facts).describe(id, markdown: markdown)
        case .identifier(.behavior), .reference(.behavior):
            return behaviorDocumentation(id, facts: facts)
        default:
            return nil
        }
    }

    private func behaviorDocumentation(_ id: String, facts: SceneFacts) -> LSP.MarkupContent? {
        guard let placed = facts.behaviors.first(where: { $0.behavior.id.map { SceneFacts.same($0, id) } ?? false })
        else { return nil }
        let behavior = placed.behavior
        let type = behavior.type
        var lines = [
            markdown
                ? "**\(id)** — \(type.map { "\($0.rawValue) behavior (\($0.uiKitName))" } ?? "behavior")"
                : "\(id) — \(type.map { "\($0.rawValue) behavior (\($0.uiKitName))" } ?? "behavior")", "",
        ]
        if let type { lines.append(FormatDocumentation.summary(type)) }
        let items = SceneFacts.unique(behavior.itemReferences.map(\.id))
        if !items.isEmpty {
            lines.append("")
            lines.append("Items: " + items.map { markdown ? "`\($0)`" : $0 }.joined(separator: ", "))
        }
        if let at = placed.addedAt { lines.append("Added by an event at \(NumberText.format(at)) s") }
        if let type, Catalog.liveTypes.contains(type) {
            let live = Catalog.liveKeys(of: type).map { markdown ? "`\($0.name)`" : $0.name }
            lines.append("Live (set events): " + live.joined(separator: ", "))
        }
        let text = lines.joined(separator: "\n")
        return LSP.MarkupContent(
            kind: markdown ? .markdown : .plaintext, value: markdown ? text : FormatDocumentation.plain(text))
    }

    /// A token's whole text decoded: a string's contents (also when it is not closed yet), else the word.
    static func decoded(_ token: CursorContext.Token) -> String {
        guard token.isString else { return token.text }
        if token.isClosed, let value = JSONValue.parse(token.text)?.stringValue { return value }
        if !token.isClosed, let value = JSONValue.parse(token.text + "\"")?.stringValue { return value }
        return String(token.text.dropFirst().prefix { $0 != "\"" })
    }
}
