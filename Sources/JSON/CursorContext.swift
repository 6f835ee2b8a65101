// What surrounds a cursor in a JSON text that may be broken (mid-typing): for completion.
//
// Design: a forgiving pass over the tokens of the whole text (no judgement, no failure), with a stack of
// open containers like the scanner's. Strings end at their closing quote or at the end of their line;
// a string followed by `:` is a key even where a value was expected (a missing value), a string after a
// value is a key (a missing comma), a closing bracket of the wrong kind closes up to the matching one.
// When the pass reaches the cursor it notes the slot there (key, value of a key, array element) and the
// containers open around it; it then reads on so that keys and values after the cursor count too.
// Members of every open container wait in one flat array (no allocation per container) until the
// container closes.

/// The surroundings of a cursor, read from the text even when it is not valid JSON.
package struct CursorContext: Equatable, Sendable {
    /// What the cursor stands in for.
    package enum Slot: Equatable, Sendable {
        /// A key of the innermost object: after `{` or `,`, or inside a key being typed.
        case key
        /// The value of `key` in the innermost object (after its colon, or inside the value being typed).
        case value(key: String)
        /// An element of the innermost array, at `index`.
        case element(index: Int)
        /// The top-level value of an empty (or blank) text.
        case topLevel
        /// Anywhere else (between a value and the next comma, after a key before its colon, outside the value).
        case other
    }

    /// A token the cursor is in (a key or value being typed): the cursor is after its first byte and not
    /// after a closing quote.
    package struct Token: Equatable, Sendable {
        /// The whole token (a string from its opening quote to its closing quote or the end of its line).
        package var range: Range<Int>
        /// The token's text as written.
        package var text: String
        /// Whether the token is a string (its text starts with a quote).
        package var isString: Bool
        /// Whether the string is closed on its line (false for non-strings).
        package var isClosed: Bool
        /// What is typed before the cursor: for a string its decoded contents between the opening quote and
        /// the cursor, else the token's text before the cursor.
        package var prefix: String
    }

    /// One member of an object around the cursor, as the text has it.
    package struct Member: Equatable, Sendable {
        /// The decoded key (an unquoted word is taken as a key too).
        package var key: String
        /// The key token, quotes included.
        package var keyRange: Range<Int>
        /// The value token or container; nil when the value is missing.
        package var valueRange: Range<Int>?
        /// The value when it is a complete scalar (a closed string, a valid number, `true`, `false`, `null`).
        package var scalar: JSONValue?
    }

    /// A container around the cursor.
    package struct Container: Equatable, Sendable {
        package var pointer: JSONPointer
        package var isObject: Bool
        /// From the opening bracket to the closing one, or to the end of the text when it is not closed.
        package var range: Range<Int>
        /// Objects: the members in text order (repeated keys included; the member being typed at the cursor
        /// included). Arrays: empty.
        package var members: [Member]
        /// Arrays: the number of elements; objects: the number of members.
        package var count: Int

        /// The last member named `key`.
        package func member(_ key: String) -> Member? { members.last { $0.key == key } }

        /// The complete scalar values of the members by key (the last one for a repeated key).
        package var scalarMembers: [String: JSONValue] {
            var values: [String: JSONValue] = [:]
            for member in members { values[member.key] = member.scalar }
            return values
        }
    }

    /// The byte offset of the cursor.
    package var offset: Int
    package var slot: Slot
    /// The token the cursor is in, if any.
    package var token: Token?
    /// The containers holding the cursor, innermost first (empty at the top level).
    package var containers: [Container]

    /// The range a completion replaces: the token at the cursor, or an empty range at the cursor.
    package var replacementRange: Range<Int> { token?.range ?? offset..<offset }

    /// The pointer of the innermost container holding the cursor (the root pointer at the top level).
    package var container: JSONPointer { containers.first?.pointer ?? .root }

    /// The keys already present in the innermost object, in text order, without the key being typed at the cursor.
    package var presentKeys: [String] {
        guard let object = containers.first, object.isObject else { return [] }
        return object.members.filter { $0.keyRange != token?.range }.map(\.key)
    }

    /// The nearest object around the cursor (the innermost container when it is an object).
    package var object: Container? { containers.first { $0.isObject } }

    package init(offset: Int, slot: Slot, token: Token?, containers: [Container]) {
        self.offset = offset
        self.slot = slot
        self.token = token
        self.containers = containers
    }

    /// Reads the context of byte `offset` (clamped to the text) in `bytes`.
    package init(_ bytes: [UInt8], at offset: Int) {
        self = bytes.withUnsafeBufferPointer { text in
            var reader = ContextReader(lexer: Lexer(text: text), cursor: max(0, min(offset, text.count)))
            return reader.read()
        }
    }
}

