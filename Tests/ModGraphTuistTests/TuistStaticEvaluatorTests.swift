import Testing

@testable import ModGraphTuist

/// Tuist manifests and helpers evaluated without compiling them. Each answer is worked out by hand
/// from modgraph's ProjectDescription source (the defaults and literal conversions the compiled
/// manifest applies); `TuistCommandTests` checks the same against the compiled path with
/// `--verify-manifests`.
@Suite("Tuist manifests evaluated statically")
struct TuistStaticEvaluatorTests: EvaluatesManifests {
    @Test func aManifestWrittenOutGivesWhatItsJSONWould() throws {
        let project = try project(
            """
            import ProjectDescription

            let project = Project(
                name: "Shop",
                packages: [.remote(url: "https://example.com/kit", requirement: .upToNextMajor(from: "1.0.0")), .local(path: "//Packages/Local")],
                targets: [
                    .target(
                        name: "Shop-App", destinations: .iOS, product: .app, bundleId: "dev.shop",
                        sources: ["Sources/**", .glob("//Shared/**", excluding: ["//Shared/Generated/**"])],
                        resources: "Resources/**",
                        dependencies: [
                            .target(name: "Feature", condition: .when([.catalyst, .ios])),
                            .project(target: "Core", path: .relativeToRoot("Projects/Core")),
                            .external(name: "Alamofire"), .package(product: "Lint", type: .plugin), .sdk(name: "c++", type: .library),
                        ],
                        settings: .settings(base: ["PRODUCT_NAME": "Shop", "SWIFT_VERSION": "6.0"])),
                    .target(
                        name: "ShopTests", destinations: [.iPhone, .mac], product: .unitTests, bundleId: "dev.shop.tests",
                        sources: "Tests/**", buildableFolders: ["Fixtures", "//Shared/Fixtures"],
                        dependencies: [.target(name: "Shop-App")]),
                ])
            """)
        #expect(project.name == "Shop")
        #expect(project.packages == [.remote(url: "https://example.com/kit"), .local(path: .init(base: .root, text: "Packages/Local"))])
        let app = project.targets[0]
        #expect(app.product == "app")
        #expect(app.destinations == ["iPad", "iPhone", "macWithiPadDesign"])
        // A string as a source glob is relative to the manifest even with `//`; as a `Path` it is relative to the root.
        #expect(app.sources.map(\.pattern) == [.init(base: .manifest, text: "Sources/**"), .init(base: .root, text: "Shared/**")])
        #expect(app.sources[1].excluding == [.init(base: .root, text: "Shared/Generated/**")])
        #expect(app.resources.map(\.pattern) == [.init(base: .manifest, text: "Resources/**")])
        #expect(
            app.dependencies == [
                .target(name: "Feature", filters: ["ios", "maccatalyst"]),
                .project(target: "Core", path: .init(base: .root, text: "Projects/Core"), filters: []),
                .external(name: "Alamofire", filters: []), .package(product: "Lint", isPlugin: true, filters: []), .prebuilt(kind: "sdk"),
            ])
        // Only the settings modgraph reads are kept.
        #expect(app.settings == ["PRODUCT_NAME": "Shop"])
        let tests = project.targets[1]
        #expect(tests.product == "unit_tests")
        #expect(tests.destinations == ["iPhone", "mac"])
        #expect(tests.buildableFolders == [.init(base: .manifest, text: "Fixtures"), .init(base: .root, text: "Shared/Fixtures")])
    }

    /// The microfeatures template: a `CaseIterable` loop, a switch over `self`, interpolated names, defaults.
    @Test func helperTemplatesRunAsTheCompiledManifestWould() throws {
        let helper = """
            import ProjectDescription

            public enum Part: CaseIterable {
                case interface, implementation, tests
                func name(_ feature: String) -> String {
                    switch self {
                    case .interface: "\\(feature)Interface"
                    case .implementation: feature
                    case .tests: "\\(feature)Tests"
                    }
                }
            }

            extension Project {
                public static func feature(_ name: String, destinations: Destinations = .iOS, dependencies: [TargetDependency] = []) -> Project {
                    var targets: [Target] = []
                    for part in Part.allCases where part != .tests || name != "Core" {
                        let own: [TargetDependency] = part == .implementation ? [.target(name: Part.interface.name(name))] + dependencies : []
                        targets.append(.target(
                            name: part.name(name), destinations: destinations, product: part == .tests ? .unitTests : .framework,
                            bundleId: "dev.\\(name.lowercased())", sources: ["Sources/\\(part.name(name))/**"], dependencies: own))
                    }
                    return Project(name: name, targets: targets, schemes: [.scheme(name: "\\(UUID().uuidString)")])
                }
            }
            """
        let project = try project(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.feature("Home", destinations: [.mac], dependencies: [.project(target: "Core", path: "../Core")])
            """, helpers: [helper])
        // The scheme's `UUID()` is not computed, and not needed: schemes are not read.
        #expect(project.targets.map(\.name) == ["HomeInterface", "Home", "HomeTests"])
        #expect(project.targets.map(\.product) == ["framework", "framework", "unit_tests"])
        #expect(project.targets.allSatisfy { $0.destinations == ["mac"] })
        #expect(
            project.targets[1].dependencies == [
                .target(name: "HomeInterface", filters: []),
                .project(target: "Core", path: .init(base: .manifest, text: "../Core"), filters: []),
            ])
        #expect(project.targets[2].sources.map(\.pattern.text) == ["Sources/HomeTests/**"])
        let core = try self.project("import ProjectDescriptionHelpers\nlet project = Project.feature(\"Core\")\n", helpers: [helper])
        #expect(core.targets.map(\.name) == ["CoreInterface", "Core"])
        #expect(core.targets[0].destinations == ["iPad", "iPhone", "macWithiPadDesign"])
    }

    /// A struct with an initializer written out, changed through an `inout` closure; a protocol
    /// extension's method; a case with a payload matched with a cast; an implicit member chain into a
    /// nested type; a local plugin's module.
    @Test func structsProtocolsAndPluginsAsTemplatesWriteThem() throws {
        let plugin = """
            import ProjectDescription

            public protocol Named { var rawValue: String { get } }
            public extension Named {
                func targetName(suffix: String = "") -> String { rawValue + suffix }
            }
            public enum Module {
                case feature(Feature)
                public enum Feature: String, Named { case home = "Home", cart = "Cart" }
            }
            public extension TargetDependency {
                struct SPM {}
                static func module(_ module: Module, suffix: String = "") -> TargetDependency {
                    switch module {
                    case let .feature(feature as any Named): .project(target: feature.targetName(suffix: suffix), path: .relativeToRoot("Features/\\(feature.rawValue)"))
                    }
                }
            }
            public extension TargetDependency.SPM {
                static let snapKit = TargetDependency.external(name: "SnapKit")
            }
            """
        let helper = """
            import ProjectDescription
            import Modules

            protocol Configurable {}
            extension Configurable {
                func with(_ block: (inout Self) -> Void) -> Self {
                    var copy = self
                    block(&copy)
                    return copy
                }
            }
            public struct Spec: Configurable {
                var name: String
                var product: Product
                var dependencies: [TargetDependency]
                init(name: String, product: Product = .staticFramework, dependencies: [TargetDependency] = []) {
                    self.name = name
                    self.product = product
                    self.dependencies = dependencies
                }
                func target() -> Target {
                    .target(name: name, destinations: .iOS, product: product, bundleId: "dev.\\(name)", dependencies: dependencies)
                }
            }
            """
        let project = try project(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            import Modules

            let spec = Spec(name: "Shop", dependencies: [.module(.feature(.home), suffix: "Interface"), .SPM.snapKit])
            let project = Project(name: "Shop", targets: [spec.with { $0.product = .app }.target(), spec.target()])
            """, helpers: [helper], plugins: ["Modules": [plugin]])
        #expect(project.targets.map(\.product) == ["app", "staticFramework"])
        #expect(
            project.targets[0].dependencies == [
                .project(target: "HomeInterface", path: .init(base: .root, text: "Features/Home"), filters: []),
                .external(name: "SnapKit", filters: []),
            ])
    }

    /// Ranges in loops, `+=` on strings, optional chaining on nil, dictionary subscripts.
    /// As sopt-makers/SOPT-iOS writes its helpers: a plugin names `TargetDependency` through an alias and extends
    /// it with nested namespaces, a template extends `SettingsDictionary` with methods, and an array literal with
    /// no type where it is written takes its elements' (`[deps, [.SPM.flex]].flatMap { $0 }`).
    @Test func aliasesSettingsMethodsAndInferredLiteralsAsHelpersWriteThem() throws {
        let plugin = """
            import ProjectDescription
            public typealias Dep = TargetDependency
            public extension Dep {
                struct Modules {}
                enum SPM {}
            }
            public extension Dep.Modules {
                static let core = Dep.project(target: "Core", path: .relativeToRoot("Projects/Core"))
            }
            public extension TargetDependency.SPM {
                static let flex = TargetDependency.external(name: "FLEX")
            }
            public extension SettingsDictionary {
                func setCodeSignManual() -> SettingsDictionary {
                    merging(["CODE_SIGN_STYLE": SettingValue(stringLiteral: "Manual")])
                }
            }
            """
        let helper = """
            import ProjectDescription
            import DependencyPlugin
            extension Project {
                public static func module(name: String, dependencies: [Dep] = []) -> Project {
                    let deps: [TargetDependency] = [.Modules.core]
                    let settings: SettingsDictionary = SettingsDictionary().setCodeSignManual()
                    return Project(name: name, targets: [
                        .target(
                            name: name, destinations: .iOS, product: .framework, bundleId: "dev.\\(name)",
                            dependencies: [deps, dependencies, [.SPM.flex]].flatMap { $0 },
                            settings: .settings(base: settings.merging(["PRODUCT_NAME": "\\(name)Kit"]))),
                    ])
                }
            }
            """
        let project = try project(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            import DependencyPlugin

            let project = Project.module(name: "Poke", dependencies: [.Modules.core, .SPM.flex])
            """, helpers: [helper], plugins: ["DependencyPlugin": [plugin]])
        let core = TuistDump.Dependency.project(target: "Core", path: .init(base: .root, text: "Projects/Core"), filters: [])
        let flex = TuistDump.Dependency.external(name: "FLEX", filters: [])
        #expect(project.targets.map(\.dependencies) == [[core, core, flex, flex]])
        #expect(project.targets.first?.settings == ["PRODUCT_NAME": "PokeKit"])
        // An alias two files give two meanings is no alias the evaluator can follow.
        let other = "import ProjectDescription\npublic typealias Dep = Target\n"
        let twice = try evaluate(
            "import ProjectDescription\nimport DependencyPlugin\nlet project = Project(name: \"A\")\n",
            plugins: ["DependencyPlugin": [plugin, other]])
        guard case let .failure(fallback) = twice else {
            Issue.record("an alias of two types was evaluated")
            return
        }
        #expect(fallback.reason == "'Dep' declared twice among the helpers")
    }

    /// As depromeet/14th-team5-iOS writes its helpers: a static named by a keyword in backticks
    /// (`` static let `default`: SourceFilesList = "Sources/**" ``, used as `.default`; a parameter so named,
    /// labelled with or without them at the call), and `.when(.all)`,
    /// ProjectDescription's `PlatformFilters.all`, which is `Set(PlatformFilter.allCases)`.
    @Test func keywordNamesAndEveryPlatform() throws {
        let helper = """
            import ProjectDescription
            extension SourceFilesList {
                public static let `default`: SourceFilesList = "Sources/**"
            }
            extension TargetDependency {
                public static func kit(`default`: String) -> TargetDependency { .target(name: `default`) }
            }
            """
        let project = try project(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Core", targets: [
                .target(
                    name: "Core", destinations: .iOS, product: .framework, bundleId: "dev.core", sources: .default,
                    dependencies: [
                        .external(name: "SnapKit", condition: .when(.all)), .external(name: "Then", condition: .when([.ios])),
                        .kit(default: "Kit"), .kit(`default`: "Base"),
                    ]),
            ])
            """, helpers: [helper])
        let core = try #require(project.targets.first)
        #expect(core.sources.map(\.pattern) == [.init(base: .manifest, text: "Sources/**")])
        let every = ["driverkit", "ios", "maccatalyst", "macos", "tvos", "visionos", "watchos"]
        #expect(
            core.dependencies == [
                .external(name: "SnapKit", filters: every), .external(name: "Then", filters: ["ios"]), .target(name: "Kit", filters: []),
                .target(name: "Base", filters: []),
            ])
    }

    /// As depromeet/Cllog-iOS writes its helpers: a case whose payload has a default
    /// (`case module(name: String, useDemo: Bool = false)`, made as `.module(name: "Umbrella")` and matched
    /// with both values), and an Info.plist built by assigning to a dictionary's keys.
    @Test func caseDefaultsAndDictionaryElementsAssigned() throws {
        let helper = """
            import ProjectDescription
            public enum ModuleType {
                case app
                case module(name: String, useDemo: Bool = false)
            }
            extension Project {
                public static func configure(moduleType: ModuleType) -> Project {
                    var plist: [String: Plist.Value] = ["CFBundleVersion": "1", "Unused": "x"]
                    plist["CFBundleDisplayName"] = .string("Cllog")
                    plist["CFBundleVersion"] = "2"
                    plist["Unused"] = nil
                    var names = ["Core", "Kit"]
                    names[1] = "Feature"
                    switch moduleType {
                    case .app:
                        return Project(name: "App")
                    case let .module(name, useDemo):
                        let demo: [Target] = useDemo ? [.target(name: name + "Demo", destinations: .iOS, product: .app, bundleId: "demo")] : []
                        let version = plist["CFBundleVersion"] == "2" && plist["Unused"] == nil ? "ok" : "stale"
                        return Project(name: name, targets: [
                            .target(
                                name: name, destinations: .iOS, product: .framework, bundleId: "dev.cllog",
                                infoPlist: .extendingDefault(with: plist), dependencies: names.map { .target(name: $0) } + [.target(name: version)]),
                        ] + demo)
                    }
                }
            }
            """
        let umbrella = try project(
            "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project.configure(moduleType: .module(name: \"Umbrella\"))\n",
            helpers: [helper])
        #expect(umbrella.targets.map(\.name) == ["Umbrella"])
        #expect(
            umbrella.targets.first?.dependencies == [
                .target(name: "Core", filters: []), .target(name: "Feature", filters: []), .target(name: "ok", filters: []),
            ])
        let demo = try project(
            "import ProjectDescriptionHelpers\nlet project = Project.configure(moduleType: .module(name: \"Feed\", useDemo: true))\n",
            helpers: [helper])
        #expect(demo.targets.map(\.name) == ["Feed", "FeedDemo"])
    }

    /// As depromeet/17th-team5-iOS writes its dependencies: namespaces that conform to a protocol whose extension
    /// gives them static functions, called unqualified from a type nested in them (`featureDependency(target:)`
    /// inside `TargetDependency.Feature.Home`).
    @Test func protocolExtensionStaticsCalledFromNestedTypes() throws {
        let helper = """
            import ProjectDescription
            public protocol DependencyProvider {
                static func featureDependency(target: String) -> TargetDependency
            }
            public extension DependencyProvider {
                static func featureDependency(target: String) -> TargetDependency {
                    .project(target: target, path: .relativeToRoot("Projects/Feature/\\(target)"))
                }
            }
            public extension TargetDependency {
                struct Feature: DependencyProvider {}
            }
            public extension TargetDependency.Feature {
                struct Home {
                    private static let name = "HomeFeature"
                    public static let feature = featureDependency(target: name)
                }
            }
            """
        let project = try project(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "dev.app", dependencies: [.Feature.Home.feature]),
            ])
            """, helpers: [helper])
        let home = TuistDump.Dependency.project(
            target: "HomeFeature", path: .init(base: .root, text: "Projects/Feature/HomeFeature"), filters: [])
        #expect(project.targets.first?.dependencies == [home])
    }

    /// As mash-up-kr/NoWeekend-iOS writes its dependencies: a helper overload of ProjectDescription's
    /// `.project(target:path:)` taking a path type of its own, whose body calls ProjectDescription's member with
    /// the same labels (Swift picks that overload by the argument's type; before, the helper called itself
    /// until the call bound).
    @Test func aHelperOverloadCallingProjectDescriptionsMember() throws {
        let helper = """
            import ProjectDescription
            public enum ProjectPath: String {
                case core = "Projects/Core"
                public var relativePath: Path { .relativeToRoot(rawValue) }
            }
            extension TargetDependency {
                public static func project(target: String, path: ProjectPath) -> TargetDependency {
                    return .project(target: target, path: path.relativePath)
                }
                public static func core(_ name: String) -> TargetDependency {
                    return .project(target: name, path: .core)
                }
            }
            """
        let project = try project(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "dev.app", dependencies: [.core("Network")]),
            ])
            """, helpers: [helper])
        let network = TuistDump.Dependency.project(target: "Network", path: .init(base: .root, text: "Projects/Core"), filters: [])
        #expect(project.targets.first?.dependencies == [network])
    }

    @Test func loopsOverRangesAndOptionalChains() throws {
        let project = try project(
            """
            import ProjectDescription

            let names: [String: String] = ["a": "Alpha"]
            var targets: [Target] = []
            for index in 1...3 where index != 2 {
                var name = "Module"
                name += String(index)
                let missing: String? = nil
                let suffix = missing?.uppercased() ?? names["a"] ?? "none"
                targets.append(.target(name: name + suffix, destinations: .macOS, product: .framework, bundleId: "m\\(index)"))
            }
            let project = Project(name: "Loop", targets: targets)
            """)
        #expect(project.targets.map(\.name) == ["Module1Alpha", "Module3Alpha"])
    }

    /// Tuist 3's `Target(platform:deploymentTarget:)`: destinations as ProjectDescription's `Destinations.legacy` makes them.
    @Test func tuist3TargetsTakeTheirDestinationsFromPlatformAndDevices() throws {
        let project = try project(
            """
            import ProjectDescription

            let project = Project(name: "Old", targets: [
                Target(name: "A", platform: .iOS, product: .framework, bundleId: "a", deploymentTarget: .iOS(targetVersion: "15.0", devices: [.iphone, .mac])),
                Target(name: "B", platform: .iOS, product: .framework, bundleId: "b", deploymentTarget: .iOS(targetVersion: "15.0", devices: .ipad, supportsMacDesignedForIOS: false)),
                Target(name: "C", platform: .macOS, product: .app, bundleId: "c"),
                Target(name: "D", platform: .iOS, product: .app, bundleId: "d"),
            ])
            """)
        #expect(
            project.targets.map(\.destinations) == [
                ["iPhone", "macCatalyst", "macWithiPadDesign"], ["iPad"], ["mac"], ["iPad", "iPhone", "macWithiPadDesign"],
            ])
    }

    /// `Environment.name` reads `TUIST_NAME` where the manifest runs, as ProjectDescription does.
    @Test func environmentVariablesAreReadAsTheCompiledManifestReadsThem() throws {
        let manifest = """
            import ProjectDescription

            let withTests = Environment.includeTests.getBoolean(default: false)
            let name = Environment.appName.getString(default: "Shop")
            let project = Project(name: name, targets: withTests ? [.target(name: "T", destinations: .iOS, product: .unitTests, bundleId: "t")] : [])
            """
        #expect(try project(manifest).name == "Shop")
        #expect(try project(manifest).targets.isEmpty)
        let set = try project(manifest, environment: ["TUIST_INCLUDE_TESTS": "1", "TUIST_APP_NAME": "Store"])
        #expect(set.name == "Store")
        #expect(set.targets.map(\.name) == ["T"])
    }

    /// What the evaluator cannot decide is said, and the manifest is compiled instead.
    @Test func whatCannotBeDecidedFallsBackWithItsReason() throws {
        let fileCheck = """
            import ProjectDescription
            import Foundation

            let local = FileManager.default.fileExists(atPath: "flag")
            let project = Project(name: "A", targets: local ? [] : [.target(name: "A", destinations: .iOS, product: .app, bundleId: "a")])
            """
        let fileReason = try reason(fileCheck)
        #expect(fileReason == "a condition on 'FileManager', at /repo/Projects/App/Project.swift:5")
        #expect(
            try reason("import ProjectDescription\nimport RemotePlugin\nlet project = Project(name: \"A\")\n")?.contains("'RemotePlugin'")
                == true)
        #expect(try reason("import ProjectDescription\nlet workspace = 1\n")?.hasPrefix("no Project(...) made") == true)
        // A product the evaluator cannot tell.
        #expect(
            try reason(
                "import ProjectDescription\nlet project = Project(name: \"A\", targets: [.target(name: \"A\", destinations: .iOS, product: ProcessInfo.processInfo.product, bundleId: \"a\")])\n"
            )?
            .contains("product") == true)
        // Two helper types declare `.shared`, and nothing says which is meant.
        let twice = """
            import ProjectDescription
            public enum A { case shared }
            public enum B { case shared }
            """
        #expect(
            try reason("import ProjectDescriptionHelpers\nlet x = .shared\nlet project = Project(name: \"A\")\n", helpers: [twice])?
                .contains("declared by several types") == true)
    }

    /// Code the compiled manifest would stop at, or whose effect the evaluator does not model, is not taken as a project.
    @Test func codeThatWouldStopOrRunItsOwnInitializerFallsBack() throws {
        let stops =
            "import ProjectDescription\nlet name = \"\"\nif name.isEmpty { fatalError(\"no name\") }\nlet project = Project(name: name)\n"
        #expect(try reason(stops)?.hasPrefix("fatalError(...) reached") == true)
        let checked = "import ProjectDescription\nprecondition(1 + 1 == 3)\nlet project = Project(name: \"A\")\n"
        #expect(try reason(checked)?.hasPrefix("a failed precondition") == true)
        let ownInit = """
            import ProjectDescription
            extension Project {
                public init(feature: String) { self.init(name: feature + "Feature") }
            }
            """
        #expect(
            try reason("import ProjectDescriptionHelpers\nlet project = Project(feature: \"Home\")\n", helpers: [ownInit])?
                .hasPrefix("an initializer the helpers declare on Project") == true)
    }

    /// Hostile helpers: unbounded recursion and doubling stop at the bounds, as a fallback, never a crash.
    @Test func recursionAndGrowthStopAtTheBounds() throws {
        let recursion = """
            import ProjectDescription
            func name(_ n: Int) -> String { name(n + 1) }
            """
        let recursed = try reason("import ProjectDescriptionHelpers\nlet project = Project(name: name(0))\n", helpers: [recursion])
        #expect(recursed == "calls nested past the bound, at /repo/Tuist/ProjectDescriptionHelpers/H0.swift:2")
        let doubling = """
            import ProjectDescription
            func grow(_ text: String) -> String { grow(text + text) }
            """
        let grown = try reason("import ProjectDescriptionHelpers\nlet project = Project(name: grow(\"ab\"))\n", helpers: [doubling])
        #expect(grown == "a string longer than the bound, at /repo/Tuist/ProjectDescriptionHelpers/H0.swift:2")
        let loop = """
            import ProjectDescription
            func spin(_ items: [Int]) -> [Int] { items.flatMap { _ in items } }
            """
        #expect(
            try reason(
                "import ProjectDescriptionHelpers\nlet a = spin([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])\nlet b = spin(a)\nlet c = spin(b)\nlet project = Project(name: \"A\")\n",
                helpers: [loop])?.hasPrefix("an array longer than the bound, at ") == true)
    }
}
