import CJansson
import ProcessSupport

// Where the time of `impulse lint FILE` goes: each phase of Linter.lint run on its own, repeated, medians.
//
//   phases FILE [--repeat N] [--skip Family1,Family2] [--only phase1,phase2]
//
// --only times just the named phases (the others that later ones need run once, untimed): with a large
// --repeat under /usr/bin/time, it shows which phase keeps memory it should have freed.
//
// Phases (each timed separately on the same bytes; the later ones reuse the earlier ones' results):
//   jansson            json_loadb + json_decref, malloc (what a plain jansson user pays)
//   jansson.arena      json_loadb inside our arena (Jansson.withArena), as JSON does it
//   scanner            Scanner.scan: our RFC 8259 judge + syntax tree (ranges, keys, duplicates)
//   values             jansson (arena) + conversion of the json_t tree to JSONValue
//   pieces             the same in pieces, on every core (pieces.1: one thread)
//   document           JSONDocument.parse: scanner + values + SourceMap + duplicate keys (document.1: one thread)
//   decode             SceneDecoder.decode (typed scene + shape diagnostics) (decode.1: one thread)
//   index              SceneIndex (the rules' shared lookups and timeline)
//   rules.<Family>     each family of SemanticRules on that index
//   rules              SemanticRules.check (index + every family, one thread; rules.parallel: on every core)
//   sort               Linter.sorted over all diagnostics
//   lint               Linter.lint(bytes) end to end, on every core (lint.1: one thread)
// Families named in --skip are left out of `rules.*`, and `rules`/`lint` are then not run (they would
// include them). Output: one line per phase, `name wall_median cpu_median cpu_minimum` in ms, then the
// diagnostic count. CPU time is the process's (CLOCK_PROCESS_CPUTIME_ID): on a loaded machine it is the fairer one.
@testable import JSON
@testable import Scene

#if canImport(Glibc)
    import Glibc
#endif

/// Milliseconds on a clock: CLOCK_MONOTONIC (wall) or CLOCK_PROCESS_CPUTIME_ID (CPU, fairer on a loaded machine).
func milliseconds(on clock: clockid_t) -> Double {
    var ts = timespec()
    clock_gettime(clock, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

var arguments = Array(CommandLine.arguments.dropFirst())
// As `impulse lint` does: freed memory stays in the process, so repeats do not fault fresh pages in.
ProcessMemory.keepFreedMemory()
var repeats = 7
var skip: Set<String> = []
var only: Set<String> = []
var path: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--repeat": repeats = Int(arguments.removeFirst())!
    case "--skip": skip = Set(arguments.removeFirst().split(separator: ",").map(String.init))
    case "--only": only = Set(arguments.removeFirst().split(separator: ",").map(String.init))
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

var results: [(name: String, wall: Double, cpu: Double, cpuMinimum: Double)] = []
@discardableResult
@MainActor func time<R>(_ name: String, _ body: () -> R) -> R {
    var wall: [Double] = []
    var cpu: [Double] = []
    var result: R?
    if !only.isEmpty && !only.contains(name) { return body() }  // needed by later phases: run once, untimed
    for _ in 0..<repeats {
        let start = milliseconds(on: CLOCK_MONOTONIC)
        let startCPU = milliseconds(on: CLOCK_PROCESS_CPUTIME_ID)
        result = body()
        cpu.append(milliseconds(on: CLOCK_PROCESS_CPUTIME_ID) - startCPU)
        wall.append(milliseconds(on: CLOCK_MONOTONIC) - start)
    }
    wall.sort()
    cpu.sort()
    results.append((name, wall[wall.count / 2], cpu[cpu.count / 2], cpu[0]))
    return result!
}

time("jansson") {
    bytes.withUnsafeBufferPointer { b -> Bool in
        var error = json_error_t()
        let json = json_loadb(
            UnsafeRawPointer(b.baseAddress!).assumingMemoryBound(to: CChar.self), b.count, cj_decode_flags(), &error)
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
time("pieces.1") { ParsedText.valuesInPieces(of: bytes, scan: scan, processors: 1) }
time("pieces") { ParsedText.valuesInPieces(of: bytes, scan: scan, processors: Parallel.processorCount) }
time("document.1") { JSONDocument.parse(bytes, processors: 1) }
let document = time("document") { JSONDocument.parse(bytes) }
time("decode.1") { SceneDecoder.decode(document, fileName: path, processors: 1) }
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
    time("rules.parallel") { SemanticRules.checkFamilies(context, processors: Parallel.processorCount) }
}
let all = decoded.diagnostics + semantic
time("sort") { Linter.sorted(all) }
if skip.isEmpty {
    time("lint.1") { Linter.lint(bytes, fileName: path, processors: 1) }
    time("lint") { Linter.lint(bytes, fileName: path) }
}

func decimal(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}
func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return left ? fill + text : text + fill
}

print("file \(path) bytes \(bytes.count) repeats \(repeats)")
print(
    pad("phase", 18), pad("wall_med", 10, left: true), pad("cpu_med", 10, left: true), pad("cpu_min", 10, left: true),
    "(ms)")
for result in results {
    print(
        pad(result.name, 18), pad(decimal(result.wall), 10, left: true), pad(decimal(result.cpu), 10, left: true),
        pad(decimal(result.cpuMinimum), 10, left: true))
}
print("diagnostics \(all.count)")
