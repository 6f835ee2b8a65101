// Compact JSON text written straight from a `JSONValue`, byte for byte as jansson writes it.
//
// Every protocol message (a diagnostics notification, a completion list of a hundred items) used to be built
// again as a jansson tree (a hash table per object) and dumped from it: for the language server's answers, that
// was most of the cost of writing them. This writer walks the value once, with an explicit stack (values nest
// up to the parser's limit, deeper than a secondary thread's stack allows recursion), and gives the same
// bytes as `janssonCompactText()`: members in order (a repeated key keeps its first place and its last value),
// strings escaped as jansson escapes them (`\"`, `\\`, `\b\f\n\r\t`, other controls as `\u00XX` in capitals,
// nothing else), integral numbers as integers. The rare non-integral number is written by jansson itself, so
// the two can never disagree on digits.
internal import CJansson

#if canImport(Glibc)
    internal import Glibc
#endif

extension JSONValue {
    /// The compact text, as `serialized()` gives it.
    func compactText() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        var stack: [CompactFrame] = []
        var next: JSONValue? = self
        while true {
            if let value = next {
                next = nil
                switch value {
                case .array(let elements):
                    out.append(UInt8(ascii: "["))
                    stack.append(.array(elements, next: 0))
                case .object(let object):
                    out.append(UInt8(ascii: "{"))
                    stack.append(.object(JSONValue.distinctMembers(object.members), next: 0))
                default:
                    JSONValue.appendScalar(value, to: &out)
                }
            }
            guard let top = stack.popLast() else { break }
            switch top {
            case .array(let elements, let index):
                guard index < elements.count else {
                    out.append(UInt8(ascii: "]"))
                    continue
                }
                if index > 0 { out.append(UInt8(ascii: ",")) }
                stack.append(.array(elements, next: index + 1))
                next = elements[index]
            case .object(let members, let index):
                guard index < members.count else {
                    out.append(UInt8(ascii: "}"))
                    continue
                }
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.appendString(members[index].key, to: &out)
                out.append(UInt8(ascii: ":"))
                stack.append(.object(members, next: index + 1))
                next = members[index].value
            }
        }
        return out
    }

    /// The compact text as jansson dumps the value's jansson tree (what `compactText()` must equal).
    func janssonCompactText() -> [UInt8] {
        let flags = Int(JSON_ENCODE_ANY) | cj_real_precision(Int32(JSONValue.significantDigits)) | Int(JSON_COMPACT)
        return JSONValue.dumped(self, flags: flags)
    }

    /// The value's jansson tree dumped with `flags`.
    static func dumped(_ value: JSONValue, flags: Int) -> [UInt8] {
        Jansson.withArena {
            let json = Jansson.json(for: value)
            var buffer = cj_buffer(bytes: nil, count: 0, capacity: 0)
            defer { free(buffer.bytes) }
            guard cj_dump(json, flags, &buffer) == 0, let bytes = buffer.bytes else { return Array("null".utf8) }
            return bytes.withMemoryRebound(to: UInt8.self, capacity: buffer.count) {
                Array(UnsafeBufferPointer(start: $0, count: buffer.count))
            }
        }
    }

    private enum CompactFrame {
        case array([JSONValue], next: Int)
        case object([(key: String, value: JSONValue)], next: Int)
    }

    /// The members as a jansson object holds them: each key once, where it first stood, with its last value.
    /// Objects of protocol messages are small and never repeat a key: they are checked pairwise, without a table.
    private static func distinctMembers(
        _ members: [(key: String, value: JSONValue)]
    ) -> [(
        key: String, value: JSONValue
    )] {
        if members.count <= 16 {
            var repeats = false
            for index in members.indices.dropFirst() where !repeats {
                for earlier in 0..<index where members[earlier].key == members[index].key {
                    repeats = true
                    break
                }
            }
            guard repeats else { return members }
        }
        var firstIndex: [String: Int] = [:]
        var distinct: [(key: String, value: JSONValue)] = []
        distinct.reserveCapacity(members.count)
        for member in members {
            if let first = firstIndex[member.key] {
                distinct[first].value = member.value
            } else {
                firstIndex[member.key] = distinct.count
                distinct.append(member)
            }
        }
        return distinct
    }

    private static func appendScalar(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .string(let string): appendString(string, to: &out)
        case .number(let number):
            if number.isFinite, number == number.rounded(.towardZero), abs(number) < 9_007_199_254_740_992 {
                out.append(contentsOf: String(Int64(number)).utf8)
            } else {
                out.append(
                    contentsOf: dumped(
                        value, flags: Int(JSON_ENCODE_ANY) | cj_real_precision(Int32(JSONValue.significantDigits))))
            }
        case .array, .object: preconditionFailure("containers are written by compactText()")
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: out.append(UInt8(ascii: "\""))
                case 0x5C: out.append(UInt8(ascii: "\\"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    out.append(contentsOf: "u00".utf8)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
