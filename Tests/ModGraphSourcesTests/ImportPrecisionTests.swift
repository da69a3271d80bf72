import ModGraphCore
import ModGraphTestSupport
import Testing
@testable import ModGraphSources

/// Import checks that hold on app code (issue #34): each shape was seen in a public app, and each
/// finding here was false (or missing) before.
@Suite("import checks on app code")
struct ImportPrecisionTests {
    private let yaml = "sources:\n  undeclaredImports: error\n  unusedDependencies: error\n"

    /// A module of the graph named like an SDK module (`Network`) is what an import of that name
    /// means when the target reaches it: declared, it is used; reached through another, it is undeclared.
    @Test func aModuleOfTheGraphNamedLikeAnSDKModuleIsTheOneImported() throws {
        #expect(try run(graph("App -> Network"), yaml, [id("App"): files("App", ["A.swift": "import Network\nlet a = 1\n"])]) == [])
        let reached = MarkedText("import Feature\n1️⃣import Network\n")
        #expect(
            try run(graph("App -> Feature, Feature -> Network"), yaml, [id("App"): files("App", ["A.swift": reached.text])])
                == [
                    "undeclared-import: App imports Network without declaring it; it builds only because Feature → Network brings it in. In Package.swift, add \"Network\" to the dependencies of target \"App\" @ App/A.swift:\(reached.place("1️⃣"))"
                ])
        // A target that does not reach the graph's Network means the SDK's.
        #expect(
            try run(graph("App -> Feature", types: ["Network": .regular]), yaml, [id("App"): files("App", ["A.swift": "import Feature\nimport Network\n"])])
                == [])
    }

    /// An import under `#if os(tvOS)` in a target built for iOS only is never compiled: charged to nothing.
    @Test func anImportForAPlatformTheTargetIsNotBuiltForIsNotCharged() throws {
        let text = "#if os(tvOS)\nimport TVKit\n#endif\nlet a = 1\n"
        let iOSOnly = graph("App -> Core", types: ["TVKit": .framework], platforms: ["App": ["ios"]])
        #expect(try run(iOSOnly, yaml, [id("App"): files("App", ["A.swift": "import Core\n" + text])]) == [])
        // Built for tvOS too, it is an undeclared import there.
        let both = graph("App -> Core", types: ["TVKit": .framework], platforms: ["App": ["ios", "tvos"]])
        #expect(try run(both, yaml, [id("App"): files("App", ["A.swift": "import Core\n" + text])]).count == 1)
    }

    /// `sources.tests` sets the levels for test targets (issue #49): their transitive imports are a
    /// note here while the product's stay errors; a level it leaves out is the one above; and
    /// `note` is a note (it was an error before).
    @Test func testTargetsHaveTheirOwnLevels() throws {
        let graph = graph("App -> Feature, Feature -> Kit, AppTests -> App", types: ["AppTests": .test])
        let scanned = [
            id("App"): files("App", ["A.swift": "import Feature\nimport Kit\n"]),
            id("AppTests"): files("AppTests", ["T.swift": "import App\nimport Kit\n"]),
        ]
        let levels = try run(graph, yaml + "  tests: {undeclaredImports: note}\n", scanned).map { $0.prefix(32) }
        #expect(levels == ["undeclared-import: App imports K", "note undeclared-import: AppTests"], "\(levels)")
        let ignored = try run(graph, yaml + "  tests:\n    undeclaredImports: ignore\n    unusedDependencies: ignore\n", scanned)
        #expect(ignored.count == 1 && ignored[0].hasPrefix("undeclared-import: App imports Kit"), "\(ignored)")
        let notes = try run(graph, "sources:\n  undeclaredImports: note\n", scanned)
        #expect(notes.allSatisfy { $0.hasPrefix("note undeclared-import") } && notes.count == 2, "\(notes)")
    }

    /// A framework an Xcode target embeds (*Embed Frameworks*) is bundled on purpose, for its extensions
    /// or plugins, imported or not: never an unused dependency (issue #49, NetNewsWire's SyncDatabase).
    @Test func anEmbeddedFrameworkIsNeverUnused() throws {
        let graph = graph("App -> Kit, App -> Core")
        let scanned = [id("App"): files("App", ["A.swift": "import Core\n"])]
        #expect(try run(graph, yaml, scanned).count == 1)
        var checker = SourceChecker(settings: try settings(yaml))
        checker.embedded = [id("App"): [id("Kit")]]
        #expect(checker.findings(graph, scanned: scanned, folders: [id("App"): "/src/App"]).isEmpty)
    }

    /// The `#else` of `#if !WITH_USB` reads `WITH_USB`, not `!!WITH_USB` (issue #49, UTM).
    @Test func aDoubleNegationReadsAsItsCondition() {
        let condition = BuildCondition.not(.not(.check(name: "WITH_USB", argument: nil)))
        #expect(condition.description == "WITH_USB")
        #expect(BuildCondition.and(.not(.not(.check(name: "A", argument: nil))), .check(name: "B", argument: nil)).description == "A && B")
    }

    /// An optional import's note offers only a provider built for a platform the target is built
    /// for (issue #49: a watchOS extension was told to add an iOS-only framework).
    @Test func anOptionalImportsNoteNeedsAProviderForTheTargetsPlatforms() throws {
        let text = "import Core\n#if canImport(PhoneKit)\nimport PhoneKit\n#endif\n"
        let watchOnly = graph("Watch -> Core", types: ["PhoneKit": .framework], platforms: ["Watch": ["watchos"], "PhoneKit": ["ios"]])
        #expect(try run(watchOnly, yaml, [id("Watch"): files("Watch", ["W.swift": text])]) == [])
        // A provider built for watchOS too is worth the note.
        let both = graph("Watch -> Core", types: ["PhoneKit": .framework], platforms: ["Watch": ["watchos"], "PhoneKit": ["ios", "watchos"]])
        let notes = try run(both, yaml, [id("Watch"): files("Watch", ["W.swift": text])])
        #expect(notes.count == 1 && notes[0].hasPrefix("note optional-import: Watch imports PhoneKit"), "\(notes)")
    }

    /// `platformFilter = ios` on a dependency of a target built only for iOS is not "declared only for ios".
    @Test func aPlatformFilterOnASinglePlatformTargetDeclaresItEverywhereItIsBuilt() throws {
        let condition = ["App -> Kit": Condition(platforms: ["ios"])]
        let iOSOnly = graph("App -> Kit", conditions: condition, platforms: ["App": ["ios"]])
        #expect(try run(iOSOnly, yaml, [id("App"): files("App", ["A.swift": "import Kit\n"])]) == [])
        // Built for Mac Catalyst too, the filter leaves that build without it.
        let catalyst = graph("App -> Kit", conditions: condition, platforms: ["App": ["ios", "maccatalyst"]])
        let source = MarkedText("1️⃣import Kit\n")
        #expect(
            try run(catalyst, yaml, [id("App"): files("App", ["A.swift": source.text])]) == [
                "undeclared-import: App imports Kit in its build for maccatalyst, one of the platforms it is built for, but declares it only for ios; put the import under the matching #if, or in Package.swift declare \"Kit\" for target \"App\" without a condition @ App/A.swift:\(source.place("1️⃣"))"
            ])
    }

    /// A remote package among the target's dependencies was not opened: the message says so, and how to open it,
    /// for a module it might bring in (another remote package's product); a module of the repository's own it
    /// cannot bring, as a remote package cannot depend on a local one (NOFFICE-iOS's `CommonData`, imported by a
    /// target whose generated client depends on the unopened swift-openapi-urlsession).
    @Test func anUnopenedRemotePackageIsSaidSo() throws {
        let app = PackageIdentity("app")
        let remote = PackageIdentity("swift-collections")
        let algorithms = PackageIdentity("swift-algorithms")
        let graph = ModuleGraph(
            packages: [
                Package(identity: app, name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
                Package(
                    identity: remote, name: "swift-collections", path: nil, origin: .remote, location: "https://x/swift-collections.git",
                    isLoaded: false),
                Package(
                    identity: algorithms, name: "swift-algorithms", path: nil, origin: .remote, location: "https://x/swift-algorithms.git",
                    isLoaded: false),
            ],
            targets: [
                Target(id: id("App"), type: .regular, path: "Sources/App"),
                Target(id: id("Prelude"), type: .regular, path: "Sources/Prelude"),
                Target(id: id("Tool"), type: .regular, path: "Sources/Tool"),
                Target(id: id("Collections", "swift-collections"), type: .externalProduct, path: nil),
                Target(id: id("Algorithms", "swift-algorithms"), type: .externalProduct, path: nil),
            ],
            products: [],
            edges: [
                Edge(from: id("App"), to: id("Collections", "swift-collections"), kind: .product, product: "Collections"),
                Edge(from: id("Tool"), to: id("Algorithms", "swift-algorithms"), kind: .product, product: "Algorithms"),
            ])
        let result = try run(
            graph, yaml, [id("App"): files("App", ["A.swift": "import Collections\nimport Prelude\nimport Algorithms\n"])])
        #expect(result.count == 2, "\(result)")
        let remoteModule = result.first { $0.contains("App imports Algorithms") }
        #expect(
            remoteModule?.contains(
                "nothing modgraph read of what it depends on brings it in, but 'swift-collections', remote package it depends on, was not opened (pass --externals expand after swift package resolve to read it)")
                == true, "\(result)")
        let ownModule = result.first { $0.contains("App imports Prelude") }
        #expect(ownModule?.contains("nothing it depends on brings it in, so") == true, "\(result)")
        #expect(ownModule?.contains("not opened") == false, "\(result)")
    }

    /// Passepartout: `PartoutLibrary` exists to put `partout` into a product; its one file is a licence.
    /// Its dependency is not unused, and what the app imports through it is declared.
    @Test func aWrapperTargetsDependenciesAreNeitherUnusedNorUndeclared() throws {
        let graph = graph("App -> Wrapper, Wrapper -> Core")
        let scanned = [
            id("App"): files("App", ["A.swift": "import Core\nlet app = 1\n"]),
            id("Wrapper"): files("Wrapper", ["Dummy.swift": "// SPDX-FileCopyrightText: 2025\n//\n// SPDX-License-Identifier: GPL-3.0\n"]),
        ]
        #expect(try run(graph, yaml, scanned) == [])
        // Marconio: `AppDelegate_iOS` holds one internal placeholder struct (issue #49, the trial's last
        // false findings): it gives its users nothing, so it is there for what it links.
        let placeholder = "import Foundation\n/** This is a placeholder struct that isn't exported from the framework */\nstruct W {}\n"
        let marconio = [
            id("App"): files("App", ["A.swift": "import Core\nlet app = 1\n"]),
            id("Wrapper"): files("Wrapper", ["W.swift": placeholder]),
        ]
        #expect(try run(graph, yaml, marconio) == [])
        // A target that gives its users something (a public type, a class for the Objective-C runtime) is no wrapper.
        for text in ["import Foundation\npublic struct W {}\n", "import Foundation\n@objc(W) final class W: NSObject {}\n"] {
            let real = [
                id("App"): files("App", ["A.swift": "import Core\nlet app = 1\n"]),
                id("Wrapper"): files("Wrapper", ["W.swift": text]),
            ]
            let findings = try run(graph, yaml, real)
            // App imports Core undeclared, and Wrapper does not import Core. App's Wrapper is not unused: it alone
            // brings App the Core it imports (removing it would break App's build before Core is declared).
            #expect(findings.count == 2, "\(findings)")
            #expect(!findings.contains { $0.contains("App declares Wrapper") }, "\(findings)")
        }
    }

    /// ugglan (Tuist): `CoreDependencies` is a framework whose one file is `struct Dependencies {}`, there to
    /// bundle the packages the modules would otherwise each declare. In a project Tuist or XcodeGen generates
    /// it is a wrapper as a package's would be: 221 of ugglan's 366 import findings were about such bundles.
    /// A framework with a C-family file, or one of a project read from its `project.pbxproj` (which may
    /// export Objective-C headers from a build phase), is no wrapper.
    @Test func aPlaceholderFrameworkOfAGeneratedProjectIsAWrapper() throws {
        let shop = PackageIdentity("shop")
        func graph(location: String) -> ModuleGraph {
            ModuleGraph(
                packages: [
                    Package(identity: shop, name: "Shop", path: "Shop.xcodeproj", origin: .project, location: location, isLoaded: true)
                ],
                targets: [
                    Target(id: id("Home", "shop"), type: .framework, path: "Home"),
                    Target(id: id("CoreDependencies", "shop"), type: .framework, path: "CoreDependencies"),
                    Target(id: id("Kit", "shop"), type: .framework, path: "Kit"),
                ],
                products: [],
                edges: [
                    Edge(from: id("Home", "shop"), to: id("CoreDependencies", "shop"), kind: .target),
                    Edge(from: id("CoreDependencies", "shop"), to: id("Kit", "shop"), kind: .target),
                ])
        }
        let scanned = [
            id("Home", "shop"): files("Home", ["H.swift": "import Kit\npublic let home = 1\n"]),
            id("CoreDependencies", "shop"): files(
                "CoreDependencies", ["Dependencies.swift": "import Foundation\n\nstruct Dependencies {}\n"]),
        ]
        for location in ["Projects/Shop/Project.swift", "project.yml"] {
            #expect(try run(graph(location: location), yaml, scanned) == [], "\(location)")
        }
        // Read from its project.pbxproj, or with an Objective-C header beside its Swift: findings as for any framework.
        let pbxproj = try run(graph(location: "Shop.xcodeproj"), yaml, scanned)
        #expect(pbxproj.count == 2, "\(pbxproj)")
        #expect(pbxproj.contains { $0.contains("Home imports Kit without declaring it") }, "\(pbxproj)")
        #expect(pbxproj.contains { $0.contains("CoreDependencies declares Kit but") }, "\(pbxproj)")
        let withHeader = try run(
            graph(location: "project.yml"), yaml, scanned,
            clang: [id("CoreDependencies", "shop"): ClangImports.Result(modules: [], files: 1, unreadable: 0)])
        #expect(withHeader.count == 2, "\(withHeader)")
    }

    /// 9oya's App declares Feature, imports none of it, and imports RxSwift, which only Feature brings in: the
    /// finding is the undeclared RxSwift; Feature is used until RxSwift is declared, then it is unused.
    @Test func aDependencyThatAloneBringsAnImportedModuleIsNotUnused() throws {
        let scanned = [
            id("App"): files("App", ["A.swift": "import RxSwift\nlet app = 1\n"]),
            id("Feature"): files("Feature", ["F.swift": "import RxSwift\npublic let feature = 1\n"]),
            id("RxSwift"): files("RxSwift", ["R.swift": "public let rx = 1\n"]),
        ]
        let alone = try run(graph("App -> Feature, Feature -> RxSwift"), yaml, scanned)
        #expect(alone.count == 1 && alone[0].contains("App imports RxSwift without declaring it"), "\(alone)")
        let declared = try run(graph("App -> Feature, App -> RxSwift, Feature -> RxSwift"), yaml, scanned)
        #expect(declared.count == 1 && declared[0].contains("App declares Feature but"), "\(declared)")
    }

    /// Delta: `DeltaCore.swift` is built by the package and by the Xcode project; under `#if
    /// SWIFT_PACKAGE` it imports the package's C target, which the project's build never compiles.
    @Test func swiftPackageIsSetForPackagesAndNeverForProjects() throws {
        let app = PackageIdentity("app")
        let project = PackageIdentity("deltacore.xcodeproj")
        let graph = ModuleGraph(
            packages: [
                Package(identity: app, name: "DeltaCore", path: ".", origin: .root, location: nil, isLoaded: true),
                Package(identity: project, name: "DeltaCore", path: "DeltaCore.xcodeproj", origin: .project, location: nil, isLoaded: true),
            ],
            targets: [
                Target(id: id("DeltaCore"), type: .regular, path: "Sources/DeltaCore"),
                Target(id: id("CDeltaCore"), type: .regular, path: "Sources/CDeltaCore"),
                Target(id: id("DeltaCore", "deltacore.xcodeproj"), type: .framework, path: "DeltaCore"),
            ],
            products: [], edges: [Edge(from: id("DeltaCore"), to: id("CDeltaCore"), kind: .target)])
        let text = "import Foundation\n#if SWIFT_PACKAGE\n@_exported import CDeltaCore\n#endif\n#if !SWIFT_PACKAGE\nimport CDeltaCore\n#endif\npublic let x = 1\n"
        let result = try run(
            graph, yaml,
            [
                id("DeltaCore"): files("DeltaCore", ["Delta.swift": text]),
                id("DeltaCore", "deltacore.xcodeproj"): files("DeltaCoreFramework", ["Delta.swift": text.replacingOccurrences(of: "#if !SWIFT_PACKAGE\nimport CDeltaCore\n#endif\n", with: "")]),
            ])
        #expect(result == [], "\(result)")
    }
}
