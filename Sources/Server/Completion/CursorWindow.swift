// The cursor context of a large document without reading all of its text on every request.
//
// Design: `CursorContext` reads the whole text (so that members after the cursor count too): 2 MB for a
// 5,000-item scene, most of a completion's time. Most of that text is complete values that cannot change what
// the reader finds at the cursor: the other items, the other behaviors, nested arrays. The parsed document's
// source map knows where each complete value stands, so the reader is given a condensed text in which every
// complete container that does not hold the cursor is cut down to `{}` or `[]`, and every run of complete
// array elements before or after the cursor to `0,0,…,""` (one value per element, so that indices still count).
// The offsets the reader reports are mapped back to the document's. What follows the first syntax error is
// kept as written (the source map knows nothing there).
//
// Why the context is the same: the text before the first syntax error is JSON, which the reader tokenizes as
// jansson does (a string never spans a line, so no token straddles a value's edge); a complete container is
// balanced, so the reader leaves it in the state `{}` leaves (the parent's count one up, the member's value
// range from its opening bracket to its closing one); array elements leave nothing but the count. The tests
// compare both readings at every offset of broken and valid scenes.
import JSON

/// Reads cursor contexts through a condensed copy of the text.
enum CursorWindow {
    /// Below this size the whole text is read: condensing would cost more than it saves.
    static let minimumSize = 16 * 1024

    /// The context of byte `offset` in `document`: what `document.context(at:)` gives, from less text.
    static func context(
        in document: JSONDocument, at offset: Int, minimumSize: Int = CursorWindow.minimumSize
    ) -> CursorContext {
        let cursor = max(0, min(offset, document.bytes.count))
        guard document.bytes.count >= minimumSize, document.unsupported.isEmpty, document.root != nil else {
            return document.context(at: cursor)
        }
        let regions = standIns(in: document, around: cursor)
        guard !regions.isEmpty else { return document.context(at: cursor) }
        let condensed = CondensedText(document.bytes, replacing: regions)
        let context = CursorContext(condensed.bytes, at: condensed.condensedOffset(of: cursor))
        return condensed.mapped(context, cursor: cursor)
    }

