import Foundation
import Testing

/// A Tuist repository in the microfeatures layout, with no generated project (issue #47): its
/// manifests and their helpers are compiled against modgraph's ProjectDescription and run, and
/// every command loads it at the root with no flags. Runs the real compiler.
@Suite("Tuist repositories on the command line")
struct TuistCommandTests {
    private func scratch() throws -> URL {
        URL(fileURLWithPath: try ModGraphRunner.scratchFolder("modgraph-tuist").resolvingSymlinksInPath().path)
    }

    private func write(_ text: String, _ relative: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// The helpers make each feature's five targets from a `CaseIterable` list, as microfeature templates do;
    /// the app's project reaches the features' projects by path, and Alamofire through `Tuist/Package.swift`.
    private func repository(in folder: URL) throws {
        try write("import ProjectDescription\nlet config = Config()\n", "Tuist/Config.swift", in: folder)
        try write(
            """
            import ProjectDescription

            public enum Module: String, CaseIterable {
                case home = "Home"
                case cart = "Cart"
            }

            public enum Part: CaseIterable {
                case interface, implementation, testing, tests, example
                func name(_ feature: String) -> String {
                    switch self {
                    case .interface: "\\(feature)Interface"
                    case .implementation: feature
                    case .testing: "\\(feature)Testing"
                    case .tests: "\\(feature)Tests"
                    case .example: "\\(feature)Example"
                    }
                }
            }

            extension Project {
                public static func feature(_ module: Module, dependencies: [TargetDependency] = []) -> Project {
                    let name = module.rawValue
                    let targets = Part.allCases.map { part -> Target in
                        let own: [TargetDependency]
                        switch part {
                        case .interface: own = [.project(target: "Core", path: .relativeToRoot("Projects/Core"))]
                        case .implementation: own = [.target(name: Part.interface.name(name))] + dependencies
                        case .testing: own = [.target(name: Part.interface.name(name))]
                        case .tests: own = [.target(name: name), .target(name: Part.testing.name(name))]
                        case .example: own = [.target(name: name)]
                        }
                        let product: Product = part == .tests ? .unitTests : part == .example ? .app : .framework
                        return .target(
                            name: part.name(name), destinations: .iOS, product: product, bundleId: "dev.shop.\\(part.name(name))",
                            sources: ["Sources/\\(part.name(name))/**"], dependencies: own,
                            settings: .settings(base: SettingsDictionary().swiftVersion("5.9")))
                    }
                    return Project(name: name, targets: targets)
                }
            }
            """, "Tuist/ProjectDescriptionHelpers/Project+Feature.swift", in: folder)
        try write(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.feature(.home, dependencies: [.project(target: "CartInterface", path: "../Cart")])
            """, "Projects/Home/Project.swift", in: folder)
        try write(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.feature(.cart)
            """, "Projects/Cart/Project.swift", in: folder)
        try write(
            """
            import ProjectDescription

            let project = Project(
                name: "Core",
                targets: [
                    .target(
                        name: "Core", destinations: [.iPhone, .iPad], product: .framework, bundleId: "dev.shop.core",
                        sources: .sourceFilesList(globs: [.glob("Sources/**", excluding: ["Sources/Generated/**"])]),
                        dependencies: [.external(name: "Alamofire"), .sdk(name: "c++", type: .library)])
                ])
            """, "Projects/Core/Project.swift", in: folder)
        try write(
            """
            import ProjectDescription

            let project = Project(
                name: "Shop",
                targets: [
                    .target(
                        name: "Shop", destinations: .iOS, product: .app, bundleId: "dev.shop.app",
                        infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]), sources: ["Sources/**"],
                        dependencies: [
                            .project(target: "Home", path: "../Home"), .project(target: "Cart", path: "../Cart"),
                        ])
                ])
            """, "Projects/App/Project.swift", in: folder)
        try write("import HomeInterface\nimport CartInterface\n", "Projects/Home/Sources/Home/Home.swift", in: folder)
        try write("public protocol Home {}\n", "Projects/Home/Sources/HomeInterface/HomeInterface.swift", in: folder)
        try write("import Alamofire\npublic let core = 1\n", "Projects/Core/Sources/Core.swift", in: folder)
        try write("let generated = 1\n", "Projects/Core/Sources/Generated/Strings.swift", in: folder)
    }

    @Test func theGraphIsTheOneTheGeneratedWorkspaceWouldHave() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        // The helper's loop made five targets per feature, with the names the template interpolates.
        #expect(graph.output.contains("Home [framework] → cart/CartInterface, HomeInterface"), "\(graph.output)")
        #expect(graph.output.contains("HomeTests [unit-tests] → Home, HomeTesting"), "\(graph.output)")
        #expect(graph.output.contains("CartInterface [framework] → core/Core"), "\(graph.output)")
        #expect(graph.output.contains("Shop [application] → cart/Cart, home/Home"), "\(graph.output)")
        // `.external` is a product of the packages `Tuist/Package.swift` lists; `.sdk` is the system's, not a module of the graph.
        #expect(graph.output.contains("Core [framework] → tuist/Alamofire"), "\(graph.output)")
        #expect(!graph.output.contains("c++"), "\(graph.output)")
        // A second run answers from the cache: the same graph, nothing compiled.
        let again = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(again.output == graph.output)
    }

