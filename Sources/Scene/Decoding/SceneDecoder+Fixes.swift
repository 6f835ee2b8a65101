import JSON

// Quick fixes as data: text edits computed from the source map and the bytes, so the CLI's json output and
// the language server's code actions apply the same change.
extension SceneDecoder {
    func replace(_ range: Range<Int>, with text: String, title: String) -> Diagnostic.Fix {
        Diagnostic.Fix(title: title, edits: [Diagnostic.Edit(range: range, newText: text)])
    }

    /// A fix inserting `"key": value` as the object's first member, in the object's own layout.
    func insertion(key: String, value: String, into object: JSONObject, at pointer: JSONPointer) -> Diagnostic.Fix? {
        guard let braceRange = document.sourceMap.openingBracket(pointer) else { return nil }
        let member = "\(jsonString(key)): \(value)"
        let title = "Add \(member)"
        if let first = object.members.first, let firstKey = document.sourceMap[pointer.appending(first.key)]?.keyRange,
            firstKey.lowerBound >= braceRange.upperBound
        {
            let gap = document.bytes[braceRange.upperBound..<firstKey.lowerBound]
            if gap.allSatisfy(SceneDecoder.isWhitespace) {
                let separator = gap.isEmpty ? " " : String(decoding: gap, as: UTF8.self)
                return Diagnostic.Fix(
                    title: title,
                    edits: [
                        Diagnostic.Edit(
                            range: firstKey.lowerBound..<firstKey.lowerBound, newText: member + "," + separator)
                    ])
            }
        }
        return Diagnostic.Fix(
            title: title,
            edits: [Diagnostic.Edit(range: braceRange.upperBound..<braceRange.upperBound, newText: member)])
    }

    /// The text to delete to remove the member whose key token is at `keyRange`: the member and the comma that
    /// separates it from its neighbors (nil when the text around it cannot be read as a member).
    func memberRemovalRange(keyRange: Range<Int>) -> Range<Int>? {
        let bytes = document.bytes
        var i = skipWhitespace(from: keyRange.upperBound)
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        i = skipWhitespace(from: i + 1)
        guard let valueEnd = endOfValue(from: i) else { return nil }
        let next = skipWhitespace(from: valueEnd)
        if next < bytes.count, bytes[next] == UInt8(ascii: ",") {
            return keyRange.lowerBound..<skipWhitespace(from: next + 1)
        }
        var back = keyRange.lowerBound
        while back > 0, SceneDecoder.isWhitespace(bytes[back - 1]) { back -= 1 }
        if back > 0, bytes[back - 1] == UInt8(ascii: ",") {
            return (back - 1)..<valueEnd
        }
        return keyRange.lowerBound..<valueEnd
    }

    private func skipWhitespace(from start: Int) -> Int {
        var i = start
        while i < document.bytes.count, SceneDecoder.isWhitespace(document.bytes[i]) { i += 1 }
        return i
    }

    /// The offset just past the JSON value starting at `start` (a shallow scan: strings, brackets, scalars).
    private func endOfValue(from start: Int) -> Int? {
        let bytes = document.bytes
        var i = start
        var depth = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard i < bytes.count else { return nil }
                i += 1
                if depth == 0 { return i }
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
                i += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { return i }
                depth -= 1
                i += 1
                if depth == 0 { return i }
            } else if depth == 0 && SceneDecoder.isDelimiter(byte) {
                return i
            } else {
                i += 1
            }
        }
        return depth == 0 && i > start ? i : nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }

    /// A fresh id for the object holding `idPointer` (`item3`, `gravity2`, `boundary1`) that nothing in the file uses.
    func freshId(for idPointer: JSONPointer) -> String? {
        freshId(prefix: idPrefix(forObjectAt: idPointer.parent ?? .root))
    }

    func freshId(prefix: String) -> String {
        var n = 1
        while usedIds.contains("\(prefix)\(n)".exactId) { n += 1 }
        return "\(prefix)\(n)"
    }

    /// `item` for items, the behavior's type for behaviors, `boundary` for boundaries.
    private func idPrefix(forObjectAt pointer: JSONPointer) -> String {
        let segments = pointer.segments
        if segments.count >= 2, case .key("boundaries") = segments[segments.count - 2] { return "boundary" }
        if segments.first == .key("items") { return "item" }
        if let type = objectValue(at: pointer)?["type"]?.stringValue, BehaviorType(rawValue: type) != nil {
            return type
        }
        return "behavior"
    }

    func objectValue(at pointer: JSONPointer) -> JSONObject? { document.root?.value(at: pointer)?.objectValue }

    /// The text a missing key's quick fix inserts: a value of the right type (`[0, 0]`, `[40, 40]`, a fresh id…).
    func placeholder(for key: Key, in kind: ObjectKind) -> String {
        if let value = key.defaultValue { return Key.displayText(value) }
        switch key.type {
        case .identifier(.item): return jsonString(freshId(prefix: "item"))
        case .identifier(.boundary): return jsonString(freshId(prefix: "boundary"))
        case .identifier(.behavior):
            if case .behavior(let type) = kind { return jsonString(freshId(prefix: type.rawValue)) }
            return jsonString(freshId(prefix: "behavior"))
        case .reference(.item): return jsonString(firstItemId ?? "item1")
        case .reference: return "\"\""
        case .references: return "[]"
        case .point, .rangePair: return "[0, 0]"
        case .vector: return key.mustBeNonZero ? "[1, 0]" : "[0, 0]"
        case .size: return "[40, 40]"
        case .number, .integer:
            switch key.name {
            case "width": return "400"
            case "height": return "800"
            default:
                if let min = key.range?.min { return NumberText.format(key.range!.minIsInclusive ? min : min + 1) }
                return "0"
            }
        case .string: return "\"\""
        case .boolean: return "false"
        case .null: return "null"
        case .enumeration(let values): return jsonString(values.first ?? "")
        case .color: return "\"#808080\""
        case .object(.referenceView): return "{\"width\": 400, \"height\": 800}"
        case .object(.contactPartner): return "{\"boundary\": null}"
        case .object: return "{}"
        case .array(.point) where key.name == "path" && kind == .event: return "[[0, 0], [100, 0]]"
        case .array(.point): return "[[0, 0], [40, 0], [0, 40]]"
        case .array: return "[]"
        case .oneOf: return "{}"
        }
    }
}
