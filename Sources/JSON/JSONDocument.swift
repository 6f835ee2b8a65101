/// A JSON text parsed for Impulse: jansson's values plus everything jansson does not record.
///
/// Built by `JSONDocument.parse(_:)`, which never throws: syntax problems are part of the result.
/// When the text is not JSON, `root` holds the values that stand before the error (the
/// containers the error cuts off are closed where it stops, and listed in `truncatedContainers`).
package struct JSONDocument: Sendable {
    /// The text as given, byte for byte (a leading BOM included: offsets count it).
    package let bytes: [UInt8]
    /// The values: the whole document when it is valid JSON, the part before the error otherwise, nil when nothing stands before it.
    package let root: JSONValue?
    /// The first place where the text stops being JSON (RFC 8259), if any.
    package let syntaxError: SyntaxError?
    /// Valid JSON that Impulse cannot hold (a NUL character in a key, nesting deeper than 2048).
    package let unsupported: [Unsupported]
    /// Keys that repeat within one object (the later occurrence; the last one wins).
    package let duplicateKeys: [DuplicateKey]
    /// Pointer -> key and value ranges, for every value in `root`.
    package let sourceMap: SourceMap
    /// Containers cut off by the syntax error (unclosed in the text); rules must not report them as missing keys.
    package let truncatedContainers: Set<JSONPointer>
    /// Converts byte offsets to line/column positions.
    package let lineIndex: LineIndex

    package var isValid: Bool { syntaxError == nil && unsupported.isEmpty }

    /// How this document came from the previous version when `reparsing(afterEdit:replacement:)` took its fast
    /// path (nil for a document parsed whole): what changed, so that later stages can redo only that part.
    package internal(set) var splice: Splice?

    /// One edit of a valid document that re-parsed a single value.
    package struct Splice: Equatable, Sendable {
        /// The bytes of the previous text that the edit replaced.
        package var edit: Range<Int>
        /// The new text's length minus the previous one's.
        package var delta: Int
        /// The value that was re-parsed (the same pointer in both texts).
        package var pointer: JSONPointer

        /// Where a range of the previous text stands in the new one; nil when it overlaps the edit.
        package func moved(_ range: Range<Int>) -> Range<Int>? {
            if range.upperBound <= edit.lowerBound { return range }
            if range.lowerBound >= edit.upperBound { return (range.lowerBound + delta)..<(range.upperBound + delta) }
            return nil
        }
    }

    /// The scanner's record of the duplicate keys (object, earlier member, later member node), kept so that an
    /// edit can re-parse part of the document (see `reparsing(afterEdit:replacement:)`).
    var scanDuplicates: [(object: Int32, earlier: Int32, later: Int32)] = []

    package struct SyntaxError: Equatable, Sendable {
        /// The token where the text stops being JSON (at least one byte wide unless the text ended).
        package var range: Range<Int>
        /// jansson's words where jansson has them, else ours.
        package var message: String

        package init(range: Range<Int>, message: String) {
            self.range = range
            self.message = message
        }
    }

    package struct Unsupported: Equatable, Sendable {
        package var range: Range<Int>
        package var message: String

        package init(range: Range<Int>, message: String) {
            self.range = range
            self.message = message
        }
    }

    package struct DuplicateKey: Equatable, Sendable {
        /// The object holding both keys.
        package var object: JSONPointer
        package var key: String
        /// The earlier key token and the later one (quotes included).
        package var firstKeyRange: Range<Int>
        package var laterKeyRange: Range<Int>

        package init(object: JSONPointer, key: String, firstKeyRange: Range<Int>, laterKeyRange: Range<Int>) {
            self.object = object
            self.key = key
            self.firstKeyRange = firstKeyRange
            self.laterKeyRange = laterKeyRange
        }
    }

    package init(
        bytes: [UInt8], root: JSONValue?, syntaxError: SyntaxError?, unsupported: [Unsupported],
        duplicateKeys: [DuplicateKey], sourceMap: SourceMap, truncatedContainers: Set<JSONPointer>,
        lineIndex: LineIndex? = nil
    ) {
        self.bytes = bytes
        self.root = root
        self.syntaxError = syntaxError
        self.unsupported = unsupported
        self.duplicateKeys = duplicateKeys
        self.sourceMap = sourceMap
        self.truncatedContainers = truncatedContainers
        self.lineIndex = lineIndex ?? LineIndex(bytes)
    }
}
