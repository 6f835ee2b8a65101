// Parsing a large valid document in pieces, on several threads when there are several cores.
//
// Design: a scene file is one object whose bulk is a few long arrays (`items`, `behaviors`). Once our scanner
// has judged the text valid and mapped it, those arrays' elements are known, so the text can be cut without
// parsing it twice: each long array's elements are split into runs of about equal size, and each run is
// parsed by jansson as an array of its own (`[` + the run's text, commas included + `]`), on its own thread,
// in that thread's jansson arena, and converted to `JSONValue`s there. The rest of the document (the
// skeleton: the text with the long arrays' contents cut out, so they read `[]`) is one more piece. The
// pieces are then put back together: each long array is the concatenation of its runs' values.
//
// Pieces pay even on one thread: jansson's tree of a whole 2 MB scene takes about 15 MB of fresh memory,
// where the trees of 128 KB pieces, each dropped with its arena once converted, reuse the same megabyte; a
// fresh process spends about as much time faulting in pages as parsing.
//
// jansson sees exactly the values it would see in the whole text, so the result equals the one-piece parse;
// `ParsedTextPiecesTests` checks this on documents of every shape. Documents that need a repaired copy of
// their text (a BOM, numbers too large for a double) and documents without a long array take the one-piece
// path.

internal import CJansson
import ProcessSupport

extension ParsedText {
    /// Below this size a document is parsed in one piece (threads would cost more than they save).
    static let piecewiseMinimumBytes = 256 << 10
    /// The smallest run of elements worth a piece of its own.
    static let minimumPieceBytes = 32 << 10
    /// The largest piece (its jansson tree takes about 8 times its size).
    static let maximumPieceBytes = 128 << 10

    /// The values of a valid text parsed in pieces, on up to `processors` threads, or nil when the text should be
    /// parsed in one piece (see the design note above).
    /// `minimumBytes`: the smallest document parsed in pieces (tests lower it).
    static func valuesInPieces(
        of bytes: [UInt8], scan: Scan, processors: Int, minimumBytes: Int = piecewiseMinimumBytes
    ) -> JSONValue? {
        let tree = scan.tree
        guard bytes.count >= minimumBytes, scan.error == nil, scan.bomLength == 0,
            scan.overflowingNumbers.isEmpty, scan.nulKeys.isEmpty, scan.tooDeep == nil,
            !tree.isEmpty, tree.nodes[0].kind == .object
        else { return nil }

        // The long arrays among the top-level members, in text order, each with its runs of elements.
        let pieceBytes = max(
            1, min(minimumPieceBytes, minimumBytes / 8), min(maximumPieceBytes, bytes.count / (8 * max(1, processors))))
        var arrays: [(node: Int32, runs: [Range<Int>])] = []
        for member in tree.childIndices(of: 0) {
            let node = tree.nodes[Int(member)]
            guard node.kind == .array, !node.isShadowed, node.childCount >= 2,
                node.range.count >= pieceBytes
            else { continue }
            arrays.append((member, runs(of: member, in: tree, pieceBytes: pieceBytes)))
        }
        guard !arrays.isEmpty else { return nil }

        // Piece 0 is the skeleton; then every run of every array, in order.
        var pieces: [(array: Int, text: Range<Int>)] = [(-1, 0..<0)]
        for (index, array) in arrays.enumerated() {
            for run in array.runs { pieces.append((index, run)) }
        }
        let parse = { (index: Int) -> JSONValue? in
            var text: [UInt8] = []
            if index == 0 {
                text = skeleton(of: bytes, without: arrays.map { tree.nodes[Int($0.node)].range })
            } else {
                let run = pieces[index].text
                text.reserveCapacity(run.count + 2)
                text.append(UInt8(ascii: "["))
                text.append(contentsOf: bytes[run])
                text.append(UInt8(ascii: "]"))
            }
            return Jansson.withArena {
                text.withUnsafeBufferPointer { buffer -> JSONValue? in
                    guard let json = Jansson.load(buffer).json else { return nil }
                    return Jansson.value(of: json)
                }
            }
        }
        let values = processors > 1 ? Parallel.map(pieces.count, parse) : (0..<pieces.count).map(parse)

        // Put the pieces back together.
        guard case .object(var root)? = values[0] else { return nil }
        var next = 1
        for (node, runs) in arrays {
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(tree.nodes[Int(node)].childCount))
            for _ in runs {
                guard case .array(let run)? = values[next] else { return nil }
                elements.append(contentsOf: run)
                next += 1
            }
            let key = tree.key(of: node)
            guard let member = root.members.firstIndex(where: { $0.key == key }) else { return nil }
            root.members[member].value = .array(elements)
        }
        return .object(root)
    }

    /// The array's elements as runs of consecutive elements of about `pieceBytes` each: the text from the
    /// first element's start to the last one's end.
    static func runs(of array: Int32, in tree: SyntaxTree, pieceBytes: Int) -> [Range<Int>] {
        let elements = tree.childIndices(of: array)
        let first = Int(tree.nodes[Int(elements.first!)].start)
        let last = Int(tree.nodes[Int(elements.last!)].end)
        let pieceBytes = max(1, pieceBytes)
        let count = max(1, min(elements.count, (last - first + pieceBytes / 2) / pieceBytes))
        var runs: [Range<Int>] = []
        var runStart = first
        var index = elements.startIndex
        for k in 1..<count {
            // The run ends with the last element that starts before its share of the text.
            let boundary = first + (last - first) * k / count
            while index + 1 < elements.endIndex, Int(tree.nodes[Int(elements[index + 1])].start) < boundary {
                index += 1
            }
            let end = Int(tree.nodes[Int(elements[index])].end)
            guard end > runStart, index + 1 < elements.endIndex else { continue }
            runs.append(runStart..<end)
            index += 1
            runStart = Int(tree.nodes[Int(elements[index])].start)
        }
        runs.append(runStart..<last)
        return runs
    }

    /// The text without the contents of the given arrays (each reads `[]`), which are in text order.
    static func skeleton(of bytes: [UInt8], without arrays: [Range<Int>]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count - arrays.reduce(0) { $0 + $1.count } + 2 * arrays.count)
        var cursor = 0
        for array in arrays {
            text.append(contentsOf: bytes[cursor...array.lowerBound])
            cursor = array.upperBound - 1
        }
        text.append(contentsOf: bytes[cursor...])
        return text
    }
}
