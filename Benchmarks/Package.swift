// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live beside the code but outside its test suite: speed and memory
// targets are figures to print and compare, not assertions in unit tests.
// Run them all with `scripts/bench.sh` (release build).
let package = Package(
    name: "ModGraphBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ModGraph", path: ".."),
    ],
    targets: [
        .target(
            name: "BenchmarkKit",
            dependencies: [
                .product(name: "ModGraphCore", package: "ModGraph"),
                .product(name: "ModGraphManifest", package: "ModGraph"),
                .product(name: "ModGraphTestSupport", package: "ModGraph"),
            ]
        ),
        .executableTarget(
            name: "modgraph-bench",
            dependencies: [
                "BenchmarkKit",
                .product(name: "ModGraphCore", package: "ModGraph"),
                .product(name: "ModGraphRules", package: "ModGraph"),
                .product(name: "ModGraphManifest", package: "ModGraph"),
                .product(name: "ModGraphPlanning", package: "ModGraph"),
                .product(name: "ModGraphRendering", package: "ModGraph"),
                .product(name: "ModGraphSources", package: "ModGraph"),
                .product(name: "ModGraphTestSupport", package: "ModGraph"),
            ]
        ),
        // Writes synthetic workspaces (Package.swift or dump JSON) and edge lists.
        .executableTarget(name: "modgraph-gen", dependencies: ["BenchmarkKit"]),
        .testTarget(
            name: "BenchmarkKitTests",
            dependencies: [
                "BenchmarkKit",
                .product(name: "ModGraphCore", package: "ModGraph"),
                .product(name: "ModGraphManifest", package: "ModGraph"),
            ]
        ),
    ]
)
