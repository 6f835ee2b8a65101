// The bridge between jansson's `json_t` trees and `JSONValue`.
//
// Design: both directions are iterative (an explicit stack, no recursion), so a tree as deep as jansson
// allows (2048) or deeper (a `JSONValue` built by a program) never overflows a thread's stack. No `json_t`
// leaves the JSON module: callers get Swift values only. jansson's memory comes from a per-thread arena
// (see shim.h and `withArena`): a parsed tree is dropped with its arena, never freed block by block.
internal import CJansson

#if canImport(Glibc)
    internal import Glibc
#endif

enum Jansson {
    /// jansson allocates through the shim's allocator (see shim.h), installed before its first use.
    private static let allocatorInstalled: Void = cj_install_allocator()

    /// Runs `body` with an arena open on this thread: jansson's allocations inside are released together
    /// when it returns, without freeing each block. No `json_t` created inside may outlive `body`; trees
    /// created inside need not be released.
    static func withArena<R>(_ body: () -> R) -> R {
        _ = allocatorInstalled
        let arena = cj_arena_begin()
        defer { cj_arena_end(arena) }
        return body()
    }

    /// Parses `bytes` with jansson's strict parser (any value at the top level, NUL escapes allowed in strings,
    /// every number as a double). Returns the tree or jansson's error. Call inside `withArena`.
    static func load(_ bytes: UnsafeBufferPointer<UInt8>) -> (json: UnsafeMutablePointer<json_t>?, error: json_error_t)
    {
        _ = allocatorInstalled
        var error = json_error_t()
        let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
        let json = json_loadb(base.assumingMemoryBound(to: CChar.self), bytes.count, cj_decode_flags(), &error)
        return (json, error)
    }

