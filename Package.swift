// swift-tools-version: 6.1
import PackageDescription

// Release builds reach a concrete type's metadata through its accessor function, not by demangling its name at
// run time: the first use of each generic type (a dictionary of the catalog, of the rules) then skips the runtime's
// scan of every protocol conformance in the executable, a large part of a short process (Benchmarks/README.md,
// issue 24).
let metadataAccessors: [SwiftSetting] = [
    .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
    name: "Impulse",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "impulse", targets: ["impulse"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // libjansson through pkg-config; `shim.h` wraps its function-like macros.
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        // What the one process needs beside its job: running pieces on the cores, the allocator's setting.
        .target(name: "ProcessSupport", swiftSettings: metadataAccessors),
        // JSON layer: json_t lifetimes, value tree, tolerant scanner, source map, line index.
        .target(name: "JSON", dependencies: ["CJansson", "ProcessSupport"], swiftSettings: metadataAccessors),
        // The rigid-body engine. Depends on nothing of ours. Optimized in debug builds too: the tests and the
        // differential suite against pybox2d simulate thousands of frames, and the test command runs on 2 cores.
        .target(
            name: "Engine", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))] + metadataAccessors),
        // Typed scene, catalog, decoding, rules, scene -> engine.
        .target(
            name: "Scene", dependencies: ["JSON", "Engine", "ProcessSupport"], swiftSettings: metadataAccessors,
            plugins: ["RulePagesPlugin"]),
        // The rule pages (docs/rules/CODE.md) compiled into Scene at build time.
        // Swift and Objective-C string literals, shared by the generator and the build tools.
        .target(name: "SourceLiterals"),
        .executableTarget(name: "RulePagesCompiler", dependencies: ["SourceLiterals"]),
        .plugin(name: "RulePagesPlugin", capability: .buildTool(), dependencies: ["RulePagesCompiler"]),
        // Lint and preview encoders shared by the CLI and the server.
        .target(
            name: "Reporting", dependencies: ["Scene", "JSON"], swiftSettings: metadataAccessors,
            plugins: ["PlayerPagePlugin"]),
        // The player page (editors/vscode/media) compiled into Reporting for `impulse preview --format html`.
        .executableTarget(name: "PlayerPageCompiler", dependencies: ["SourceLiterals"]),
        .plugin(name: "PlayerPagePlugin", capability: .buildTool(), dependencies: ["PlayerPageCompiler"]),
        // JSON-RPC framing and typed LSP messages; knows nothing of scenes.
        .target(name: "RPC", dependencies: ["JSON"], swiftSettings: metadataAccessors),
        // Generated UIKit code (`impulse generate swift|objc`): a plan of the animator, one emitter per language.
        .target(
            name: "CodeGeneration", dependencies: ["Scene", "JSON", "SourceLiterals"], swiftSettings: metadataAccessors),
        // The language server.
        .target(
            name: "Server", dependencies: ["RPC", "Scene", "Reporting", "JSON", "CodeGeneration"],
            swiftSettings: metadataAccessors),
        // The Model Context Protocol server (`impulse mcp`): tools and resources for coding assistants.
        .target(
            name: "MCPServer", dependencies: ["RPC", "Scene", "Reporting", "JSON", "CodeGeneration"],
            swiftSettings: metadataAccessors, plugins: ["DocumentationPagesPlugin"]),
        // docs/scene-format.md compiled into MCPServer (through PlayerPageCompiler) for impulse://docs/scene-format.
        .plugin(
            name: "DocumentationPagesPlugin", capability: .buildTool(), dependencies: ["PlayerPageCompiler"]),
        .executableTarget(
            name: "impulse",
            dependencies: [
                "Scene", "Reporting", "Server", "MCPServer", "JSON", "CodeGeneration", "ProcessSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: metadataAccessors,
            // The release build on Linux is one static executable: no loader, no shared libraries at every start.
            // libgcc's unwinder finds frames through `.eh_frame_hdr`, as in a dynamic one (StaticUnwindTables.swift).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-executable", "-Xlinker", "--eh-frame-hdr", "-Xlinker", "--wrap=__register_frame_info",
                        "-Xlinker", "--wrap=__deregister_frame_info",
                    ], .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // Shared by the test targets only (the seeded generator of the fuzzers and randomized tests).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine", "TestSupport"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "JSON", "Engine", "ProcessSupport", "TestSupport"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "Scene", "JSON", "TestSupport"]),
        .testTarget(name: "RPCTests", dependencies: ["RPC", "JSON", "TestSupport"]),
        .testTarget(
            name: "ServerTests", dependencies: ["Server", "RPC", "Scene", "JSON", "CodeGeneration", "TestSupport"]),
        .testTarget(name: "MCPServerTests", dependencies: ["MCPServer", "RPC", "JSON", "TestSupport"]),
        .testTarget(name: "CodeGenerationTests", dependencies: ["CodeGeneration", "Scene"]),
        .testTarget(name: "SourceLiteralsTests", dependencies: ["SourceLiterals"]),
        .testTarget(name: "ArchitectureTests", dependencies: ["Scene"]),
        .testTarget(name: "CLITests", dependencies: ["JSON", "TestSupport", "CodeGeneration"]),
    ]
)
