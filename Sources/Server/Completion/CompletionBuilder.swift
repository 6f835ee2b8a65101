// The completions at one cursor: keys, values, ids and snippets, from the cursor's context in the text
// (which the JSON layer reads even when the text is broken) and the catalog.
//
// Design: the slot the cursor stands in (a key, the value of a key, an array element, the empty top level)
// decides what is offered; `FormatLocator` says what the format expects there. Each completion replaces the
// token being typed (its whole extent, quotes included) through a `textEdit` in the negotiated encoding, so a
// partially typed `"ela` becomes `"elasticity": 0.2`. Punctuation the user has not typed yet is supplied
// where the text needs it: the value after a key that has no colon yet, a comma before a following member
// or after a preceding one.
//
// Cost: the cursor's context comes from a condensed text (`CursorWindow`) and the scene facts from a cache per
// document version (`SceneFactsCache`), so a request does not read the whole document. Id lists are cut to the
// best matches of what is typed (`IdentifierRanking`) and carry no documentation: an id's description comes
// from `completionItem/resolve` (the item's `data` names the document and the id).
import JSON
import RPC
import Scene

/// Computes the completion items at a cursor.
struct CompletionBuilder {
    let document: Document
    let context: CursorContext
    let facts: SceneFacts
    let locator: FormatLocator
    let snippets: Bool
    let markdown: Bool
    /// The client fills in `detail` with `completionItem/resolve`: id items leave it out (fifty sizes a
    /// keystroke that the client would decode and not show but for the item it selects).
    let detailOnResolve: Bool

    /// Whether the list was cut short (an id list longer than `IdentifierRanking.limit`).
    private(set) var isIncomplete = false

    init(
        document: Document, offset: Int, facts: SceneFacts, snippets: Bool, markdown: Bool,
        detailOnResolve: Bool = false
    ) {
        self.document = document
        context = CursorWindow.context(in: document.json, at: offset)
        self.facts = facts
        locator = FormatLocator(context: context, facts: facts)
        self.snippets = snippets
        self.markdown = markdown
        self.detailOnResolve = detailOnResolve
    }

    private var templates: ValueTemplates { ValueTemplates(facts: facts) }

    /// The completion list at the cursor.
    mutating func list() -> LSP.CompletionList {
        let items = items()
        return LSP.CompletionList(isIncomplete: isIncomplete, items: items)
    }

    mutating func items() -> [LSP.CompletionItem] {
        switch context.slot {
        case .key: keyItems()
        case .value(let key): valueItems(for: key)
        case .element(let index): elementItems(at: index)
        case .topLevel: topLevelItems()
        case .other: []
        }
    }

    // MARK: Keys

    private func keyItems() -> [LSP.CompletionItem] {
        guard let object = context.containers.first, object.isObject else { return [] }
        let kinds = locator.objectKinds(at: object.pointer)
        guard !kinds.isEmpty else { return [] }
        let present = Set(context.presentKeys)
        let scalars = object.scalarMembers

        // A behavior without a type yet: its type (and id) first; the rest follows from the type.
        let isUntypedBehavior = kinds.count > 1 && kinds.allSatisfy { if case .behavior = $0 { true } else { false } }
        var candidates: [(key: Key, kind: ObjectKind)] = []
        for kind in kinds {
            for key in Catalog.object(kind).keys where !candidates.contains(where: { $0.key.name == key.name }) {
                if isUntypedBehavior, key.name != "type", key.name != "id" { continue }
                candidates.append((key, kind))
            }
        }
        let excluded = excludedKeys(kinds: kinds, present: present)
        let objectKind = scalars["kind"]?.stringValue
        candidates = candidates.filter { candidate in
            guard !present.contains(candidate.key.name), !excluded.contains(candidate.key.name) else { return false }
            if let objectKind, case .behavior(let type) = candidate.kind, type == .attachment || type == .field,
                candidate.key.name != "kind", isKnownKind(objectKind, of: type)
            {
                return candidate.key.applies(toKind: objectKind)
            }
            return true
        }

        let range = context.replacementRange
        let keyOnly = context.token != nil && colonFollows(range.upperBound)
        let commaBefore = needsCommaBefore(range.lowerBound, opening: UInt8(ascii: "{"))
        let commaAfter = !keyOnly && memberFollows(range.upperBound)
        return candidates.enumerated().map { index, candidate in
            let key = candidate.key
            var text = InsertText(snippet: snippets && !keyOnly)
            if keyOnly {
                text.literal(ValueTemplates.quoted(key.name))
            } else {
                templates.member(key, in: isUntypedBehavior ? nil : candidate.kind, into: &text)
                if commaAfter { text.literal(",") }
            }
            let required = key.isRequired || (scalars["kind"]?.stringValue.map(key.requiredForKinds.contains) ?? false)
            return item(
                label: key.name, kind: .property, detail: detail(of: key),
                documentation: FormatDocumentation.key(
                    key, in: isUntypedBehavior ? nil : candidate.kind, markdown: markdown),
                sortText: "\(required ? 0 : 1)\(String(index + 100))", filterName: ValueTemplates.quoted(key.name),
                text: text, range: range, commaBefore: commaBefore)
        }
    }

