import Testing
import ModGraphCore
import ModGraphManifest
@testable import ModGraphManifestEvaluation

/// One test per construct the evaluator supports, each against a real
/// `swift package dump-package` of the manifest the test writes.
@Suite("manifests evaluated from their syntax tree, against dump-package")
struct SupportedConstructTests {
    @Test func everyTargetKind() throws {
        let manifest = try expectSameAsDump(
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
                    .plugin(name: "Format", capability: .command(intent: .sourceCodeFormatting(), permissions: [.writeToPackageDirectory(reason: "format")])),
                    .binaryTarget(name: "Blob", path: "Blob.xcframework"),
                    .binaryTarget(name: "Remote", url: "https://example.com/Remote.zip", checksum: "abc"),
                    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
                ]
            )
            """)
        #expect(manifest.targets.map(\.type) == [.regular, .executable, .test, .macro, .plugin, .plugin, .binary, .binary, .system])
    }

    @Test func productKinds() throws {
        try expectSameAsDump(
            """
            // swift-tools-version:5.7
            import PackageDescription
            let package = Package(
                name: "Products",
                products: [
                    .library(name: "Auto", targets: ["A"]),
                    .library(name: "Static", type: .static, targets: ["A", "B"]),
                    .library(name: "Dynamic", type: .dynamic, targets: ["B"]),
                    .executable(name: "tool", targets: ["Tool"]),
                    .plugin(name: "Gen", targets: ["Gen"]),
                ],
                targets: [
                    .target(name: "A"), .target(name: "B"), .executableTarget(name: "Tool"),
                    .plugin(name: "Gen", capability: .buildTool()),
                ]
            )
            """)
    }

    @Test func dependencyKindsAndRequirements() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Deps",
                dependencies: [
                    .package(path: "../Sibling/./Nested/.."),
                    .package(name: "Named", path: "/tmp/elsewhere/named-package/"),
                    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
                    .package(url: "https://github.com/apple/swift-nio", branch: "main"),
                    .package(url: "https://github.com/apple/swift-collections.git/", revision: "abc123"),
                    .package(url: "https://github.com/apple/swift-algorithms", exact: "1.2.0"),
                    .package(url: "https://github.com/apple/swift-numerics", "1.0.0"..<"2.0.0"),
                    .package(url: "https://github.com/apple/swift-system", "1.0.0"..."1.4.0"),
                    .package(url: "https://github.com/apple/swift-atomics", .upToNextMinor(from: "1.2.0")),
                    .package(url: "https://github.com/apple/Swift-Argument-Parser", .upToNextMajor(from: "1.0.0")),
                    .package(url: "https://github.com/jpsim/Yams", .exact("6.0.0")),
                    .package(id: "mona.linkedlist", from: "1.0.0"),
                ],
                targets: [
                    .target(name: "App", dependencies: [
                        .product(name: "Logging", package: "swift-log"),
                        .product(name: "ArgumentParser", package: "swift-argument-parser"),
                        .product(name: "Named", package: "Named"),
                        .product(name: "LinkedList", package: "mona.linkedlist"),
                    ]),
                ]
            )
            """)
        #expect(
            manifest.dependencies.map(\.identity.rawValue) == [
                "sibling", "named-package", "swift-log", "swift-nio", "swift-collections", "swift-algorithms", "swift-numerics",
                "swift-system", "swift-atomics", "swift-argument-parser", "yams", "mona.linkedlist",
            ])
    }

    @Test func targetDependencyFormsAndPlatformConditions() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Forms",
                dependencies: [.package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")],
                targets: [
                    .target(name: "Base"),
                    .target(name: "Mid"),
                    .target(name: "Top", dependencies: [
                        "Base",
                        .target(name: "Mid", condition: .when(platforms: [.linux, .macOS, .macCatalyst])),
                        .product(name: "ArgumentParser", package: "swift-argument-parser"),
                        .product(name: "ArgumentParser", package: "Swift-Argument-Parser", condition: .when(platforms: [.iOS, .visionOS])),
                        .byName(name: "Base", condition: .when(platforms: [.windows, .android, .wasi, .openbsd, .custom("Haiku")])),
                        .byName(name: "Undeclared"),
                    ]),
                ]
            )
            """)
    }

    @Test func traitsOfThePackageAndOfItsDependencies() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "Traits",
                traits: [
                    .default(enabledTraits: ["Fast", "Logging"]),
                    "Fast",
                    .trait(name: "Logging", description: "Logs"),
                    .trait(name: "Everything", enabledTraits: ["Fast", "Logging"]),
                ],
                dependencies: [
                    .package(url: "https://github.com/apple/swift-log", from: "1.0.0", traits: [
                        "Lean", .defaults, .trait(name: "Verbose", condition: .when(traits: ["Logging"])),
                    ]),
                    .package(path: "../Local", traits: []),
                    .package(name: "Other", path: "../Other", traits: ["A"]),
                ],
                targets: [
                    .target(name: "Engine"),
                    .target(name: "App", dependencies: [
                        .target(name: "Engine", condition: .when(traits: ["Fast"])),
                        .target(name: "Engine", condition: .when(platforms: [.linux], traits: ["Fast", "Logging"])),
                        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
                    ]),
                ]
            )
            """)
    }

    @Test func constantsInterpolationAndConcatenation() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 5.10
            import PackageDescription

            let name = "Core"
            let testName = "\\(name)Tests"
            let common: [Target.Dependency] = ["Shared", .product(name: "Logging", package: "swift-log")]
            let settings: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
            let excluded = ["README.md", "Docs"]

            let package = Package(
                name: "Constants",
                products: [.library(name: name, targets: [name])],
                dependencies: [.package(url: "https://github.com/apple/swift-log", from: "1.0.0")],
                targets: [
                    .target(name: "Shared"),
                    .target(name: name, dependencies: common + ["Extra"] + [], exclude: excluded, swiftSettings: settings + [.define("CORE")]),
                    .target(name: "Extra"),
                    .testTarget(name: testName, dependencies: [.target(name: name)] + common),
                ]
            )
            """)
    }

    @Test func mutationsAfterThePackage() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            var targets: [Target] = [.target(name: "A")]
            targets.append(.target(name: "B", dependencies: ["A"]))
            targets += [.testTarget(name: "ATests", dependencies: ["A"])]
            var products = [Product.library(name: "A", targets: ["A"])]
            products.append(contentsOf: [.library(name: "B", targets: ["B"])])

            let package = Package(name: "Mutations", products: products, targets: targets)

            package.targets.append(.executableTarget(name: "Tool", dependencies: ["B"]))
            package.targets += [.target(name: "C")]
            package.dependencies += [.package(url: "https://github.com/apple/swift-log", from: "1.0.0")]
            package.dependencies.append(.package(path: "../Local"))
            package.products.append(.executable(name: "tool", targets: ["Tool"]))
            package.platforms = [.macOS(.v13), .iOS("16.0")]
            package.swiftLanguageVersions = [.v5]
            """)
        #expect(manifest.targets.map(\.name) == ["A", "B", "ATests", "Tool", "C"])
    }

    @Test func conditionalCompilationOnTheHost() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            var dependencies: [Target.Dependency] = ["Base"]
            #if os(Linux)
            dependencies.append("LinuxOnly")
            #elseif os(macOS) || os(iOS)
            dependencies.append("AppleOnly")
            #else
            dependencies.append("Other")
            #endif
            #if !os(Windows) && (arch(x86_64) || arch(arm64))
            dependencies += ["Desktop"]
            #endif
            #if compiler(>=5.9)
            let modern = true
            #else
            let modern = false
            #endif
            #if compiler(<5.0)
            dependencies.append("Ancient")
            #endif
            #if false
            let unread = ProcessInfo.processInfo.environment["NOT_EVALUATED"]
            #endif
            // As Tuist's `Tuist/Package.swift` is written: Tuist defines TUIST, SwiftPM does not.
            #if TUIST
                import struct ProjectDescription.PackageSettings
                let packageSettings = PackageSettings(productTypes: ["Alamofire": .framework])
                dependencies.append("TuistOnly")
            #endif
            #if !TUIST
            dependencies.append("SwiftPMOnly")
            #endif

            let package = Package(
                name: "Conditional",
                targets: [
                    .target(name: "Base"), .target(name: "LinuxOnly"), .target(name: "AppleOnly"), .target(name: "Other"),
                    .target(name: "Desktop"), .target(name: "Ancient"), .target(name: "TuistOnly"), .target(name: "SwiftPMOnly"),
                    .target(name: "App", dependencies: dependencies),
                ]
            )
            #if os(Linux)
            package.targets.append(.target(name: "Linux"))
            #endif
            """)
        #expect(manifest.targets.last?.name == "Linux")
    }

    @Test func settingsPlatformsAndLanguages() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            import Foundation

            let package = Package(
                name: "Settings",
                defaultLocalization: "en",
                platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1), .macCatalyst(.v16), .driverKit("22.0")],
                products: [.library(name: "Lib", targets: ["Lib"])],
                targets: [
                    .target(
                        name: "Lib",
                        cSettings: [.headerSearchPath("include"), .define("A", to: "1"), .define("B", .when(platforms: [.linux]))],
                        cxxSettings: [.unsafeFlags(["-O2"], .when(configuration: .release))],
                        swiftSettings: [
                            .define("DEBUG_LOG", .when(configuration: .debug)),
                            .enableUpcomingFeature("StrictConcurrency"),
                            .enableExperimentalFeature("AccessLevelOnImport"),
                            .interoperabilityMode(.Cxx),
                            .swiftLanguageMode(.v5),
                            .unsafeFlags(["-warnings-as-errors"], .when(platforms: [.macOS], configuration: .release)),
                        ],
                        linkerSettings: [.linkedLibrary("z", .when(platforms: [.linux])), .linkedFramework("Foundation")]
                    ),
                ],
                swiftLanguageModes: [.v5, .v6, .version("6")],
                cLanguageStandard: .c11,
                cxxLanguageStandard: .cxx17
            )
            """)
    }

    @Test func pathsResourcesAndPluginUsages() throws {
        try expectSameAsDump(
            """
            // swift-tools-version:5.6
            import PackageDescription
            let package = Package(
                name: "Files",
                dependencies: [.package(url: "https://github.com/apple/swift-docc-plugin", from: "1.0.0")],
                targets: [
                    .target(
                        name: "Lib",
                        path: "Sources/Library",
                        exclude: ["Old", "notes.txt"],
                        sources: ["Main", "Extra/File.swift"],
                        resources: [.process("Resources/"), .copy("./Data"), .process("Strings", localization: .default)],
                        publicHeadersPath: "include",
                        plugins: ["Gen", .plugin(name: "Other", package: "swift-docc-plugin"), .plugin(name: "Local")]
                    ),
                    .plugin(name: "Gen", capability: .buildTool()),
                ]
            )
            """)
    }

    @Test func toolsVersionLineForms() throws {
        for line in [
            "// swift-tools-version:5.3", "// swift-tools-version:5.5.0", "// swift-tools-version: 5.8", "// swift-tools-version: 6.0.0",
        ] {
            let manifest = try expectSameAsDump(
                line + """

                    import PackageDescription
                    let package = Package(name: "Version", targets: [.target(name: "A")])
                    """)
            #expect(manifest.toolsVersion?.major ?? 0 >= 5)
        }
    }

    @Test func explicitTypeNamesAndVersionValues() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let logging = Package.Dependency.package(url: "https://github.com/apple/swift-log", from: Version(1, 4, 0))
            let target = Target.target(name: "A", dependencies: [Target.Dependency.product(name: "Logging", package: "swift-log")])
            let package = Package(
                name: "Explicit",
                products: [Product.library(name: "A", targets: ["A"])],
                dependencies: [logging],
                targets: [target, Target.testTarget(name: "ATests", dependencies: ["A"])]
            )
            """)
    }

    @Test func computedVariablesUsedBeforeTheirDeclaration() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Computed",
                targets: [.target(name: "A", dependencies: shared, swiftSettings: swiftSettings), .target(name: "B")]
            )
            var swiftSettings: [SwiftSetting] { [.enableUpcomingFeature("ExistentialAny")] }
            var shared: [Target.Dependency] {
                return ["B"]
            }
            """)
    }

    @Test func qualifiedTypeNames() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let atomics: PackageDescription.Target.Dependency = .product(name: "Atomics", package: "swift-atomics")
            let package = Package(
                name: "Qualified",
                dependencies: [.package(url: "https://github.com/apple/swift-atomics.git", from: "1.0.0")],
                targets: [PackageDescription.Target.target(name: "A", dependencies: [atomics])]
            )
            """)
    }

    /// With `Package@swift-*.swift` files, the one SwiftPM picks is evaluated.
    @Test(arguments: [
        // A newer tools-version in the newest file not newer than the toolchain: it wins.
        ["Package@swift-5.9.swift": "5.9", "Package@swift-6.0.swift": "6.0", "Package@swift-99.swift": "6.0"],
        // Not newer than Package.swift's: Package.swift wins.
        ["Package@swift-5.8.swift": "5.5"],
        // Named for the toolchain's major version: it wins outright.
        ["Package@swift-6.swift": "5.10", "Package@swift-6.0.swift": "6.0"],
    ])
    func versionSpecificManifests(_ variants: [String: String]) throws {
        func manifest(_ version: String, _ name: String) -> String {
            "// swift-tools-version:\(version)\nimport PackageDescription\nlet package = Package(name: \"\(name)\", targets: [.target(name: \"T\")])\n"
        }
        var files: [String: String] = [:]
        for (file, version) in variants { files[file] = manifest(version, file) }
        let evaluated = try expectSameAsDump(manifest("5.7", "Package.swift"), besides: files)
        #expect(!evaluated.name.isEmpty)
    }

    /// A loop that only adds settings: checked, and the manifest is otherwise unchanged.
    @Test func loopsThatOnlyAddBuildSettings() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Loops",
                targets: [
                    .target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"]),
                    .plugin(name: "P", capability: .buildTool()),
                    .systemLibrary(name: "CSys"),
                ]
            )
            for target in package.targets where target.type != .plugin && target.type != .system {
                var settings = target.swiftSettings ?? []
                settings.append(.enableUpcomingFeature("ExistentialAny"))
                settings += [.define("LOOP")]
                target.swiftSettings = settings
            }
            for target in package.targets {
                switch target.type {
                case .regular, .test, .executable:
                    var settings = target.swiftSettings ?? []
                    settings.append(contentsOf: [.enableUpcomingFeature("MemberImportVisibility")])
                    target.swiftSettings = settings
                case .macro, .plugin, .system, .binary:
                    ()
                @unknown default:
                    ()
                }
            }
            for target in package.targets where [.regular, .executable].contains(target.type) {
                var linker = target.linkerSettings ?? []
                linker.append(.linkedLibrary("m", .when(platforms: [.linux])))
                target.linkerSettings = linker
            }
            """)
    }

    @Test func traitsWithoutADefaultSet() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "NoDefault", traits: ["A", .trait(name: "B", enabledTraits: ["A"])], targets: [.target(name: "T")])
            """)
    }

    @Test func settingsOfToolsVersion6_2() throws {
        try expectSameAsDump(
            """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(
                name: "Newest",
                platforms: [.iOS(.v26), .macOS(.v26)],
                targets: [
                    .target(
                        name: "UI",
                        cSettings: [.treatAllWarnings(as: .error), .enableWarning("shadow")],
                        swiftSettings: [
                            .defaultIsolation(MainActor.self), .strictMemorySafety(),
                            .treatWarning("DeprecatedDeclaration", as: .warning), .swiftLanguageMode(.v6),
                        ]
                    ),
                    .target(name: "Core", swiftSettings: [.defaultIsolation(nil)]),
                ]
            )
            """)
    }

    /// Tools-versions 5.0 to 5.2: no conditions, resources or `.executableTarget` yet, and before 5.2 `package:` optional.
    @Test(arguments: ["5.0", "5.1"])
    func toolsVersionsBeforeConditions(_ version: String) throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version:\(version)
            import PackageDescription
            let package = Package(
                name: "Old",
                platforms: [.macOS(.v10_14), .iOS(.v12)],
                products: [.library(name: "Old", targets: ["Old"]), .executable(name: "tool", targets: ["Tool"])],
                dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.0.0"), .package(path: "../Local")],
                targets: [
                    .target(name: "Old", dependencies: ["Base", .target(name: "Base"), .byName(name: "Base"),
                                                        .product(name: "Logging", package: "swift-log"), .product(name: "Local")],
                            cSettings: [.define("OLD")]),
                    .target(name: "Base"),
                    .target(name: "Tool", dependencies: ["Old"]),
                    .testTarget(name: "OldTests", dependencies: ["Old"]),
                ],
                swiftLanguageVersions: [.v4_2, .v5]
            )
            """)
        #expect(manifest.targets.first?.dependencies.last == .product("Local", package: nil, condition: nil))
    }

    @Test func toolsVersion5_2RequiresThePackageOfAProduct() throws {
        try expectSameAsDump(
            """
            // swift-tools-version:5.2
            import PackageDescription
            let package = Package(
                name: "Named",
                dependencies: [.package(name: "Logging", url: "https://github.com/apple/swift-log.git", from: "1.0.0")],
                targets: [.target(name: "A", dependencies: [.product(name: "Logging", package: "Logging")])]
            )
            """)
        try expectFallback(
            "// swift-tools-version:5.2\nimport PackageDescription\n"
                + "let package = Package(name: \"N\", targets: [.target(name: \"A\", dependencies: [.product(name: \"X\")])])\n",
            reason: "unknown API or arguments")
    }

    @Test func ifStatementsOnBooleanConstants() throws {
        let manifest = try expectSameAsDump(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let strict = false
            let experimental = true
            var swiftSettings: [SwiftSetting] = []
            var extra: [Target] = []
            if strict {
                swiftSettings.append(.unsafeFlags(["-warnings-as-errors"]))
            } else if experimental && !strict {
                let name = "Experimental"
                extra.append(.target(name: name))
            } else {
                extra.append(.target(name: "Never"))
            }
            if strict || experimental {
                swiftSettings += [.define("EITHER")]
            }
            let name = "Main"
            let excluded: [String] = strict ? [] : ["Private.txt"]
            let package = Package(name: "Ifs", targets: [.target(name: name, exclude: experimental ? excluded : [], swiftSettings: swiftSettings)] + extra)
            """)
        #expect(manifest.targets.map(\.name) == ["Main", "Experimental"])
    }

    /// `swift(...)` compares with the language mode the manifest is compiled in.
    @Test(arguments: ["5.9", "6.0"])
    func swiftAndCanImportConditions(_ version: String) throws {
        try expectSameAsDump(
            """
            // swift-tools-version: \(version)
            import PackageDescription
            var names: [String] = ["Base"]
            #if swift(>=5.10)
            names += ["S5_10"]
            #endif
            #if swift(>=5.11)
            names += ["S5_11"]
            #endif
            #if swift(>=6.0) && compiler(>=6.0)
            names += ["S6"]
            #endif
            #if swift(<6.0)
            names += ["Below6"]
            #endif
            #if canImport(Darwin)
            names += ["Darwin"]
            #endif
            #if !canImport(Darwin)
            names += ["NotDarwin"]
            #endif
            let package = Package(name: "Swift", products: [.library(name: "L", targets: names)], targets: [
                .target(name: "Base"), .target(name: "S5_10"), .target(name: "S5_11"), .target(name: "S6"),
                .target(name: "Below6"), .target(name: "Darwin"), .target(name: "NotDarwin"),
            ])
            """)
    }
}
