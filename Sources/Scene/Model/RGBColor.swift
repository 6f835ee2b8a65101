/// An item's `color`, parsed: 8-bit sRGB components. Written as `#rgb`, `#rrggbb` (hex digits in either case)
/// or a CSS color name in lower case (`Catalog.colorNames`).
package struct RGBColor: Equatable, Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The color a scene's `color` string names; nil when it names none.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "#") {
            let digits = bytes.dropFirst().map(RGBColor.hexValue)
            guard digits.allSatisfy({ $0 != nil }) else { return nil }
            let values = digits.map { UInt8($0!) }
            switch values.count {
            case 3: self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
            case 6:
                self.init(
                    red: values[0] * 16 + values[1], green: values[2] * 16 + values[3],
                    blue: values[4] * 16 + values[5])
            default: return nil
            }
            return
        }
        guard let rgb = Catalog.colorsByName[text] else { return nil }
        self.init(red: UInt8(rgb >> 16 & 0xFF), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// `#rrggbb`, in lower case.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in [red, green, blue] {
            text.append(digits[Int(component >> 4)])
            text.append(digits[Int(component & 0xF)])
        }
        return text
    }

    /// Each component from 0 to 1 (as UIColor takes them).
    package var fractions: (red: Double, green: Double, blue: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
