// textDocument/documentSymbol: the scene's outline.
//
// The scene (named by `name` or its file) holds `items`, `behaviors` and `events`; items are named by id,
// behaviors by id (or type) with their UIKit class as detail, a collision behavior's boundaries sit under it,
// and events read "at 1.5 s: set hook", a `set` event holding the values it sets (`anchor`, with its value as
// detail) and an `add` event the behavior it adds. Each symbol's range is
// its whole object (a list's is its whole member) and its selection range the id string, or the key or the
// opening brace when there is no id. The outline is read from the parsed values, so a broken document still
// shows everything before its syntax error. Clients that cannot take a tree get the flat `SymbolInformation`
// list with each symbol's container name.
import JSON
import RPC
import Scene

extension LanguageServer {
    func documentSymbols(_ params: LSP.TextDocumentParams, _ context: RequestContext) throws -> DocumentSymbolResult {
        let document = try document(params.textDocument)
        let outline = SceneOutline(document: document).symbols
        if client.hierarchicalDocumentSymbols { return .hierarchical(outline) }
        var flat: [SymbolInformation] = []
        func flatten(_ symbols: [LSP.DocumentSymbol], container: String?) {
            for symbol in symbols {
                flat.append(
                    SymbolInformation(
                        name: symbol.name, kind: symbol.kind,
                        location: LSP.Location(uri: document.uri, range: symbol.range),
                        containerName: container))
                flatten(symbol.children ?? [], container: symbol.name)
            }
        }
        flatten(outline, container: nil)
        return .flat(flat)
    }
}

/// The answer to `textDocument/documentSymbol`: a tree for clients that announce
/// `hierarchicalDocumentSymbolSupport`, the flat list otherwise.
enum DocumentSymbolResult: LSPEncodable {
    case hierarchical([LSP.DocumentSymbol])
    case flat([SymbolInformation])

    var json: JSONValue {
        switch self {
        case .hierarchical(let symbols): symbols.json
        case .flat(let symbols): symbols.json
        }
    }
}

/// A symbol of the flat list (LSP `SymbolInformation`), for clients without hierarchical symbols.
struct SymbolInformation: Equatable, LSPEncodable {
    var name: String
    var kind: LSP.SymbolKind
    var location: LSP.Location
    /// The name of the symbol holding this one.
    var containerName: String?

    var json: JSONValue {
        .object(
            JSONObject(omittingNil: [
                ("name", .string(name)), ("kind", kind.rawValue.json), ("location", location.json),
                ("containerName", containerName.map(JSONValue.string)),
            ]))
    }
}

/// Builds the outline of one document from its parsed values and source map.
private struct SceneOutline {
    let document: Document
    private var sourceMap: SourceMap { document.json.sourceMap }

    init(document: Document) { self.document = document }

    var symbols: [LSP.DocumentSymbol] {
        guard case .object(let root)? = document.json.root, let range = sourceMap.valueRange(.root) else { return [] }
        var children: [LSP.DocumentSymbol] = []
        if case .array(let items)? = root["items"] {
            let pointer = JSONPointer.root.appending("items")
            children.append(
                list(
                    pointer, kind: .array, children: items.indices.compactMap { item(pointer.appending($0), items[$0]) }
                ))
        }
        if case .array(let behaviors)? = root["behaviors"] {
            let pointer = JSONPointer.root.appending("behaviors")
            children.append(
                list(
                    pointer, kind: .array,
                    children: behaviors.indices.compactMap { behavior(pointer.appending($0), behaviors[$0]) }))
        }
        if case .array(let events)? = root["events"] {
            let pointer = JSONPointer.root.appending("events")
            children.append(
                list(
                    pointer, kind: .array,
                    children: events.indices.compactMap { event(pointer.appending($0), events[$0]) }))
        }
        let name = document.lint.scene?.name ?? "scene"
        let selection = sourceMap[JSONPointer.root.appending("name")]?.valueRange ?? brace(range)
        return [
            symbol(
                name, detail: "scene", kind: .module, range: range, selection: selection,
                children: children.sortedByPosition)
        ]
    }

    // MARK: Symbols

    /// A list member (`"items": [...]`), its whole member as range and its key as selection.
    private func list(
        _ pointer: JSONPointer, kind: LSP.SymbolKind, children: [LSP.DocumentSymbol]
    ) -> LSP.DocumentSymbol {
        let entry = sourceMap[pointer]
        let value = entry?.valueRange ?? 0..<0
        let key = entry?.keyRange ?? brace(value)
        let name = pointer.last.map { if case .key(let key) = $0 { key } else { "" } } ?? ""
        let count = children.count
        return symbol(
            name, detail: "\(count) \(count == 1 ? String(name.dropLast()) : name)", kind: kind,
            range: key.lowerBound..<value.upperBound, selection: key, children: children)
    }

    private func item(_ pointer: JSONPointer, _ value: JSONValue) -> LSP.DocumentSymbol? {
        guard case .object(let object) = value, let range = sourceMap.valueRange(pointer) else { return nil }
        let (name, selection) = identity(object, pointer, range: range, fallback: "item \(pointer.lastIndex)")
        return symbol(name, detail: "item", kind: .object, range: range, selection: selection)
    }

