// Re-parsing a valid document after a small edit, touching only the value the edit falls in.
//
// Design: find the innermost value (other than the top-level one) whose text holds the whole edit, re-scan
// just that value's new text (as one value nested where it stands), let jansson parse just that text,
// and splice: the new value replaces the old one in the value tree (copy-on-write copies only the
// containers on its path), the new nodes replace the old subtree in the node array (a subtree is a
// contiguous run in pre-order), and every offset after the edit shifts by the edit's length change (one
// linear pass over fixed-size nodes). The new nodes' child lists are appended to the shared child array
// (the old ones become unused; the array is compacted when they outnumber the used ones).
//
// Whatever the fast path cannot vouch for (the document was not valid, the new text of the value is not
// exactly one value, it nests too deep, a key's text changed…) goes to a full parse: the result is always
// what `JSONDocument.parse` gives for the new text.

extension JSONDocument {
    /// The document after replacing the bytes `edit` with `replacement`: the same as
    /// `JSONDocument.parse` of the new text, computed by re-parsing only the value the edit falls in when the
    /// document is valid and the edit stays inside one value (e.g. a number of `/items/123`).
    package func reparsing(afterEdit edit: Range<Int>, replacement: [UInt8]) -> JSONDocument {
        let edit = max(0, min(edit.lowerBound, bytes.count))..<max(0, min(edit.upperBound, bytes.count))
        var newBytes = bytes
        newBytes.replaceSubrange(edit, with: replacement)
        return splicing(edit: edit, replacementCount: replacement.count, newBytes: newBytes)
            ?? JSONDocument.parse(newBytes)
    }

    /// The same as `reparsing(afterEdit:replacement:)` when the caller has already made the new text: `editedText`
    /// must be this document's bytes with `edit` replaced by `replacementCount` bytes. The document keeps that array
    /// (no second copy of the text); a text whose length does not fit the edit is parsed whole.
    package func reparsing(afterEdit edit: Range<Int>, replacementCount: Int, editedText: [UInt8]) -> JSONDocument {
        guard edit.lowerBound >= 0, edit.upperBound <= bytes.count, replacementCount >= 0,
            editedText.count == bytes.count - edit.count + replacementCount
        else { return JSONDocument.parse(editedText) }
        return splicing(edit: edit, replacementCount: replacementCount, newBytes: editedText)
            ?? JSONDocument.parse(editedText)
    }

    /// The fast path of `reparsing(afterEdit:replacement:)`; nil when it does not apply.
    func splicing(edit: Range<Int>, replacementCount: Int, newBytes: [UInt8]) -> JSONDocument? {
        guard isValid, let root, case .tree(let tree) = sourceMap.storage, !tree.isEmpty,
            newBytes.count < Int(Int32.max)
        else { return nil }

        // The innermost value holding the edit.
        var target: Int32 = 0
        descent: while true {
            let children = tree.childIndices(of: target)
            var lo = children.startIndex
            var hi = children.endIndex
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(tree.nodes[Int(children[mid])].start) <= edit.lowerBound { lo = mid + 1 } else { hi = mid }
            }
            guard lo > children.startIndex else { break }
            let candidate = children[lo - 1]
            let node = tree.nodes[Int(candidate)]
            guard Int(node.start) <= edit.lowerBound, edit.upperBound <= Int(node.end) else { break descent }
            target = candidate
        }
        guard target != 0 else { return nil }
        let old = tree.nodes[Int(target)]
        var depth = 0
        var ancestor = old.parent
        while ancestor >= 0 {
            if tree.nodes[Int(ancestor)].isShadowed { return nil }
            depth += 1
            ancestor = tree.nodes[Int(ancestor)].parent
        }
        if old.isShadowed { return nil }

        // Re-scan and re-parse the value's new text.
        let delta = replacementCount - edit.count
        let region = Int(old.start)..<(Int(old.end) + delta)
        guard region.count > 0 else { return nil }
        let fragmentBytes = Array(newBytes[region])
        var fragment = fragmentBytes.withUnsafeBufferPointer { Scanner.scanFragment($0, depth: depth) }
        // A fragment with a repeated key takes the full parse, which decides which occurrence the map names.
        guard fragment.error == nil, fragment.tooDeep == nil, fragment.nulKeys.isEmpty, fragment.duplicates.isEmpty,
            !fragment.tree.isEmpty
        else {
            return nil
        }
        fragment.tree.bytes = fragmentBytes
        guard let value = ParsedText.values(of: fragmentBytes, length: fragmentBytes.count, closers: [], scan: fragment)
        else { return nil }
        var newRoot = root
        let targetPointer = tree.pointer(of: target)
        guard newRoot.replace(at: targetPointer.segments[...], with: value) else { return nil }

