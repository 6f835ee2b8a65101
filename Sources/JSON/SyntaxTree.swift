// The scanner's compact record of where every value stands in a text.
//
// Design: one flat array of fixed-size nodes in text order (pre-order: a container comes before its
// contents, a subtree is a contiguous run of nodes), plus one shared array of child lists. A 2 MB document
// with 100 000 values costs two allocations, not one `JSONPointer` per value; lookups walk a pointer's
// segments from the root. Offsets are UTF-8 byte offsets (Int32: texts are far below 2 GiB; larger
// texts are refused by the parser).

/// The scanner's value tree: one node per value.
struct SyntaxTree: Sendable {
    enum Kind: UInt8, Sendable { case null, bool, number, string, array, object }

    struct Node: Sendable {
        var kind: Kind
        var flags: UInt8
        /// The containing value's node, -1 for the top-level value.
        var parent: Int32
        /// The position among the parent's children (the array index for array elements).
        var ordinal: Int32
        /// The member's key token, quotes included (-1 when the value is not an object member).
        var keyStart: Int32
        var keyEnd: Int32
        /// The value token, or the container from its opening to its closing bracket.
        var start: Int32
        var end: Int32
        /// The container's children: `children[firstChild ..< firstChild + childCount]`.
        var firstChild: Int32
        var childCount: Int32

        /// A member whose key repeats later in its object: the later one wins, this one is not in the values.
        static let shadowed: UInt8 = 1
        /// The key has a backslash escape: compare its decoded text, not its bytes.
        static let keyEscaped: UInt8 = 2
        /// A number too large for a double (`1e999`).
        static let overflows: UInt8 = 4
        /// A container the syntax error cut off (not closed in the text).
        static let truncated: UInt8 = 8

        var isShadowed: Bool { flags & Node.shadowed != 0 }
        var hasKey: Bool { keyStart >= 0 }
        var range: Range<Int> { Int(start)..<Int(end) }
        var keyRange: Range<Int>? { keyStart >= 0 ? Int(keyStart)..<Int(keyEnd) : nil }
        var isContainer: Bool { kind == .array || kind == .object }
    }

    var nodes: [Node] = []
    var children: [Int32] = []
    /// The text, to read keys.
    var bytes: [UInt8] = []

    var isEmpty: Bool { nodes.isEmpty }

    func childIndices(of node: Int32) -> ArraySlice<Int32> {
        let n = nodes[Int(node)]
        return children[Int(n.firstChild)..<Int(n.firstChild + n.childCount)]
    }

    /// The decoded key of a member node.
    func key(of node: Int32) -> String {
        let n = nodes[Int(node)]
        return bytes.withUnsafeBufferPointer { text in
            let lexer = Lexer(text: text)
            if n.flags & Node.keyEscaped != 0 { return lexer.decodeString(Int(n.keyStart)..<Int(n.keyEnd)) }
            return String(
                decoding: UnsafeBufferPointer(rebasing: text[Int(n.keyStart + 1)..<Int(n.keyEnd - 1)]), as: UTF8.self)
        }
    }

    /// Whether the member node's key, decoded, is `key`.
    func keyEquals(_ node: Int32, _ key: String) -> Bool {
        let n = nodes[Int(node)]
        guard n.keyStart >= 0 else { return false }
        if n.flags & Node.keyEscaped != 0 { return self.key(of: node) == key }
        let length = Int(n.keyEnd - n.keyStart) - 2
        var key = key
        return key.withUTF8 { utf8 in
            guard utf8.count == length else { return false }
            return bytes.withUnsafeBufferPointer { text in
                var k = 0
                let base = Int(n.keyStart) + 1
                while k < length {
                    if text[base + k] != utf8[k] { return false }
                    k += 1
                }
                return true
            }
        }
    }

    /// The segment that leads from the node's parent to it.
    func segment(of node: Int32) -> JSONPointer.Segment? {
        let n = nodes[Int(node)]
        guard n.parent >= 0 else { return nil }
        return nodes[Int(n.parent)].kind == .object ? .key(key(of: node)) : .index(Int(n.ordinal))
    }

    /// The pointer of a node.
    func pointer(of node: Int32) -> JSONPointer {
        var segments: [JSONPointer.Segment] = []
        var current = node
        while let segment = segment(of: current) {
            segments.append(segment)
            current = nodes[Int(current)].parent
        }
        return JSONPointer(segments.reversed())
    }

    /// The node a pointer names (for a repeated key, the last occurrence: the one whose value counts).
    func node(at pointer: JSONPointer) -> Int32? {
        guard !nodes.isEmpty else { return nil }
        var current: Int32 = 0
        for segment in pointer.segments {
            guard let next = child(of: current, segment) else { return nil }
            current = next
        }
        return current
    }

    /// The child of `node` that `segment` names.
    func child(of node: Int32, _ segment: JSONPointer.Segment) -> Int32? {
        let n = nodes[Int(node)]
        switch n.kind {
        case .array:
            let index: Int
            switch segment {
            case .index(let i): index = i
            case .key(let k):
                guard let i = Int(k), String(i) == k else { return nil }
                index = i
            }
            guard index >= 0, index < Int(n.childCount) else { return nil }
            return children[Int(n.firstChild) + index]
        case .object:
            let key: String
            switch segment {
            case .key(let k): key = k
            case .index(let i): key = String(i)
            }
            var k = Int(n.firstChild + n.childCount) - 1
            while k >= Int(n.firstChild) {
                if keyEquals(children[k], key) { return children[k] }
                k -= 1
            }
            return nil
        default:
            return nil
        }
    }

    /// The innermost node whose key or value holds `offset` (a container holds the offsets between its brackets).
    func innermostNode(containing offset: Int) -> Int32? {
        guard let root = nodes.first,
            root.range.contains(offset) || (root.end == root.start && offset == Int(root.start))
        else {
            return nil
        }
        var current: Int32 = 0
        descent: while true {
            let kids = childIndices(of: current)
            // Children are in text order: binary search the last child starting at or before offset.
            var lo = kids.startIndex
            var hi = kids.endIndex
            while lo < hi {
                let mid = (lo + hi) / 2
                let c = nodes[Int(kids[mid])]
                let begin = c.keyStart >= 0 ? c.keyStart : c.start
                if Int(begin) <= offset { lo = mid + 1 } else { hi = mid }
            }
            if lo > kids.startIndex {
                let candidate = kids[lo - 1]
                let c = nodes[Int(candidate)]
                let begin = Int(c.keyStart >= 0 ? c.keyStart : c.start)
                if offset >= begin && offset < Int(c.end) {
                    current = candidate
                    continue descent
                }
            }
            return current
        }
    }
}