extension JSONDocument {
    /// The context of the cursor at byte `offset`, read from the text (valid or not).
    package func context(at offset: Int) -> CursorContext { CursorContext(bytes, at: offset) }
}

/// The forgiving pass behind `CursorContext`.
private struct ContextReader {
    enum State { case topValue, topEnd, arrayValue, arrayNext, objectKey, colon, memberValue, objectNext }

    enum TokenKind: Equatable {
        case open(isObject: Bool)
        case close(isObject: Bool)
        case colon, comma, string, word, other
    }

    struct Frame {
        var isObject: Bool
        var start: Int
        /// What leads to this container from its parent: its key's token in an object, its index in an array
        /// (both nil for the top level). Decoded only for the containers around the cursor.
        var keyRange: Range<Int>?
        var index: Int?
        /// Where this container's members start in `members`.
        var memberBase: Int
        /// The parent's member holding this container (to set its end), or -1.
        var parentMember: Int
        var count = 0
    }

    struct PendingMember {
        var keyRange: Range<Int>
        var valueRange: Range<Int>?
        var valueIsScalar = false
    }

    let lexer: Lexer
    let cursor: Int
    var stack: [Frame] = []
    var members: [PendingMember] = []
    var state = State.topValue
    var pendingKey: Range<Int>?

    // Found at the cursor.
    var found = false
    var slot = CursorContext.Slot.other
    var token: CursorContext.Token?
    /// The frames open at the cursor, and what they became.
    var watched: [Frame] = []
    var harvested: [(members: [PendingMember], end: Int, count: Int)?] = []

    init(lexer: Lexer, cursor: Int) {
        self.lexer = lexer
        self.cursor = cursor
    }

    mutating func read() -> CursorContext {
        let text = lexer.text
        var i = 0
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { i = 3 }
        while true {
            i = lexer.skipWhitespace(i)
            guard i < text.count else { break }
            let (kind, end) = nextToken(i)
            if !found {
                if i >= cursor {
                    noteCursor(inside: nil)
                } else if cursor <= end, kind == .string || kind == .word {
                    let closed = kind == .string && isClosedString(i, end)
                    if !(closed && cursor == end) { noteCursor(inside: (i, end, kind)) }
                }
            }
            process(kind, i, end)
            i = end
        }
        if !found { noteCursor(inside: nil) }
        // Containers still open at the end of the text end there.
        while stack.count > 0 { harvest(end: text.count) }
        return makeContext()
    }

    private func nextToken(_ i: Int) -> (TokenKind, Int) {
        let b = lexer.text[i]
        switch b {
        case UInt8(ascii: "{"): return (.open(isObject: true), i + 1)
        case UInt8(ascii: "["): return (.open(isObject: false), i + 1)
        case UInt8(ascii: "}"): return (.close(isObject: true), i + 1)
        case UInt8(ascii: "]"): return (.close(isObject: false), i + 1)
        case UInt8(ascii: ":"): return (.colon, i + 1)
        case UInt8(ascii: ","): return (.comma, i + 1)
        case UInt8(ascii: "\""): return (.string, lexer.roughStringEnd(i))
        default:
            if Lexer.isWordByte(b) { return (.word, lexer.wordEnd(i)) }
            return (.other, i + (b >= 0x80 ? max(1, lexer.utf8SequenceLength(at: i)) : 1))
        }
    }

    private func isClosedString(_ start: Int, _ end: Int) -> Bool {
        end - start >= 2 && lexer.text[end - 1] == UInt8(ascii: "\"")
    }

    /// Whether the next token after `end` is a colon.
    private func colonFollows(_ end: Int) -> Bool {
        let j = lexer.skipWhitespace(end)
        return j < lexer.count && lexer.text[j] == UInt8(ascii: ":")
    }

    private func sameLine(_ a: Int, _ b: Int) -> Bool {
        var k = a
        while k < b {
            if lexer.text[k] == 0x0A || lexer.text[k] == 0x0D { return false }
            k += 1
        }
        return true
    }