        // Splice the nodes.
        let first = Int(target)
        let oldEnd = Int(old.end)
        var lo = first + 1
        var hi = tree.nodes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(tree.nodes[mid].start) < oldEnd { lo = mid + 1 } else { hi = mid }
        }
        let blockEnd = lo
        let sizeChange = fragment.tree.nodes.count - (blockEnd - first)
        let childBase = Int32(tree.children.count)
        let base = Int32(region.lowerBound)
        let shift = Int32(delta)

        let newTree: SyntaxTree
        if sizeChange == 0, SyntaxTree.sameShape(fragment.tree.nodes, tree.nodes[first..<blockEnd], offset: first) {
            newTree = tree.splicingInPlace(
                fragment.tree.nodes, at: first, oldEnd: Int32(oldEnd), base: base, shift: shift, bytes: newBytes)
        } else {
            var nodes: [SyntaxTree.Node] = []
            nodes.reserveCapacity(tree.nodes.count + sizeChange)
            for var node in tree.nodes[..<first] {
                if node.end >= Int32(oldEnd) { node.end += shift }
                nodes.append(node)
            }
            let keyFlags = SyntaxTree.Node.shadowed | SyntaxTree.Node.keyEscaped
            for (index, var node) in fragment.tree.nodes.enumerated() {
                node.start += base
                node.end += base
                if node.keyStart >= 0 {
                    node.keyStart += base
                    node.keyEnd += base
                }
                node.firstChild += childBase
                if index == 0 {
                    node.parent = old.parent
                    node.ordinal = old.ordinal
                    node.keyStart = old.keyStart
                    node.keyEnd = old.keyEnd
                    node.flags = (node.flags & ~keyFlags) | (old.flags & keyFlags)
                } else {
                    node.parent += Int32(first)
                }
                nodes.append(node)
            }
            for var node in tree.nodes[blockEnd...] {
                node.start += shift
                node.end += shift
                if node.keyStart >= 0 {
                    node.keyStart += shift
                    node.keyEnd += shift
                }
                if node.parent >= Int32(blockEnd) { node.parent += Int32(sizeChange) }
                nodes.append(node)
            }
            var children = tree.children
            if sizeChange != 0 {
                for k in children.indices where children[k] >= Int32(blockEnd) { children[k] += Int32(sizeChange) }
            }
            children.append(contentsOf: fragment.tree.children.lazy.map { $0 + Int32(first) })

            var rebuilt = SyntaxTree(nodes: nodes, children: children, bytes: newBytes)
            if rebuilt.children.count > 2 * rebuilt.nodes.count + 1024 { rebuilt.compactChildren() }
            newTree = rebuilt
        }

        // The duplicate keys, in the order a full scan finds them (objects in the order they close).
        var duplicates: [(object: Int32, earlier: Int32, later: Int32)] = []
        var after: [(object: Int32, earlier: Int32, later: Int32)] = []
        func moved(_ index: Int32) -> Int32 { index >= Int32(blockEnd) ? index + Int32(sizeChange) : index }
        for duplicate in scanDuplicates {
            let object = Int(duplicate.object)
            if object >= first && object < blockEnd { continue }
            let entry = (moved(duplicate.object), moved(duplicate.earlier), moved(duplicate.later))
            if tree.nodes[object].end <= old.start { duplicates.append(entry) } else { after.append(entry) }
        }
        for duplicate in fragment.duplicates {
            duplicates.append(
                (duplicate.object + Int32(first), duplicate.earlier + Int32(first), duplicate.later + Int32(first)))
        }
        duplicates.append(contentsOf: after)

        var document = JSONDocument(
            bytes: newBytes, root: newRoot, syntaxError: nil, unsupported: [],
            duplicateKeys: JSONDocument.duplicateKeys(duplicates, in: newTree, depthLimited: false),
            sourceMap: SourceMap(tree: newTree), truncatedContainers: [],
            lineIndex: LineIndex(newBytes, editing: lineIndex, edit: edit, replacementCount: replacementCount))
        document.scanDuplicates = duplicates
        document.splice = Splice(edit: edit, delta: delta, pointer: targetPointer)
        return document
    }
}

