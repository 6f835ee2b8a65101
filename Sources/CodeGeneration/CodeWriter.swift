/// Lines of source with indentation, for the emitters.
struct CodeWriter {
    private(set) var text = ""
    private var depth = 0
    private let unit: String
    /// The indentation of each depth so far ("", one unit, two units, …).
    private var indentation = [""]

    /// `capacity`: the expected size in bytes (a good guess saves copying a large text as it grows).
    init(indentUnit: String = "    ", capacity: Int = 1 << 16) {
        unit = indentUnit
        text.reserveCapacity(capacity)
    }

    /// One line at the current depth (an empty line stays empty).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            while indentation.count <= depth { indentation.append(indentation.last! + unit) }
            text += indentation[depth]
            text += content
        }
        text += "\n"
    }

    /// `opening`, then the body one level deeper, then `closing`.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    mutating func indent() { depth += 1 }
    mutating func outdent() { depth -= 1 }
}
