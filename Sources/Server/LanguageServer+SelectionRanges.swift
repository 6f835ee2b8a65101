// textDocument/selectionRange: expand selection from the token at the cursor outward.
//
// For each position the chain is: a string's contents (without quotes) → the token (a key or a value) → its
// member (`"key": value`) → the container → the member holding that container → … → the top-level value →
// the whole text. It is read from the source map, so in a broken document it covers the values before the
// syntax error and ends with the whole text elsewhere. A cursor just after a token (`"ball"|,`) selects that
// token, as it does in an editor's word selection.
import JSON
import RPC

extension LanguageServer {
    func selectionRanges(_ params: LSP.SelectionRangeParams, _ context: RequestContext) throws -> [LSP.SelectionRange] {
        let document = try document(params.textDocument)
        return params.positions.map { position in
            let offset = document.offset(of: position)
            var ranges: [LSP.Range] = []
            for range in LanguageServer.selectionChain(at: offset, in: document.json) {
                let lspRange = document.range(of: range)
                if ranges.last != lspRange { ranges.append(lspRange) }
            }
            guard let first = ranges.first else {
                let here = document.position(of: offset)
                return LSP.SelectionRange(range: LSP.Range(start: here, end: here))
            }
            return LSP.SelectionRange(range: first, parents: Array(ranges.dropFirst()))
        }
    }

    /// The byte ranges to select around `offset`, innermost first, each holding the one before.
    static func selectionChain(at offset: Int, in json: JSONDocument) -> [Range<Int>] {
        let map = json.sourceMap
        let bytes = json.bytes
        func isContainer(_ range: Range<Int>) -> Bool {
            !range.isEmpty
                && (bytes[range.lowerBound] == UInt8(ascii: "{") || bytes[range.lowerBound] == UInt8(ascii: "["))
        }
        // A token that ends at the cursor wins over the container around it.
        var pointer = map.innermostPointer(containing: offset)
        if offset > 0, let before = map.innermostPointer(containing: offset - 1), let entry = map[before],
            entry.keyRange?.upperBound == offset
                || (entry.valueRange.upperBound == offset && !isContainer(entry.valueRange))
        {
            pointer = before
        }

        var chain: [Range<Int>] = []
        func add(_ range: Range<Int>) {
            // Each range must hold the cursor and the range before it.
            guard range.lowerBound <= offset, offset <= range.upperBound else { return }
            if let last = chain.last, !(range.lowerBound <= last.lowerBound && last.upperBound <= range.upperBound) {
                return
            }
            chain.append(range)
        }
        func addString(_ range: Range<Int>) {
            if range.count > 2, bytes[range.lowerBound] == UInt8(ascii: "\"") {
                add((range.lowerBound + 1)..<(range.upperBound - 1))
            }
            add(range)
        }

        if let pointer {
            // The innermost levels only: a chain 2,000 deep is a response nested 4,000 deep that clients cannot
            // read (lua-cjson stops at 1,000), and no one expands a selection that far.
            var ancestors: [JSONPointer] = []
            var current: JSONPointer? = pointer
            while let p = current, ancestors.count < LanguageServer.selectionDepthLimit {
                ancestors.append(p)
                current = p.parent
            }
            for (depth, p) in ancestors.enumerated() {
                // A repeated key's pointer names its last occurrence; one that does not hold the cursor is skipped.
                guard let entry = map[p] else { continue }
                let value = entry.valueRange
                let member =
                    entry.keyRange.map { min($0.lowerBound, value.lowerBound)..<max($0.upperBound, value.upperBound) }
                    ?? value
                guard member.lowerBound <= offset, offset <= member.upperBound else { continue }
                if depth == 0 || chain.isEmpty {
                    if let key = entry.keyRange, key.lowerBound <= offset, offset <= key.upperBound {
                        addString(key)
                    } else if !isContainer(value) {
                        addString(value)
                    }
                }
                add(value)
                add(member)
            }
        }
        add(0..<bytes.count)
        return chain
    }

    /// The most values a selection chain climbs through before the whole text.
    static let selectionDepthLimit = 100
}
