// swift-tools-version: 6.0
import PackageDescription

// The layers, bottom to top. Each depends only on the ones listed before it
// (.modgraph.yml enforces it; docs/architecture.md draws it):
//   ModGraphSystem     the platform, in one place (as SwiftPM keeps Basics): locks, the stack's room,
//                      file status and creation, confined reads, the atomic folder exchange, processes
//                      (runner, child processes, memory limit, signals), the core count, the loopback
//                      socket, SHA-256 (CryptoKit, or OpenSSL's libcrypto); each file's C-library import ends in #error, so a
//                      port fails at its line
//   ModGraphOutput     what every output shares: the one escaping rule of each format (text,
//                      Markdown, XML, DOT, Mermaid, GitHub commands, JSON) and the JSON writer
//   ModGraphCore       pure graph model and algorithms: no I/O, no processes, no platform calls
//   ModGraphManifest   `swift package dump-package` decoding and workspace loading
//   ModGraphSyntax     swift-syntax within bounds: how deep the parser would recurse, measured on
//                      the tokens before parsing, and whether the calling thread's stack has room for it
//   ModGraphManifestEvaluation  manifests evaluated from their syntax tree (swift-syntax), without
//                      compiling them, falling back to dump-package outside the subset it decides exactly
//   ModGraphXcode      Xcode projects and workspaces: project.pbxproj and contents.xcworkspacedata, and
//                      the projects XcodeGen specs (project.yml) generate, read without generating them
//   ModGraphTuist      Tuist's manifests (Project.swift and its helpers), compiled against modgraph's own
//                      ProjectDescription and run within dump-package's bounds, read as the projects Tuist writes
//   ModGraphRepository the paths a command is given: discovery of workspaces, projects and packages
//                      under a folder, and one graph of the packages and the Xcode projects
//   ModGraphWeights    what targets cost: source line counts, weights files (read and written), measured builds
//   ModGraphRules      `.modgraph.yml`, the rules `modgraph check` enforces, and the check's
//                      formats (text, JSON, GitHub, SARIF, JUnit): no Graphviz
//   ModGraphPlanning   build planning on the graph: waves, critical path, simulated builds, and
//                      the schedule's formats (text, JSON, Mermaid, SVG)
//   ModGraphChanges    what a change touches: the change policy (which targets each changed file
//                      selects, manifests compared as typed values) for `affected`, a graph
//                      against its base (`diff`), and their formats; it reads no file itself
//   ModGraphDiagrams   the graph as text, JSON, DOT, Mermaid and pictures: the only module that
//                      touches Graphviz's C API (CGraphviz)
//   ModGraphSources    source-level checks on swift-syntax (interface contents, imports);
//                      only it and what links it pay swift-syntax's build time
//   ModGraphReport     `modgraph report`: composes the diagram, check and schedule sections
//   ModGraphKit        the use cases: a request in, a graph, check, schedule or report out; the
//                      pipeline the CLI runs and library users and the plugin call, and the one
//                      executor that runs coarse units of work at once (the engine below is sequential)
//   ModGraphCLI        the commands, on swift-argument-parser
//   modgraph           the executable: one line that runs ModGraphCLI
// and, beside them, ModGraphTestSupport (Tests/ModGraphTestSupport): seeded random graphs for the
// property tests and the benchmarks, which no shipped module may use (.modgraph.yml).
let package = Package(
    name: "ModGraph",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "modgraph", targets: ["modgraph"]),
        .plugin(name: "ModGraphPlugin", targets: ["ModGraphPlugin"]),
        .plugin(name: "ModGraphReportPlugin", targets: ["ModGraphReportPlugin"]),
        .library(name: "ModGraphOutput", targets: ["ModGraphOutput"]),
        .library(name: "ModGraphCore", targets: ["ModGraphCore"]),
        .library(name: "ModGraphManifest", targets: ["ModGraphManifest"]),
        .library(name: "ModGraphManifestEvaluation", targets: ["ModGraphManifestEvaluation"]),
        .library(name: "ModGraphXcode", targets: ["ModGraphXcode"]),
        .library(name: "ModGraphTuist", targets: ["ModGraphTuist"]),
        .library(name: "ModGraphRepository", targets: ["ModGraphRepository"]),
        .library(name: "ModGraphWeights", targets: ["ModGraphWeights"]),
        .library(name: "ModGraphRules", targets: ["ModGraphRules"]),
        .library(name: "ModGraphPlanning", targets: ["ModGraphPlanning"]),
        .library(name: "ModGraphChanges", targets: ["ModGraphChanges"]),
        .library(name: "ModGraphDiagrams", targets: ["ModGraphDiagrams"]),
        .library(name: "ModGraphSources", targets: ["ModGraphSources"]),
        .library(name: "ModGraphReport", targets: ["ModGraphReport"]),
        // The pipeline the tool runs, for library users and plugins: load, check, schedule, report.
        .library(name: "ModGraphKit", targets: ["ModGraphKit"]),
        // ModGraphTestSupport (seeded random graphs for the property tests) is a
        // target, not a product: not for users. The benchmarks link its sources.
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        // `swift package generate-documentation --target ModGraphKit` (make docs): the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // SHA-256 (ModGraphSystem's `SHA256`) from the system: CryptoKit on Apple's platforms, OpenSSL's libcrypto
        // elsewhere (not swift-crypto, whose BoringSSL was 2 minutes of every clean build on Linux).
        .systemLibrary(name: "CLibCrypto"),
        .target(
            name: "ModGraphSystem",
            dependencies: [
                .product(name: "SystemPackage", package: "swift-system"),
                .target(name: "CLibCrypto", condition: .when(platforms: [.linux])),
            ]),
        .target(name: "ModGraphOutput"),
        .target(name: "ModGraphCore"),
        .target(name: "ModGraphManifest", dependencies: ["ModGraphCore", "ModGraphOutput", "ModGraphSystem"]),
        // What the manifest evaluator and the source checks share before they parse: a bound on the parser's recursion.
        .target(
            name: "ModGraphSyntax",
            dependencies: [
                "ModGraphSystem",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Cold loads without compiling manifests: the subset of Swift and PackageDescription that
        // declarative manifests use, evaluated on swift-syntax's tree; the rest goes to dump-package.
        .target(
            name: "ModGraphManifestEvaluation",
            dependencies: [
                "ModGraphCore",
                "ModGraphManifest",
                "ModGraphSyntax",
                "ModGraphSystem",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Xcode projects and workspaces (project.pbxproj, contents.xcworkspacedata), read without Xcode.
        .target(name: "ModGraphXcode", dependencies: ["ModGraphCore", "ModGraphSystem", "Yams"]),
        // Tuist's manifests, read as the projects `tuist generate` writes: compiled against modgraph's own
        // ProjectDescription (its source embedded here, compiled on the user's machine) and run within bounds.
        .target(
            name: "ModGraphTuist",
            dependencies: [
                "ModGraphCore", "ModGraphManifest", "ModGraphSyntax", "ModGraphSystem", "ModGraphXcode",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ],
            // ProjectDescription/ is never compiled into modgraph, whatever files it gains.
            sources: ["Compiling", "Dump", "Evaluation", "Model", "Reading"],
            resources: ProjectDescriptionFiles.names.map { .embedInCode("ProjectDescription/" + $0) }
        ),
        // Several roots, discovery, and the mixed graph of packages and Xcode projects.
        .target(
            name: "ModGraphRepository",
            dependencies: ["ModGraphCore", "ModGraphManifest", "ModGraphOutput", "ModGraphSystem", "ModGraphXcode", "ModGraphTuist"]),
        .target(name: "ModGraphWeights", dependencies: ["ModGraphCore", "ModGraphManifest", "ModGraphOutput", "ModGraphSystem"]),
        .target(name: "ModGraphRules", dependencies: ["ModGraphCore", "ModGraphOutput", "ModGraphSystem", "Yams"]),
        .target(
            name: "ModGraphPlanning",
            dependencies: ["ModGraphCore", "ModGraphOutput", .product(name: "HeapModule", package: "swift-collections")]),
        // Change selection judges the graph and compares typed manifests (ModGraphManifest) and project objects (ModGraphXcode).
        .target(
            name: "ModGraphChanges",
            dependencies: ["ModGraphCore", "ModGraphOutput", "ModGraphManifest", "ModGraphSystem", "ModGraphXcode"]),
        // Graphviz's libgvc and libcgraph, found through pkg-config; only ModGraphDiagrams uses it.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "ModGraphDiagrams", dependencies: ["ModGraphCore", "ModGraphOutput", "ModGraphSystem", "CGraphviz"]),
        .target(
            name: "ModGraphSources",
            dependencies: [
                "ModGraphCore",
                "ModGraphManifest",
                "ModGraphOutput",
                "ModGraphRules",
                "ModGraphSyntax",
                "ModGraphSystem",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // `modgraph fix`: Package.swift edited with swift-syntax as its author would, within ModGraphSyntax's bounds;
        // project.pbxproj line by line in Xcode's layout, read with ModGraphXcode's parser.
        .target(
            name: "ModGraphFix",
            dependencies: [
                "ModGraphCore",
                "ModGraphOutput",
                "ModGraphSyntax",
                "ModGraphSystem",
                "ModGraphXcode",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "ModGraphReport",
            dependencies: ["ModGraphCore", "ModGraphOutput", "ModGraphRules", "ModGraphPlanning", "ModGraphDiagrams", "ModGraphSystem"],
            // The viewer's script, a JavaScript file of its own (linted apart), compiled into the binary.
            resources: [.embedInCode("Viewer/viewer.js")]
        ),
        .target(
            name: "ModGraphKit",
            dependencies: [
                "ModGraphOutput",
                "ModGraphCore",
                "ModGraphManifest",
                "ModGraphManifestEvaluation",
                "ModGraphXcode",
                "ModGraphTuist",
                "ModGraphRepository",
                "ModGraphWeights",
                "ModGraphRules",
                "ModGraphPlanning",
                "ModGraphChanges",
                "ModGraphDiagrams",
                "ModGraphSources",
                "ModGraphFix",
                "ModGraphReport",
                "ModGraphSystem",
            ]
        ),
        .target(
            name: "ModGraphCLI",
            // Flags to requests: the CLI sees the use cases and the escaping of what it prints, nothing below.
            dependencies: [
                "ModGraphKit",
                "ModGraphOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "modgraph", dependencies: ["ModGraphCLI"]),
        .plugin(
            name: "ModGraphPlugin",
            capability: .command(
                intent: .custom(verb: "modgraph", description: "Run modgraph (check, graph, schedule, affected, diff) on this package")),
            dependencies: ["modgraph"]
        ),
        .plugin(
            name: "ModGraphReportPlugin",
            capability: .command(
                intent: .custom(
                    verb: "modgraph-report", description: "Write modgraph's report of this package into its modgraph-report folder"),
                permissions: [.writeToPackageDirectory(reason: "modgraph report writes the report's files into the package folder")]
            ),
            dependencies: ["modgraph"]
        ),

        // Seeded random graphs shared by the property tests and the benchmarks.
        .target(name: "ModGraphTestSupport", dependencies: ["ModGraphCore"], path: "Tests/ModGraphTestSupport"),
        .testTarget(name: "ModGraphOutputTests", dependencies: ["ModGraphOutput", "ModGraphTestSupport"]),
        .testTarget(name: "ModGraphCoreTests", dependencies: ["ModGraphCore", "ModGraphTestSupport"]),
        // The platform's primitives: locks, file status and creation, processes, the core count.
        .testTarget(
            name: "ModGraphSystemTests", dependencies: ["ModGraphSystem", .product(name: "SystemPackage", package: "swift-system")]),
        // Xcode projects read alone, then joined with packages by ModGraphRepository (Repository/).
        .testTarget(
            name: "ModGraphXcodeTests",
            dependencies: [
                "ModGraphXcode", "ModGraphRepository", "ModGraphManifest", "ModGraphCore", "ModGraphOutput", "ModGraphTestSupport",
            ]),
        // Tuist manifests' JSON read into projects, by hand-worked answers (the compiled path runs in ModGraphCLITests).
        .testTarget(name: "ModGraphTuistTests", dependencies: ["ModGraphTuist", "ModGraphXcode", "ModGraphTestSupport"]),
        .testTarget(
            name: "ModGraphManifestTests", dependencies: ["ModGraphManifest", "ModGraphCore", "ModGraphSystem", "ModGraphTestSupport"]),
        // Each supported construct evaluated and compared with a real dump-package of the same manifest.
        .testTarget(
            name: "ModGraphManifestEvaluationTests",
            dependencies: ["ModGraphManifestEvaluation", "ModGraphManifest", "ModGraphCore", "ModGraphSystem"]),
        .testTarget(name: "ModGraphRulesTests", dependencies: ["ModGraphRules", "ModGraphCore", "ModGraphTestSupport"]),
        .testTarget(
            name: "ModGraphChangesTests",
            // Manifest changes are read both ways, evaluated and dumped.
            dependencies: [
                "ModGraphChanges", "ModGraphCore", "ModGraphOutput", "ModGraphManifest", "ModGraphManifestEvaluation",
                "ModGraphTestSupport",
            ]),
        // Package.swift edits with hand-written expected texts, and the diffs that show them.
        .testTarget(name: "ModGraphFixTests", dependencies: ["ModGraphFix", "ModGraphCore", "ModGraphXcode"]),
        .testTarget(name: "ModGraphPlanningTests", dependencies: ["ModGraphPlanning", "ModGraphCore", "ModGraphTestSupport"]),
        .testTarget(
            name: "ModGraphWeightsTests", dependencies: ["ModGraphWeights", "ModGraphCore", "ModGraphManifest", "ModGraphTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ModGraphFormatsTests",
            // Diagrams, schedule formats, the report and its viewer on small hand-made graphs, against golden files.
            dependencies: [
                "ModGraphDiagrams", "ModGraphPlanning", "ModGraphReport", "ModGraphRules", "ModGraphCore", "ModGraphOutput",
                "ModGraphSystem", "ModGraphTestSupport",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "ModGraphSourcesTests",
            dependencies: [
                "ModGraphSources", "ModGraphRules", "ModGraphCore", "ModGraphManifest", "ModGraphSyntax", "ModGraphSystem",
                "ModGraphTestSupport",
                // The tree's real depth, walked without recursion, against what the token scan measures.
                .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .testTarget(
            name: "ModGraphCLITests",
            // Runs the built executable, as users do; the progress bar, loading
            // options and the report folder's writing are also tested in-process.
            dependencies: [
                "modgraph", "ModGraphCLI", "ModGraphCore", "ModGraphKit", "ModGraphManifest", "ModGraphOutput", "ModGraphWeights",
                "ModGraphSystem",
                "ModGraphTestSupport",
            ],
            exclude: ["Golden"]
        ),
    ]
)

/// The files of modgraph's ProjectDescription (Sources/ModGraphTuist/ProjectDescription), embedded as text:
/// they are compiled on the user's machine with the manifests, never as part of modgraph (the target's
/// `sources:` leave the folder out). ProjectDescriptionSource lists them for the code; a test checks that
/// both lists name every file of the folder.
enum ProjectDescriptionFiles {
    static let names = [
        "BuildPhases.swift",
        "Config.swift",
        "Dependencies.swift",
        "Files.swift",
        "Manifests.swift",
        "Scheme.swift",
        "Settings.swift",
        "Target.swift",
    ]
}
