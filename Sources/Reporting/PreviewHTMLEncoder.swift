import JSON
import Scene

/// The preview's `html` format: one self-contained page with the interactive player (scrubber, play/pause,
/// speed, the event list, the causes drawn), the run embedded.
///
/// The page is `editors/vscode/media/standalone.html` with its style and scripts inlined — the same player the
/// VS Code webview runs, from the same files (compiled in by PlayerPagePlugin) — and its `preview-data` block
/// filled with `{"result": preview json, "scene": the scene's text, "causes": PreviewCausesEncoder, "autoplay"?: true}`. Inside
/// `<script>` and `<style>`, `</` could close the element early: scripts get `<\/`, the data `\u003c` for every
/// `<` (which JSON holds only inside strings). The bytes are deterministic. `tools/standalone.js` builds the same
/// page from a json result.
package struct PreviewHTMLEncoder: Sendable {
    /// Whether the page starts playing when it opens (`--autoplay`: `"autoplay": true` in its data), as `?play`
    /// in its address does.
    package var autoplay: Bool

    package init(autoplay: Bool = false) {
        self.autoplay = autoplay
    }

    package func encode(_ preview: PreviewResult) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(1 << 20)
        data += Array("{\"result\":".utf8)
        // The preview json as the json format writes it, piece by piece, without its closing newline.
        PreviewJSONEncoder().encode(preview, chunkSize: 1 << 16) { piece in Self.appendScriptSafe(piece, to: &data) }
        while let last = data.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 { data.removeLast() }
        data += Array(",\"scene\":".utf8)
        if preview.document.isValid, preview.document.root != nil {
            Self.appendScriptSafe(trimmed(preview.document.bytes), to: &data)
        } else {
            data += Array("null".utf8)
        }
        data += Array(",\"causes\":".utf8)
        Self.appendScriptSafe(PreviewCausesEncoder().value(preview).serialized(), to: &data)
        if autoplay { data += Array(",\"autoplay\":true".utf8) }
        data += Array("}".utf8)

        let page = Array(PlayerPageFiles.standaloneHTML.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(data.count + page.count + 64 * 1024)
        let style = Self.replacing(Array("</".utf8), with: [], in: Array(PlayerPageFiles.previewCSS.utf8))
        func script(_ text: String) -> [UInt8] {
            Array("<script>\n".utf8) + Self.replacing(Array("</".utf8), with: Array("<\\/".utf8), in: Array(text.utf8))
                + Array("</script>".utf8)
        }
        // The page, piece by piece: each placeholder replaced once, in the order it appears.
        let replacements: [(String, [UInt8])] = [
            (
                "<link rel=\"stylesheet\" href=\"preview.css\">",
                Array("<style>\n".utf8) + style + Array("</style>".utf8)
            ),
            (
                "<script type=\"application/json\" id=\"preview-data\">null</script>",
                Array("<script type=\"application/json\" id=\"preview-data\">".utf8) + data + Array("</script>".utf8)
            ),
            ("<script src=\"player.js\"></script>", script(PlayerPageFiles.playerJS)),
            ("<script src=\"preview.js\"></script>", script(PlayerPageFiles.previewJS)),
        ]
        var position = 0
        for (placeholder, replacement) in replacements {
            guard let found = Self.index(of: Array(placeholder.utf8), in: page, from: position) else { continue }
            out += page[position..<found]
            out += replacement
            position = found + placeholder.utf8.count
        }
        out += page[position...]
        return out
    }

    /// Where `pattern` first occurs in `bytes` at or after `start`.
    static func index(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0] && bytes[index..<index + pattern.count].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Every occurrence of `pattern` in `bytes` replaced, left to right.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        while let found = index(of: pattern, in: bytes, from: position) {
            out += bytes[position..<found]
            out += replacement
            position = found + pattern.count
        }
        out += bytes[position...]
        return out
    }

    /// Without the trailing newline and spaces.
    private func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var end = bytes.endIndex
        while end > bytes.startIndex, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
        return bytes[..<end]
    }

    /// JSON text that cannot end a `<script>` element, appended to `out`: every `<` as `\u003c` (runs without
    /// one are copied whole).
    static func appendScriptSafe<Bytes: RandomAccessCollection>(_ bytes: Bytes, to out: inout [UInt8])
    where Bytes.Element == UInt8 {
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: UInt8(ascii: "<")) {
            out.append(contentsOf: bytes[start..<found])
            out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, 0x33, 0x63])  // \u003c
            start = bytes.index(after: found)
        }
        out.append(contentsOf: bytes[start...])
    }
}
