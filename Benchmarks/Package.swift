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
        // ModGraph's seeded random graphs (Tests/ModGraphTestSupport, through a link): the
        // library keeps its test support out of its products, as swift-collections does.
        .target(name: "GraphTestSupport", dependencies: [.product(name: "ModGraphCore", package: "ModGraph")]),
        .target(
            name: "BenchmarkKit",
            dependencies: [
                .product(name: "ModGraphCore", package: "ModGraph"),
                .product(name: "ModGraphManifest", package: "ModGraph"),
                "GraphTestSupport",
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
                .product(name: "ModGraphDiagrams", package: "ModGraph"),
                .product(name: "ModGraphSources", package: "ModGraph"),
                "GraphTestSupport",
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
