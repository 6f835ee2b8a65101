// Test support for the navigation and editing features: texts with cursor markers, a session that opens one
// in a server and speaks typed requests, and an independent application of text edits.
//
// Positions are computed here from the text itself (UTF-8 bytes or UTF-16 code units of the line's prefix),
// not with the server's line index, so a wrong column in the server fails the tests.
import JSON
import RPC
import Testing

@testable import Server

/// A text whose cursor markers (`1️⃣` … `9️⃣`, `0️⃣`) are removed, with where each stood.
struct CursorText {
    static let markers = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The text without its markers.
    let text: String
    /// The byte offset of each marker in `text`.
    let offsets: [String: Int]

    init(_ marked: String) {
        var text = ""
        var offsets: [String: Int] = [:]
        var rest = Substring(marked)
        while !rest.isEmpty {
            if let marker = CursorText.markers.first(where: { rest.hasPrefix($0) }) {
                precondition(offsets[marker] == nil, "marker \(marker) appears twice")
                offsets[marker] = text.utf8.count
                rest = rest.dropFirst(marker.count)
            } else {
                text.append(rest.removeFirst())
            }
        }
        self.text = text
        self.offsets = offsets
    }

    /// The byte offset of a marker.
    func offset(_ marker: String) -> Int {
        guard let offset = offsets[marker] else {
            Issue.record("no marker \(marker)")
            return 0
        }
        return offset
    }

    /// The LSP position of a marker in `encoding` ("utf-8" or "utf-16").
    func position(_ marker: String, encoding: String) -> LSP.Position {
        CursorText.position(ofByte: offset(marker), in: text, encoding: encoding)
    }

    /// The LSP position of a byte offset of `text`, counted from the line's start in `encoding`.
    static func position(ofByte offset: Int, in text: String, encoding: String) -> LSP.Position {
        let prefix = String(decoding: Array(text.utf8)[..<offset], as: UTF8.self)
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        let last = lines.last ?? ""
        return LSP.Position(line: lines.count - 1, character: encoding == "utf-8" ? last.utf8.count : last.utf16.count)
    }
}

/// One scene open in an in-process server, with typed requests at markers.
final class NavigationSession {
    let client: TestClient
    let uri: String
    let encoding: String
    private(set) var scene: CursorText

    /// - Parameters:
    ///   - encoding: "utf-16" (the client offers nothing) or "utf-8" (the client offers it).
    ///   - capabilities: `textDocument` client capabilities (JSON text).
    init(
        _ marked: String, encoding: String = "utf-16", textDocument: String = "{}",
        uri: String = "file:///nav/scene.dynamics.json"
    ) throws {
        let general = encoding == "utf-8" ? #""general": {"positionEncodings": ["utf-16", "utf-8"]}, "# : ""
        client = try TestClient.initialized(capabilities: "{\(general)\"textDocument\": \(textDocument)}")
        self.uri = uri
        self.encoding = encoding
        scene = CursorText(marked)
        client.open(uri, scene.text)
        diagnostics = try client.published().last?.diagnostics ?? []
        _ = client.takeNotifications("window/logMessage")
    }

    /// The diagnostics the server published for the current text.
    private(set) var diagnostics: [LSP.Diagnostic] = []

    var text: String { scene.text }

    func position(_ marker: String) -> LSP.Position { scene.position(marker, encoding: encoding) }

    /// The range between two markers.
    func range(_ from: String, _ to: String) -> LSP.Range { LSP.Range(start: position(from), end: position(to)) }

    /// The range of the first occurrence of `needle` in the text.
    func range(of needle: String, occurrence: Int = 0) -> LSP.Range {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        var found = -1
        var seen = 0
        var i = 0
        while i + pattern.count <= bytes.count {
            if Array(bytes[i..<(i + pattern.count)]) == pattern {
                if seen == occurrence {
                    found = i
                    break
                }
                seen += 1
            }
            i += 1
        }
        guard found >= 0 else {
            Issue.record("\(needle) is not in the text")
            return LSP.Range(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))
        }
        return LSP.Range(
            start: CursorText.position(ofByte: found, in: text, encoding: encoding),
            end: CursorText.position(ofByte: found + pattern.count, in: text, encoding: encoding))
    }

    var documentJSON: JSONValue { .object(JSONObject([("uri", .string(uri))])) }

    /// `{"textDocument": …, "position": …}` at a marker, plus `extra` members.
    func positionParams(_ marker: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
        .object(
            JSONObject(
                [("textDocument", documentJSON), ("position", position(marker).json)]
                    + extra.map { (key: $0.0, value: $0.1) }))
    }

    /// Sends a request with params given as a value.
    func request(_ method: String, _ params: JSONValue) -> Result<JSONValue, ResponseError> {
        client.request(method, params.serializedString())
    }

    /// Replaces the whole text (a new version), with new markers.
    func replace(_ marked: String, version: Int) {
        scene = CursorText(marked)
        client.change(uri, version: version, [LSP.TextDocumentContentChangeEvent(text: scene.text)])
        diagnostics = (try? client.published().last?.diagnostics) ?? []
    }

    /// The text after applying `edits` (positions in this session's encoding).
    func applying(_ edits: [LSP.TextEdit]) -> String {
        TextEditApplier.apply(edits, to: text, encoding: encoding)
    }

    /// The edits of a workspace edit for this document (failing when it touches another).
    func edits(_ edit: LSP.WorkspaceEdit) -> [LSP.TextEdit] {
        #expect(edit.changes.allSatisfy { $0.uri == uri })
        return edit.changes.flatMap(\.edits)
    }
}

/// Applies LSP text edits to a text the way an editor does: all ranges refer to the original text, and they
/// must not overlap.
enum TextEditApplier {
    static func apply(_ edits: [LSP.TextEdit], to text: String, encoding: String) -> String {
        var bytes = Array(text.utf8)
        let lines = lineStarts(bytes)
        func offset(_ position: LSP.Position) -> Int {
            guard position.line < lines.count else { return bytes.count }
            let start = lines[position.line]
            let end = position.line + 1 < lines.count ? lines[position.line + 1] - 1 : bytes.count
            let line = String(decoding: bytes[start..<end], as: UTF8.self)
            var units = 0
            var byteCount = 0
            for scalar in line.unicodeScalars {
                if units >= position.character { break }
                units += encoding == "utf-8" ? scalar.utf8.count : scalar.utf16.count
                byteCount += scalar.utf8.count
            }
            #expect(units <= position.character, "a position inside a character: \(position)")
            return start + byteCount
        }
        let resolved = edits.map { (range: offset($0.range.start)..<offset($0.range.end), text: $0.newText) }
            .sorted { $0.range.lowerBound > $1.range.lowerBound }
        for (index, edit) in resolved.enumerated() where index > 0 {
            #expect(edit.range.upperBound <= resolved[index - 1].range.lowerBound, "overlapping edits")
        }
        for edit in resolved {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        return starts
    }
}
