import Testing
import ModGraphCore
@testable import ModGraphManifest

/// One test per shape that real manifests produce, each from a manifest the
/// test writes and the real `swift package dump-package` turns into JSON.
@Suite("dump-package shapes")
struct DumpShapeTests {
    @Test func everyTargetType() throws {
        let manifest = try dump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            import CompilerPluginSupport
            let package = Package(
                name: "Kinds",
                dependencies: [.package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0")],
                targets: [
                    .target(name: "Lib"),
                    .executableTarget(name: "Tool"),
                    .testTarget(name: "LibTests", dependencies: ["Lib"]),
                    .macro(name: "Macros", dependencies: [.product(name: "SwiftSyntaxMacros", package: "swift-syntax")]),
                    .plugin(name: "Gen", capability: .buildTool()),
                    .binaryTarget(name: "Blob", path: "Blob.xcframework"),
                    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
                ]
            )
            """)
        let types = Dictionary(uniqueKeysWithValues: manifest.targets.map { ($0.name, $0.type) })
        #expect(
            types == [
                "Lib": .regular, "Tool": .executable, "LibTests": .test, "Macros": .macro,
                "Gen": .plugin, "Blob": .binary, "CZlib": .system,
            ])
        #expect(manifest.name == "Kinds")
        #expect(manifest.toolsVersion == ToolsVersion(major: 5, minor: 9))
        #expect(manifest.targets.first { $0.name == "Blob" }?.path == "Blob.xcframework")
    }

    @Test func byNameTargetAndProductDependenciesWithConditions() throws {
        let manifest = try dump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Deps",
                dependencies: [.package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")],
                targets: [
                    .target(name: "Base"),
                    .target(name: "Mid"),
                    .target(name: "Top", dependencies: [
                        "Base",
                        .target(name: "Mid", condition: .when(platforms: [.linux, .macOS])),
                        .product(name: "ArgumentParser", package: "swift-argument-parser"),
                        .product(name: "ArgumentParser", package: "swift-argument-parser", moduleAliases: ["ArgumentParser": "AP"], condition: .when(platforms: [.iOS])),
                        .byName(name: "Base", condition: .when(platforms: [.windows])),
                    ]),
                ]
            )
            """)
        let top = try #require(manifest.targets.first { $0.name == "Top" })
        #expect(
            top.dependencies == [
                .byName("Base", condition: nil),
                .target("Mid", condition: Condition(platforms: ["linux", "macos"])),
                .product("ArgumentParser", package: "swift-argument-parser", condition: nil),
                .product("ArgumentParser", package: "swift-argument-parser", condition: Condition(platforms: ["ios"])),
                .byName("Base", condition: Condition(platforms: ["windows"])),
            ])
    }

    @Test func traitConditions() throws {
        let manifest = try dump(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "Traits",
                traits: [.default(enabledTraits: ["Fast"]), "Fast", "Slow"],
                targets: [
                    .target(name: "Engine"),
                    .target(name: "App", dependencies: [
                        .target(name: "Engine", condition: .when(traits: ["Slow"])),
                        .target(name: "Engine", condition: .when(platforms: [.linux], traits: ["Fast"])),
                    ]),
                ]
            )
            """)
        let app = try #require(manifest.targets.first { $0.name == "App" })
        #expect(
            app.dependencies == [
                .target("Engine", condition: Condition(traits: ["Slow"])),
                .target("Engine", condition: Condition(platforms: ["linux"], traits: ["Fast"])),
            ])
        // The declared traits, with the pseudo-trait `default` naming the default set.
        #expect(
            manifest.traits.sorted { $0.name < $1.name } == [
                PackageTrait(name: "Fast"), PackageTrait(name: "Slow"), PackageTrait(name: "default", enabledTraits: ["Fast"]),
            ])
    }

    @Test func traitsEnabledInDependencies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.package(
            "Engine",
            manifest: """
                // swift-tools-version: 6.1
                import PackageDescription
                let package = Package(name: "Engine", products: [.library(name: "Engine", targets: ["Engine"])],
                                      traits: ["Turbo"], targets: [.target(name: "Engine")])
                """, sources: ["Sources/Engine"])
        let root = try folder.package(
            "App",
            manifest: """
                // swift-tools-version: 6.1
                import PackageDescription
                let package = Package(name: "App", traits: ["Fast"],
                    dependencies: [
                        .package(path: "../Engine", traits: [.trait(name: "Turbo", condition: .when(traits: ["Fast"])), .defaults]),
                        .package(url: "https://github.com/apple/swift-log", from: "1.0.0", traits: []),
                        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
                    ],
                    targets: [.target(name: "App")])
                """)
        let manifest = try dumper.manifest(forPackageAt: root)
        // nil: the entry does not say, so the dependency's defaults apply; [] turns them off.
        // Manifests hold them in a set, so dumps list them in any order.
        #expect(
            manifest.dependencies.map { $0.traits?.sorted { $0.name < $1.name } } == [
                [DependencyTrait(name: "Turbo", whenTraits: ["Fast"]), DependencyTrait(name: "default")],
                [],
                [DependencyTrait(name: "default")],
            ])
    }

    @Test func packageDependencyKinds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.package(
            "Sibling",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Sibling")
                """)
        let directory = try folder.package(
            "Root",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(
                    name: "Root",
                    dependencies: [
                        .package(url: "https://github.com/apple/swift-collections.git", exact: "1.1.0"),
                        .package(url: "https://github.com/jpsim/Yams", branch: "main"),
                        .package(name: "Renamed", path: "../Sibling"),
                        .package(id: "mona.LinkedList", from: "1.0.0"),
                    ],
                    targets: []
                )
                """)
        let manifest = try dumper.manifest(forPackageAt: directory)
        #expect(manifest.dependencies.map(\.kind) == [.sourceControl, .sourceControl, .fileSystem, .registry])
        #expect(manifest.dependencies.map(\.identity.rawValue) == ["swift-collections", "yams", "sibling", "mona.linkedlist"])
        #expect(manifest.dependencies[0].location == "https://github.com/apple/swift-collections.git")
        #expect(manifest.dependencies[2].explicitName == "Renamed")
        #expect(manifest.dependencies[2].isNamed("renamed") && manifest.dependencies[2].isNamed("Sibling"))
        #expect(manifest.packageDirectory == directory)
    }

    @Test func productTypesAndPluginUsages() throws {
        let manifest = try dump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Products",
                products: [
                    .library(name: "Auto", targets: ["Lib"]),
                    .library(name: "Static", type: .static, targets: ["Lib"]),
                    .library(name: "Dynamic", type: .dynamic, targets: ["Lib", "Other"]),
                    .executable(name: "tool", targets: ["Tool"]),
                    .plugin(name: "GenPlugin", targets: ["Gen"]),
                ],
                targets: [
                    .target(name: "Lib", plugins: ["Gen", .plugin(name: "Lint", package: "linter")]),
                    .target(name: "Other"),
                    .executableTarget(name: "Tool"),
                    .plugin(name: "Gen", capability: .buildTool()),
                ]
            )
            """)
        #expect(manifest.products.map(\.type) == ["library", "library (static)", "library (dynamic)", "executable", "plugin"])
        #expect(manifest.products[2].targets == ["Lib", "Other"])
        let lib = try #require(manifest.targets.first { $0.name == "Lib" })
        #expect(lib.pluginUsages == [PluginUsage(name: "Gen", package: nil), PluginUsage(name: "Lint", package: "linter")])
    }

    @Test func customPathsSourcesAndExcludes() throws {
        let manifest = try dump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Paths",
                targets: [.target(name: "Lib", path: "Code/Lib", exclude: ["Old"], sources: ["A.swift", "B"])]
            )
            """)
        let lib = try #require(manifest.targets.first)
        #expect(lib.path == "Code/Lib")
        #expect(lib.exclude == ["Old"])
        #expect(lib.sources == ["A.swift", "B"])
    }

    @Test func toolsVersionsCompareNumerically() throws {
        let manifest = try dump(
            """
            // swift-tools-version: 5.10
            import PackageDescription
            let package = Package(name: "Ten")
            """)
        let version = try #require(manifest.toolsVersion)
        #expect(version == ToolsVersion(major: 5, minor: 10))
        #expect(version > ToolsVersion(major: 5, minor: 2))
        #expect(manifest.targets.isEmpty)
    }

    @Test func toolsVersionPicksTheNewestVariantManifest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = try folder.package(
            "Variants",
            manifest: """
                // swift-tools-version: 5.9
                import PackageDescription
                let package = Package(name: "Variants", targets: [.target(name: "Old")])
                """)
        try folder.write(
            "Variants/Package@swift-6.0.swift",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Variants", targets: [.target(name: "New")])
            """)
        let manifest = try dumper.manifest(forPackageAt: directory)
        #expect(manifest.targets.map(\.name) == ["New"])
    }
}