extension SyntaxTree {
    /// Whether a re-parsed value's nodes (`fragment`, numbered from 0) have the shape of the subtree they replace
    /// (`block`, which starts at node `offset`): the same number of children and the same parents, node by node.
    /// Then every child list of the subtree still holds the right nodes, and the splice can keep them.
    static func sameShape(_ fragment: [Node], _ block: ArraySlice<Node>, offset: Int) -> Bool {
        guard fragment.count == block.count else { return false }
        for (k, node) in fragment.enumerated() {
            let old = block[offset + k]
            guard node.childCount == old.childCount, k == 0 || node.parent + Int32(offset) == old.parent else {
                return false
            }
        }
        return true
    }

    /// The tree after replacing the subtree at `first` by `fragment` of the same shape (see `sameShape`): the
    /// child lists are shared with this tree, the new nodes are written over the old ones, the containers around
    /// the value end `shift` bytes later and every node after it moves by `shift`.
    func splicingInPlace(
        _ fragment: [Node], at first: Int, oldEnd: Int32, base: Int32, shift: Int32, bytes newBytes: [UInt8]
    ) -> SyntaxTree {
        var nodes = self.nodes
        let old = nodes[first]
        var ancestor = old.parent
        while ancestor >= 0 {
            nodes[Int(ancestor)].end += shift
            ancestor = nodes[Int(ancestor)].parent
        }
        let keyFlags = Node.shadowed | Node.keyEscaped
        for (k, var node) in fragment.enumerated() {
            let replaced = nodes[first + k]
            node.start += base
            node.end += base
            if k == 0 {
                node.keyStart = old.keyStart
                node.keyEnd = old.keyEnd
                node.flags = (node.flags & ~keyFlags) | (old.flags & keyFlags)
                node.ordinal = old.ordinal
            } else if node.keyStart >= 0 {
                node.keyStart += base
                node.keyEnd += base
            }
            node.parent = replaced.parent
            node.firstChild = replaced.firstChild
            nodes[first + k] = node
        }
        if shift != 0 {
            nodes.withUnsafeMutableBufferPointer { buffer in
                for k in (first + fragment.count)..<buffer.count {
                    buffer[k].start += shift
                    buffer[k].end += shift
                    if buffer[k].keyStart >= 0 {
                        buffer[k].keyStart += shift
                        buffer[k].keyEnd += shift
                    }
                }
            }
        }
        return SyntaxTree(nodes: nodes, children: children, bytes: newBytes)
    }

    /// Rewrites the child array with only the lists in use. Every node's `firstChild` moves into the new
    /// array, leaves and empty containers included: an empty list left pointing past the shorter array would
    /// make `childIndices(of:)` slice out of bounds (an edit inside such a value, after a splice compacted the
    /// list, trapped the server).
    mutating func compactChildren() {
        var compact: [Int32] = []
        compact.reserveCapacity(nodes.count)
        for index in nodes.indices {
            let node = nodes[index]
            let first = Int32(compact.count)
            if node.childCount > 0 {
                compact.append(contentsOf: children[Int(node.firstChild)..<Int(node.firstChild + node.childCount)])
            }
            nodes[index].firstChild = first
        }
        children = compact
    }
}

extension JSONValue {
    /// Replaces the value at `segments` (array indices, object keys); false when there is no such value.
    mutating func replace(at segments: ArraySlice<JSONPointer.Segment>, with value: JSONValue) -> Bool {
        guard let segment = segments.first else {
            self = value
            return true
        }
        switch segment {
        case .index(let index):
            guard case .array(var elements) = self, index >= 0, index < elements.count else { return false }
            self = .null  // so that `elements` is the only reference and changes in place
            let replaced = elements[index].replace(at: segments.dropFirst(), with: value)
            self = .array(elements)
            return replaced
        case .key(let key):
            guard case .object(var object) = self,
                let index = object.members.firstIndex(where: { $0.key == key })
            else { return false }
            self = .null
            let replaced = object.members[index].value.replace(at: segments.dropFirst(), with: value)
            self = .object(object)
            return replaced
        }
    }
}
