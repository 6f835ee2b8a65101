import JSON
import Scene

/// The preview's `html` format: one self-contained page with the interactive player (scrubber, play/pause,
/// speed, the event list, the causes drawn), the run embedded.
///
/// The page is `editors/vscode/media/standalone.html` with its style and scripts inlined — the same player the
/// VS Code webview runs, from the same files (compiled in by PlayerPagePlugin) — and its `preview-data` block
/// filled with `{"result": preview json, "scene": the scene's text, "causes": PreviewCausesEncoder}`. Inside
/// `<script>` and `<style>`, `</` could close the element early: scripts get `<\/`, the data `\u003c` for every
/// `<` (which JSON holds only inside strings). The bytes are deterministic. `tools/standalone.js` builds the same
/// page from a json result.
package struct PreviewHTMLEncoder: Sendable {
    package init() {}

    package func encode(_ preview: PreviewResult) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(1 << 16)
        data += Array("{\"result\":".utf8)
        data += Self.scriptSafe(trimmed(PreviewJSONEncoder().encode(preview)))
        data += Array(",\"scene\":".utf8)
        if preview.document.isValid, preview.document.root != nil {
            data += Self.scriptSafe(trimmed(preview.document.bytes))
        } else {
            data += Array("null".utf8)
        }
        data += Array(",\"causes\":".utf8)
        data += Self.scriptSafe(PreviewCausesEncoder().value(preview).serialized())
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

    /// JSON text that cannot end a `<script>` element: every `<` as `\u003c`.
    static func scriptSafe<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte == UInt8(ascii: "<") {
                out += Array("\\u003c".utf8)
            } else {
                out.append(byte)
            }
        }
        return out
    }
}
