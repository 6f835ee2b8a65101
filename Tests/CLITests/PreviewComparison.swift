import Foundation

/// How the Objective-C round trip compares two `impulse preview --format json` texts, as the Swift round trip
/// (GeneratedSwiftRoundTripTests) does.
enum PreviewComparison {
    /// The preview json up to its `diagnostics`, and the diagnostics without their positions.
    static func split(_ json: String) -> (String, [String]) {
        guard let range = json.range(of: "\"diagnostics\":") else { return (json, []) }
        let body = String(json[..<range.lowerBound])
        var tail = json[range.upperBound...].drop { $0 == " " }
        while let last = tail.last, last.isWhitespace || last == "}" { tail = tail.dropLast() }
        let list = (try? JSONSerialization.jsonObject(with: Data(tail.utf8))) as? [[String: Any]] ?? []
        return (body, list.map { "\($0["severity"] ?? "") \($0["code"] ?? "") \($0["message"] ?? "")" })
    }

    /// A preview body without its `scripted` events (one event a line in the preview json).
    static func withoutScriptedEvents(_ body: String) -> String {
        body.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"type\":\"scripted\"") }
            .map { $0.hasSuffix("},") ? String($0.dropLast()) : String($0) }
            .joined(separator: "\n")
    }

    /// The frames on which the preview applies an event: each scripted event's frame, every frame of a pan.
    static func framesApplyingEvents(_ json: String) -> Set<Int> {
        let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
        var frames: Set<Int> = []
        for event in object["events"] as? [[String: Any]] ?? [] where event["type"] as? String == "scripted" {
            guard let frame = (event["frame"] as? NSNumber)?.intValue else { continue }
            let end = (event["endFrame"] as? NSNumber)?.intValue ?? frame
            frames.formUnion(frame...max(frame, end))
        }
        return frames
    }

    /// The two texts around their first difference.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var i = 0
        while i < min(x.count, y.count), x[i] == y[i] { i += 1 }
        let from = max(0, i - 200)
        return "original: …" + String(decoding: x[from..<min(x.count, i + 200)], as: UTF8.self)
            + "\nrecorded: …" + String(decoding: y[from..<min(y.count, i + 200)], as: UTF8.self)
    }
}
