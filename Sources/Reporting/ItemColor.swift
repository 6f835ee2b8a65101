/// The color a preview draws an item in: the scene's own `color` when it gives one, otherwise a color picked
/// from the item's id, the same in every picture and every run (the svg, the html player, the editors' webview).
///
/// The id picks from a palette by its FNV-1a hash (32 bits over its UTF-8 bytes), so an item keeps its color
/// when others are added or reordered. The player page (`editors/vscode/media/player.js`, `itemColor`) picks the
/// same way.
package enum ItemColor {
    /// Colors that read on white and on a dark theme, and apart from each other.
    package static let palette = [
        "#2f6fde", "#e0533d", "#2aa876", "#d79b00", "#8e5bd0", "#1f9bb5", "#c43d86", "#6b8e23", "#8d5b3f", "#52606d",
    ]

    /// The color for an item: `sceneColor` when it is a color a picture can print as is (`#rgb`, `#rrggbb` or
    /// a color name, as the scene format allows), else the id's palette color.
    package static func color(id: String, sceneColor: String? = nil) -> String {
        if let sceneColor, isPrintable(sceneColor) { return sceneColor }
        return palette[Int(hash(id) % UInt32(palette.count))]
    }

    /// FNV-1a, 32 bits, over the UTF-8 bytes.
    package static func hash(_ id: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in id.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }

    /// `#` and 3 or 6 hex digits, or 1 to 30 ASCII letters: text that is safe in an attribute and a style.
    private static func isPrintable(_ color: String) -> Bool {
        let bytes = Array(color.utf8)
        if bytes.first == UInt8(ascii: "#") {
            let digits = bytes.dropFirst()
            return (digits.count == 3 || digits.count == 6) && digits.allSatisfy(isHexDigit)
        }
        return (1...30).contains(bytes.count)
            && bytes.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || ((byte | 0x20) >= UInt8(ascii: "a")
                && (byte | 0x20) <= UInt8(ascii: "f"))
    }
}

/// How a picture tells collision groups apart: each group's outline (items and boundaries) has its own color
/// and dash pattern, listed in a legend. Groups are numbered in the order the run added them.
package enum CollisionGroupStyle {
    package static let styles: [(stroke: String, dash: String?)] = [
        ("#1d2128", nil), ("#be123c", "6 3"), ("#0e7490", "2 2"), ("#7c3aed", "8 3 2 3"), ("#15803d", "10 4"),
        ("#a16207", "4 2 1 2"),
    ]

    package static func stroke(_ group: Int) -> String { styles[group % styles.count].stroke }
    package static func dash(_ group: Int) -> String? { styles[group % styles.count].dash }
}