    private mutating func noteCursor(inside: (start: Int, end: Int, kind: TokenKind)?) {
        found = true
        if let inside {
            let isString = inside.kind == .string
            let raw = UnsafeBufferPointer(rebasing: lexer.text[inside.start..<inside.end])
            let prefix: String
            if isString {
                let contentEnd = min(cursor, isClosedString(inside.start, inside.end) ? inside.end - 1 : inside.end)
                prefix = String(
                    decoding: lexer.decodedBytes((inside.start + 1)..<max(inside.start + 1, contentEnd)), as: UTF8.self)
            } else {
                prefix = String(
                    decoding: UnsafeBufferPointer(rebasing: lexer.text[inside.start..<cursor]), as: UTF8.self)
            }
            token = CursorContext.Token(
                range: inside.start..<inside.end, text: String(decoding: raw, as: UTF8.self), isString: isString,
                isClosed: isString && isClosedString(inside.start, inside.end), prefix: prefix)
        }
        let inToken = inside != nil
        switch state {
        case .topValue: slot = inToken ? .other : .topLevel
        case .topEnd: slot = .other
        case .objectKey: slot = .key
        case .objectNext:
            // Typing after a value without a comma: a new key.
            if let inside, inside.kind == .string || colonFollows(inside.end) { slot = .key } else { slot = .other }
        case .colon:
            if let inside, let key = pendingKey, sameLine(key.upperBound, inside.start), !colonFollows(inside.end) {
                slot = .value(key: decodeKey(key))
            } else {
                slot = inToken ? .key : .other
            }
        case .memberValue:
            if let inside, colonFollows(inside.end) {
                slot = .key
            } else {
                slot = pendingKey.map { .value(key: decodeKey($0)) } ?? .other
            }
        case .arrayValue, .arrayNext:
            if state == .arrayNext && !inToken {
                slot = .other
            } else {
                slot = .element(index: stack.last?.count ?? 0)
            }
        }
        watched = stack
        harvested = Array(repeating: nil, count: stack.count)
    }

    private func decodeKey(_ range: Range<Int>) -> String {
        if lexer.text[range.lowerBound] != UInt8(ascii: "\"") {
            return String(decoding: UnsafeBufferPointer(rebasing: lexer.text[range]), as: UTF8.self)
        }
        let end = isClosedString(range.lowerBound, range.upperBound) ? range.upperBound - 1 : range.upperBound
        return String(
            decoding: lexer.decodedBytes((range.lowerBound + 1)..<max(range.lowerBound + 1, end)), as: UTF8.self)
    }

    // MARK: The forgiving grammar

    private mutating func process(_ kind: TokenKind, _ start: Int, _ end: Int) {
        switch kind {
        case .open(let isObject):
            let parent = stack.last
            let keyRange = parent?.isObject == true ? (pendingKey ?? (start..<start)) : nil
            let index = parent?.isObject == false ? parent?.count : nil
            beginValue(start..<end, scalar: false)
            let parentMember = (stack.last?.isObject ?? false) ? members.count - 1 : -1
            stack.append(
                Frame(
                    isObject: isObject, start: start, keyRange: keyRange, index: index, memberBase: members.count,
                    parentMember: parentMember))
            state = isObject ? .objectKey : .arrayValue
            pendingKey = nil
        case .close(let isObject):
            guard stack.contains(where: { $0.isObject == isObject }) else { return }
            // Unfinished members count with their value missing.
            finishMember()
            while let top = stack.last, top.isObject != isObject { harvest(end: start) }
            harvest(end: end)
        case .colon:
            if state == .colon { state = .memberValue }
        case .comma:
            switch state {
            case .objectNext, .objectKey: state = .objectKey
            case .colon, .memberValue:
                finishMember()
                state = .objectKey
            case .arrayNext, .arrayValue: state = .arrayValue
            case .topValue, .topEnd: break
            }
        case .string, .word:
            let isString = kind == .string
            switch state {
            case .objectKey:
                startKey(start..<end)
            case .colon:
                if colonFollows(end) || !sameLine(pendingKey?.upperBound ?? start, start) {
                    finishMember()
                    startKey(start..<end)
                } else {
                    beginValue(start..<end, scalar: true)
                }
            case .memberValue:
                if colonFollows(end) {
                    finishMember()
                    startKey(start..<end)
                } else {
                    beginValue(start..<end, scalar: true)
                }
            case .objectNext:
                if isString || colonFollows(end) { startKey(start..<end) }
            case .arrayValue, .arrayNext, .topValue, .topEnd:
                beginValue(start..<end, scalar: true)
            }
        case .other:
            break
        }
    }