    /// Keys that a present key excludes (`angle` once `direction` is there).
    private func excludedKeys(kinds: [ObjectKind], present: Set<String>) -> Set<String> {
        var excluded = Set<String>()
        for kind in kinds {
            let table = Catalog.object(kind)
            for exclusion in table.exclusions {
                if exclusion.keys.contains(where: present.contains) { excluded.formUnion(exclusion.excludes) }
                if exclusion.excludes.contains(where: present.contains) { excluded.formUnion(exclusion.keys) }
            }
            // Exactly one of a required choice (`anchor` or `attachedTo`, `radius` or `size`).
            if table.requiresOneOf.contains(where: present.contains), kind != .event {
                excluded.formUnion(table.requiresOneOf)
            }
        }
        return excluded.subtracting(present)
    }

    private func isKnownKind(_ name: String, of type: BehaviorType) -> Bool {
        Catalog.key("kind", in: .behavior(type))?.type.enumerationValues?.contains(name) ?? false
    }

    private func detail(of key: Key) -> String {
        var parts = [key.type.displayName]
        if key.isRequired {
            parts.append("required")
        } else if let text = key.defaultText, key.defaultValue != nil {
            parts.append("default \(text)")
        }
        if let unit = key.unit { parts.append(unit) }
        return parts.joined(separator: " · ")
    }

    // MARK: Values

