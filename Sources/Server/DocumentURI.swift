/// File URIs as LSP clients send them (`file:///Users/me/My%20Scenes/a.dynamics.json`).
package enum DocumentURI {
    /// The local path of a `file:` URI (percent-decoded; `file://localhost/` accepted), nil for other schemes.
    package static func filePath(_ uri: String) -> String? {
        let lowered = uri.lowercased()
        var rest: Substring
        if lowered.hasPrefix("file://localhost/") {
            rest = uri.dropFirst("file://localhost".count)
        } else if lowered.hasPrefix("file:///") {
            rest = uri.dropFirst("file://".count)
        } else {
            return nil
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        guard let decoded = percentDecoded(rest) else { return nil }
        // Windows drive letters (`/c:/x`) are not expected on this platform; keep the path as it is.
        return decoded
    }

    /// The `file:` URI of an absolute path, with everything but unreserved characters and `/` escaped.
    package static func fileURI(_ path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                uri += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return uri
    }

    /// The last path segment of a URI, percent-decoded (`a.dynamics.json`).
    package static func fileName(_ uri: String) -> String {
        var path = Substring(uri)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        let last = path.split(separator: "/", omittingEmptySubsequences: true).last ?? path
        return percentDecoded(last) ?? String(last)
    }

    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
