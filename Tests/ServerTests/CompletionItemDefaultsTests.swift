import JSON
import RPC
import Testing

@testable import Server

@Suite("Completion item defaults")
struct CompletionItemDefaultsTests {
    static let defaultsClient =
        #"{"textDocument": {"completion": {"completionItem": {"snippetSupport": true}, "completionList": {"itemDefaults": ["editRange", "insertTextFormat", "data"]}}}}"#

    /// Ten items, and a snap whose item is being typed: the id list replaces the same token for every id.
    static let scene: String = {
        let items = (0..<10).map { #"{"id": "crate\#($0)", "center": [\#(40 + 30 * $0), 100], "size": [20, 20]}"# }
        return #"""
            {"format": 1, "referenceView": {"width": 400, "height": 800},
              "items": [\#(items.joined(separator: ", "))],
              "behaviors": [{"type": "snap", "item": "cr1️⃣", "snapPoint": [200, 300]}]}
            """#
    }()

    /// The edit a client makes of `item` in `list`: its own, or the list's range with its text or label.
    static func edit(_ item: LSP.CompletionItem, in list: LSP.CompletionList) throws -> LSP.TextEdit {
        if let edit = item.textEdit { return edit }
        let range = try #require(list.defaultEditRange, "\(item.label) has no edit and the list no default range")
        return LSP.TextEdit(range: range, newText: item.textEditText ?? item.label)
    }

    @Test("a client that takes item defaults gets the range once, and every id makes the same edit")
    func sharedRangeMakesTheSameEdits() throws {
        let plain = try EditorSession(Self.scene).list()
        let shared = try EditorSession(Self.scene, capabilities: Self.defaultsClient).list()
        #expect(plain.defaultEditRange == nil)
        #expect(plain.items.allSatisfy { $0.textEdit != nil && $0.textEditText == nil })
        #expect(shared.defaultEditRange == plain.items.first?.textEdit?.range)
        #expect(shared.items.allSatisfy { $0.textEdit == nil })
        #expect(shared.items.map(\.label) == plain.items.map(\.label))
        #expect(shared.items.count == 10)
        for (before, after) in zip(plain.items, shared.items) {
            #expect(try Self.edit(after, in: shared) == before.textEdit, "\(before.label)")
        }
        #expect(
            shared.json.serialized().count * 4 < plain.json.serialized().count * 3,
            "the shared range makes the answer at least a quarter smaller")
    }

    @Test("the answer says itemDefaults and textEditText on the wire, and reads back the same")
    func wireForm() throws {
        let session = try EditorSession(Self.scene, capabilities: Self.defaultsClient)
        let text = try session.client.request(
            "textDocument/completion",
            #"{"textDocument": {"uri": "\#(EditorSession.uri)"}, "position": \#(session.scene.position().json.serializedString())}"#
        ).get().serializedString()
        #expect(text.contains(#""itemDefaults":{"editRange":{"start":"#))
        #expect(text.contains(#""textEditText":"\"crate3\"""#))
        #expect(!text.contains(#""textEdit":"#))
        let list = try LSP.CompletionList(json: try #require(JSONValue.parse(text)), path: "result")
        #expect(try LSP.CompletionList(json: list.json, path: "result") == list)
    }

    @Test("items that replace another range keep their own edit; a list without a shared range is left alone")
    func otherRangesKeepTheirEdits() {
        func range(_ line: Int) -> LSP.Range {
            LSP.Range(start: .init(line: line, character: 2), end: .init(line: line, character: 5))
        }
        func item(_ label: String, _ line: Int) -> LSP.CompletionItem {
            LSP.CompletionItem(label: label, textEdit: LSP.TextEdit(range: range(line), newText: label))
        }
        let mixed = LSP.CompletionList(isIncomplete: false, items: [item("a", 1), item("b", 2), item("c", 2)])
            .sharingEditRange()
        #expect(mixed.defaultEditRange == range(2))
        #expect(mixed.items.map(\.textEdit) == [LSP.TextEdit(range: range(1), newText: "a"), nil, nil])
        #expect(mixed.items.map(\.textEditText) == [nil, nil, nil], "the label is the text when they are equal")
        let apart = LSP.CompletionList(isIncomplete: false, items: [item("a", 1), item("b", 2)])
        #expect(apart.sharingEditRange() == apart)
    }
}