    private mutating func valueItems(for name: String) -> [LSP.CompletionItem] {
        guard let object = context.containers.first, object.isObject else { return [] }
        let objectKind = locator.objectKind(at: object.pointer)
        guard let key = locator.key(name, inObjectAt: object.pointer),
            let type = locator.type(at: object.pointer.appending(name))
        else { return [] }
        let scalars = object.scalarMembers
        var choices:
            [(
                label: String, kind: LSP.CompletionItemKind, detail: String?, documentation: LSP.MarkupContent?,
                text: InsertText, data: JSONValue?
            )] = []

        func plain(_ value: String) -> InsertText {
            var text = InsertText(snippet: false)
            text.literal(value)
            return text
        }

        if let values = type.enumerationValues ?? key.type.enumerationValues {
            for value in values {
                let documentation: LSP.MarkupContent
                let detail: String?
                if name == "type", let behavior = BehaviorType(rawValue: value), objectKind.map(isBehavior) ?? true {
                    documentation = FormatDocumentation.behavior(behavior, markdown: markdown)
                    detail = behavior.uiKitName
                } else {
                    documentation = FormatDocumentation.enumValue(value, of: key, in: objectKind, markdown: markdown)
                    detail = key.defaultValue?.stringValue == value ? "default" : nil
                }
                choices.append((value, .enumMember, detail, documentation, plain(ValueTemplates.quoted(value)), nil))
            }
            if case .oneOf(let options) = key.type, options.contains(.object(.collisionBoundsPath)) {
                var text = InsertText(snippet: snippets)
                templates.object(.collisionBoundsPath, into: &text)
                choices.append(
                    (
                        "{\"path\": …}", .snippet, "a convex polygon",
                        FormatDocumentation.key(key, in: objectKind, markdown: markdown), text, nil
                    ))
            }
        } else {
            switch type {
            case .reference(.item):
                // The other end of an attachment is not offered.
                let excluded =
                    name == "attachedTo"
                    ? scalars["item"]?.stringValue : name == "item" ? scalars["attachedTo"]?.stringValue : nil
                for id in offeredItemIDs(excluding: excluded) {
                    choices.append(
                        (id, .reference, itemDetail(id), nil, plain(ValueTemplates.quoted(id)), resolveData(item: id)))
                }
            case .reference(.behavior):
                var types: [[UInt8]: BehaviorType] = [:]
                var ids: [String] = []
                for (id, behaviorType) in facts.behaviorIDs {
                    if name == "set", !(behaviorType.map(Catalog.liveTypes.contains) ?? false) { continue }
                    if name == "pan", !(behaviorType.map { $0 == .attachment || $0 == .snap } ?? false) { continue }
                    ids.append(id)
                    types[Array(id.utf8)] = behaviorType
                }
                for id in offered(ids) {
                    let detail = detailOnResolve ? nil : types[Array(id.utf8)].map(BehaviorDescription.detail)
                    choices.append(
                        (id, .reference, detail, nil, plain(ValueTemplates.quoted(id)), resolveData(behavior: id)))
                }
            case .references(.item):
                for id in offeredItemIDs(excluding: nil) {
                    choices.append(
                        (
                            "[\"\(id)\"]", .reference, itemDetail(id), nil,
                            plain("[" + ValueTemplates.quoted(id) + "]"), resolveData(item: id)
                        ))
                }
            case .color:
                // The CSS color names, each with its value (`#rgb`/`#rrggbb` are written by hand).
                for color in Catalog.colorNames.map(\.name) {
                    choices.append((color, .color, RGBColor(color)?.hex, nil, plain(ValueTemplates.quoted(color)), nil))
                }
            case .boolean:
                for value in [true, false] {
                    let isDefault = key.defaultValue?.boolValue == value
                    choices.append(("\(value)", .value, isDefault ? "default" : nil, nil, plain("\(value)"), nil))
                }
            case .oneOf(let options)
            where options.allSatisfy({ if case .object(.behavior) = $0 { true } else { false } }):
                for behavior in BehaviorType.allCases {
                    var text = InsertText(snippet: snippets)
                    templates.behavior(behavior, into: &text)
                    choices.append(
                        (
                            "\(behavior.rawValue) behavior", .snippet, behavior.uiKitName,
                            FormatDocumentation.behavior(behavior, markdown: markdown), text, nil
                        ))
                }
            default:
                var text = InsertText(snippet: snippets)
                templates.value(for: key, in: objectKind, into: &text)
                choices.append(
                    (
                        key.defaultValue.map(Key.displayText) ?? templateLabel(for: key), .value,
                        key.defaultValue != nil ? "default" : key.type.displayName,
                        FormatDocumentation.key(key, in: objectKind, markdown: markdown), text, nil
                    ))
            }
        }

        let range = context.replacementRange
        let commaAfter = memberFollows(range.upperBound)
        return choices.enumerated().map { index, choice in
            var text = choice.text
            if commaAfter { text.literal(",") }
            return item(
                label: choice.label, kind: choice.kind, detail: choice.detail, documentation: choice.documentation,
                sortText: String(index + 100), filterName: filterName(choice.label, text: choice.text), text: text,
                range: range, commaBefore: nil, data: choice.data)
        }
    }

    private func isBehavior(_ kind: ObjectKind) -> Bool {
        if case .behavior = kind { return true }
        return false
    }

    /// How a value without a default is labelled: its shape (`[x, y]`, `{…}`).
    private func templateLabel(for key: Key) -> String {
        switch key.type {
        case .point: "[x, y]"
        case .size: "[width, height]"
        case .vector: "[dx, dy]"
        case .rangePair: "[min, max]"
        case .object, .oneOf: "{…}"
        case .array: "[…]"
        case .string, .identifier, .reference: "\"…\""
        default: key.type.displayName
        }
    }

    /// What a client filters on: the value as written (with its quotes when it is a string).
    private func filterName(_ label: String, text: InsertText) -> String {
        text.isSnippet ? label : text.text
    }

