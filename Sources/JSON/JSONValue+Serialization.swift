// Strict parsing and writing of single values: parsing and pretty text through jansson, compact text written
// directly as jansson would (JSONValue+CompactText.swift).
internal import CJansson

#if canImport(Glibc)
    internal import Glibc
#endif

extension JSONValue {
    /// Parses a complete JSON text strictly (RFC 8259, any value at the top level); nil for anything that is
    /// not JSON, and for valid JSON that jansson cannot hold (`1e999`, a NUL escape in a key, nesting past 2048).
    /// Numbers too large for a double are infinities; a leading UTF-8 byte-order mark is skipped.
    /// Used for protocol messages and configuration files.
    package static func parse(_ bytes: [UInt8]) -> JSONValue? {
        let parsed = ParsedText(bytes)
        guard parsed.syntaxError == nil, parsed.unsupported.isEmpty else { return nil }
        return parsed.root
    }

    /// Parses a complete JSON text strictly; see `parse(_: [UInt8])`.
    package static func parse(_ text: String) -> JSONValue? { parse(Array(text.utf8)) }

    /// The value written as JSON text, deterministically, as jansson writes it.
    ///
    /// - Object members keep their order (a repeated key keeps its first place and its last value).
    /// - Integral numbers with |x| < 2^53 are written as integers (`60`, and `0` for `-0.0`); other finite
    ///   numbers with 15 significant digits in the shortest form (`0.1`, `1e-7`, `1.5e20`), reading back
    ///   within 1e-14 relative; non-finite numbers cannot be JSON and are written as `null`.
    /// - Compact (`{"a":[1,2]}`) by default; `pretty` writes one member or element per line, indented by
    ///   2 spaces, with `": "` after keys. No trailing newline.
    package func serialized(pretty: Bool = false) -> [UInt8] {
        guard pretty else { return compactText() }
        return JSONValue.dumped(
            self, flags: Int(JSON_ENCODE_ANY) | cj_real_precision(Int32(JSONValue.significantDigits)) | cj_indent(2))
    }

    /// The value written as JSON text; see `serialized(pretty:) -> [UInt8]`.
    package func serializedString(pretty: Bool = false) -> String {
        String(decoding: serialized(pretty: pretty), as: UTF8.self)
    }

    /// Significant digits for non-integral numbers: 15 is the most that never shows binary noise
    /// (`0.1 + 0.2` prints `0.3`, `4.35 * 100` prints `435`).
    static let significantDigits = 15
}
