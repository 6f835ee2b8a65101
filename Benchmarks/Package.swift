// swift-tools-version: 6.1
// Benchmarks for Impulse. The root package's library targets are not products, so this package compiles
// the very same sources (Sources/{CJansson,ProcessSupport,JSON,Engine,Scene,RulePagesCompiler,SourceLiterals} and Plugins/RulePagesPlugin are symlinks to ../…) as its own
// targets, with -enable-testing so that `phases` can time the internal steps of a lint one by one.
// Build: swift build -c release --package-path Benchmarks --scratch-path .build-bench-phases --product phases
import PackageDescription

let testable: [SwiftSetting] = [.unsafeFlags(["-enable-testing"])]

let package = Package(
    name: "ImpulseBenchmarks",
    platforms: [.macOS(.v14)],
    targets: [
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .target(name: "ProcessSupport", swiftSettings: testable),
        .target(name: "JSON", dependencies: ["CJansson", "ProcessSupport"], swiftSettings: testable),
        .target(name: "Engine", swiftSettings: testable),
        .target(
            name: "Scene", dependencies: ["JSON", "Engine", "ProcessSupport"], swiftSettings: testable,
            plugins: ["RulePagesPlugin"]),
        .target(name: "SourceLiterals"),
        .executableTarget(name: "RulePagesCompiler", dependencies: ["SourceLiterals"]),
        .plugin(name: "RulePagesPlugin", capability: .buildTool(), dependencies: ["RulePagesCompiler"]),
        // Times each phase of `impulse lint` on one file: jansson alone, our scanner, jansson + conversion to
        // JSONValue, the whole JSONDocument.parse, scene decoding, the semantic rules, sorting.
        .executableTarget(name: "phases", dependencies: ["CJansson", "JSON", "Scene", "ProcessSupport"]),
    ]
)