    // MARK: Array elements

    private mutating func elementItems(at index: Int) -> [LSP.CompletionItem] {
        guard let array = context.containers.first, !array.isObject,
            let type = locator.type(at: array.pointer.appending(index))
        else { return [] }
        var choices:
            [(
                label: String, kind: LSP.CompletionItemKind, detail: String?, documentation: LSP.MarkupContent?,
                text: InsertText, filter: String, data: JSONValue?
            )] = []
        switch type {
        case .reference(.item):
            let present = presentStrings(in: array.pointer)
            let ids = present.isEmpty ? facts.itemIDs : facts.itemIDs.filter { !present.contains(Array($0.utf8)) }
            for id in offered(ids) {
                var text = InsertText(snippet: false)
                text.literal(ValueTemplates.quoted(id))
                choices.append(
                    (id, .reference, itemDetail(id), nil, text, ValueTemplates.quoted(id), resolveData(item: id)))
            }
        case .object(.item):
            var text = InsertText(snippet: snippets)
            templates.item(into: &text)
            choices.append(
                (
                    "item", .snippet, "a dynamic item (a UIView)",
                    LSP.MarkupContent(
                        kind: markdown ? .markdown : .plaintext,
                        value: "A new item with a fresh id, a center and a size."), text, "item", nil
                ))
        case .oneOf(let options) where options.allSatisfy({ if case .object(.behavior) = $0 { true } else { false } }):
            for behavior in BehaviorType.allCases {
                var text = InsertText(snippet: snippets)
                templates.behavior(behavior, into: &text)
                choices.append(
                    (
                        "\(behavior.rawValue) behavior", .snippet, behavior.uiKitName,
                        FormatDocumentation.behavior(behavior, markdown: markdown), text, behavior.rawValue, nil
                    ))
            }
        case .object(.event):
            for action in ["set", "add", "remove", "pan"] {
                var text = InsertText(snippet: snippets)
                templates.event(action: action, into: &text)
                let key = Catalog.key(action, in: .event)
                choices.append(
                    (
                        "\(action) event", .snippet,
                        action == "pan" ? "at a time, pan an anchor along a path" : "at a time, \(action) a behavior",
                        key.map { FormatDocumentation.key($0, in: .event, markdown: markdown) }, text, action, nil
                    ))
            }
            var reaction = InsertText(snippet: snippets)
            templates.reaction(into: &reaction)
            choices.append(
                (
                    "reaction", .snippet, "on a contact, remove a behavior",
                    Catalog.key("on", in: .event).map { FormatDocumentation.key($0, in: .event, markdown: markdown) },
                    reaction, "on", nil
                ))
        case .object(.expectation):
            for type in ExpectationType.allCases {
                var text = InsertText(snippet: snippets)
                templates.expectation(type, into: &text)
                choices.append(
                    (
                        "\(type.rawValue) expectation", .snippet, "checked when simulating",
                        Catalog.key("type", in: .expectation).map {
                            FormatDocumentation.enumValue(type.rawValue, of: $0, in: .expectation, markdown: markdown)
                        }, text, type.rawValue, nil
                    ))
            }
        case .enumeration(let values):
            // A list of names (a `pin`): the names not in the list yet.
            let present = presentStrings(in: array.pointer)
            let arrayKey = array.pointer.parent.flatMap { parent in
                array.pointer.last.flatMap { segment -> Key? in
                    guard case .key(let name) = segment else { return nil }
                    return locator.key(name, inObjectAt: parent)
                }
            }
            for value in values where !present.contains(Array(value.utf8)) {
                var text = InsertText(snippet: false)
                text.literal(ValueTemplates.quoted(value))
                let documentation = arrayKey.map {
                    FormatDocumentation.enumValue(
                        value, of: $0, in: array.pointer.parent.flatMap(locator.objectKind(at:)), markdown: markdown)
                }
                choices.append((value, .enumMember, nil, documentation, text, ValueTemplates.quoted(value), nil))
            }
        case .oneOf(let options) where options.contains(.object(.segmentBoundary)):
            for (kind, label) in [(ObjectKind.segmentBoundary, "segment boundary"), (.pathBoundary, "path boundary")] {
                var text = InsertText(snippet: snippets)
                templates.boundary(kind, into: &text)
                choices.append(
                    (label, .snippet, kind == .segmentBoundary ? "{id, from, to}" : "{id, path}", nil, text, label, nil)
                )
            }
        default:
            return []
        }

        let range = context.replacementRange
        let commaBefore = needsCommaBefore(range.lowerBound, opening: UInt8(ascii: "["))
        let commaAfter = valueFollows(range.upperBound)
        return choices.enumerated().map { index, choice in
            var text = choice.text
            if commaAfter { text.literal(", ") }
            return item(
                label: choice.label, kind: choice.kind, detail: choice.detail, documentation: choice.documentation,
                sortText: String(index + 100), filterName: choice.filter, text: text, range: range,
                commaBefore: commaBefore,
                data: choice.data)
        }
    }

