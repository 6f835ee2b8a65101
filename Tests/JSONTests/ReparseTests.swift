import Foundation
import TestSupport
import Testing

@testable import JSON

/// Re-parsing after an edit gives exactly what a full parse of the new text gives.
@Suite struct ReparseTests {
    private static func scene(items: Int) -> [UInt8] {
        var text = "{\n  \"format\": 1,\n  \"items\": [\n"
        for i in 0..<items {
            text += "    {\"id\": \"item\(i)\", \"center\": [\(i * 7 % 300).5, \(i * 13 % 500)], \"size\": [40, 40], "
            text +=
                "\"shape\": \"ellipse\", \"density\": 1.25, \"tags\": [\"a\", {\"k\": null, \"t\": true}], \"extra\": {}}"
            text += i + 1 < items ? ",\n" : "\n"
        }
        text += "  ],\n  \"behaviors\": [{\"type\": \"gravity\", \"items\": [\"item0\"], \"magnitude\": 1e999}]\n}\n"
        return Array(text.utf8)
    }

    private func entries(_ document: JSONDocument) -> [String] {
        var list: [String] = []
        document.sourceMap.forEachEntry { pointer, entry in
            list.append("\(pointer) \(String(describing: entry.keyRange)) \(entry.valueRange)")
        }
        return list
    }

    private func expectSame(_ incremental: JSONDocument, _ full: JSONDocument, _ note: String) {
        #expect(incremental.bytes == full.bytes, "\(note)")
        #expect(incremental.root == full.root, "\(note)")
        #expect(incremental.syntaxError == full.syntaxError, "\(note)")
        #expect(incremental.unsupported == full.unsupported, "\(note)")
        #expect(incremental.duplicateKeys == full.duplicateKeys, "\(note)")
        #expect(incremental.truncatedContainers == full.truncatedContainers, "\(note)")
        #expect(incremental.lineIndex.lineStarts == full.lineIndex.lineStarts, "\(note)")
        #expect(entries(incremental) == entries(full), "\(note)")
    }

    /// A random edit of a random kind at a random place.
    private func randomEdit(_ bytes: [UInt8], _ random: inout SplitMix64) -> (Range<Int>, [UInt8]) {
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
        let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
        let letters = bytes.indices.filter { (0x61...0x7A).contains(bytes[$0]) }
        let values: [String] = [
            "7", "-0.5e3", "\"x\"", "[1, 2]", "{\"a\": 1, \"a\": [2]}", "1e400", "true", "\"\\u00e9\\n\"", "{}",
            "[[[]]]", "null",
        ]
        switch pick(11) {
        case 0, 1:  // change a digit
            let at = digits[pick(digits.count)]
            return (at..<(at + 1), [UInt8(0x30 + pick(10))])
        case 2:  // insert a digit next to a digit
            let at = digits[pick(digits.count)] + pick(2)
            return (at..<at, [UInt8(0x30 + pick(10))])
        case 3:  // change a letter (inside strings and keys, or a literal)
            let at = letters[pick(letters.count)]
            return (at..<(at + 1), Array(["q", "\\n", "é", "\\u0041", "\"", "\\"][pick(6)].utf8))
        case 4:  // replace a number by another value
            let at = digits[pick(digits.count)]
            var end = at
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == 0x2E { end += 1 }
            return (at..<end, Array(values[pick(values.count)].utf8))
        case 5:  // delete a byte
            let at = pick(bytes.count)
            return (at..<(at + 1), [])
        case 6:  // insert punctuation
            let at = pick(bytes.count + 1)
            return (at..<at, Array([",", "]", "{", ":", " ", "\n"][pick(6)].utf8))
        case 7:  // add a member (maybe a repeated key) after an opening brace
            let braces = bytes.indices.filter { bytes[$0] == 0x7B }
            let at = braces[pick(braces.count)] + 1
            return (at..<at, Array(["\"id\": 0, ", "\"k\": 1, \"k\": 2, ", "\"z\": [], "][pick(3)].utf8))
        case 9, 10:  // re-type a whole array or object (an editor's "replace the selection"): a splice with children
            let openers = bytes.indices.filter { bytes[$0] == 0x5B || bytes[$0] == 0x7B }
            guard !openers.isEmpty else { return (0..<0, []) }
            let at = openers[pick(openers.count)]
            let end = ReparseTests.matchingCloser(bytes, at) ?? at
            return (at..<(end + 1), Array(bytes[at...end]))
        default:  // replace a short span by a value
            let at = pick(bytes.count)
            return (at..<min(bytes.count, at + pick(4)), Array(values[pick(values.count)].utf8))
        }
    }

