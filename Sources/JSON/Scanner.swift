// The error-tolerant structural scanner: judges a text by RFC 8259 and records where every value stands.
//
// Design: one iterative pass (an explicit container stack, no recursion, so 100 000 nested arrays cost
// memory, not stack) over the bytes. It stops at the first place where the text stops being JSON and
// records what is needed to parse the part before it: the nodes of every value completed or opened
// before the error, the containers still open, and the "resume point", the end of the last complete
// value or opening bracket. The text up to the resume point followed by the closing brackets of the open
// containers is valid JSON holding exactly the values that stand before the error.
//
// Values themselves are parsed by jansson; the scanner only notes what jansson cannot do: numbers too
// large for a double (blanked out for jansson and put back as infinities), NUL escapes in keys, and
// nesting past jansson's 2048 levels.

/// The outcome of scanning one text.
struct Scan: Sendable {
    /// Every value completed or opened before the error (all of them when the text is JSON).
    var tree = SyntaxTree()
    /// The first place where the text stops being JSON.
    var error: LexError?
    /// The containers open at the error, outermost first (their nodes are marked truncated).
    var openContainers: [Int32] = []
    /// The end of the last complete value or opening bracket before the error (the whole text when valid).
    var resumePoint = 0
    /// Numbers too large for a double.
    var overflowingNumbers: [Int32] = []
    /// Key tokens that hold a `\u0000` escape.
    var nulKeys: [Range<Int>] = []
    /// The opening bracket that nests deeper than 2048 levels (the first one).
    var tooDeep: Int?
    /// Repeated keys: the object, the earlier member and the later one (each later one relative to the
    /// occurrence just before it).
    var duplicates: [(object: Int32, earlier: Int32, later: Int32)] = []
    /// 3 when the text starts with a UTF-8 byte-order mark, else 0.
    var bomLength = 0
}

struct Scanner {
    /// jansson's nesting limit (`JSON_PARSER_MAX_DEPTH`).
    static let maximumDepth = 2048

    private enum State {
        case topValue, topEnd
        case arrayFirst, arrayValue, arrayNext
        case objectFirst, objectKey, colon, memberValue, objectNext
    }

    private struct Frame {
        var node: Int32
        var isObject: Bool
        var pendingBase: Int
    }

    private let lexer: Lexer
    private let depthOffset: Int
    private var result = Scan()
    private var stack: [Frame] = []
    /// Children of the open containers, innermost last; moved to `tree.children` when a container closes.
    private var pending: [Int32] = []
    private var keyStart = -1, keyEnd = -1, keyEscaped = false

    private init(lexer: Lexer, depthOffset: Int) {
        self.lexer = lexer
        self.depthOffset = depthOffset
    }

    /// Scans `bytes` (the tree keeps a copy of them to read keys).
    static func scan(_ bytes: [UInt8]) -> Scan {
        var scan = bytes.withUnsafeBufferPointer { text in
            var scanner = Scanner(lexer: Lexer(text: text), depthOffset: 0)
            scanner.run(allowBOM: true)
            return scanner.result
        }
        scan.tree.bytes = bytes
        return scan
    }

    /// Scans one value standing at `depth` levels of nesting (used to re-scan one element after an edit).
    /// Offsets are relative to the start of `text`; the tree's bytes are left empty.
    static func scanFragment(_ text: UnsafeBufferPointer<UInt8>, depth: Int) -> Scan {
        var scanner = Scanner(lexer: Lexer(text: text), depthOffset: depth)
        scanner.run(allowBOM: false)
        return scanner.result
    }

    private mutating func run(allowBOM: Bool) {
        let text = lexer.text
        let n = text.count
        var i = 0
        if allowBOM, n >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
            i = 3
            result.bomLength = 3
        }
        result.resumePoint = i
        var state = State.topValue
        let estimate = n / 8
        result.tree.nodes.reserveCapacity(min(estimate, 1 << 20))
        result.tree.children.reserveCapacity(min(estimate, 1 << 20))