    /// The strings already in the array at `pointer` (as far as the text parses), as UTF-8 bytes.
    private func presentStrings(in pointer: JSONPointer) -> Set<[UInt8]> {
        var value = document.json.root
        for segment in pointer.segments {
            switch segment {
            case .key(let key): value = value?.objectValue?[key]
            case .index(let index):
                guard let array = value?.arrayValue, array.indices.contains(index) else { return [] }
                value = array[index]
            }
        }
        var strings = Set<[UInt8]>()
        for (index, element) in (value?.arrayValue ?? []).enumerated() {
            // The element being typed is not "present".
            if let range = document.json.sourceMap.valueRange(pointer.appending(index)),
                range.overlaps(context.replacementRange) || range.upperBound == context.offset
            {
                continue
            }
            if let id = element.stringValue { strings.insert(Array(id.utf8)) }
        }
        return strings
    }

    // MARK: Top level

    private func topLevelItems() -> [LSP.CompletionItem] {
        var text = InsertText(snippet: snippets)
        text.literal("{\"format\": 1, \"name\": \"")
        text.placeholder(sceneName)
        text.literal("\", \"referenceView\": {\"width\": ")
        text.placeholder("375")
        text.literal(", \"height\": ")
        text.placeholder("667")
        text.literal("}, \"items\": [{\"id\": \"")
        text.placeholder("item1")
        text.literal("\", \"center\": [")
        text.placeholder("187")
        text.literal(", ")
        text.placeholder("100")
        text.literal("], \"size\": [")
        text.placeholder("40")
        text.literal(", ")
        text.placeholder("40")
        text.literal(
            "]}], \"behaviors\": [{\"type\": \"gravity\", \"items\": [\"item1\"]}, {\"type\": \"collision\", \"items\": [\"item1\"], \"translatesReferenceBoundsIntoBoundary\": true}]}"
        )
        let documentation = LSP.MarkupContent(
            kind: markdown ? .markdown : .plaintext,
            value: "A scene with one item that falls under gravity and stays inside the reference view.")
        return [
            item(
                label: "scene", kind: .snippet, detail: "a new scene", documentation: documentation, sortText: "100",
                filterName: "scene", text: text, range: context.replacementRange, commaBefore: nil)
        ]
    }

    private var sceneName: String {
        let name = DocumentURI.fileName(document.uri)
        let suffix = ".dynamics.json"
        return name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : "scene"
    }

    // MARK: Items