    /// The index of the bracket closing the one at `opener` (strings skipped), nil when it is not closed.
    static func matchingCloser(_ bytes: [UInt8], _ opener: Int) -> Int? {
        var depth = 0
        var inString = false
        var index = opener
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == 0x5C { index += 1 } else if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else if byte == 0x5B || byte == 0x7B {
                depth += 1
            } else if byte == 0x5D || byte == 0x7D {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// Issue 15: after splices compacted the child list, an edit inside the last re-typed fragment trapped the
    /// server ("Array index is out of range": its leaves kept child offsets past the shorter list).
    @Test func retypingTheItemsArrayAgainAndAgainThenEditingItsLastNumberMatchesAFullParse() throws {
        var document = JSONDocument.parse(ReparseTests.scene(items: 40))
        var compacted = false
        var childListLength = 0
        for round in 0..<30 {
            let bytes = document.bytes
            let items = try #require(bytes.indices.first { $0 > 0 && bytes[$0] == 0x5B && bytes[$0 - 1] == 0x20 })
            let end = try #require(ReparseTests.matchingCloser(bytes, items))
            // One ranged change inside the value of "items": its whole content, typed again with one member more or
            // less (a value of the same shape is written over the old nodes, and adds no child lists).
            var content = String(decoding: bytes[(items + 1)..<end], as: UTF8.self)
            content =
                round % 2 == 0
                ? content.replacingFirst("\"extra\": {}", with: "\"extra\": {\"n\": 1}")
                : content.replacingFirst("\"extra\": {\"n\": 1}", with: "\"extra\": {}")
            let retyped = document.reparsing(afterEdit: (items + 1)..<end, replacement: Array(content.utf8))
            expectSame(retyped, JSONDocument.parse(retyped.bytes), "round \(round): re-typed")
            if case .tree(let tree) = retyped.sourceMap.storage {
                if tree.children.count < childListLength { compacted = true }
                childListLength = tree.children.count
            }
            // Then one digit of the last item's center.
            let last = try #require(
                retyped.sourceMap.valueRange(JSONPointer([.key("items"), .index(39), .key("center"), .index(1)])))
            var digit = retyped.bytes[last.lowerBound]
            digit = digit == 0x39 ? 0x31 : digit + 1
            document = retyped.reparsing(afterEdit: last.lowerBound..<(last.lowerBound + 1), replacement: [digit])
            expectSame(document, JSONDocument.parse(document.bytes), "round \(round): digit")
        }
        #expect(compacted)
    }

    @Test func randomEditsGiveTheSameDocumentAsAFullParse() {
        let base = ReparseTests.scene(items: 25)
        var random = SplitMix64(seed: 20_240_601)
        var document = JSONDocument.parse(base)
        var spliced = 0
        for step in 0..<400 {
            if !document.isValid && random.next() % 3 == 0 { document = JSONDocument.parse(base) }
            let (edit, replacement) = randomEdit(document.bytes, &random)
            var newBytes = document.bytes
            newBytes.replaceSubrange(edit, with: replacement)
            if document.splicing(edit: edit, replacementCount: replacement.count, newBytes: newBytes) != nil {
                spliced += 1
            }
            let incremental = document.reparsing(afterEdit: edit, replacement: replacement)
            let full = JSONDocument.parse(newBytes)
            expectSame(incremental, full, "step \(step): \(edit) → \(String(decoding: replacement, as: UTF8.self))")
            document = incremental
        }
        // Most edits of a valid document stay inside one value.
        #expect(spliced > 120)
    }

    /// What typing does most: one value replaced by another of the same shape (a number by a longer or shorter one,
    /// a string by another, an array by one of as many elements), each splice written over the previous one's nodes.
    @Test func valuesRetypedInTheirShapeGiveTheSameDocumentAsAFullParse() throws {
        var document = JSONDocument.parse(ReparseTests.scene(items: 60))
        var random = SplitMix64(seed: 0x5A_4E)
        let replacements = ["7", "123.25", "-0.5e3", "1e400", "0"]
        for step in 0..<300 {
            let bytes = document.bytes
            let pointer: JSONPointer
            let replacement: String
            let item = Int(random.next() % 60)
            switch step % 4 {
            case 0, 1:
                pointer = JSONPointer([.key("items"), .index(item), .key("center"), .index(Int(random.next() % 2))])
                replacement = replacements[Int(random.next() % UInt64(replacements.count))]
            case 2:
                pointer = JSONPointer([.key("items"), .index(item), .key("shape")])
                replacement = ["\"rectangle\"", "\"é\"", "\"\""][Int(random.next() % 3)]
            default:
                pointer = JSONPointer([.key("items"), .index(item), .key("size")])
                replacement = "[\(random.next() % 1000), 4.5]"
            }
            let range = try #require(document.sourceMap.valueRange(pointer))
            let edited = document.reparsing(afterEdit: range, replacement: Array(replacement.utf8))
            #expect(edited.splice?.pointer == pointer, "step \(step): \(pointer) was not re-parsed alone")
            expectSame(edited, JSONDocument.parse(edited.bytes), "step \(step): \(pointer) → \(replacement)")
            #expect(edited.bytes != bytes || replacement == String(decoding: bytes[range], as: UTF8.self))
            document = edited
        }
    }

    /// The language server applies an edit to the text once and hands that text to the re-parse.
    @Test func reparsingAnEditedTextKeepsItAndMatchesAFullParse() {
        var random = SplitMix64(seed: 0xED_17ED)
        var document = JSONDocument.parse(ReparseTests.scene(items: 20))
        for step in 0..<200 {
            if !document.isValid && random.next() % 3 == 0 {
                document = JSONDocument.parse(ReparseTests.scene(items: 20))
            }
            let (edit, replacement) = randomEdit(document.bytes, &random)
            var edited = document.bytes
            edited.replaceSubrange(edit, with: replacement)
            let reparsed = document.reparsing(afterEdit: edit, replacementCount: replacement.count, editedText: edited)
            expectSame(reparsed, JSONDocument.parse(edited), "step \(step): \(edit)")
            let kept = reparsed.bytes.withUnsafeBufferPointer { a in
                edited.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress }
            }
            #expect(kept || edited.isEmpty, "step \(step): the text was copied")
            document = reparsed
        }
        // A text that does not fit the edit is parsed as it is.
        let text = Array(#"{"a": [1, 2]}"#.utf8)
        let other = Array(#"{"b": 3}"#.utf8)
        let parsed = JSONDocument.parse(text).reparsing(afterEdit: 7..<8, replacementCount: 1, editedText: other)
        expectSame(parsed, JSONDocument.parse(other), "a text of another length")
    }

    @Test func editingOneNumberReplacesOnlyThatValue() {
        let text = #"{"items": [{"center": [1, 2]}, {"center": [3, 4]}], "b": {"x": 1, "x": 2}}"#
        let document = parse(text)
        let four = range(of: "4", in: text)
        let edited = document.reparsing(afterEdit: four, replacement: Array("40.5".utf8))
        #expect(
            edited.root?.objectValue?["items"]?.arrayValue?[1]
                == .object(JSONObject([("center", .array([.number(3), .number(40.5)]))])))
        #expect(
            edited.sourceMap[JSONPointer([.key("b"), .key("x")])]?.valueRange == range(of: "2}}", in: text).lowerBound
                + 3..<range(of: "2}}", in: text).lowerBound + 4)
        #expect(
            edited.duplicateKeys.first?.laterKeyRange.lowerBound
                == (document.duplicateKeys.first?.laterKeyRange.lowerBound ?? 0) + 3)
        #expect(document.splicing(edit: four, replacementCount: 4, newBytes: edited.bytes) != nil)
    }

    @Test func editsThatBreakTheTextFallBackToAFullParse() {
        let text = #"{"items": [1, 2, 3]}"#
        let document = parse(text)
        let two = range(of: "2", in: text)
        let broken = document.reparsing(afterEdit: two, replacement: Array("2,".utf8))
        #expect(broken.syntaxError?.message == "unexpected token")
        #expect(broken.root == .object(JSONObject([("items", .array([.number(1), .number(2)]))])))
        let emptied = document.reparsing(afterEdit: two, replacement: [])
        #expect(emptied.syntaxError != nil)
    }

    @Test func editsOfATooDeepOrBrokenDocumentReparseFully() {
        let deep = String(repeating: "[", count: 2048) + "1" + String(repeating: "]", count: 2048)
        let document = parse(deep)
        #expect(document.isValid)
        let nested = document.reparsing(afterEdit: 2048..<2049, replacement: Array("[1]".utf8))
        #expect(nested.unsupported.count == 1)
        #expect(nested.root == nil)
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
