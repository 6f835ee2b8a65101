/// Where each value of a document stands in its text, by JSON pointer. Offsets are UTF-8 byte offsets
/// into the document's bytes (after nothing is stripped: a BOM still counts).
///
/// A parsed document's map is backed by the scanner's compact tree (no table of pointers is built):
/// lookups walk the pointer's segments. For a key that repeats in one object, the pointer names the last
/// occurrence, the one whose value counts.
package struct SourceMap: Sendable {
    package struct Entry: Equatable, Sendable {
        /// The member's key token, quotes included (nil for array elements and the root).
        package var keyRange: Range<Int>?
        /// The value token or the whole container, brackets included.
        package var valueRange: Range<Int>

        package init(keyRange: Range<Int>?, valueRange: Range<Int>) {
            self.keyRange = keyRange
            self.valueRange = valueRange
        }
    }

    enum Storage: Sendable {
        case table([JSONPointer: Entry])
        case tree(SyntaxTree)
    }

    var storage: Storage

    package init(entries: [JSONPointer: Entry] = [:]) { storage = .table(entries) }

    init(tree: SyntaxTree) { storage = .tree(tree) }

    /// Every entry as a table. Builds one pointer per value of a parsed document: prefer the lookups.
    package var entries: [JSONPointer: Entry] {
        get {
            switch storage {
            case .table(let table): return table
            case .tree:
                var table: [JSONPointer: Entry] = [:]
                table.reserveCapacity(count)
                forEachEntry { pointer, entry in table[pointer] = entry }
                return table
            }
        }
        set { storage = .table(newValue) }
    }

    package subscript(pointer: JSONPointer) -> Entry? {
        switch storage {
        case .table(let table): return table[pointer]
        case .tree(let tree): return tree.node(at: pointer).map { SourceMap.entry(tree.nodes[Int($0)]) }
        }
    }

    /// The value's range, or the nearest ancestor's value range when the pointer is not in the map.
    package func valueRange(_ pointer: JSONPointer) -> Range<Int>? {
        switch storage {
        case .table(let table):
            var p: JSONPointer? = pointer
            while let current = p {
                if let entry = table[current] { return entry.valueRange }
                p = current.parent
            }
            return nil
        case .tree(let tree):
            guard !tree.isEmpty else { return nil }
            var current: Int32 = 0
            for segment in pointer.segments {
                guard let next = tree.child(of: current, segment) else { break }
                current = next
            }
            return tree.nodes[Int(current)].range
        }
    }

    /// The key's range if the pointer names an object member, else the value range.
    package func keyRange(_ pointer: JSONPointer) -> Range<Int>? {
        self[pointer]?.keyRange ?? valueRange(pointer)
    }

    /// The range of the opening bracket of the container at `pointer`.
    package func openingBracket(_ pointer: JSONPointer) -> Range<Int>? {
        guard let r = valueRange(pointer) else { return nil }
        return r.lowerBound..<(r.lowerBound + 1)
    }

    /// The pointers of the values directly inside the container at `pointer`, in text order (for a key that
    /// repeats, only its last occurrence). Empty for scalars and unknown pointers.
    package func childPointers(of pointer: JSONPointer) -> [JSONPointer] {
        switch storage {
        case .table(let table):
            let depth = pointer.segments.count
            return table.keys
                .filter { $0.segments.count == depth + 1 && Array($0.segments.prefix(depth)) == pointer.segments }
                .sorted { (table[$0]?.valueRange.lowerBound ?? 0) < (table[$1]?.valueRange.lowerBound ?? 0) }
        case .tree(let tree):
            guard let node = tree.node(at: pointer) else { return [] }
            return tree.childIndices(of: node).compactMap { child in
                guard !tree.nodes[Int(child)].isShadowed, let segment = tree.segment(of: child) else { return nil }
                return JSONPointer(pointer.segments + [segment])
            }
        }
    }

    /// The innermost value whose key or value range holds `offset` (a container holds everything between
    /// its brackets), or nil when the offset lies outside the top-level value.
    package func innermostPointer(containing offset: Int) -> JSONPointer? {
        switch storage {
        case .table(let table):
            return table.filter { entry in
                (entry.value.keyRange?.lowerBound ?? entry.value.valueRange.lowerBound) <= offset
                    && offset < entry.value.valueRange.upperBound
            }.max { $0.key.segments.count < $1.key.segments.count }?.key
        case .tree(let tree):
            return tree.innermostNode(containing: offset).map { tree.pointer(of: $0) }
        }
    }

    /// Calls `body` for every value in text order (repeated keys: every occurrence, the earlier ones under
    /// the same pointer as the last).
    package func forEachEntry(_ body: (JSONPointer, Entry) -> Void) {
        switch storage {
        case .table(let table):
            for (pointer, entry) in table.sorted(by: { $0.value.valueRange.lowerBound < $1.value.valueRange.lowerBound }
            ) {
                body(pointer, entry)
            }
        case .tree(let tree):
            // Pre-order: keep the pointer of the path from the root and trim it as the walk climbs.
            var path: [Int32] = []
            var segments: [JSONPointer.Segment] = []
            for index in tree.nodes.indices {
                let node = tree.nodes[index]
                while let last = path.last, last != node.parent {
                    path.removeLast()
                    if !segments.isEmpty { segments.removeLast() }
                }
                if let segment = tree.segment(of: Int32(index)) {
                    segments.append(segment)
                } else {
                    segments.removeAll()
                }
                path.append(Int32(index))
                body(JSONPointer(segments), SourceMap.entry(node))
            }
        }
    }

    /// The number of values in the map.
    package var count: Int {
        switch storage {
        case .table(let table): table.count
        case .tree(let tree): tree.nodes.count
        }
    }

    static func entry(_ node: SyntaxTree.Node) -> Entry {
        Entry(keyRange: node.keyRange, valueRange: node.range)
    }
}
