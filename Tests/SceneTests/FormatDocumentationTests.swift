import Foundation
import Testing

@testable import Scene

// The user docs' tables of keys (`docs/scene-format.md`) held against the catalog, so that the page cannot drift
// from what decoding, the rules, completion and hover do.
//
// Each table of the page that documents an object kind is preceded by a marker line naming the kind:
// `<!-- catalog: item -->`, `<!-- catalog: behavior(gravity) -->` (the kind's case name, with its payload's case
// name in parentheses). Keys that every behavior takes may sit in the `behavior(*)` table, and keys that every
// object takes in the `any` table. Three more tables are marked: `attachment kinds` and `field kinds` (which
// keys each kind takes) and `liveValues` (which keys a `set` event can change, per behavior type).
//
// Every key of the catalog must have a row in its kind's table whose cells say what the catalog says: the
// default (`required`, the catalog's default text, or `—`), the range, the unit, the UIKit name and the type.
// A new key, default or range in the catalog fails here until the page is updated.

/// A Markdown table of the format page: its header and its rows, cells as written.
struct DocumentedTable {
    var header: [String]
    var rows: [[String]]

    /// The cell of `column` in the row whose first cell names `name` (`` `name` ``), nil when there is none.
    func cell(_ column: String, ofRow name: String) -> String? {
        guard let columnIndex = header.firstIndex(of: column),
            let row = rows.first(where: { FormatPage.plain($0[0]) == name }), columnIndex < row.count
        else { return nil }
        return row[columnIndex]
    }

    /// The names in backquotes in the cell of `column` of the row `name` (`` `anchor`, `length` `` → both).
    func names(_ column: String, ofRow name: String) -> Set<String>? {
        cell(column, ofRow: name).map(FormatPage.quotedNames)
    }
}

/// `docs/scene-format.md`, read into its marked tables.
struct FormatPage {
    static let path = "docs/scene-format.md"
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The tables by marker.
    var tables: [String: DocumentedTable] = [:]
    /// Every marker, in page order (to find a marker written twice).
    var markers: [String] = []