    private mutating func startKey(_ range: Range<Int>) {
        pendingKey = range
        state = .colon
    }

    /// Records a member whose value is missing (a key without colon or value).
    private mutating func finishMember() {
        guard let key = pendingKey, stack.last?.isObject == true else {
            pendingKey = nil
            return
        }
        members.append(PendingMember(keyRange: key, valueRange: nil))
        stack[stack.count - 1].count += 1
        pendingKey = nil
    }

    /// A value begins at `range` (a scalar token, or the opening bracket of a container).
    private mutating func beginValue(_ range: Range<Int>, scalar: Bool) {
        guard let top = stack.last else {
            state = .topEnd
            return
        }
        if top.isObject {
            let key = pendingKey ?? (range.lowerBound..<range.lowerBound)
            if pendingKey == nil, !scalar {
                // A container where a key was expected: an anonymous member.
                members.append(PendingMember(keyRange: key, valueRange: range, valueIsScalar: false))
            } else if pendingKey != nil {
                members.append(PendingMember(keyRange: key, valueRange: range, valueIsScalar: scalar))
            }
            if pendingKey != nil || !scalar { stack[stack.count - 1].count += 1 }
            if scalar { pendingKey = nil }
            state = .objectNext
        } else {
            stack[stack.count - 1].count += 1
            state = .arrayNext
        }
    }

    /// Closes the innermost container at `end`, keeping its members when it was open at the cursor.
    private mutating func harvest(end: Int) {
        let frame = stack.removeLast()
        let depth = stack.count
        if found, depth < watched.count, harvested[depth] == nil {
            harvested[depth] = (Array(members[frame.memberBase...]), end, frame.count)
        }
        if frame.parentMember >= 0, frame.parentMember < members.count {
            let start = members[frame.parentMember].valueRange?.lowerBound ?? frame.start
            members[frame.parentMember].valueRange = start..<end
        }
        members.removeSubrange(frame.memberBase...)
        pendingKey = nil
        if let parent = stack.last {
            state = parent.isObject ? .objectNext : .arrayNext
        } else {
            state = .topEnd
        }
    }

    private func makeContext() -> CursorContext {
        // A cursor nested deeper than the parser takes is in no scene: no containers, no slot. (Each container's
        // pointer is built from the root, so their sum is quadratic in the depth: minutes at 100,000 levels.)
        guard watched.count <= Scanner.maximumDepth else {
            return CursorContext(offset: cursor, slot: .other, token: token, containers: [])
        }
        var containers: [CursorContext.Container] = []
        var segments: [JSONPointer.Segment] = []
        for (depth, frame) in watched.enumerated() {
            if let keyRange = frame.keyRange {
                segments.append(.key(keyRange.isEmpty ? "" : decodeKey(keyRange)))
            } else if let index = frame.index {
                segments.append(.index(index))
            }
            let (pending, end, count) = harvested[depth] ?? ([], lexer.count, frame.count)
            let memberList = frame.isObject ? pending.map(member) : []
            containers.append(
                CursorContext.Container(
                    pointer: JSONPointer(segments), isObject: frame.isObject, range: frame.start..<end,
                    members: memberList, count: count))
        }
        return CursorContext(offset: cursor, slot: slot, token: token, containers: containers.reversed())
    }

    private func member(_ pending: PendingMember) -> CursorContext.Member {
        var scalar: JSONValue?
        if pending.valueIsScalar, let range = pending.valueRange { scalar = scalarValue(range) }
        return CursorContext.Member(
            key: decodeKey(pending.keyRange), keyRange: pending.keyRange, valueRange: pending.valueRange, scalar: scalar
        )
    }

    private func scalarValue(_ range: Range<Int>) -> JSONValue? {
        let first = lexer.text[range.lowerBound]
        if first == UInt8(ascii: "\"") {
            guard case .success(let string) = lexer.scanString(range.lowerBound), string.end == range.upperBound else {
                return nil
            }
            return .string(lexer.decodeString(range))
        }
        switch lexer.classifyWord(range) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number:
            let text = String(decoding: UnsafeBufferPointer(rebasing: lexer.text[range]), as: UTF8.self)
            return Double(text).map(JSONValue.number)
        case nil: return nil
        }
    }
}
