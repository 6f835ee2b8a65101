import JSON
import RPC
import TestSupport
import Testing

@testable import Server

@Suite("Completion: long id lists and resolve")
struct CompletionResolveTests {
    /// A scene with `count` items `item1`…, the behaviors after it.
    static func scene(items count: Int, behaviors: String) -> String {
        let items = (1...count).map { #"{"id": "item\#($0)", "center": [\#($0), 10], "size": [4, 4]}"# }.joined(
            separator: ",\n    ")
        return
            #"{"format": 1, "referenceView": {"width": 400, "height": 800}, "items": [\#n    \#(items)],\#n  "behaviors": [\#(behaviors)]}"#
    }

    /// The labels in the order the editor shows them.
    static func ordered(_ list: LSP.CompletionList) -> [String] {
        list.items.sorted { ($0.sortText ?? $0.label) < ($1.sortText ?? $1.label) }.map(\.label)
    }

    @Test("past 50 ids the list holds the best matches of what is typed and says it is incomplete")
    func longIDListIsCut() throws {
        let session = try EditorSession(
            Self.scene(
                items: 500,
                behaviors: #"""
                    {"type": "snap", "item": "item41️⃣", "point": [0, 0]}, {"type": "snap", "item": "item4992️⃣", "point": [0, 0]},
                        {"type": "snap", "item": "ITEM493️⃣", "point": [0, 0]}, {"type": "snap", "item": 4️⃣, "point": [0, 0]}
                    """#))
        let typed = try session.list(at: 1)
        #expect(typed.isIncomplete)
        #expect(typed.items.count == IdentifierRanking.limit)
        let labels = Self.ordered(typed)
        // The id typed, then the ids that start with it, shortest first, in file order.
        #expect(IdentifierRanking.limit == 50)
        #expect(labels == ["item4"] + (40...49).map { "item\($0)" } + (400...438).map { "item\($0)" })
        // The client filters on the token with its quote, and replaces all of it.
        let first = try #require(typed.items.first { $0.label == "item4" })
        #expect(first.filterText == #""item4""#)
        #expect(try session.applying(first).contains(#""item": "item4", "point""#))

        // A whole id typed comes first, whatever the list holds.
        #expect(Self.ordered(try session.list(at: 2)).first == "item499")
        // Clients ignore case: so does the choice.
        #expect(Array(Self.ordered(try session.list(at: 3)).prefix(3)) == ["item49", "item490", "item491"])
        // Nothing typed: the shortest ids, in file order.
        let untyped = try session.list(at: 4)
        #expect(untyped.isIncomplete)
        #expect(Array(Self.ordered(untyped).prefix(10)) == (1...10).map { "item\($0)" })
    }

    @Test("in a long items list the cut leaves out the ids already there and keeps fuzzy matches")
    func longElementListIsCut() throws {
        let session = try EditorSession(
            Self.scene(
                items: 300,
                behaviors: #"""
                    {"type": "gravity", "items": ["item1", "item12", "i121️⃣
                    """#))
        let list = try session.list()
        #expect(list.isIncomplete)
        let labels = Self.ordered(list)
        #expect(!labels.contains("item1") && !labels.contains("item12"))
        // No id starts with "i12": the fuzzy matches, shortest first, in file order.
        #expect(Array(labels.prefix(4)) == ["item102", "item112", "item120", "item121"])
        // Every id offered holds the typed characters in order (i, 1, 2), as a fuzzy-filtering client keeps them.
        for label in labels {
            #expect(
                IdentifierRanking.rank(label, pattern: Array("i12".utf8), folded: Array("i12".utf8)) != nil, "\(label)")
        }
        #expect(labels.contains("item120") && labels.contains("item212"))
    }

    @Test("the other end of a long attachment is never offered, and the rest rank as typed")
    func longAttachmentListLeavesOutTheOtherEnd() throws {
        let session = try EditorSession(
            Self.scene(
                items: 150,
                behaviors: #"""
                    {"type": "attachment", "item": "item4", "attachedTo": "item41️⃣"}
                    """#))
        let list = try session.list()
        let labels = Self.ordered(list)
        // Every id holding the typed characters in order (fewer than the limit), but the attachment's own item.
        let matching = (1...150).map { "item\($0)" }.filter {
            $0 != "item4"
                && IdentifierRanking.rank($0, pattern: Array("item4".utf8), folded: Array("item4".utf8)) != nil
        }
        #expect(list.isIncomplete)
        #expect(Set(labels) == Set(matching))
        // The ids that start with what is typed, shortest first, then those holding its characters in order.
        #expect(matching.count < IdentifierRanking.limit)
        #expect(Array(labels.prefix(12)) == (40...49).map { "item\($0)" } + ["item14", "item24"])
    }

    /// The ranking the completion sends, against the definition: every match sorted by rank, then length, then
    /// file order, cut at the limit. Random id lists and typed texts, on the kept order and without it.
    @Test("the ids offered out of a long list are the first ones of the full ranking")
    func rankingMatchesAFullSort() {
        var random = SplitMix64(seed: 0x1D_0C)
        let alphabet = Array("aAbIi1234_é".unicodeScalars)
        func word(_ length: Int) -> String {
            String(
                String.UnicodeScalarView(
                    (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
        }
        for round in 0..<60 {
            var seen = Set<String>()
            var ids: [String] = []
            let count = 20 + Int(random.next() % 400)
            while ids.count < count {
                let id = round % 3 == 0 ? "item\(random.next() % 2000)" : word(1 + Int(random.next() % 6))
                if seen.insert(id).inserted { ids.append(id) }
            }
            let typed =
                round % 5 == 0 ? "" : round % 3 == 0 ? "item\(random.next() % 30)" : word(Int(random.next() % 3))
            let excluded = ids[Int(random.next() % UInt64(ids.count))]
            let limit = 1 + Int(random.next() % 60)
            let pattern = Array(typed.utf8)
            let folded = IdentifierRanking.fold(typed)
            let remaining = ids.filter { $0 != excluded }
            let expected: [String]
            if remaining.count > limit {
                expected = remaining.enumerated().compactMap { position, id in
                    IdentifierRanking.rank(id, pattern: pattern, folded: folded).map {
                        (rank: $0, length: id.utf8.count, position: position, id: id)
                    }
                }.sorted { ($0.rank, $0.length, $0.position) < ($1.rank, $1.length, $1.position) }.prefix(limit).map(
                    \.id)
            } else {
                expected = remaining
            }
            let kept = IdentifierRanking.best(
                ids, typed: typed, limit: limit, order: IdentifierRanking.lengthOrder(ids),
                isExcluded: { $0 == excluded })
            let filtered = IdentifierRanking.best(remaining, typed: typed, limit: limit)
            if remaining.count > limit {
                #expect(kept.ids == expected, "round \(round): typed '\(typed)', limit \(limit)")
                #expect(kept.isIncomplete)
            }
            #expect(filtered.ids == expected, "round \(round): typed '\(typed)', limit \(limit)")
        }
    }

    /// Two items and a gravity behavior; marker 1 is a snap's item id, marker 2 the behavior id of an event.
    static let idsInBehaviorsAndEvents =
        CompletionTests.items + #"""
              "behaviors": [{"type": "gravity", "id": "fall", "items": ["ball", "box"]}, {"type": "snap", "item": "1️⃣"}],
              "events": [{"at": 1, "remove": "2️⃣"}]}
            """#

    @Test("an item id's description comes from resolve: size, mass, the behaviors naming it")
    func itemDocumentationThroughResolve() throws {
        let marked = Self.idsInBehaviorsAndEvents
        let session = try EditorSession(marked)
        let box = try session.item("box")
        #expect(box.documentation == nil)
        #expect(box.detail == "80 × 80 pt")
        let resolved = try session.resolve(box)
        let documentation = try #require(resolved.documentation)
        #expect(documentation.kind == .markdown)
        #expect(documentation.value.hasPrefix("**box** — item"))
        #expect(documentation.value.contains("Size: 80 × 80 pt") && documentation.value.contains("Mass: 0.64 kg"))
        #expect(documentation.value.contains(#"gravity `"fall"`"#))
        // Everything else stays as completion gave it.
        #expect(resolved.label == box.label && resolved.textEdit == box.textEdit && resolved.detail == box.detail)

        let fall = try session.resolve(try session.item("fall", at: 2))
        let behavior = try #require(fall.documentation?.value)
        #expect(behavior.hasPrefix("**fall** — gravity behavior (UIGravityBehavior)"))
        #expect(behavior.contains("Items: `\"ball\"`, `\"box\"`"))
        #expect(behavior.contains("Defined at `/behaviors/0`"))

        let plain = try EditorSession(marked, capabilities: EditorSession.plainClient)
        let plainBox = try plain.resolve(try plain.item("box"))
        #expect(plainBox.documentation?.kind == .plaintext)
        #expect(plainBox.documentation?.value.hasPrefix("box — item") == true)
    }

    @Test("a client that resolves details gets id items without them, and resolve gives the same detail")
    func detailThroughResolve() throws {
        let marked = Self.idsInBehaviorsAndEvents
        let eager = try EditorSession(marked)
        let lazy = try EditorSession(
            marked,
            capabilities:
                #"{"textDocument": {"completion": {"completionItem": {"snippetSupport": true, "resolveSupport": {"properties": ["documentation", "detail"]}}}}}"#
        )
        for (label, marker, detail) in [
            ("box", 1, "80 × 80 pt"), ("ball", 1, "40 × 40 pt"), ("fall", 2, "gravity behavior"),
        ] {
            let listed = try lazy.item(label, at: marker)
            #expect(listed.detail == nil, "\(label)")
            #expect(try eager.item(label, at: marker).detail == detail)
            let resolved = try lazy.resolve(listed)
            #expect(resolved.detail == detail)
            #expect(resolved.documentation?.value.contains(label) == true)
            #expect(resolved.textEdit == listed.textEdit && resolved.sortText == listed.sortText)
        }
        // Keys are not resolved: their detail stays in the list.
        let keys = try EditorSession(
            CompletionTests.items + #"""
                  "behaviors": [{"type": "gravity", 1️⃣}]}
                """#,
            capabilities:
                #"{"textDocument": {"completion": {"completionItem": {"resolveSupport": {"properties": ["detail"]}}}}}"#
        )
        #expect(try keys.item("magnitude").detail != nil)
    }

    @Test("ids and sizes offered after edits are those of the edited text")
    func idsFollowEdits() throws {
        let session = try EditorSession(
            CompletionTests.items + #"""
                  "behaviors": [{"type": "snap", "item": "1️⃣"}]}
                """#)
        #expect(try session.labels() == ["ball", "box"])
        // Each edit keeps the lengths before the next one's range, so the ranges of the first text still hold.
        // An edit of a size keeps every id where it was: the detail follows it.
        session.client.change(
            EditorSession.uri, version: 2, [.init(range: session.scene.range(of: "[80, 80]"), text: "[90, 70]")])
        #expect(try session.item("box").detail == "90 × 70 pt")
        // A renamed item: the new id is offered, not the old one.
        session.client.change(
            EditorSession.uri, version: 3, [.init(range: session.scene.range(of: #""ball""#), text: #""bell""#)])
        #expect(try session.labels() == ["bell", "box"])
        // A second item with the id of the first: offered once, with the first one's size.
        session.client.change(
            EditorSession.uri, version: 4, [.init(range: session.scene.range(of: #""box""#), text: #""bell""#)])
        #expect(try session.labels() == ["bell"])
        #expect(try session.item("bell").detail == "40 × 40 pt")
    }

    @Test("resolve leaves other items alone, and items of a closed document")
    func resolveOfOtherItems() throws {
        let session = try EditorSession(
            Self.scene(items: 2, behaviors: #"{"type": "dynamicItem", "items": ["item1"], 1️⃣}"#))
        let key = try session.item("density")
        #expect(key.documentation != nil)
        #expect(try session.resolve(key) == key)
        let foreign = LSP.CompletionItem(label: "x", data: .object(JSONObject([("something", .string("else"))])))
        #expect(try session.resolve(foreign) == foreign)
        let gone = LSP.CompletionItem(
            label: "item1", data: CompletionResolveData.item(uri: "file:///closed.dynamics.json", id: "item1").json)
        #expect(try session.resolve(gone) == gone)
        let missing = LSP.CompletionItem(
            label: "nope", data: CompletionResolveData.item(uri: EditorSession.uri, id: "nope").json)
        #expect(try session.resolve(missing).documentation == nil)
    }
}
