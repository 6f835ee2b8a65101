/// An RFC 6901 JSON pointer, the address of a value in a document (`/items/0/center`).
package struct JSONPointer: Hashable, Sendable, CustomStringConvertible, Comparable {
    package enum Segment: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    package var segments: [Segment]

    package init(_ segments: [Segment] = []) { self.segments = segments }

    package static let root = JSONPointer()

    package func appending(_ key: String) -> JSONPointer {
        var pointer = self
        pointer.segments.append(.key(key))
        return pointer
    }
    package func appending(_ index: Int) -> JSONPointer {
        var pointer = self
        pointer.segments.append(.index(index))
        return pointer
    }
    package var parent: JSONPointer? { segments.isEmpty ? nil : JSONPointer(Array(segments.dropLast())) }
    package var last: Segment? { segments.last }

    /// The RFC 6901 string form, with `~0` and `~1` escapes.
    package var description: String {
        segments.map { segment in
            switch segment {
            case .key(let key): "/" + key.replacingTildeAndSlash()
            case .index(let index): "/\(index)"
            }
        }.joined()
    }

    package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.description < rhs.description }
}

extension JSONValue {
    /// The value at `pointer` inside this one (an index past the end, a missing key or a scalar on the way: nil).
    package func value(at pointer: JSONPointer) -> JSONValue? {
        var value: JSONValue? = self
        for segment in pointer.segments {
            switch segment {
            case .key(let key): value = value?.objectValue?[key]
            case .index(let index):
                guard let array = value?.arrayValue, array.indices.contains(index) else { return nil }
                value = array[index]
            }
        }
        return value
    }
}

extension String {
    fileprivate func replacingTildeAndSlash() -> String {
        var out = ""
        for ch in self {
            switch ch {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(ch)
            }
        }
        return out
    }
}
