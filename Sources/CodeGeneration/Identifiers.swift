import Scene

// Scene ids become identifiers in both languages. An id is cut into words at every character that is not
// an ASCII letter or digit (a non-ASCII character becomes a word of its own, `u` and its hex code, so that
// `café` and `cafe` stay apart); the words are joined in camel case. Ids that give the same name (they
// differ only by punctuation or case of a separator) get numbered suffixes in scene order, so the names are
// deterministic and collision-free. Each language's reserved words and the generated type's own members are
// taken before any id is named.

/// The identifier rules the Swift and Objective-C emitters share.
package enum Identifiers {
    /// The words of an id: runs of ASCII letters and digits; each other non-ASCII scalar is a word `uXXXX`.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if isASCIIAlphanumeric(scalar) {
                current.unicodeScalars.append(scalar)
                continue
            }
            if !current.isEmpty { words.append(current) }
            current = ""
            if !scalar.isASCII { words.append("u" + String(scalar.value, radix: 16, uppercase: true)) }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The constant of a pin in the generated code (`rightBottom`): its horizontal edge, then its vertical one.
    static func pinConstant(_ pin: Pin) -> String {
        let vertical = pin.vertical.rawValue
        return pin.horizontal.rawValue + vertical.prefix(1).uppercased() + vertical.dropFirst()
    }

    /// `lowerCamelCase` of an id's words (`my-ball` → `myBall`), or `fallback` when it has none; a name that
    /// would start with a digit gets `fallback` in front (`2d` → `item2d`).
    package static func lowerCamel(_ text: String, fallback: String) -> String {
        let words = words(text)
        guard let first = words.first else { return fallback }
        var name = lowercasedFirst(first) + words.dropFirst().map(uppercasedFirst).joined()
        if name.first!.isNumber { name = fallback + uppercasedFirst(name) }
        return name
    }

    /// `UpperCamelCase` of a text's words (`Attachment dragged by a pan` → `AttachmentDraggedByAPan`), or
    /// `fallback` when it has none; a name that would start with a digit gets `fallback` in front.
    package static func upperCamel(_ text: String, fallback: String) -> String {
        let words = words(text)
        guard !words.isEmpty else { return fallback }
        let name = words.map(uppercasedFirst).joined()
        return name.first!.isNumber ? fallback + name : name
    }

    /// Whether `name` is an identifier in both languages: an ASCII letter or `_`, then ASCII letters, digits
    /// and `_`.
    package static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first,
            first == "_" || (isASCIIAlphanumeric(first) && !("0"..."9").contains(first))
        else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || isASCIIAlphanumeric($0) }
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }

    private static func uppercasedFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
    private static func lowercasedFirst(_ word: String) -> String { word.prefix(1).lowercased() + word.dropFirst() }
}

/// Hands out collision-free names in one name space: a taken name gets the first free suffix 2, 3, ….
struct NameSpace {
    private var taken: Set<String>
    /// Per base, the first suffix not yet tried: every name below it is taken (names are never given back), so
    /// 10,000 behaviors of one type claim their names in linear time, not quadratic.
    private var nextSuffix: [String: Int] = [:]

    /// `reserved` can never be handed out (keywords, the generated type's own members).
    init(reserved: Set<String>) { taken = reserved }

    /// `base`, or `base2`, `base3`, … when it is taken; the name is taken from then on.
    mutating func claim(_ base: String) -> String {
        var name = base
        var suffix = 2
        if taken.contains(name) {
            suffix = nextSuffix[base] ?? 2
            name = base + String(suffix)
            while taken.contains(name) {
                suffix += 1
                name = base + String(suffix)
            }
            nextSuffix[base] = suffix + 1
        }
        taken.insert(name)
        return name
    }
}
