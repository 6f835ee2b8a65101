import JSON
import RPC
import Scene
import Testing

@testable import Server

/// A scene text with cursor markers (`1️⃣`, `2️⃣`…), removed from the text; their LSP positions in an encoding.
struct MarkedScene {
    let text: String
    private let offsets: [Character: String.Index]

    init(_ marked: String) {
        var text = ""
        var offsets: [Character: String.Index] = [:]
        let markers: [Character] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"]
        for character in marked {
            if markers.contains(character) {
                offsets[character] = text.endIndex
            } else {
                text.append(character)
            }
        }
        // Indices into the final text (appending keeps earlier indices valid).
        self.text = text
        self.offsets = offsets
    }

    /// The LSP position of marker `n` (1-based) in `encoding` ("utf-8" or "utf-16").
    func position(_ n: Int = 1, encoding: String = "utf-16") -> LSP.Position {
        let marker: Character = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"][n - 1]
        return position(at: offsets[marker]!, encoding: encoding)
    }

    private func position(at index: String.Index, encoding: String) -> LSP.Position {
        let before = text[..<index]
        let line = before.filter { $0 == "\n" }.count
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let prefix = text[lineStart..<index]
        return LSP.Position(line: line, character: encoding == "utf-8" ? prefix.utf8.count : prefix.utf16.count)
    }

    /// The LSP range of the first occurrence of `needle`.
    func range(of needle: String, encoding: String = "utf-16") -> LSP.Range {
        let found = text.range(of: needle)!
        return LSP.Range(
            start: position(at: found.lowerBound, encoding: encoding),
            end: position(at: found.upperBound, encoding: encoding))
    }
}

/// An editor session on one scene, for completion and hover tests.
struct EditorSession {
    static let uri = "file:///editor.dynamics.json"
    static let snippetClient =
        #"{"textDocument": {"completion": {"completionItem": {"snippetSupport": true, "documentationFormat": ["markdown", "plaintext"]}}, "hover": {"contentFormat": ["markdown", "plaintext"]}}}"#
    static let plainClient = #"{"textDocument": {"completion": {"completionItem": {"snippetSupport": false}}}}"#

    let client: TestClient
    let scene: MarkedScene
    let encoding: String

    init(_ marked: String, capabilities: String = EditorSession.snippetClient) throws {
        scene = MarkedScene(marked)
        client = try TestClient.initialized(capabilities: capabilities)
        encoding = capabilities.contains("\"utf-8\"") ? "utf-8" : "utf-16"
        client.open(EditorSession.uri, scene.text)
        _ = client.takeNotifications("textDocument/publishDiagnostics")
    }

    func completion(at marker: Int = 1) throws -> [LSP.CompletionItem] {
        let position = scene.position(marker, encoding: encoding)
        let result = try client.request(
            "textDocument/completion",
            #"{"textDocument": {"uri": "\#(EditorSession.uri)"}, "position": \#(position.json.serializedString())}"#
        ).get()
        return try LSP.CompletionList(json: result, path: "result").items
    }

    func list(at marker: Int = 1) throws -> LSP.CompletionList {
        let position = scene.position(marker, encoding: encoding)
        let result = try client.request(
            "textDocument/completion",
            #"{"textDocument": {"uri": "\#(EditorSession.uri)"}, "position": \#(position.json.serializedString())}"#
        ).get()
        return try LSP.CompletionList(json: result, path: "result")
    }

    /// The item as `completionItem/resolve` completes it.
    func resolve(_ item: LSP.CompletionItem) throws -> LSP.CompletionItem {
        try LSP.CompletionItem(
            json: client.request("completionItem/resolve", item.json.serializedString()).get(), path: "result")
    }

    func labels(at marker: Int = 1) throws -> [String] {
        try completion(at: marker).sorted { ($0.sortText ?? $0.label) < ($1.sortText ?? $1.label) }.map(\.label)
    }

    func item(_ label: String, at marker: Int = 1) throws -> LSP.CompletionItem {
        try #require(try completion(at: marker).first { $0.label == label }, "no completion \(label)")
    }

