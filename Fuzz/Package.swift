// swift-tools-version: 6.1
// Coverage-guided fuzz targets for Impulse (libFuzzer, with AddressSanitizer). Like Benchmarks/, this package
// compiles the very same sources as the root package (Sources/{CJansson,ProcessSupport,JSON,Engine,Scene,RPC,
// RulePagesCompiler,SourceLiterals} and Plugins/RulePagesPlugin are symlinks to ../…), here instrumented with
// `-sanitize=fuzzer,address`. Each `Fuzz*` target is a libFuzzer binary: its `LLVMFuzzerTestOneInput` checks
// one property and traps when it does not hold; its `main` hands the command line to libFuzzer's
// `LLVMFuzzerRunDriver` (declared by `CFuzzer`), since a SwiftPM executable brings its own entry point.
// Build and run: scripts/fuzz.sh (see Benchmarks/README.md for the long run and its counts).
import PackageDescription

let instrumented: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
let fuzzer: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])]
let fuzzerLink: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]

func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name, dependencies: dependencies + ["CFuzzer"], swiftSettings: fuzzer, linkerSettings: fuzzerLink)
}

let package = Package(
    name: "ImpulseFuzz",
    platforms: [.macOS(.v14)],
    targets: [
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .target(name: "ProcessSupport", swiftSettings: instrumented),
        .target(name: "JSON", dependencies: ["CJansson", "ProcessSupport"], swiftSettings: instrumented),
        .target(name: "Engine", swiftSettings: instrumented),
        .target(
            name: "Scene", dependencies: ["JSON", "Engine", "ProcessSupport"], swiftSettings: instrumented,
            plugins: ["RulePagesPlugin"]),
        .target(name: "RPC", dependencies: ["JSON"], swiftSettings: instrumented),
        .target(name: "CFuzzer"),
        .target(name: "SourceLiterals"),
        .executableTarget(name: "RulePagesCompiler", dependencies: ["SourceLiterals"]),
        .plugin(name: "RulePagesPlugin", capability: .buildTool(), dependencies: ["RulePagesCompiler"]),
        // The scanner and jansson: any bytes; the tolerant parse agrees with the strict one.
        fuzzTarget("FuzzParse", ["JSON"]),
        // Scene decoding and every rule: any bytes; diagnostics stay inside the text, the same input twice
        // gives the same diagnostics.
        fuzzTarget("FuzzLint", ["JSON", "Scene"]),
        // The JSON-RPC framer and message decoding: any byte stream, fed whole or in chunks, gives the same
        // events; every decoded message survives encoding and decoding again.
        fuzzTarget("FuzzFramer", ["JSON", "RPC"]),
        // The incremental re-parse: a text and a sequence of ranged edits; each result equals a fresh parse.
        fuzzTarget("FuzzReparse", ["JSON"]),
        // The engine: a scene without errors run for 60 frames ends finite, or says where it diverged.
        fuzzTarget("FuzzEngine", ["JSON", "Scene", "Engine"]),
    ]
)