    /// The text of jansson's error message.
    static func message(_ error: json_error_t) -> String {
        var error = error
        return withUnsafeBytes(of: &error.text) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let length = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<length]), as: UTF8.self)
        }
    }

    // MARK: json_t -> JSONValue

    /// A container being read: its children so far, in a list reserved to its size.
    private struct ReadFrame {
        var json: UnsafeMutablePointer<json_t>
        /// Arrays: the next index.
        var next = 0
        var count = 0
        /// Objects: the next member.
        var iterator: UnsafeMutableRawPointer?
        var elements: [JSONValue] = []
        var members: [(key: String, value: JSONValue)] = []
        /// The key of this container in its parent object (nil in an array or at the top).
        var key: String?
        var isObject: Bool
    }

    /// Converts a jansson tree to a `JSONValue` without recursion. Objects keep jansson's (insertion) order.
    /// `overrides` replaces the numbers of some nodes (the infinities jansson cannot hold). Each container's
    /// children go straight into its own list, reserved to its size, and a finished container moves into its
    /// parent's list: no value is copied.
    static func value(
        of root: UnsafeMutablePointer<json_t>, overrides: [UnsafeMutablePointer<json_t>: Double] = [:]
    ) -> JSONValue {
        if let scalar = scalarValue(root, overrides) { return scalar }
        var stack: [ReadFrame] = []
        func push(_ json: UnsafeMutablePointer<json_t>, key: String?) {
            var frame = ReadFrame(json: json, key: key, isObject: cj_typeof(json) == JSON_OBJECT)
            if frame.isObject {
                frame.iterator = json_object_iter(json)
                frame.members.reserveCapacity(json_object_size(json))
            } else {
                frame.count = json_array_size(json)
                frame.elements.reserveCapacity(frame.count)
            }
            stack.append(frame)
        }
        push(root, key: nil)
        while true {
            let top = stack.count - 1
            if stack[top].isObject {
                if let iterator = stack[top].iterator {
                    let child = json_object_iter_value(iterator)!
                    let keyLength = json_object_iter_key_len(iterator)
                    let key = json_object_iter_key(iterator)!.withMemoryRebound(to: UInt8.self, capacity: keyLength) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: keyLength), as: UTF8.self)
                    }
                    stack[top].iterator = json_object_iter_next(stack[top].json, iterator)
                    if let scalar = scalarValue(child, overrides) {
                        stack[top].members.append((key, scalar))
                    } else {
                        push(child, key: key)
                    }
                    continue
                }
            } else if stack[top].next < stack[top].count {
                let child = json_array_get(stack[top].json, stack[top].next)!
                stack[top].next += 1
                if let scalar = scalarValue(child, overrides) {
                    stack[top].elements.append(scalar)
                } else {
                    push(child, key: nil)
                }
                continue
            }
            // The container is finished: it moves into its parent.
            let frame = stack.removeLast()
            let finished: JSONValue = frame.isObject ? .object(JSONObject(frame.members)) : .array(frame.elements)
            guard let parent = stack.indices.last else { return finished }
            if stack[parent].isObject {
                stack[parent].members.append((frame.key!, finished))
            } else {
                stack[parent].elements.append(finished)
            }
        }
    }

    private static func scalarValue(
        _ json: UnsafeMutablePointer<json_t>, _ overrides: [UnsafeMutablePointer<json_t>: Double]
    ) -> JSONValue? {
        switch cj_typeof(json) {
        case JSON_NULL: return .null
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        case JSON_REAL:
            if !overrides.isEmpty, let number = overrides[json] { return .number(number) }
            return .number(json_real_value(json))
        case JSON_INTEGER: return .number(Double(json_integer_value(json)))
        case JSON_STRING:
            let length = json_string_length(json)
            guard let pointer = json_string_value(json) else { return .string("") }
            return .string(
                pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                })
        default: return nil
        }
    }

    // MARK: JSONValue -> json_t

    private enum WriteFrame {
        case array(UnsafeMutablePointer<json_t>, [JSONValue], next: Int)
        case object(UnsafeMutablePointer<json_t>, [(key: String, value: JSONValue)], next: Int)
    }

    /// Builds a jansson tree for `value` (owned by the caller). Integral numbers with |x| < 2^53 become
    /// integers (so they print as `60`, and `-0.0` as `0`); other finite numbers become reals; non-finite
    /// numbers cannot be JSON and become null.
    static func json(for value: JSONValue) -> UnsafeMutablePointer<json_t> {
        _ = allocatorInstalled
        guard let rootContainer = container(for: value) else { return scalarJSON(value) }
        var stack: [WriteFrame] = [rootContainer.frame]
        while let top = stack.last {
            switch top {
            case .array(let json, let elements, let next):
                guard next < elements.count else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1] = .array(json, elements, next: next + 1)
                let element = elements[next]
                if let child = container(for: element) {
                    json_array_append_new(json, child.json)
                    stack.append(child.frame)
                } else {
                    json_array_append_new(json, scalarJSON(element))
                }
            case .object(let json, let members, let next):
                guard next < members.count else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1] = .object(json, members, next: next + 1)
                let (key, member) = members[next]
                let child = container(for: member)
                let memberJSON = child?.json ?? scalarJSON(member)
                withChars(key) { chars, count in
                    _ = json_object_setn_new_nocheck(json, chars, count, memberJSON)
                }
                if let child { stack.append(child.frame) }
            }
        }
        return rootContainer.json
    }

    private static func container(for value: JSONValue) -> (json: UnsafeMutablePointer<json_t>, frame: WriteFrame)? {
        switch value {
        case .array(let elements):
            let json = json_array()!
            return (json, .array(json, elements, next: 0))
        case .object(let object):
            let json = json_object()!
            return (json, .object(json, object.members, next: 0))
        default:
            return nil
        }
    }

    private static func scalarJSON(_ value: JSONValue) -> UnsafeMutablePointer<json_t> {
        switch value {
        case .null: return json_null()
        case .bool(let flag): return cj_boolean(flag ? 1 : 0)
        case .number(let number):
            guard number.isFinite else { return json_null() }
            if number == number.rounded(.towardZero), abs(number) < 9_007_199_254_740_992 {
                return json_integer(json_int_t(number))
            }
            // A fraction that rounds to an integer at the printed precision (`434.99999999999994`) prints as
            // that integer, not as jansson's `435.0`.
            let rounded = number.rounded()
            if abs(rounded) < 1e15, abs(number - rounded) < 0.5e-15 * max(abs(number), 1) * 10,
                printsAsInteger(number)
            {
                return json_integer(json_int_t(rounded))
            }
            return json_real(number)
        case .string(let string):
            return withChars(string) { chars, count in json_stringn_nocheck(chars, count) }
        case .array, .object:
            preconditionFailure("containers are built by json(for:)")
        }
    }

    /// Calls `body` with the string's UTF-8 bytes (NUL characters included) and their count.
    static func withChars<R>(_ string: String, _ body: (UnsafePointer<CChar>, Int) -> R) -> R {
        var string = string
        return string.withUTF8 { utf8 in
            guard let base = utf8.baseAddress, utf8.count > 0 else {
                let empty: StaticString = ""
                return empty.utf8Start.withMemoryRebound(to: CChar.self, capacity: 1) { body($0, 0) }
            }
            return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { body($0, utf8.count) }
        }
    }

    /// Whether `number` printed with `JSONValue.significantDigits` significant digits (`%.15g`) has neither a
    /// fraction nor an exponent.
    private static func printsAsInteger(_ number: Double) -> Bool {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = withVaList([number]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(JSONValue.significantDigits)g", arguments)
        }
        guard length > 0 else { return false }
        return buffer[0..<Int(length)].allSatisfy { $0 == 0x2D || (0x30...0x39).contains($0) }
    }
}