    private func item(
        label: String, kind: LSP.CompletionItemKind, detail: String?, documentation: LSP.MarkupContent?,
        sortText: String, filterName: String, text: InsertText, range: Range<Int>, commaBefore: Int?,
        data: JSONValue? = nil
    ) -> LSP.CompletionItem {
        // Clients filter on the text the edit replaces: with an opening quote typed, the filter has one too.
        var filter =
            context.token?.isString == true ? filterName : String(filterName.drop { $0 == "\"" }.prefix { $0 != "\"" })
        var range = range
        var newText = text.text
        var insertText: String?
        // In a string still open at the cursor (`"` or `"sn` typed), the edit starts after the opening quote and
        // leaves it alone. Clients without textEdit ranges (Neovim 0.7's omnifunc) insert the text at the start
        // of the word before the cursor, after the quote, and keep what starts with the typed word: the quote
        // must not be in the text, nor in the filter. Full clients replace the same range the same way.
        if let token = context.token, token.isString, !token.isClosed, range == token.range,
            newText.hasPrefix("\""), filter.hasPrefix("\"")
        {
            range = range.lowerBound + 1..<range.upperBound
            newText.removeFirst()
            filter = String(filter.dropFirst().prefix { $0 != "\"" })
            insertText = newText
        }
        return LSP.CompletionItem(
            label: label, kind: kind, detail: detail, documentation: documentation, sortText: sortText,
            filterText: filter == label ? nil : filter, insertText: insertText,
            // Plain text is the protocol's default: said only for snippets, it costs every id item 20 bytes less.
            insertTextFormat: text.isSnippet && text.hasStops ? .snippet : nil,
            textEdit: document.textEdit(replacing: range, with: newText),
            additionalTextEdits: commaBefore.map { [document.textEdit(replacing: $0..<$0, with: ",")] }, data: data)
    }

    // MARK: Hover-like facts for ids

    /// An item id's detail, unless the client asks for it with the documentation.
    private func itemDetail(_ id: String) -> String? {
        detailOnResolve ? nil : ItemDescription(facts: facts).detail(id)
    }

    /// The ids to offer out of `ids`: all of them, or the best matches of what is typed (and the list is then
    /// incomplete).
    private mutating func offered(_ ids: [String]) -> [String] {
        let typed = context.token?.prefix ?? ""
        let best = IdentifierRanking.best(ids, typed: typed)
        if best.isIncomplete { isIncomplete = true }
        return best.ids
    }

    /// The item ids to offer, without `excluded`: all of them, or the best matches of what is typed, ranked on
    /// the version's kept order (a 5,000-item scene is not sorted again for each request).
    private mutating func offeredItemIDs(excluding excluded: String?) -> [String] {
        let ids = facts.itemIDs
        guard ids.count > IdentifierRanking.limit + 1 else {
            return offered(excluded.map { excluded in ids.filter { !SceneFacts.same($0, excluded) } } ?? ids)
        }
        let best = IdentifierRanking.best(
            ids, typed: context.token?.prefix ?? "", order: facts.itemIDOrder,
            isExcluded: { id in excluded.map { SceneFacts.same(id, $0) } ?? false })
        if best.isIncomplete { isIncomplete = true }
        return best.ids
    }

    /// What `completionItem/resolve` needs to describe an id: the document and the id.
    private func resolveData(item id: String) -> JSONValue {
        CompletionResolveData.item(uri: document.uri, id: id).json
    }

    private func resolveData(behavior id: String) -> JSONValue {
        CompletionResolveData.behavior(uri: document.uri, id: id).json
    }

    // MARK: Punctuation around the replaced token

    private var bytes: [UInt8] { document.bytes }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private func nextSignificant(_ offset: Int) -> Int? {
        var i = offset
        while i < bytes.count, CompletionBuilder.isSpace(bytes[i]) { i += 1 }
        return i < bytes.count ? i : nil
    }

    private func previousSignificant(_ offset: Int) -> Int? {
        var i = offset
        while i > 0, CompletionBuilder.isSpace(bytes[i - 1]) { i -= 1 }
        return i > 0 ? i - 1 : nil
    }

    private func colonFollows(_ offset: Int) -> Bool {
        nextSignificant(offset).map { bytes[$0] == UInt8(ascii: ":") } ?? false
    }

    /// A key follows (a member after the one being written, with no comma between them yet).
    private func memberFollows(_ offset: Int) -> Bool {
        nextSignificant(offset).map { bytes[$0] == UInt8(ascii: "\"") } ?? false
    }

    /// A value follows (an element after the one being written, with no comma between them yet).
    private func valueFollows(_ offset: Int) -> Bool {
        guard let next = nextSignificant(offset) else { return false }
        let byte = bytes[next]
        return byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Where a comma is missing before the token (just after the value before it), nil when none is missing.
    private func needsCommaBefore(_ offset: Int, opening: UInt8) -> Int? {
        guard let previous = previousSignificant(offset) else { return nil }
        let byte = bytes[previous]
        if byte == opening || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") { return nil }
        return previous + 1
    }
}
