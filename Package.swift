// swift-tools-version: 6.0
import PackageDescription

// The layers, bottom to top. Each depends only on the ones listed before it:
//   ModGraphEscaping   the one escaping rule of each output format (text, Markdown, XML, DOT,
//                      Mermaid, GitHub commands): every name from input reaches output through it
//   ModGraphCore       pure graph model and algorithms (no I/O, no processes)
//   ModGraphManifest   `swift package dump-package` decoding and workspace loading
//   ModGraphXcode      Xcode projects and workspaces: project.pbxproj and contents.xcworkspacedata
//   ModGraphRules      `.modgraph.yml` and the layering rules `modgraph check` enforces
//   ModGraphPlanning   build planning on the graph: waves, critical path, simulated builds (pure)
//   ModGraphWeights    what targets cost: source line counts, weights files, measured builds
//   ModGraphRendering  textual and graphical output (JSON, DOT, Mermaid, check reports, schedules,
//                      and SVG/PNG/PDF through Graphviz's C libraries, CGraphviz)
//   ModGraphSources    source-level checks on swift-syntax (interface contents, imports);
//                      only it and the CLI pay swift-syntax's build time
//   ModGraphCLI        the commands, on swift-argument-parser
//   modgraph           the executable: one line that runs ModGraphCLI
// and, beside them, ModGraphTestSupport (Tests/ModGraphTestSupport): seeded random graphs for the
// property tests and the Benchmarks package, which no shipped module may use (.modgraph.yml).
let package = Package(
    name: "ModGraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "modgraph", targets: ["modgraph"]),
        .library(name: "ModGraphCore", targets: ["ModGraphCore"]),
        .library(name: "ModGraphManifest", targets: ["ModGraphManifest"]),
        .library(name: "ModGraphRules", targets: ["ModGraphRules"]),
        .library(name: "ModGraphPlanning", targets: ["ModGraphPlanning"]),
        .library(name: "ModGraphRendering", targets: ["ModGraphRendering"]),
        .library(name: "ModGraphSources", targets: ["ModGraphSources"]),
        // Seeded random graphs for property tests and benchmarks; not for users.
        .library(name: "ModGraphTestSupport", targets: ["ModGraphTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        .target(name: "ModGraphEscaping"),
        .target(name: "ModGraphCore"),
        .target(name: "ModGraphManifest", dependencies: ["ModGraphCore"]),
        // Xcode projects and workspaces (project.pbxproj, contents.xcworkspacedata), read without Xcode.
        .target(name: "ModGraphXcode", dependencies: ["ModGraphCore"]),
        .target(name: "ModGraphRules", dependencies: ["ModGraphCore", "Yams"]),
        .target(name: "ModGraphPlanning", dependencies: ["ModGraphCore"]),
        .target(name: "ModGraphWeights", dependencies: ["ModGraphCore", "ModGraphManifest"]),
        // Graphviz's libgvc and libcgraph, found through pkg-config; only ModGraphRendering uses it.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "ModGraphRendering", dependencies: ["ModGraphCore", "ModGraphRules", "ModGraphPlanning", "ModGraphEscaping", "CGraphviz"]),
        .target(
            name: "ModGraphSources",
            dependencies: [
                "ModGraphCore",
                "ModGraphManifest",
                "ModGraphRules",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "ModGraphCLI",
            dependencies: [
                "ModGraphCore",
                "ModGraphEscaping",
                "ModGraphManifest",
                "ModGraphRules",
                "ModGraphPlanning",
                "ModGraphWeights",
                "ModGraphRendering",
                "ModGraphSources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "modgraph", dependencies: ["ModGraphCLI"]),

        // Seeded random graphs shared by the property tests and the benchmarks.
        .target(name: "ModGraphTestSupport", dependencies: ["ModGraphCore"], path: "Tests/ModGraphTestSupport"),
        .testTarget(name: "ModGraphEscapingTests", dependencies: ["ModGraphEscaping"]),
        .testTarget(name: "ModGraphCoreTests", dependencies: ["ModGraphCore", "ModGraphTestSupport"]),
        .testTarget(name: "ModGraphXcodeTests", dependencies: ["ModGraphXcode", "ModGraphCore", "ModGraphEscaping"]),
        .testTarget(name: "ModGraphManifestTests", dependencies: ["ModGraphManifest", "ModGraphCore"]),
        .testTarget(name: "ModGraphRulesTests", dependencies: ["ModGraphRules", "ModGraphCore", "ModGraphTestSupport"]),
        .testTarget(name: "ModGraphPlanningTests", dependencies: ["ModGraphPlanning", "ModGraphCore", "ModGraphTestSupport"]),
        .testTarget(name: "ModGraphWeightsTests", dependencies: ["ModGraphWeights", "ModGraphCore", "ModGraphManifest"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ModGraphRenderingTests",
            dependencies: ["ModGraphRendering", "ModGraphPlanning", "ModGraphCore", "ModGraphEscaping"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "ModGraphSourcesTests", dependencies: ["ModGraphSources", "ModGraphRules", "ModGraphCore", "ModGraphManifest"]),
        .testTarget(
            name: "ModGraphCLITests",
            // Runs the built executable, as users do; the progress bar and loading
            // options are also tested in-process.
            dependencies: ["modgraph", "ModGraphCLI", "ModGraphManifest", "ModGraphEscaping"],
            exclude: ["Golden"]
        ),
    ]
)
