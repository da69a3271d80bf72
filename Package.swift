// swift-tools-version: 6.0
import PackageDescription

// The layers, bottom to top. Each depends only on the ones listed before it:
//   ModGraphCore       pure graph model and algorithms (no I/O, no processes)
//   ModGraphManifest   `swift package dump-package` decoding and workspace loading
//   ModGraphRules      `.modgraph.yml` and the layering rules `modgraph check` enforces
//   ModGraphRendering  textual and graphical output (JSON, DOT, check reports)
//   ModGraphSources    source-level checks on swift-syntax (interface contents, imports);
//                      only it and the CLI pay swift-syntax's build time
//   ModGraphCLI        the commands, on swift-argument-parser
//   modgraph           the executable: one line that runs ModGraphCLI
let package = Package(
    name: "ModGraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "modgraph", targets: ["modgraph"]),
        .library(name: "ModGraphCore", targets: ["ModGraphCore"]),
        .library(name: "ModGraphManifest", targets: ["ModGraphManifest"]),
        .library(name: "ModGraphRules", targets: ["ModGraphRules"]),
        .library(name: "ModGraphSources", targets: ["ModGraphSources"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        .target(name: "ModGraphCore"),
        .target(name: "ModGraphManifest", dependencies: ["ModGraphCore"]),
        .target(name: "ModGraphRules", dependencies: ["ModGraphCore", "Yams"]),
        .target(name: "ModGraphRendering", dependencies: ["ModGraphCore", "ModGraphRules"]),
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
                "ModGraphManifest",
                "ModGraphRules",
                "ModGraphRendering",
                "ModGraphSources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "modgraph", dependencies: ["ModGraphCLI"]),

        .testTarget(name: "ModGraphCoreTests", dependencies: ["ModGraphCore"]),
        .testTarget(name: "ModGraphManifestTests", dependencies: ["ModGraphManifest", "ModGraphCore"]),
        .testTarget(name: "ModGraphRulesTests", dependencies: ["ModGraphRules", "ModGraphCore"]),
        .testTarget(name: "ModGraphRenderingTests", dependencies: ["ModGraphRendering", "ModGraphCore"]),
        .testTarget(name: "ModGraphSourcesTests", dependencies: ["ModGraphSources", "ModGraphRules", "ModGraphCore", "ModGraphManifest"]),
        .testTarget(
            name: "ModGraphCLITests",
            // Runs the built executable, as users do; imports none of the modules.
            dependencies: ["modgraph"],
            exclude: ["Golden"]
        ),
    ]
)
