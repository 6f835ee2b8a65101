// Parsing a document: our scanner judges the syntax and maps the text; jansson parses the values.
//
// Valid text goes to jansson as it is (or as a same-length copy with a leading BOM blanked and numbers
// too large for a double blanked to `0`, whose infinities are put back into the tree). After a syntax
// error, jansson parses a repaired prefix: the text up to the end of the last complete value or opening
// bracket before the error, followed by the closing brackets of the containers still open.
internal import CJansson
import ProcessSupport

extension JSONDocument {
    /// Parses a text for Impulse; never fails: problems are recorded in the result.
    ///
    /// - `syntaxError`: the first place where the text stops being JSON (RFC 8259); its message is jansson's
    ///   (without its `near '…'` excerpt) when jansson reports the same problem at the same place, else ours.
    ///   The range is the token where the text stops being JSON: after a trailing comma the closing bracket,
    ///   for a missing colon the token after the key, for an unclosed string the string from its opening
    ///   quote to the end of its line, for invalid UTF-8 the first bad byte, at the end of the text an empty
    ///   range there.
    /// - `root`: every value that stands before the error (nil when nothing does, or when the text holds
    ///   something `unsupported`); `truncatedContainers`: the containers of `root` the error cut off.
    /// - `sourceMap`: every value of `root`, and every value scanned when the text is `unsupported`.
    /// - `duplicateKeys`: each later occurrence of a key relative to the occurrence just before it
    ///   (for three, the 2nd against the 1st and the 3rd against the 2nd); keys compare decoded.
    ///
    /// A large document is parsed in pieces, on up to `processors` threads (see `ParsedText+Pieces.swift`);
    /// the result is the same.
    package static func parse(_ bytes: [UInt8], processors: Int = Parallel.processorCount) -> JSONDocument {
        let parsed = ParsedText(bytes, processors: processors)
        let tree = parsed.scan.tree
        var document = JSONDocument(
            bytes: bytes, root: parsed.root, syntaxError: parsed.syntaxError, unsupported: parsed.unsupported,
            duplicateKeys: duplicateKeys(parsed.scan.duplicates, in: tree, depthLimited: parsed.scan.tooDeep != nil),
            sourceMap: SourceMap(tree: tree),
            truncatedContainers: parsed.root == nil ? [] : Set(parsed.scan.openContainers.map { tree.pointer(of: $0) }))
        document.scanDuplicates = parsed.scan.duplicates
        return document
    }

    /// The duplicate keys of the scanner's record. With `depthLimited` (a text nesting past jansson's limit,
    /// unsupported anyway), objects nested deeper than the limit are left out, so that the pointers (each as
    /// long as its depth) of 100 000 nested arrays are not built.
    static func duplicateKeys(
        _ duplicates: [(object: Int32, earlier: Int32, later: Int32)], in tree: SyntaxTree, depthLimited: Bool
    ) -> [DuplicateKey] {
        var depths: [Int32] = []
        if depthLimited {
            depths = [Int32](repeating: 0, count: tree.nodes.count)
            for index in tree.nodes.indices where tree.nodes[index].parent >= 0 {
                depths[index] = depths[Int(tree.nodes[index].parent)] + 1
            }
        }
        return duplicates.filter { depths.isEmpty || depths[Int($0.object)] < Scanner.maximumDepth }.map { duplicate in
            DuplicateKey(
                object: tree.pointer(of: duplicate.object), key: tree.key(of: duplicate.later),
                firstKeyRange: tree.nodes[Int(duplicate.earlier)].keyRange!,
                laterKeyRange: tree.nodes[Int(duplicate.later)].keyRange!)
        }
    }

    /// Whether the text nests deeper than jansson's limit (2048 levels; `json.unsupported`). Its source map then
    /// holds every level, which a feature walking from the root to a value pays for as depth².
    package var isNestedTooDeep: Bool { unsupported.contains { $0.message == ParsedText.tooDeepMessage } }

    /// The size from which `parse` may cut a document into pieces parsed on several threads.
    package static var piecewiseMinimumBytes: Int { ParsedText.piecewiseMinimumBytes }

    /// Parses a text given as a string; see `parse(_: [UInt8])`.
    package static func parse(_ text: String) -> JSONDocument { parse(Array(text.utf8)) }
}

/// A text scanned and its values parsed.
struct ParsedText {
    var scan: Scan
    var root: JSONValue?
    var syntaxError: JSONDocument.SyntaxError?
    var unsupported: [JSONDocument.Unsupported] = []

    static let nulKeyMessage = "a key holding a NUL character (\\u0000) is not supported"
    static let tooDeepMessage = "nesting deeper than \(Scanner.maximumDepth) levels is not supported"