    init(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard line.hasPrefix("<!-- catalog:"), line.hasSuffix("-->") else { continue }
            let marker = line.dropFirst("<!-- catalog:".count).dropLast("-->".count)
                .trimmingCharacters(in: .whitespaces)
            markers.append(marker)
            var tableLines: [String] = []
            while index < lines.count, lines[index].hasPrefix("|") {
                tableLines.append(lines[index])
                index += 1
            }
            guard tableLines.count >= 2 else { continue }
            let header = Self.cells(tableLines[0]).map(Self.plain)
            tables[marker] = DocumentedTable(header: header, rows: tableLines.dropFirst(2).map(Self.cells))
        }
    }

    static func load() throws -> FormatPage {
        FormatPage(text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
    }

    /// The cells of a table row, split at the bars that are not escaped (`\|` stays inside its cell).
    static func cells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var previous: Character?
        for character in line {
            if character == "|", previous != "\\" {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        cells.append(current)
        // The bars at both ends leave an empty first and last piece.
        return Array(cells.dropFirst().dropLast()).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A cell as a reader sees it: without Markdown's backquotes, emphasis and escapes.
    static func plain(_ cell: String) -> String {
        cell.replacingOccurrences(of: "\\|", with: "|").filter { $0 != "`" && $0 != "*" }
            .trimmingCharacters(in: .whitespaces)
    }

    /// The names written in backquotes in a cell.
    static func quotedNames(_ cell: String) -> Set<String> {
        let pieces = cell.split(separator: "`", omittingEmptySubsequences: false)
        return Set(stride(from: 1, to: pieces.count, by: 2).map { String(pieces[$0]) })
    }

    /// The marker of an object kind's table: `scene`, `behavior(gravity)`, `liveValues(push)`.
    static func marker(_ kind: ObjectKind) -> String {
        // `String(describing:)` qualifies a payload with its module and type (`behavior(Scene.BehaviorType.gravity)`).
        var marker = ""
        var word = ""
        for character in String(describing: kind) {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else if character == "." {
                word = ""
            } else {
                marker += word + String(character)
                word = ""
            }
        }
        return marker + word
    }

    /// The markers of the tables that may hold a key of `kind`, the kind's own first.
    static func markers(for kind: ObjectKind) -> [String] {
        if case .behavior = kind { return [marker(kind), "behavior(*)", "any"] }
        return [marker(kind), "any"]
    }

    /// The markers of the tables that are not one object kind's.
    static let sharedMarkers: Set<String> = ["behavior(*)", "any", "attachment kinds", "field kinds", "liveValues"]
}

@Suite("docs/scene-format.md")
struct FormatDocumentationTests {
    /// The object kinds with a table of keys on the page (the `set` values are the `liveValues` table).
    private var documentedKinds: [ObjectKind] {
        ObjectKind.allCases.filter { kind in
            if case .liveValues = kind { return false }
            return true
        }
    }

    @Test func markersNameKindsOfTheCatalogOnce() throws {
        let page = try FormatPage.load()
        let known = Set(documentedKinds.map(FormatPage.marker)).union(FormatPage.sharedMarkers)
        #expect(page.markers.count == Set(page.markers).count, "a marker is written twice: \(page.markers)")
        for marker in page.markers {
            #expect(known.contains(marker), "<!-- catalog: \(marker) --> names no object kind of the catalog")
        }
        #expect(FormatPage.marker(.behavior(.gravity)) == "behavior(gravity)")
        #expect(FormatPage.marker(.scene) == "scene")
    }

    @Test func everyKeyOfTheCatalogHasARowWithItsDefaultRangeUnitUIKitNameAndType() throws {
        let page = try FormatPage.load()
        for kind in documentedKinds {
            let marker = FormatPage.marker(kind)
            guard page.tables[marker] != nil else {
                Issue.record(
                    "\(FormatPage.path) has no table for \(kind.displayName): mark it <!-- catalog: \(marker) -->")
                continue
            }
            for key in Catalog.object(kind).keys {
                let place = "\(marker).\(key.name)"
                guard
                    let table = FormatPage.markers(for: kind).lazy.compactMap({ page.tables[$0] })
                        .first(where: { $0.cell("key", ofRow: key.name) != nil })
                else {
                    Issue.record("\(FormatPage.path) has no row for the key \(place)")
                    continue
                }
                func cell(_ column: String) -> String {
                    FormatPage.plain(table.cell(column, ofRow: key.name) ?? "(no \(column) column)")
                }

                let expectedDefault = key.isRequired ? "required" : FormatPage.plain(key.defaultText ?? "—")
                let documentedDefault = cell("default")
                #expect(
                    documentedDefault == expectedDefault || documentedDefault.hasPrefix(expectedDefault + " ("),
                    "\(place): the catalog's default is \(expectedDefault), the page says \(documentedDefault)")

                let documentedRange = cell("range")
                if let range = key.range {
                    #expect(
                        documentedRange.contains(range.description),
                        "\(place): the catalog's range is \(range.description), the page says \(documentedRange)")
                } else {
                    #expect(
                        !documentedRange.contains(where: { "≥≤<>…".contains($0) }),
                        "\(place): the catalog checks no range, the page says \(documentedRange)")
                }

                #expect(cell("unit") == (key.unit ?? "—"), "\(place): the catalog's unit is \(key.unit ?? "none")")
                #expect(
                    cell("UIKit") == (key.uiKitName ?? "—"),
                    "\(place): the catalog's UIKit name is \(key.uiKitName ?? "none")")

                let documentedType = cell("type")
                for word in Self.typeWords(key.type) {
                    #expect(
                        documentedType.contains(word), "\(place): the type \(documentedType) does not say \(word)")
                }
            }
        }
    }

    @Test func attachmentKindsTableListsTheKeysEachKindTakes() throws {
        let page = try FormatPage.load()
        let table = try #require(page.tables["attachment kinds"], "no <!-- catalog: attachment kinds --> table")
        let keys = Catalog.object(.behavior(.attachment)).keys
        for kind in Catalog.attachmentKinds {
            let own = Set(keys.filter { $0.kinds?.contains(kind) ?? false }.map(\.name))
            #expect(table.names("its own keys", ofRow: kind) == own, "attachment kind \(kind)")
            let takesAnchor = Catalog.key("anchor", in: .behavior(.attachment))?.applies(toKind: kind) ?? false
            let heldTo = table.names("held to", ofRow: kind) ?? []
            #expect(heldTo.contains("anchor") == takesAnchor, "attachment kind \(kind): anchor")
            #expect(heldTo.contains("attachedTo"), "attachment kind \(kind): attachedTo")
        }
    }

    @Test func fieldKindsTableListsTheKeysEachKindTakes() throws {
        let page = try FormatPage.load()
        let table = try #require(page.tables["field kinds"], "no <!-- catalog: field kinds --> table")
        let keys = Catalog.object(.behavior(.field)).keys
        for kind in Catalog.fieldKinds {
            let own = Set(keys.filter { $0.kinds?.contains(kind) ?? false }.map(\.name))
            #expect(table.names("its own keys", ofRow: kind) == own, "field kind \(kind)")
        }
    }

    @Test func liveValuesTableListsEveryKeyASetEventCanChange() throws {
        let page = try FormatPage.load()
        let table = try #require(page.tables["liveValues"], "no <!-- catalog: liveValues --> table")
        for type in Catalog.liveTypes {
            let documented = table.names("keys set can change", ofRow: type.rawValue)
            #expect(documented != nil, "no row for \(type.rawValue) in the liveValues table")
            for key in Catalog.liveKeys(of: type) {
                #expect(
                    documented?.contains(key.name) ?? false,
                    "a set event can change \(type.rawValue).\(key.name); the liveValues table does not say so")
            }
        }
    }

    @Test func completeScenesOnThePageLintClean() throws {
        let text = try String(contentsOf: FormatPage.root.appendingPathComponent(FormatPage.path), encoding: .utf8)
        // Fenced JSON blocks that are whole scenes (they have a referenceView); the others are fragments.
        let blocks = text.components(separatedBy: "```json\n").dropFirst()
            .compactMap { $0.components(separatedBy: "\n```").first }
            .filter { $0.contains("\"referenceView\"") }
        #expect(!blocks.isEmpty, "no complete scene on the page")
        for block in blocks {
            let result = Linter.lint(Array(block.utf8), fileName: "example.dynamics.json")
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.code): \($0.message)" })")
        }
    }

    @Test func tablesAreReadCellByCell() {
        let page = FormatPage(
            text: """
                <!-- catalog: demo -->
                | key | type | default |
                |---|---|---|
                | `mode` | `"a"` \\| `"b"` | **required** |
                """)
        let table = page.tables["demo"]
        #expect(table?.cell("type", ofRow: "mode").map(FormatPage.plain) == "\"a\" | \"b\"")
        #expect(table?.cell("default", ofRow: "mode").map(FormatPage.plain) == "required")
        #expect(table?.cell("default", ofRow: "other") == nil)
    }

    /// Words the type cell of a key of `type` must hold (none for a type this test does not know yet: a
    /// type added to `ValueType` later needs no change here to compile).
    static func typeWords(_ type: ValueType) -> [String] {
        if let values = type.enumerationValues { return values.map { "\"\($0)\"" } }
        let simple: [(ValueType, String)] = [
            (.number, "number"), (.integer, "integer"), (.string, "string"), (.boolean, "boolean"),
            (.point, "point"), (.size, "size"), (.vector, "vector"), (.rangePair, "[min, max]"),
        ]
        if let word = simple.first(where: { $0.0 == type })?.1 { return [word] }
        if case .identifier = type { return ["id"] }
        if case .reference(let space) = type { return ["\(space.rawValue) id"] }
        if case .references(let space) = type { return ["array of \(space.rawValue) ids"] }
        if case .object = type { return ["object"] }
        if case .array = type { return ["array of"] }
        if case .oneOf(let types) = type {
            if types.allSatisfy({ if case .object(.behavior) = $0 { true } else { false } }) { return ["behavior"] }
            if types.allSatisfy({ if case .object = $0 { true } else { false } }) { return ["object"] }
        }
        return []
    }
}