    /// The complete values to cut down, in text order, with their stand-ins.
    static func standIns(in document: JSONDocument, around cursor: Int) -> [(range: Range<Int>, standIn: [UInt8])] {
        let map = document.sourceMap
        let bytes = document.bytes
        let limit = document.syntaxError?.range.lowerBound ?? bytes.count
        let path = map.innermostPointer(containing: cursor) ?? .root
        var regions: [(range: Range<Int>, standIn: [UInt8])] = []

        func isContainer(_ range: Range<Int>) -> Bool {
            guard range.count >= 2 else { return false }
            let byte = bytes[range.lowerBound]
            return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
        }
        func isComplete(_ pointer: JSONPointer, _ range: Range<Int>) -> Bool {
            range.upperBound <= limit && !document.truncatedContainers.contains(pointer)
        }
        /// Clear of the cursor (a token that ends or starts at the cursor is the one being typed).
        func isClear(_ range: Range<Int>) -> Bool { range.upperBound < cursor || range.lowerBound > cursor }

        /// Holds the cursor between its brackets. A container the syntax error cuts off holds everything after
        /// its opening bracket (the map ends it where the error stops it).
        func holdsCursor(_ pointer: JSONPointer, _ range: Range<Int>) -> Bool {
            range.lowerBound < cursor && (cursor < range.upperBound || document.truncatedContainers.contains(pointer))
        }

        var pointer = JSONPointer.root
        var depth = 0
        while let range = map[pointer]?.valueRange, holdsCursor(pointer, range), isContainer(range) {
            var next = depth < path.segments.count ? path.segments[depth] : nil
            if next == nil,
                let last = lastChild(of: pointer, in: map, isArray: bytes[range.lowerBound] == UInt8(ascii: "[")),
                document.truncatedContainers.contains(last),
                let lastRange = map[last]?.valueRange, holdsCursor(last, lastRange)
            {
                // Past the error: the cut-off container the cursor is typing in.
                next = last.last
            }
            if bytes[range.lowerBound] == UInt8(ascii: "{") {
                for child in map.childPointers(of: pointer) where child.last != next {
                    guard let value = map[child]?.valueRange, isContainer(value), isClear(value),
                        isComplete(child, value)
                    else { continue }
                    regions.append(
                        (value, bytes[value.lowerBound] == UInt8(ascii: "{") ? Array("{}".utf8) : Array("[]".utf8)))
                }
            } else {
                regions += elementRuns(of: pointer, in: map, cursor: cursor, isComplete: isComplete)
            }
            guard let next else { break }
            pointer = JSONPointer(pointer.segments + [next])
            depth += 1
        }
        return regions.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The number of elements of the array at `array`: the first index the map does not have (doubling, then
    /// halving; a few lookups for thousands of elements).
    private static func elementCount(of array: JSONPointer, in map: SourceMap) -> Int {
        func has(_ index: Int) -> Bool { map[array.appending(index)] != nil }
        guard has(0) else { return 0 }
        var high = 1
        while has(high) { high *= 2 }
        var low = high / 2 + 1  // element high / 2 exists
        while low < high {
            let middle = (low + high) / 2
            if has(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The last value inside the container at `pointer`.
    private static func lastChild(of pointer: JSONPointer, in map: SourceMap, isArray: Bool) -> JSONPointer? {
        guard isArray else { return map.childPointers(of: pointer).last }
        let count = elementCount(of: pointer, in: map)
        return count > 0 ? pointer.appending(count - 1) : nil
    }

    /// The runs of complete elements wholly before and wholly after the cursor, each as `0,0,…,""`.
    private static func elementRuns(
        of array: JSONPointer, in map: SourceMap, cursor: Int, isComplete: (JSONPointer, Range<Int>) -> Bool
    ) -> [(range: Range<Int>, standIn: [UInt8])] {
        func element(_ index: Int) -> (pointer: JSONPointer, range: Range<Int>)? {
            let pointer = array.appending(index)
            return map[pointer].map { (pointer, $0.valueRange) }
        }
        let count = elementCount(of: array, in: map)
        guard count > 0 else { return [] }
        /// The first index whose range satisfies `predicate` (false then true along the array).
        func firstIndex(where predicate: (Range<Int>) -> Bool) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if let (_, range) = element(middle), predicate(range) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        var runs: [(range: Range<Int>, standIn: [UInt8])] = []
        func addRun(_ indices: Range<Int>) {
            var indices = indices
            // Only the last element of a level can be cut off by a syntax error.
            while let last = indices.last, let (pointer, range) = element(last), !isComplete(pointer, range) {
                indices = indices.lowerBound..<last
            }
            guard !indices.isEmpty, let first = element(indices.lowerBound), let last = element(indices.upperBound - 1)
            else { return }
            // `0,0,…,""`: the last one a string, so that it never runs into a word after it (past a syntax
            // error, `"a"word` is a string and a word; `0word` would be one word).
            var standIn = [UInt8](repeating: UInt8(ascii: ","), count: 2 * indices.count - 1)
            for k in stride(from: 0, to: standIn.count, by: 2) { standIn[k] = UInt8(ascii: "0") }
            standIn[standIn.count - 1] = UInt8(ascii: "\"")
            standIn.append(UInt8(ascii: "\""))
            runs.append((first.range.lowerBound..<last.range.upperBound, standIn))
        }
        // Wholly before the cursor: ends before it; wholly after: starts after it.
        addRun(0..<firstIndex { $0.upperBound >= cursor })
        addRun(firstIndex { $0.lowerBound > cursor }..<count)
        return runs
    }
}

/// A text with some ranges replaced by stand-ins, and the way back to the original offsets.
struct CondensedText {
    /// A stretch of the condensed text: the original bytes `original` as they are, or a stand-in for them.
    struct Piece {
        var start: Int
        var original: Range<Int>
        var isVerbatim: Bool
    }

    private(set) var bytes: [UInt8] = []
    private(set) var pieces: [Piece] = []

    /// `original` with each of `regions` (disjoint, in text order) replaced by its stand-in.
    init(_ original: [UInt8], replacing regions: [(range: Range<Int>, standIn: [UInt8])]) {
        var kept = 0
        bytes.reserveCapacity(regions.reduce(original.count) { $0 - $1.range.count + $1.standIn.count })
        func keep(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            pieces.append(Piece(start: bytes.count, original: range, isVerbatim: true))
            bytes.append(contentsOf: original[range])
        }
        for region in regions {
            keep(kept..<region.range.lowerBound)
            pieces.append(Piece(start: bytes.count, original: region.range, isVerbatim: false))
            bytes.append(contentsOf: region.standIn)
            kept = region.range.upperBound
        }
        keep(kept..<original.count)
    }

    /// The original offset of a condensed one. Inside a stand-in: its start maps to the region's start, any
    /// later offset to the region's end (where the reader's ranges over a stand-in end).
    func originalOffset(of offset: Int) -> Int {
        guard let piece = piece(at: offset) else { return offset }
        if piece.isVerbatim { return piece.original.lowerBound + (offset - piece.start) }
        return offset == piece.start ? piece.original.lowerBound : piece.original.upperBound
    }

    /// The condensed offset of an original one that no stand-in covers (the cursor).
    func condensedOffset(of offset: Int) -> Int {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].original.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return offset }
        let piece = pieces[low - 1]
        let length =
            piece.isVerbatim
            ? piece.original.count : (low < pieces.count ? pieces[low].start : bytes.count) - piece.start
        return piece.start + min(offset - piece.original.lowerBound, length)
    }

    func originalRange(of range: Range<Int>) -> Range<Int> {
        let lower = originalOffset(of: range.lowerBound)
        return lower..<max(lower, originalOffset(of: range.upperBound))
    }

    /// The last piece starting at or before `offset`.
    private func piece(at offset: Int) -> Piece? {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? pieces[low - 1] : nil
    }

    /// A context read from the condensed text, with its offsets in the original text.
    func mapped(_ context: CursorContext, cursor: Int) -> CursorContext {
        var result = context
        result.offset = cursor
        if var token = result.token {
            token.range = originalRange(of: token.range)
            result.token = token
        }
        result.containers = context.containers.map { container in
            var container = container
            container.range = originalRange(of: container.range)
            container.members = container.members.map { member in
                var member = member
                member.keyRange = originalRange(of: member.keyRange)
                member.valueRange = member.valueRange.map(originalRange(of:))
                return member
            }
            return container
        }
        return result
    }
}
