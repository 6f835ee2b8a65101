// Where the time of `impulse lint FILE` goes: each phase of Linter.lint run on its own, repeated, medians.
//
//   phases FILE [--repeat N] [--skip Rule1,Rule2]
//
// Phases (each timed separately on the same bytes; the later ones reuse the earlier ones' results):
//   jansson            json_loadb + json_decref, malloc (what a plain jansson user pays)
//   jansson.arena      json_loadb inside our arena (Jansson.withArena), as JSON does it
//   scanner            Scanner.scan: our RFC 8259 judge + syntax tree (ranges, keys, duplicates)
//   values             jansson (arena) + conversion of the json_t tree to JSONValue
//   document           JSONDocument.parse: scanner + values + SourceMap + duplicate keys
//   decode             SceneDecoder.decode (typed scene + shape diagnostics)
//   index              SceneIndex (the rules' shared lookups and timeline)
//   rules.<Family>     each family of SemanticRules on that index
//   rules              SemanticRules.check as Linter calls it (index + every family)
//   sort               Linter.sorted over all diagnostics
//   lint               Linter.lint(bytes) end to end
// Families named in --skip are left out of `rules.*`, and `rules`/`lint` are then not run (they would
// include them). Output: one line per phase, `name median_ms min_ms`, then the diagnostic count.
@testable import JSON
@testable import Scene
import CJansson
#if canImport(Glibc)
import Glibc
#endif

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

var arguments = Array(CommandLine.arguments.dropFirst())
var repeats = 7
var skip: Set<String> = []
var path: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--repeat": repeats = Int(arguments.removeFirst())!
    case "--skip": skip = Set(arguments.removeFirst().split(separator: ",").map(String.init))
    default: path = argument
    }
}
guard let path, let file = fopen(path, "rb") else {
    print("usage: phases FILE [--repeat N] [--skip Family,…]")
    exit(2)
}
var bytes: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 1 << 16)
while true {
    let n = fread(&buffer, 1, buffer.count, file)
    if n <= 0 { break }
    bytes.append(contentsOf: buffer[..<n])
}
fclose(file)

var results: [(String, Double, Double)] = []
@discardableResult
@MainActor func time<R>(_ name: String, _ body: () -> R) -> R {
    var samples: [Double] = []
    var result: R?
    for _ in 0..<repeats {
        let start = now()
        result = body()
        samples.append(now() - start)
    }
    samples.sort()
    results.append((name, samples[samples.count / 2], samples[0]))
    return result!
}

time("jansson") {
    bytes.withUnsafeBufferPointer { b -> Bool in
        var error = json_error_t()
        let json = json_loadb(UnsafeRawPointer(b.baseAddress!).assumingMemoryBound(to: CChar.self), b.count, 0, &error)
        defer { json_decref(json) }
        return json != nil
    }
}
time("jansson.arena") {
    Jansson.withArena {
        bytes.withUnsafeBufferPointer { b -> Bool in Jansson.load(b).json != nil }
    }
}
let scan = time("scanner") { Scanner.scan(bytes) }
time("values") { ParsedText.values(of: bytes, length: bytes.count, closers: [], scan: scan) }
let document = time("document") { JSONDocument.parse(bytes) }
let decoded = time("decode") { SceneDecoder.decode(document, fileName: path) }
guard let scene = decoded.scene else {
    print("phases: the file holds no scene")
    exit(1)
}
let context = RuleContext(scene: scene, document: document, isComplete: decoded.isComplete)
let index = time("index") { SceneIndex(context) }
let families: [(String, (SceneIndex) -> [Diagnostic])] = [
    ("Identity", IdentityRules.check), ("Reference", ReferenceRules.check), ("Attachment", AttachmentRules.check),
    ("Gravity", GravityRules.check), ("DynamicItem", DynamicItemRules.check), ("Collision", CollisionRules.check),
    ("Geometry", GeometryRules.check), ("Push", PushRules.check), ("Event", EventRules.check),
]
var semantic: [Diagnostic] = []
for (name, check) in families where !skip.contains(name) {
    semantic += time("rules.\(name)") { check(index) }
}
if skip.isEmpty {
    semantic = time("rules") { SemanticRules.check(context) }
}
let all = decoded.diagnostics + semantic
time("sort") { Linter.sorted(all) }
if skip.isEmpty {
    time("lint") { Linter.lint(bytes, fileName: path) }
}

func milliseconds(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return left ? fill + text : text + fill
}

print("file \(path) bytes \(bytes.count) repeats \(repeats)")
for (name, median, minimum) in results {
    print(pad(name, 18), pad(milliseconds(median), 10, left: true), pad(milliseconds(minimum), 10, left: true))
}
print("diagnostics \(all.count)")