        while true {
            i = lexer.skipWhitespace(i)
            guard i < n else {
                switch state {
                case .topEnd: break
                case .topValue where result.tree.nodes.isEmpty: fail(.emptyText, n..<n)
                default: fail(.unexpectedEnd, n..<n)
                }
                break
            }
            let b = text[i]
            switch state {
            case .topValue, .arrayFirst, .arrayValue, .memberValue:
                if b == UInt8(ascii: "]"), state == .arrayFirst {
                    close(at: i)
                    i += 1
                    state = stateAfterValue()
                    continue
                }
                switch b {
                case UInt8(ascii: "{"):
                    open(.object, at: i)
                    i += 1
                    state = .objectFirst
                case UInt8(ascii: "["):
                    open(.array, at: i)
                    i += 1
                    state = .arrayFirst
                case UInt8(ascii: "\""):
                    switch lexer.scanString(i) {
                    case .success(let token):
                        addScalar(.string, i, token.end)
                        i = token.end
                        state = stateAfterValue()
                    case .failure(let error):
                        fail(error.problem, error.range)
                    }
                default:
                    let end = lexer.wordEnd(i)
                    guard end > i else {
                        let error = lexer.unexpectedCharacter(at: i, problem: .unexpectedToken)
                        fail(error.problem, error.range)
                        break
                    }
                    guard let kind = lexer.classifyWord(i..<end) else {
                        fail(.invalidToken, i..<end)
                        break
                    }
                    switch kind {
                    case .null: addScalar(.null, i, end)
                    case .true, .false: addScalar(.bool, i, end)
                    case .number:
                        let node = addScalar(.number, i, end)
                        if lexer.overflowsDouble(i..<end) {
                            result.tree.nodes[Int(node)].flags |= SyntaxTree.Node.overflows
                            result.overflowingNumbers.append(node)
                        }
                    }
                    i = end
                    state = stateAfterValue()
                }
            case .objectFirst, .objectKey:
                if b == UInt8(ascii: "}"), state == .objectFirst {
                    close(at: i)
                    i += 1
                    state = stateAfterValue()
                    continue
                }
                guard b == UInt8(ascii: "\"") else {
                    failAtToken(.keyExpected, i)
                    break
                }
                switch lexer.scanString(i) {
                case .success(let token):
                    keyStart = i
                    keyEnd = token.end
                    keyEscaped = token.hasEscape
                    if token.hasNulEscape { result.nulKeys.append(i..<token.end) }
                    i = token.end
                    state = .colon
                case .failure(let error):
                    fail(error.problem, error.range)
                }
            case .colon:
                guard b == UInt8(ascii: ":") else {
                    failAtToken(.colonExpected, i)
                    break
                }
                i += 1
                state = .memberValue
            case .arrayNext:
                if b == UInt8(ascii: ",") {
                    i += 1
                    state = .arrayValue
                } else if b == UInt8(ascii: "]") {
                    close(at: i)
                    i += 1
                    state = stateAfterValue()
                } else {
                    failAtToken(.commaOrBracketExpected, i)
                }
            case .objectNext:
                if b == UInt8(ascii: ",") {
                    i += 1
                    state = .objectKey
                } else if b == UInt8(ascii: "}") {
                    close(at: i)
                    i += 1
                    state = stateAfterValue()
                } else {
                    failAtToken(.commaOrBraceExpected, i)
                }
            case .topEnd:
                failAtToken(.endOfTextExpected, i)
            }
            if result.error != nil { break }
        }
        if let error = result.error {
            // Close the containers the error cut off where it stands.
            result.openContainers = stack.map(\.node)
            while let frame = stack.last {
                result.tree.nodes[Int(frame.node)].flags |= SyntaxTree.Node.truncated
                finish(frame, end: max(error.range.lowerBound, Int(result.tree.nodes[Int(frame.node)].start) + 1))
                stack.removeLast()
            }
        }
    }

    private func stateAfterValue() -> State {
        guard let top = stack.last else { return .topEnd }
        return top.isObject ? .objectNext : .arrayNext
    }

    private mutating func fail(_ problem: SyntaxProblem, _ range: Range<Int>) {
        result.error = LexError(problem: problem, range: range)
    }

    /// Fails at the token starting at `i` (a non-UTF-8 byte is reported as such).
    private mutating func failAtToken(_ problem: SyntaxProblem, _ i: Int) {
        let b = lexer.text[i]
        if b >= 0x80 {
            let error = lexer.unexpectedCharacter(at: i, problem: problem)
            fail(error.problem, error.range)
        } else {
            fail(problem, i..<lexer.tokenEnd(i))
        }
    }

    @discardableResult
    private mutating func addNode(_ kind: SyntaxTree.Kind, _ start: Int, _ end: Int) -> Int32 {
        let index = Int32(result.tree.nodes.count)
        var node = SyntaxTree.Node(
            kind: kind, flags: 0, parent: -1, ordinal: 0, keyStart: -1, keyEnd: -1,
            start: Int32(start), end: Int32(end), firstChild: 0, childCount: 0)
        if let frame = stack.last {
            node.parent = frame.node
            node.ordinal = Int32(pending.count - frame.pendingBase)
            if frame.isObject {
                node.keyStart = Int32(keyStart)
                node.keyEnd = Int32(keyEnd)
                if keyEscaped { node.flags |= SyntaxTree.Node.keyEscaped }
            }
            pending.append(index)
        }
        result.tree.nodes.append(node)
        return index
    }

    @discardableResult
    private mutating func addScalar(_ kind: SyntaxTree.Kind, _ start: Int, _ end: Int) -> Int32 {
        result.resumePoint = end
        return addNode(kind, start, end)
    }

    private mutating func open(_ kind: SyntaxTree.Kind, at i: Int) {
        let node = addNode(kind, i, i + 1)
        stack.append(Frame(node: node, isObject: kind == .object, pendingBase: pending.count))
        if result.tooDeep == nil, stack.count + depthOffset > Scanner.maximumDepth { result.tooDeep = i }
        result.resumePoint = i + 1
    }

    private mutating func close(at i: Int) {
        let frame = stack.removeLast()
        finish(frame, end: i + 1)
        result.resumePoint = i + 1
    }

    /// Records a container's end and moves its children from `pending` to the tree.
    private mutating func finish(_ frame: Frame, end: Int) {
        let first = result.tree.children.count
        let count = pending.count - frame.pendingBase
        result.tree.nodes[Int(frame.node)].end = Int32(end)
        result.tree.nodes[Int(frame.node)].firstChild = Int32(first)
        result.tree.nodes[Int(frame.node)].childCount = Int32(count)
        if count > 0 {
            result.tree.children.append(contentsOf: pending[frame.pendingBase...])
            pending.removeSubrange(frame.pendingBase...)
        }
        if frame.isObject, count > 1 { findDuplicates(object: frame.node, first: first, count: count) }
    }

    // MARK: Duplicate keys

    /// Marks every member whose key repeats later as shadowed and records each later occurrence against
    /// the occurrence just before it.
    private mutating func findDuplicates(object: Int32, first: Int, count: Int) {
        if count <= 16 {
            for j in (first + 1)..<(first + count) {
                var k = j - 1
                while k >= first {
                    if sameKey(result.tree.children[k], result.tree.children[j]) {
                        recordDuplicate(
                            object: object, earlier: result.tree.children[k], later: result.tree.children[j])
                        break
                    }
                    k -= 1
                }
            }
            return
        }
        var lastByHash: [Int: Int32] = [:]
        lastByHash.reserveCapacity(count)
        for j in first..<(first + count) {
            let member = result.tree.children[j]
            let hash = keyHash(member)
            if let earlier = lastByHash[hash] {
                if sameKey(earlier, member) {
                    recordDuplicate(object: object, earlier: earlier, later: member)
                } else {
                    // A hash collision between different keys: look back the slow way.
                    var k = j - 1
                    while k >= first {
                        if sameKey(result.tree.children[k], member) {
                            recordDuplicate(object: object, earlier: result.tree.children[k], later: member)
                            break
                        }
                        k -= 1
                    }
                }
            }
            lastByHash[hash] = member
        }
    }

    private mutating func recordDuplicate(object: Int32, earlier: Int32, later: Int32) {
        result.tree.nodes[Int(earlier)].flags |= SyntaxTree.Node.shadowed
        result.duplicates.append((object, earlier, later))
    }

    private static func keyBytes(_ node: SyntaxTree.Node) -> Range<Int> {
        Int(node.keyStart + 1)..<Int(node.keyEnd - 1)
    }

    private func sameKey(_ a: Int32, _ b: Int32) -> Bool {
        Scanner.sameKey(result.tree.nodes[Int(a)], result.tree.nodes[Int(b)], lexer)
    }

    private static func sameKey(_ na: SyntaxTree.Node, _ nb: SyntaxTree.Node, _ lexer: Lexer) -> Bool {
        let ra = keyBytes(na)
        let rb = keyBytes(nb)
        let escaped = (na.flags | nb.flags) & SyntaxTree.Node.keyEscaped != 0
        if !escaped {
            guard ra.count == rb.count else { return false }
            let text = lexer.text
            var k = 0
            while k < ra.count {
                if text[ra.lowerBound + k] != text[rb.lowerBound + k] { return false }
                k += 1
            }
            return true
        }
        return decodedKey(na, lexer) == decodedKey(nb, lexer)
    }

    private static func decodedKey(_ node: SyntaxTree.Node, _ lexer: Lexer) -> [UInt8] {
        let range = keyBytes(node)
        if node.flags & SyntaxTree.Node.keyEscaped != 0 { return lexer.decodedBytes(range) }
        return Array(lexer.text[range])
    }

    private func keyHash(_ member: Int32) -> Int {
        let node = result.tree.nodes[Int(member)]
        var hasher = Hasher()
        if node.flags & SyntaxTree.Node.keyEscaped != 0 {
            Scanner.decodedKey(node, lexer).withUnsafeBytes { hasher.combine(bytes: $0) }
        } else {
            hasher.combine(
                bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(lexer.text)[Scanner.keyBytes(node)]))
        }
        return hasher.finalize()
    }
}