    /// The text after applying a completion's edits.
    func applying(_ item: LSP.CompletionItem) throws -> String {
        let edits = try [#require(item.textEdit)] + (item.additionalTextEdits ?? [])
        let document = try client.server.document(.init(uri: EditorSession.uri))
        var bytes = document.bytes
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(document.byteRange(of: edit.range), with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

@Suite("Completion")
struct CompletionTests {
    static let items = #"""
        {"format": 1, "referenceView": {"width": 400, "height": 800},
          "items": [{"id": "ball", "center": [100, 100], "size": [40, 40]}, {"id": "box", "center": [200, 100], "size": [80, 80]}],
        """#

    @Test("keys of a behavior follow its type and leave out the keys already present")
    func keysPerType() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "dynamicItem", "items": ["ball"], "elasticity": 0.5, 1️⃣}]}
                """#)
        #expect(
            try session.labels() == [
                "id", "friction", "density", "resistance", "angularResistance", "allowsRotation",
                "anchored", "charge", "linearVelocity", "angularVelocity", "$comment",
            ])
        let gravity = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "gravity", 1️⃣ "direction": [0, 1]}]}
                """#)
        // `angle` and `magnitude` are exclusive with the direction already given; the required `items` comes first.
        #expect(try gravity.labels() == ["items", "id", "$comment"])
    }

    @Test("an attachment offers the keys of its kind; a field those of its kind")
    func keysPerKind() throws {
        let pin = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "attachment", "kind": "pin", "item": "ball", 1️⃣}]}
                """#)
        #expect(
            try pin.labels() == ["id", "offset", "attachedTo", "attachedOffset", "frictionTorque", "range", "$comment"])
        let sliding = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "attachment", "kind": "sliding", "item": "ball", "anchor": [10, 10], 1️⃣}]}
                """#)
        // The sliding axis is required for that kind; attachedTo is exclusive with anchor.
        #expect(try sliding.labels() == ["axis", "id", "offset", "pin", "range", "$comment"])
        let noise = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "field", "kind": "noise", "items": ["ball"], 1️⃣}]}
                """#)
        #expect(
            try noise.labels() == [
                "id", "position", "pin", "region", "strength", "falloff", "minimumRadius", "smoothness",
                "animationSpeed",
                "$comment",
            ])
    }

    @Test("a behavior without a type offers its type first")
    func untypedBehavior() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{1️⃣}]}
                """#)
        #expect(try session.labels() == ["type", "id"])
        let type = try session.item("type")
        #expect(type.textEdit?.newText == #""type": "${1|gravity,collision,attachment,snap,push,dynamicItem,field|}""#)
    }

    @Test("with snippet support the default is a placeholder; without it, plain text")
    func snippetsAndPlain() throws {
        let marked =
            Self.items + #"""
                  "behaviors": [{"type": "dynamicItem", "items": ["ball"], 1️⃣}]}
                """#
        let snippet = try EditorSession(marked).item("elasticity")
        #expect(snippet.textEdit?.newText == #""elasticity": ${1:0.2}"#)
        #expect(snippet.insertTextFormat == .snippet)
        #expect(snippet.documentation?.kind == .markdown)
        let plain = try EditorSession(marked, capabilities: EditorSession.plainClient).item("elasticity")
        #expect(plain.textEdit?.newText == #""elasticity": 0.2"#)
        #expect(plain.insertTextFormat == nil, "plain text, the protocol's default, goes unsaid")
        #expect(plain.documentation?.kind == .plaintext)
        let linear = try EditorSession(marked).item("linearVelocity")
        #expect(linear.textEdit?.newText == #""linearVelocity": [${1:0}, ${2:0}]"#)
    }

    @Test("each key carries its documentation from the catalog: type, unit, default, range, UIKit name")
    func keyDocumentation() throws {
        let marked =
            Self.items + #"""
                  "behaviors": [{"type": "dynamicItem", "items": ["ball"], 1️⃣}]}
                """#
        let markdown = try #require(try EditorSession(marked).item("elasticity").documentation?.value)
        #expect(markdown.contains("**elasticity — dynamicItem behavior**"))
        #expect(markdown.contains("- Default: `0.2`"))
        #expect(markdown.contains("- Range: 0…1"))
        #expect(markdown.contains("- UIKit: `UIDynamicItemBehavior.elasticity`"))
        #expect(markdown.contains("How much of the speed a collision gives back"))
        let plain = try #require(
            try EditorSession(marked, capabilities: EditorSession.plainClient).item("linearVelocity").documentation?
                .value)
        #expect(plain.contains("Unit: pt/s"))
        #expect(plain.contains("UIKit: UIDynamicItemBehavior addLinearVelocity:forItem:"))
        #expect(!plain.contains("`"))
        #expect(try EditorSession(marked).item("density").detail == "a number · default 1")
    }

    @Test("enumeration values in value position: type, mode, kind, collisionBounds")
    func enumerationValues() throws {
        let mode = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "collision", "items": ["ball"], "mode": 1️⃣}]}
                """#)
        #expect(try mode.labels() == ["everything", "items", "boundaries"])
        #expect(try mode.item("items").textEdit?.newText == #""items""#)
        let kind = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "attachment", "item": "ball", "kind": "1️⃣"}]}
                """#)
        #expect(try kind.labels() == ["distance", "pin", "fixed", "sliding", "limit"])
        // The whole string, quotes included, is replaced.
        let pin = try kind.item("pin")
        #expect(pin.textEdit?.range == kind.scene.range(of: #""""#))
        #expect(try kind.applying(pin).contains(#""kind": "pin"}"#))
        let bounds = try EditorSession(#"{"items": [{"id": "a", "collisionBounds": "e1️⃣"}]}"#)
        #expect(try bounds.labels() == ["rectangle", "ellipse", #"{"path": …}"#])
        let types = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": 1️⃣}]}
                """#)
        #expect(try types.labels() == ["gravity", "collision", "attachment", "snap", "push", "dynamicItem", "field"])
        #expect(try types.item("snap").detail == "UISnapBehavior")
        #expect(try types.item("field").kind == .enumMember)
    }

    @Test("an item's color offers the CSS color names, each with its value")
    func colorNames() throws {
        let session = try EditorSession(#"{"items": [{"id": "a", "color": "tom1️⃣"}]}"#)
        let labels = try session.labels()
        #expect(labels.count == 148 && labels.first == "aliceblue" && labels.contains("rebeccapurple"))
        let tomato = try session.item("tomato")
        #expect(tomato.kind == .color && tomato.detail == "#ff6347")
        #expect(try session.applying(tomato).contains(#""color": "tomato"}"#))
    }

    @Test("a value without a list of choices: the default, or a value of the key's shape")
    func valueTemplates() throws {
        let session = try EditorSession(
            #"""
            {"referenceView": 1️⃣, "items": [{"id": "a", "center": 2️⃣, "size": [1, 1]}],
              "behaviors": [{"type": "snap", "item": "a", "point": [0, 0], "damping": 3️⃣}]}
            """#)
        let view = try session.item("{…}", at: 1)
        #expect(view.textEdit?.newText == #"{"width": ${1:375}, "height": ${2:667}}"#)
        #expect(try session.item("[x, y]", at: 2).textEdit?.newText == "[${1:100}, ${2:100}]")
        let damping = try session.item("0.5", at: 3)
        #expect(damping.textEdit?.newText == "${1:0.5}")
        #expect(damping.detail == "default")
    }

    @Test("item ids where an item is expected, without those already listed")
    func itemIDs() throws {
        let snap = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "snap", "item": "1️⃣"}]}
                """#)
        #expect(try snap.labels() == ["ball", "box"])
        #expect(try snap.list().isIncomplete == false)
        #expect(try snap.item("box").detail == "80 × 80 pt")
        let attached = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "attachment", "item": "ball", "attachedTo": 1️⃣}]}
                """#)
        #expect(try attached.labels() == ["box"])
        let list = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "gravity", "items": ["ball", 1️⃣]}]}
                """#)
        #expect(try list.labels() == ["box"])
        #expect(try list.item("box").textEdit?.newText == #""box""#)
    }

    @Test("behavior ids in events: live behaviors for set, attachments and snaps for pan, any behavior for remove")
    func behaviorIDs() throws {
        let marked =
            Self.items + #"""
                  "behaviors": [{"type": "gravity", "id": "fall", "items": ["ball"]}, {"type": "collision", "id": "walls", "items": ["ball"]},
                                {"type": "snap", "id": "tap", "item": "box", "point": [10, 10]},
                                {"type": "attachment", "id": "hold", "item": "box", "attachedTo": "ball", "kind": "fixed"}],
                  "events": [{"at": 1, "set": 1️⃣}, {"at": 2, "remove": "2️⃣"}, {"at": 3, "pan": 3️⃣}]}
                """#
        let session = try EditorSession(marked)
        // A collision behavior's items are live (addItem:/removeItem:); a fixed attachment has nothing live.
        #expect(try session.labels(at: 1) == ["fall", "walls", "tap", "hold"])
        #expect(try session.labels(at: 2) == ["fall", "walls", "tap", "hold"])
        #expect(try session.labels(at: 3) == ["tap", "hold"])
        #expect(try session.item("tap", at: 1).detail == "snap behavior")
    }

    @Test("the values of a set event are the live keys of the behavior it names")
    func liveValues() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "push", "id": "kick", "items": ["ball"]}],
                  "events": [{"at": 1, "set": "kick", "values": {"active": false, 1️⃣}}]}
                """#)
        #expect(try session.labels() == ["items", "direction", "angle", "magnitude", "$comment"])
    }

    @Test("snippets for pan events, reactions and each type of expectation")
    func eventAndExpectationSnippets() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "snap", "id": "tap", "item": "box", "point": [10, 10]}],
                  "events": [1️⃣],
                  "expect": [2️⃣]}
                """#)
        #expect(try session.labels(at: 1).contains("pan event"))
        #expect(try session.labels(at: 1).contains("reaction"))
        #expect(
            try session.labels(at: 2) == [
                "rests expectation", "near expectation", "contact expectation", "noContact expectation",
                "pauses expectation",
            ])
        let near = try session.item("near expectation", at: 2).textEdit?.newText ?? ""
        #expect(
            near.contains(#""type": "near""#) && near.contains(#""point""#) && near.contains(#""within""#), "\(near)")
        let pan = try session.item("pan event", at: 1).textEdit?.newText ?? ""
        #expect(pan.contains(#""pan": "${"#) || pan.contains(#""pan": "tap""#), "\(pan)")
    }

    @Test("snippets for whole items and behaviors in their arrays, with a fresh id")
    func wholeObjects() throws {
        let items = try EditorSession(
            #"""
            {"referenceView": {"width": 400, "height": 800}, "items": [{"id": "item1", "center": [1, 1], "size": [2, 2]}, 1️⃣]}
            """#)
        let item = try items.item("item")
        #expect(
            item.textEdit?.newText
                == #"{"id": "${1:item2}", "center": [${2:200}, ${3:400}], "size": [${4:40}, ${5:40}]}"#)
        #expect(item.kind == .snippet)
        let behaviors = try EditorSession(
            Self.items + #"""
                  "behaviors": [1️⃣]}
                """#)
        #expect(
            try behaviors.labels() == [
                "gravity behavior", "collision behavior", "attachment behavior", "snap behavior",
                "push behavior", "dynamicItem behavior", "field behavior",
            ])
        #expect(
            try behaviors.item("attachment behavior").textEdit?.newText
                == #"{"type": "attachment", "item": "${1:ball}", "anchor": [${2:200}, ${3:400}]}"#)
        #expect(
            try behaviors.item("field behavior").textEdit?.newText
                == #"{"type": "field", "items": ["${1:ball}"], "kind": "${2|linearGravity,radialGravity,spring,drag,vortex,velocity,noise,turbulence,electric,magnetic|}"}"#
        )
        let plain = try EditorSession(
            Self.items + #"""
                  "behaviors": [1️⃣]}
                """#, capabilities: EditorSession.plainClient)
        let gravity = try plain.item("gravity behavior")
        #expect(gravity.textEdit?.newText == #"{"type": "gravity", "items": ["ball"]}"#)
        #expect(JSONValue.parse(try plain.applying(gravity)) != nil)
    }

    // MARK: Broken documents (mid-typing)

    @Test("inside an unclosed string the partly typed key is replaced")
    func unclosedString() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "dynamicItem", "items": ["ball"], "ela1️⃣
                """#)
        let item = try session.item("elasticity")
        // The edit starts after the typed quote, which it leaves alone.
        #expect(item.textEdit?.range == session.scene.range(of: #"ela"#))
        #expect(item.textEdit?.newText == #"elasticity": ${1:0.2}"#)
        #expect(item.filterText == nil)
        #expect(try session.applying(item).hasSuffix(#""elasticity": ${1:0.2}"#))
    }

    /// What a client without textEdit ranges (Neovim 0.7's omnifunc) does: keep the items whose text starts with
    /// the word before the cursor (letters, digits, `_`), and put the text in place of that word.
    static func applyingAsNeovim07(_ items: [LSP.CompletionItem], label: String, to text: String) -> String? {
        var start = text.endIndex
        while start > text.startIndex, let c = text[text.index(before: start)].unicodeScalars.first,
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_"
        {
            start = text.index(before: start)
        }
        let typed = String(text[start...])
        let offered = items.filter { ($0.textEdit?.newText ?? $0.insertText ?? $0.label).hasPrefix(typed) }
        guard let item = offered.first(where: { $0.label == label }) else { return nil }
        return String(text[..<start]) + (item.textEdit?.newText ?? item.insertText ?? item.label)
    }

    @Test(
        "a client that ignores textEdit ranges completes an open string without doubling its quote",
        arguments: [(#"""#, "elasticity"), (#""el"#, "elasticity"), (#""fri"#, "friction")])
    func withoutTextEditRanges(_ typed: String, _ label: String) throws {
        let head = Self.items + #"  "behaviors": [{"type": "dynamicItem", "items": ["ball"], "#
        let session = try EditorSession(head + typed + "1️⃣", capabilities: EditorSession.plainClient)
        let items = try session.completion()
        let completed = try #require(
            Self.applyingAsNeovim07(items, label: label, to: head + typed), "\(label) not offered")
        #expect(completed == head + "\"\(label)\": 0.2")
        // A client that applies the edit gets the same text.
        #expect(try session.applying(try #require(items.first { $0.label == label })) == completed)
    }

    @Test("the details of an event's keys each say what the key is")
    func eventKeyDetails() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "gravity", "id": "g", "items": ["ball"]}],
                  "events": [{1️⃣}]}
                """#)
        let details = try session.completion().compactMap(\.detail)
        #expect(!details.isEmpty)
        for detail in details {
            #expect(!detail.contains("live values or"), "\(detail)")
        }
        #expect(try session.item("values").detail?.contains("live values to set") == true)
    }

    @Test("in an unclosed object the keys still come")
    func unclosedObject() throws {
        let session = try EditorSession(
            #"""
            {"referenceView": {"width": 400, "height": 800}, "items": [{"id": "a", 1️⃣
            """#)
        #expect(try session.labels() == ["center", "size", "pin", "angle", "collisionBounds", "color", "$comment"])
    }

    @Test("in an unclosed array the ids still come")
    func unclosedArray() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "gravity", "items": ["ball", 1️⃣
                """#)
        #expect(try session.labels() == ["box"])
    }

    @Test("after a trailing comma the remaining keys come")
    func trailingComma() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "snap", "item": "ball", 1️⃣}]}
                """#)
        #expect(try session.labels() == ["point", "id", "pin", "damping", "$comment"])
    }

    @Test("with a missing colon the value is still completed")
    func missingColon() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type" "grav1️⃣
                """#)
        let gravity = try session.item("gravity")
        #expect(gravity.textEdit?.range == session.scene.range(of: #"grav"#))
        #expect(gravity.textEdit?.newText == #"gravity""#)
    }

    @Test("a key typed after a member without a comma gets the comma too")
    func missingComma() throws {
        let session = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "snap", "item": "ball"
                    "po1️⃣
                """#, capabilities: EditorSession.plainClient)
        let point = try session.item("point")
        #expect(point.additionalTextEdits?.count == 1)
        #expect(try session.applying(point).contains("\"item\": \"ball\",\n    \"point\": [200, 400]"))
    }

    @Test("a key in front of a member gets a comma after it; renaming a key keeps its value")
    func commaAfterAndKeyOnly() throws {
        let before = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "snap", 1️⃣"item": "ball"}]}
                """#, capabilities: EditorSession.plainClient)
        #expect(try before.item("damping").textEdit?.newText == #""damping": 0.5,"#)
        let rename = try EditorSession(
            Self.items + #"""
                  "behaviors": [{"type": "snap", "item": "ball", "dam1️⃣": 0.8}]}
                """#)
        let damping = try rename.item("damping")
        #expect(damping.textEdit?.newText == #""damping""#)
        #expect(damping.insertTextFormat == nil, "plain text, the protocol's default, goes unsaid")
    }

    @Test("textEdit ranges are in the negotiated encoding")
    func encodings() throws {
        let marked = #"""
            {"name": "ünïcödé 🎈", "items": [{"id": "a", "center": [0, 0], "size": [1, 1], "coll1️⃣
            """#
        for (capabilities, encoding) in [
            (#"{"general": {"positionEncodings": ["utf-8", "utf-16"]}}"#, "utf-8"), ("{}", "utf-16"),
        ] {
            let session = try EditorSession(marked, capabilities: capabilities)
            #expect(session.encoding == encoding)
            let item = try session.item("collisionBounds")
            #expect(item.textEdit?.range == session.scene.range(of: #"coll"#, encoding: encoding))
            #expect(try session.applying(item).hasSuffix(#""collisionBounds": "rectangle""#))
        }
    }

    @Test("an empty document offers a whole scene")
    func emptyDocument() throws {
        let session = try EditorSession("1️⃣", capabilities: EditorSession.plainClient)
        let scene = try session.item("scene")
        let text = try session.applying(scene)
        #expect(JSONValue.parse(text) != nil)
        #expect(!Linter.lint(Array(text.utf8)).hasErrors)
    }

    @Test("an edit lets go of the facts completion kept for the version it replaces, and completion goes on")
    func factsEndWithTheirVersion() throws {
        let session = try EditorSession(
            #"{"items": [{"id": "ball", "center": [1, 1], "size": [2, 2]}], "behaviors": [{"type": "snap", "item": "b1️⃣"}]}"#
        )
        #expect(try session.labels().contains("ball"))
        let server = session.client.server
        #expect(SceneFactsCache.holdsFacts(of: EditorSession.uri, in: server))
        // The facts hold the replaced version's scene: kept, they would make the lint copy it.
        session.client.change(EditorSession.uri, version: 2, [.init(range: nil, text: session.scene.text + " ")])
        #expect(!SceneFactsCache.holdsFacts(of: EditorSession.uri, in: server))
        #expect(try session.labels().contains("ball"))
        _ = session.client.notify("textDocument/didClose", #"{"textDocument": {"uri": "\#(EditorSession.uri)"}}"#)
        #expect(!SceneFactsCache.holdsFacts(of: EditorSession.uri, in: server))
    }

    @Test("completion is announced with its trigger characters, and closed documents are −32602")
    func capabilityAndErrors() throws {
        let client = TestClient()
        let result = try client.request("initialize", #"{"capabilities": {}}"#).get()
        let provider = result.objectValue?["capabilities"]?.objectValue?["completionProvider"]?.objectValue
        #expect(provider?["triggerCharacters"] == .array(["\"", ":", ",", "[", "{"].map { .string($0) }))
        #expect(provider?["resolveProvider"] == .bool(true))
        #expect(
            client.request(
                "textDocument/completion",
                #"{"textDocument": {"uri": "file:///nope.dynamics.json"}, "position": {"line": 0, "character": 0}}"#)
                == .failure(.invalidParams("file:///nope.dynamics.json is not an open scene")))
    }
}
