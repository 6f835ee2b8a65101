// The canonical layout of a JSON text, built from the scanner's tokens (never from parsed values, so no
// token's text changes: numbers stay as written, strings keep their escapes).
//
// Layout: one member or element per line, indented by `indent` spaces per level, `"key": value` with one
// space after the colon, `,` right after each value; empty containers as `{}` and `[]`; an array whose
// elements are all numbers (a point, size, vector, range) on one line as `[1, 2]`; one newline at the end.
// A leading byte-order mark is kept (it is the file's, not the layout's). The walk is iterative.

/// Formats JSON texts in the canonical layout.
package enum Formatter {
    /// The canonical layout of `bytes`, or nil when the text is not JSON (or nests deeper than 2048 levels
    /// or has a NUL escape in a key: valid JSON that Impulse does not handle). Idempotent.
    package static func format(_ bytes: [UInt8], indent: Int) -> [UInt8]? {
        let scan = Scanner.scan(bytes)
        guard scan.error == nil, scan.tooDeep == nil, scan.nulKeys.isEmpty else { return nil }
        return layout(scan.tree, bytes: bytes, bomLength: scan.bomLength, indent: indent)
    }

    /// The canonical layout of a parsed document, or nil when it is not valid (see `format(_:indent:)`).
    package static func format(_ document: JSONDocument, indent: Int) -> [UInt8]? {
        guard document.isValid, case .tree(let tree) = document.sourceMap.storage else {
            return format(document.bytes, indent: indent)
        }
        let bom = document.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return layout(tree, bytes: document.bytes, bomLength: bom, indent: indent)
    }

    private static func layout(_ tree: SyntaxTree, bytes: [UInt8], bomLength: Int, indent: Int) -> [UInt8]? {
        guard !tree.isEmpty else { return nil }
        let indent = max(0, indent)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        out.append(contentsOf: bytes[0..<bomLength])
        // (container node, next child position) for the containers being written.
        var stack: [(node: Int32, next: Int)] = []

        func newline(depth: Int) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: depth * indent))
        }

        /// Writes a value; a container with members to lay out is pushed instead of finished.
        func begin(_ index: Int32) {
            let node = tree.nodes[Int(index)]
            switch node.kind {
            case .array, .object:
                let open: UInt8 = node.kind == .object ? 0x7B : 0x5B
                let close: UInt8 = node.kind == .object ? 0x7D : 0x5D
                let children = tree.childIndices(of: index)
                if children.isEmpty {
                    out.append(open)
                    out.append(close)
                } else if node.kind == .array, children.allSatisfy({ tree.nodes[Int($0)].kind == .number }) {
                    out.append(open)
                    for (position, child) in children.enumerated() {
                        if position > 0 { out.append(contentsOf: [0x2C, 0x20]) }
                        out.append(contentsOf: bytes[tree.nodes[Int(child)].range])
                    }
                    out.append(close)
                } else {
                    out.append(open)
                    stack.append((index, 0))
                }
            default:
                out.append(contentsOf: bytes[node.range])
            }
        }

        begin(0)
        while let (container, next) = stack.last {
            let children = tree.childIndices(of: container)
            let depth = stack.count
            guard next < children.count else {
                stack.removeLast()
                newline(depth: depth - 1)
                out.append(tree.nodes[Int(container)].kind == .object ? 0x7D : 0x5D)
                continue
            }
            stack[stack.count - 1].next = next + 1
            if next > 0 { out.append(0x2C) }
            newline(depth: depth)
            let child = children[children.startIndex + next]
            if let key = tree.nodes[Int(child)].keyRange {
                out.append(contentsOf: bytes[key])
                out.append(contentsOf: [0x3A, 0x20])
            }
            begin(child)
        }
        out.append(0x0A)
        return out
    }
}