    @Test func affectedSelectsByTheManifestsSourceGlobs() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        try write("Projects/Home/Sources/HomeInterface/HomeInterface.swift\n", "interface.txt", in: folder)
        try write("Projects/Core/Sources/Generated/Strings.swift\n", "generated.txt", in: folder)
        let interface = try ModGraphRunner.run(["affected", ".", "--changed-files", "interface.txt"], in: folder)
        #expect(interface.status == 0, "\(interface.errors)")
        #expect(interface.output.contains("affected: 6 of 13 targets and 1 of 2 test targets"), "\(interface.output)")
        #expect(interface.output.contains("shop/Shop           depends on home/Home → home/HomeInterface"), "\(interface.output)")
        #expect(!interface.output.contains("cart/CartInterface"), "\(interface.output)")
        // Left out of Core's sources by the glob's `excluding:`: in the project's folder, in no target's.
        let generated = try ModGraphRunner.run(["affected", ".", "--changed-files", "generated.txt"], in: folder)
        #expect(
            generated.output.contains(
                "core/Core           Projects/Core/Sources/Generated/Strings.swift: in package core's folder, in no target's"),
            "\(generated.output)")
    }

    /// A local plugin (a folder with `Plugin.swift` and its own helpers) that the helpers and a manifest import
    /// with `@_spi`, as Mohanyang's do; Tuist's package list at the root (`#if TUIST`) is not the repository's package,
    /// a manifest kept commented out as a template is not read, and a Swift file a module names Package.swift is no package.
    @Test func pluginsAndTheLayoutsAroundManifestsAreReadAsTuistReadsThem() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            "import ProjectDescription\nlet config = Config(plugins: [.local(path: .relativeToRoot(\"Plugins/Modules\"))])\n",
            "Tuist/Config.swift", in: folder)
        try write("import ProjectDescription\nlet plugin = Plugin(name: \"ModulesPlugin\")\n", "Plugins/Modules/Plugin.swift", in: folder)
        try write(
            """
            import ProjectDescription
            @_spi(Feature) public enum Feature: String, CaseIterable { case search = "Search", profile = "Profile" }
            extension TargetDependency {
                @_spi(Feature) public static func feature(_ feature: Feature) -> TargetDependency {
                    .project(target: feature.rawValue, path: .relativeToRoot("Features/\\(feature.rawValue)"))
                }
            }
            """, "Plugins/Modules/ProjectDescriptionHelpers/Modules.swift", in: folder)
        try write(
            """
            import ProjectDescription
            @_spi(Feature) import ModulesPlugin
            extension Project {
                public static func module(_ name: String) -> Project {
                    Project(name: name, targets: [
                        .target(name: name, destinations: .iOS, product: .staticFramework, bundleId: "dev.\\(name)", sources: ["Sources/**"])
                    ])
                }
            }
            """, "Tuist/ProjectDescriptionHelpers/Module.swift", in: folder)
        for feature in ["Search", "Profile"] {
            try write(
                "import ProjectDescription\nimport ProjectDescriptionHelpers\n@_spi(Feature) import ModulesPlugin\nlet project = Project.module(Feature.\(feature.lowercased()).rawValue)\n",
                "Features/\(feature)/Project.swift", in: folder)
        }
        try write(
            """
            import ProjectDescription
            @_spi(Feature) import ModulesPlugin
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "dev.app", sources: ["Sources/**"],
                        dependencies: Feature.allCases.map { .feature($0) })
            ])
            """, "App/Project.swift", in: folder)
        try write(
            "// swift-tools-version: 5.9\nimport PackageDescription\n#if TUIST\nimport ProjectDescription\nlet packageSettings = PackageSettings()\n#endif\nlet package = Package(name: \"Shop\")\n",
            "Package.swift", in: folder)
        try write(
            "// import ProjectDescription\n// let project = Project(name: \"Feature\")\n", "Scripts/Template/Project.swift", in: folder)
        try write("//\n//  Package.swift\n//\npublic protocol Package {}\n", "Features/Search/Sources/Package.swift", in: folder)
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains("App [application] → profile/Profile, search/Search"), "\(graph.output)")
        #expect(graph.output.contains("3 packages, 3 targets"), "\(graph.output)")
    }

    /// Findings point into the manifests and speak their language; a helper's change selects every project compiled with it.
    @Test func checkSpeaksTheManifestsLanguageAndAHelperChangeSelectsItsProjects() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        try write("import HomeInterface\nimport Home\nimport Cart\nimport Alamofire\n", "Projects/App/Sources/App.swift", in: folder)
        try write("version: 1\nsources:\n  undeclaredImports: error\n  unusedDependencies: warning\n", ".modgraph.yml", in: folder)
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 1, "\(check.output)\(check.errors)")
        #expect(
            check.output.contains(
                "In Projects/App/Project.swift, add .project(target: \"HomeInterface\", path: \"../Home\") to the dependencies: of target \"Shop\""
            ),
            "\(check.output)")
        // A product of Tuist's package list is reached through `.external`, as Tuist 4 advises.
        #expect(
            check.output.contains(
                "In Projects/App/Project.swift, add .external(name: \"Alamofire\") to the dependencies: of target \"Shop\""),
            "\(check.output)")
        try write("Tuist/ProjectDescriptionHelpers/Project+Feature.swift\n", "helper.txt", in: folder)
        let helper = try ModGraphRunner.run(["affected", ".", "--changed-files", "helper.txt"], in: folder)
        #expect(helper.status == 0, "\(helper.errors)")
        #expect(helper.output.contains("affected: 11 of 13 targets"), "\(helper.output)")
        #expect(
            helper.output.contains(
                "a Tuist helper it compiles with, Project+Feature.swift changed: every target of the 2 projects that compile with it"),
            "\(helper.output)")
    }

    /// Every manifest here is evaluated from its text: `--no-run-manifests` gives the same graph. One that
    /// decides its targets from a file on disk is compiled and run, unless running is forbidden: then an
    /// error says why it could not be evaluated.
    @Test func runningManifestsCanBeForbidden() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        let ran = try ModGraphRunner.run(["graph", "."], in: folder)
        let graph = try ModGraphRunner.run(["graph", ".", "--no-run-manifests", "--verbose"], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output == ran.output)
        #expect(
            graph.errors.contains("Tuist manifests: 4 read, 4 evaluated statically (100%), 0 compiled, 4 from the cache"), "\(graph.errors)"
        )
        try write(
            """
            import ProjectDescription
            import Foundation

            let local = FileManager.default.fileExists(atPath: "local.flag")
            let project = Project(name: "Tool", targets: local ? [] : [.target(name: "Tool", destinations: .macOS, product: .commandLineTool, bundleId: "t")])
            """, "Projects/Tool/Project.swift", in: folder)
        let compiled = try ModGraphRunner.run(["graph", ".", "--verbose"], in: folder)
        #expect(compiled.status == 0, "\(compiled.errors)")
        #expect(compiled.output.contains("Tool [executable]"), "\(compiled.output)")
        #expect(compiled.errors.contains("Tuist manifests: 5 read, 4 evaluated statically (80%), 1 compiled"), "\(compiled.errors)")
        let refused = try ModGraphRunner.run(["graph", ".", "--no-run-manifests"], in: folder)
        #expect(refused.status != 0)
        #expect(
            refused.errors.contains(
                "could not evaluate without running it (a condition on 'FileManager', at \(folder.path)/Projects/Tool/Project.swift:5), and --no-run-manifests forbids running it"
            ),
            "\(refused.errors)")
    }

    /// woin2ee/MyAlarm: a manifest imports a plugin `Tuist/Config.swift` fetches from git, which `tuist install` puts
    /// outside the repository: the error names the plugins, not only the missing module.
    @Test func aPluginFromGitIsNamedWhenItsModuleIsMissing() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        try write(
            """
            import ProjectDescription
            let config = Config(plugins: [.git(url: "https://github.com/example/tuist-micro-feature-plugin.git", tag: "0.2.4")])
            """, "Tuist/Config.swift", in: folder)
        try write(
            """
            import ProjectDescription
            import MicroFeaturePlugin
            let project = Project(name: "Alarm", targets: [])
            """, "Projects/Alarm/Project.swift", in: folder)
        let refused = try ModGraphRunner.run(["graph", ".", "--no-run-manifests"], in: folder)
        #expect(refused.status != 0)
        #expect(
            refused.errors.contains(
                "(an import of 'MicroFeaturePlugin', not a module the manifest's folder provides; the Tuist configuration fetches plugins from git (https://github.com/example/tuist-micro-feature-plugin.git), which `tuist install` downloads outside the repository, and modgraph reads nothing there), and --no-run-manifests forbids running it"
            ), "\(refused.errors)")
    }

    /// `--verify-manifests` evaluates every manifest and compiles it too: the template's loops, switches and
    /// defaults give what the compiled manifests print, to the last dependency.
    @Test func verifyingComparesEachEvaluatedManifestWithTheCompiledOne() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        let plain = try ModGraphRunner.run(["graph", "."], in: folder)
        let verified = try ModGraphRunner.run(["graph", ".", "--verify-manifests", "--verbose"], in: folder)
        #expect(verified.status == 0, "\(verified.errors)")
        #expect(verified.output == plain.output)
        #expect(
            verified.errors.contains("Tuist manifests: 4 read, 4 evaluated statically (100%), 4 compiled, 0 from the cache, 0 differences"),
            "\(verified.errors)")
        #expect(verified.errors.contains("manifest evaluated: \(folder.path)/Projects/Home/Project.swift"), "\(verified.errors)")
    }

    /// fix edits a target written out in its Project.swift, in the manifest's language and the array's
    /// layout; the project reloads with the edges and check passes on them. A target a helper makes is
    /// edited in the array the manifest hands the helper, when the manifest evaluated after the edit has
    /// that dependency more and nothing else changed; one the manifest hands no array keeps its advice, with the reason.
    @Test func fixEditsATargetWrittenInItsManifest() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        try write("import HomeInterface\nimport Home\nimport Cart\nimport Alamofire\n", "Projects/App/Sources/App.swift", in: folder)
        // Home and Cart, which the helper makes, import Core, which only their interfaces bring.
        try write("import HomeInterface\nimport CartInterface\nimport Core\n", "Projects/Home/Sources/Home/Home.swift", in: folder)
        try write("import CartInterface\nimport Core\n", "Projects/Cart/Sources/Cart/Cart.swift", in: folder)
        try write("version: 1\nsources:\n  undeclaredImports: error\n  unusedDependencies: warning\n", ".modgraph.yml", in: folder)
        let result = try ModGraphRunner.run(["fix", ".", "--write"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let manifest = try String(contentsOf: folder.appendingPathComponent("Projects/App/Project.swift"), encoding: .utf8)
        // Appended after the last element, at its indentation, with the trailing comma the array has.
        #expect(
            manifest.contains(
                [
                    "                .project(target: \"Home\", path: \"../Home\"), .project(target: \"Cart\", path: \"../Cart\"),",
                    "                .external(name: \"Alamofire\"),",
                    "                .project(target: \"HomeInterface\", path: \"../Home\"),",
                    "            ])",
                ].joined(separator: "\n")), "\(manifest)")
        let home = try String(contentsOf: folder.appendingPathComponent("Projects/Home/Project.swift"), encoding: .utf8)
        #expect(
            home.contains(
                "Project.feature(.home, dependencies: [.project(target: \"CartInterface\", path: \"../Cart\"), .project(target: \"Core\", path: \"../Core\")])"
            ), "\(home)")
        #expect(!result.errors.contains("not fixed: undeclared-import: home/Home"), "\(result.errors)")
        #expect(
            result.errors.contains(
                "not fixed: undeclared-import: cart/Cart → core/Core: Projects/Cart/Project.swift: target \"Cart\" is not written as .target(name: \"Cart\", …) in the manifest (a helper, a loop or a variable makes it): edit it where its dependencies are written; line 4, where a helper makes its dependency, is no element of an array in the manifest"
            ), "\(result.errors)")
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(!check.output.contains("to the dependencies: of target \"Shop\""), "\(check.output)")
        #expect(!check.output.contains("to the dependencies: of target \"Home\""), "\(check.output)")
        #expect(check.output.contains("to the dependencies: of target \"Cart\""), "\(check.output)")
    }

    /// A dependency a helper makes is removed from the array the manifest hands it only when that takes it out of
    /// this target alone: an array two targets share keeps it, with the reason, and the manifest is not edited.
    @Test func fixLeavesADependencyTwoTargetsShare() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try repository(in: folder)
        try write(
            """
            import ProjectDescription
            extension Target {
                public static func kit(_ name: String, _ dependencies: [TargetDependency]) -> Target {
                    .target(name: name, destinations: .iOS, product: .framework, bundleId: "dev.shop.\\(name)",
                            sources: ["Sources/\\(name)/**"], dependencies: dependencies)
                }
            }
            """, "Tuist/ProjectDescriptionHelpers/Target+Kit.swift", in: folder)
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let shared: [TargetDependency] = [
                .project(target: "Core", path: "../Core")
            ]
            let project = Project(name: "Kit", targets: [.kit("KitA", shared), .kit("KitB", shared)])
            """
        try write(manifest, "Projects/Kit/Project.swift", in: folder)
        try write("import Core\n", "Projects/Kit/Sources/KitA/A.swift", in: folder)
        try write("let b = 1\n", "Projects/Kit/Sources/KitB/B.swift", in: folder)
        try write("version: 1\nsources:\n  unusedDependencies: warning\n", ".modgraph.yml", in: folder)
        let result = try ModGraphRunner.run(["fix", ".", "--write"], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.errors.contains(
                "not fixed: unused-dependency: kit/KitB → core/Core: Projects/Kit/Project.swift: target \"KitB\" is not written as .target(name: \"KitB\", …) in the manifest (a helper, a loop or a variable makes it): edit it where its dependencies are written; line 4, where a helper makes a dependency of it, makes more than this target's: edit it by hand"
            ), "\(result.errors)")
        #expect(try String(contentsOf: folder.appendingPathComponent("Projects/Kit/Project.swift"), encoding: .utf8) == manifest)
    }

    /// Seen on a Tuist app: a feature's `.package(product: "DeviceKit")` whose package only the app's
    /// project declares is resolved as Xcode resolves it, across the workspace; it was skipped, and the
    /// feature's `import DeviceKit` was reported as undeclared. A product no project's packages name
    /// stays skipped with its warning.
    @Test func aProductIsFoundAmongTheRemotePackagesOfTheWholeWorkspace() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            """
            import ProjectDescription

            let workspace = Workspace(name: "Shop", projects: ["App", "Features/Profile"])
            """, "Workspace.swift", in: folder)
        try write(
            """
            import ProjectDescription

            let project = Project(
                name: "App",
                packages: [
                    .remote(url: "https://github.com/devicekit/DeviceKit.git", requirement: .exact("5.0.0")),
                    .remote(url: "https://github.com/kasketis/netfox", requirement: .exact("1.21.0")),
                ],
                targets: [
                    .target(
                        name: "Shop", destinations: .iOS, product: .app, bundleId: "dev.shop.app", sources: ["Sources/**"],
                        dependencies: [.project(target: "Profile", path: "../Features/Profile"), .package(product: "DeviceKit")])
                ])
            """, "App/Project.swift", in: folder)
        try write(
            """
            import ProjectDescription

            let project = Project(
                name: "Profile",
                targets: [
                    .target(
                        name: "Profile", destinations: .iOS, product: .framework, bundleId: "dev.shop.profile", sources: ["Sources/**"],
                        dependencies: [.package(product: "DeviceKit"), .package(product: "Unheard")])
                ])
            """, "Features/Profile/Project.swift", in: folder)
        try write("import Profile\nimport DeviceKit\n", "App/Sources/App.swift", in: folder)
        try write("import DeviceKit\npublic let profile = 1\n", "Features/Profile/Sources/Profile.swift", in: folder)
        try write("version: 1\nsources:\n  undeclaredImports: error\n", ".modgraph.yml", in: folder)
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains("Profile [framework] → devicekit/DeviceKit\n"), "\(graph.output)")
        #expect(!graph.errors.contains("'DeviceKit'"), "\(graph.errors)")
        #expect(
            graph.errors.contains(
                "warning: Features/Profile/Project.swift:8: target 'Profile' uses product 'Unheard', which names no package and no package loaded vends (a remote package's product, perhaps); skipped"
            ), "\(graph.errors)")
        let check = try ModGraphRunner.run(["check", "."], in: folder)
        #expect(check.status == 0, "\(check.output)\(check.errors)")
    }

    /// Seen on VadimBaby/FinanceCarter: `.package(product: "MyCoreDataWrapper")` in a project whose packages are
    /// `MyCommon.git` (its `MyCommon` product used beside it) and `MyCoreDataWrapped.git`: the one package left
    /// is the one Xcode takes the product from. It was skipped with a warning. When another product is
    /// unexplained too (`Logging`, from `swift-log`), the package left over may be that one's: both stay skipped.
    /// (Without that rule, the Log project's `MyCoreDataWrapper` would be taken from `swift-log`.)
    @Test func theOnePackageNoOtherProductExplainsVendsTheProductLeft() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(
            """
            import ProjectDescription

            let workspace = Workspace(name: "Shop", projects: ["Data", "Log"])
            """, "Workspace.swift", in: folder)
        for (name, extra) in [("Data", ""), ("Log", ", .package(product: \"Logging\")")] {
            // The Log project references swift-log instead: left over beside `MyCoreDataWrapper` and `Logging`, it is no one's.
            let remote =
                name == "Log"
                ? "apple/swift-log.git\", requirement: .exact(\"1.5.0\")" : "shop/MyCoreDataWrapped.git\", requirement: .exact(\"1.0.3\")"
            try write(
                """
                import ProjectDescription

                let project = Project(
                    name: "\(name)",
                    packages: [
                        .remote(url: "https://github.com/shop/MyCommon.git", requirement: .exact("1.0.0")),
                        .remote(url: "https://github.com/\(remote))
                    ],
                    targets: [
                        .target(
                            name: "\(name)", destinations: .iOS, product: .framework, bundleId: "dev.shop.\(name)", sources: ["Sources/**"],
                            dependencies: [.package(product: "MyCommon"), .package(product: "MyCoreDataWrapper")\(extra)])
                    ])
                """, "\(name)/Project.swift", in: folder)
        }
        let graph = try ModGraphRunner.run(["graph", "."], in: folder)
        #expect(graph.status == 0, "\(graph.errors)")
        #expect(graph.output.contains("Data [framework] → mycommon/MyCommon, mycoredatawrapped/MyCoreDataWrapper\n"), "\(graph.output)")
        #expect(!graph.errors.contains("Data/Project.swift"), "\(graph.errors)")
        #expect(graph.output.contains("Log [framework] → mycommon/MyCommon\n"), "\(graph.output)")
        #expect(graph.errors.contains("target 'Log' uses product 'MyCoreDataWrapper', which names no package"), "\(graph.errors)")
        #expect(graph.errors.contains("target 'Log' uses product 'Logging', which names no package"), "\(graph.errors)")
    }
}