    init(_ bytes: [UInt8], processors: Int = 1) {
        guard bytes.count < Int(Int32.max) else {
            scan = Scan()
            syntaxError = JSONDocument.SyntaxError(range: 0..<0, message: "the text is too large (2 GiB or more)")
            return
        }
        scan = Scanner.scan(bytes)
        unsupported = scan.nulKeys.map { JSONDocument.Unsupported(range: $0, message: ParsedText.nulKeyMessage) }
        if let deep = scan.tooDeep {
            unsupported.append(JSONDocument.Unsupported(range: deep..<(deep + 1), message: ParsedText.tooDeepMessage))
        }
        unsupported.sort { $0.range.lowerBound < $1.range.lowerBound }

        guard let error = scan.error else {
            if unsupported.isEmpty {
                root =
                    ParsedText.valuesInPieces(of: bytes, scan: scan, processors: processors)
                    ?? ParsedText.values(of: bytes, length: bytes.count, closers: [], scan: scan)
            }
            return
        }
        syntaxError = JSONDocument.SyntaxError(
            range: error.range, message: ParsedText.message(for: error, in: bytes, scan: scan))
        guard unsupported.isEmpty, !scan.tree.isEmpty else { return }
        let closers: [UInt8] = scan.openContainers.reversed().map { node in
            scan.tree.nodes[Int(node)].kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
        }
        root = ParsedText.values(of: bytes, length: scan.resumePoint, closers: closers, scan: scan)
    }

    /// jansson's message when jansson finds the same problem at the same place, else ours.
    static func message(for error: LexError, in bytes: [UInt8], scan: Scan) -> String {
        let input = janssonInput(bytes, length: bytes.count, closers: [], scan: scan)
        let jansson: json_error_t? = Jansson.withArena {
            (input ?? bytes).withUnsafeBufferPointer { buffer in
                let (json, error) = Jansson.load(buffer)
                return json == nil ? error : nil
            }
        }
        guard let jansson else { return error.problem.message }
        let position = Int(jansson.position)
        guard error.range.lowerBound <= position, position <= error.range.upperBound + 1 else {
            return error.problem.message
        }
        let text = Jansson.message(jansson)
        guard error.problem.janssonMessages.contains(where: { text.hasPrefix($0) }) else {
            return error.problem.message
        }
        return withoutExcerpt(text)
    }

    /// jansson's message without its ` near '…'` excerpt of the text.
    static func withoutExcerpt(_ message: String) -> String {
        let utf8 = Array(message.utf8)
        let marker = Array(" near '".utf8)
        guard utf8.count >= marker.count else { return message }
        for start in 0...(utf8.count - marker.count) where utf8[start..<(start + marker.count)].elementsEqual(marker) {
            return String(decoding: utf8[..<start], as: UTF8.self)
        }
        return message
    }

    /// The copy of `bytes[..<length] + closers` that jansson can read (BOM and overflowing numbers blanked),
    /// or nil when `bytes` can be read as they are.
    static func janssonInput(_ bytes: [UInt8], length: Int, closers: [UInt8], scan: Scan) -> [UInt8]? {
        guard scan.bomLength > 0 || !scan.overflowingNumbers.isEmpty || length != bytes.count || !closers.isEmpty else {
            return nil
        }
        var input = Array(bytes[..<length])
        input.append(contentsOf: closers)
        for k in 0..<scan.bomLength { input[k] = 0x20 }
        for node in scan.overflowingNumbers {
            let range = scan.tree.nodes[Int(node)].range
            guard range.upperBound <= length else { continue }
            input[range.lowerBound] = UInt8(ascii: "0")
            for k in (range.lowerBound + 1)..<range.upperBound { input[k] = 0x20 }
        }
        return input
    }

    /// jansson's values of `bytes[..<length] + closers`, with the overflowing numbers as infinities.
    static func values(of bytes: [UInt8], length: Int, closers: [UInt8], scan: Scan) -> JSONValue? {
        let input = janssonInput(bytes, length: length, closers: closers, scan: scan)
        return Jansson.withArena {
            (input ?? bytes).withUnsafeBufferPointer { buffer -> JSONValue? in
                let (json, _) = Jansson.load(buffer)
                guard let json else { return nil }
                var overrides: [UnsafeMutablePointer<json_t>: Double] = [:]
                for node in scan.overflowingNumbers {
                    guard let target = janssonNode(for: node, in: scan.tree, root: json) else { continue }
                    overrides[target] =
                        bytes[Int(scan.tree.nodes[Int(node)].start)] == UInt8(ascii: "-") ? -.infinity : .infinity
                }
                return Jansson.value(of: json, overrides: overrides)
            }
        }
    }

    /// The jansson value of a node, or nil when the node is not among the values (a repeated key's earlier value).
    static func janssonNode(
        for node: Int32, in tree: SyntaxTree, root: UnsafeMutablePointer<json_t>
    ) -> UnsafeMutablePointer<json_t>? {
        var chain: [Int32] = []
        var current = node
        while current >= 0 {
            if tree.nodes[Int(current)].isShadowed { return nil }
            chain.append(current)
            current = tree.nodes[Int(current)].parent
        }
        var json = root
        for member in chain.reversed().dropFirst() {
            let n = tree.nodes[Int(member)]
            if n.keyStart >= 0 {
                let next = Jansson.withChars(tree.key(of: member)) { chars, count in
                    json_object_getn(json, chars, count)
                }
                guard let next else { return nil }
                json = next
            } else {
                guard let next = json_array_get(json, Int(n.ordinal)) else { return nil }
                json = next
            }
        }
        return json
    }
}