    private func behavior(_ pointer: JSONPointer, _ value: JSONValue) -> LSP.DocumentSymbol? {
        guard case .object(let object) = value, let range = sourceMap.valueRange(pointer) else { return nil }
        let typeName = object["type"]?.stringValue
        let type = typeName.flatMap(BehaviorType.init(rawValue:))
        let (name, selection) = identity(object, pointer, range: range, fallback: typeName ?? "behavior")
        var children: [LSP.DocumentSymbol] = []
        if case .array(let boundaries)? = object["boundaries"] {
            let listPointer = pointer.appending("boundaries")
            children = boundaries.indices.compactMap { boundary(listPointer.appending($0), boundaries[$0]) }
        }
        return symbol(
            name, detail: type?.uiKitName ?? typeName, kind: .class, range: range, selection: selection,
            children: children.isEmpty ? nil : children)
    }

    private func boundary(_ pointer: JSONPointer, _ value: JSONValue) -> LSP.DocumentSymbol? {
        guard case .object(let object) = value, let range = sourceMap.valueRange(pointer) else { return nil }
        let (name, selection) = identity(object, pointer, range: range, fallback: "boundary \(pointer.lastIndex)")
        let detail = object["path"] != nil ? "path boundary" : "segment boundary"
        return symbol(name, detail: detail, kind: .field, range: range, selection: selection)
    }

    private func event(_ pointer: JSONPointer, _ value: JSONValue) -> LSP.DocumentSymbol? {
        guard case .object(let object) = value, let range = sourceMap.valueRange(pointer) else { return nil }
        var name = "event \(pointer.lastIndex)"
        if let at = sourceMap[pointer.appending("at")]?.valueRange, object["at"]?.numberValue != nil {
            name = "at \(document.json.text(of: at)) s"
        }
        var actions: [String] = []
        var children: [LSP.DocumentSymbol] = []
        for action in ["set", "add", "remove"] {
            guard let target = object[action] else { continue }
            switch target {
            case .string(let id):
                actions.append("\(action) \(id)")
                if action == "set", case .object(let values)? = object["values"] {
                    children += setValues(pointer.appending("values"), values)
                }
            case .object(let added):
                actions.append("add " + (added["id"]?.stringValue ?? added["type"]?.stringValue ?? "behavior"))
                if let symbol = behavior(pointer.appending(action), target) { children.append(symbol) }
            default: actions.append(action)
            }
        }
        if !actions.isEmpty { name += ": " + actions.joined(separator: ", ") }
        let actionKey = ["set", "add", "remove", "at"].lazy.compactMap {
            self.sourceMap[pointer.appending($0)]?.keyRange
        }.first
        return symbol(
            name, kind: .event, range: range, selection: actionKey ?? brace(range),
            children: children.isEmpty ? nil : children)
    }

    /// What a `set` event sets: one symbol per member of its `values`, named by key, its value as detail.
    private func setValues(_ pointer: JSONPointer, _ values: JSONObject) -> [LSP.DocumentSymbol] {
        values.members.compactMap { member in
            let memberPointer = pointer.appending(member.key)
            guard let entry = sourceMap[memberPointer], let key = entry.keyRange else {
                return nil
            }
            let value = entry.valueRange
            let text = String(decoding: document.bytes[value], as: UTF8.self)
            let detail = text.count > 40 ? String(text.prefix(39)) + "…" : text
            return symbol(
                member.key, detail: detail, kind: .property, range: key.lowerBound..<value.upperBound, selection: key)
        }
    }

    // MARK: Helpers

    /// The object's name and selection: its `id` string when it has one, else `fallback` and its opening brace.
    private func identity(
        _ object: JSONObject, _ pointer: JSONPointer, range: Range<Int>, fallback: String
    ) -> (String, Range<Int>) {
        if case .string(let id)? = object["id"], !id.isEmpty,
            let idRange = sourceMap[pointer.appending("id")]?.valueRange
        {
            return (id, idRange)
        }
        return (fallback, brace(range))
    }

    private func brace(_ range: Range<Int>) -> Range<Int> {
        range.lowerBound..<min(range.upperBound, range.lowerBound + 1)
    }

    private func symbol(
        _ name: String, detail: String? = nil, kind: LSP.SymbolKind, range: Range<Int>, selection: Range<Int>,
        children: [LSP.DocumentSymbol]? = nil
    ) -> LSP.DocumentSymbol {
        // The selection must lie inside the range, whatever a broken document's source map says; LSP wants
        // names that are not blank.
        let selection =
            range.contains(selection.lowerBound) && selection.upperBound <= range.upperBound ? selection : brace(range)
        return LSP.DocumentSymbol(
            name: name.allSatisfy(\.isWhitespace) ? "(unnamed)" : name, detail: detail, kind: kind,
            range: document.range(of: range),
            selectionRange: document.range(of: selection), children: children)
    }
}

extension JSONPointer {
    /// The last segment as an array index (0 when it is a key).
    fileprivate var lastIndex: Int {
        if case .index(let index)? = last { return index }
        return 0
    }
}

extension Array where Element == LSP.DocumentSymbol {
    fileprivate var sortedByPosition: [LSP.DocumentSymbol] {
        sorted { $0.range.start < $1.range.start }
    }
}
