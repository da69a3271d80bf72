import Testing

@testable import ModGraphTuist

/// Helpers written as Tuist's TMA (The Modular Architecture) guide writes them, as Nexters/Mohanyang-iOS does:
/// generic helpers over a `Modulable` enum of modules, module names from `String(describing:)`, and the
/// dependencies of each kind of target in a dictionary keyed by an enum; and helpers extending
/// ProjectDescription's `Environment` (RevenueCat/purchases-ios). Each answer is worked out by hand.
@Suite("Tuist generic helpers evaluated statically")
struct TuistGenericHelpersTests: EvaluatesManifests {
    private static let plugin = """
        import ProjectDescription
        public protocol Modulable: CaseIterable {
            var path: String { get }
        }
        extension Modulable where Self: RawRepresentable, Self.RawValue == String {
            public var path: String { return "\\(Self.self)/\\(self.rawValue)" }
        }
        public enum Core: String, Modulable {
            case APIClient
            case KeychainClient
        }
        public enum Shared: String, Modulable {
            case DesignSystem
        }
        extension TargetDependency {
            public static func dependency<T: Modulable>(module: T, target: TargetType = .sources) -> TargetDependency {
                let moduleName = String(describing: module)
                return .project(target: "\\(moduleName)\\(target.suffixName)", path: .relativeToRoot("Projects/\\(module.path)"))
            }
            public static func dependency<T: Modulable>(rootModule: T.Type) -> TargetDependency {
                let moduleName = String(describing: rootModule)
                return .project(target: "\\(moduleName)", path: .relativeToRoot("Projects/\\(moduleName)/\\(moduleName)"))
            }
            public enum TargetType: Hashable {
                case sources
                case interface
                public var suffixName: String {
                    switch self {
                    case .sources: return ""
                    case .interface: return "Interface"
                    }
                }
            }
        }
        """
    private static let helper = """
        import ProjectDescription
        import DependencyPlugin
        extension Project {
            public enum TargetType: Hashable {
                case sources
                case interface
                public var suffixName: String {
                    switch self {
                    case .sources: return ""
                    case .interface: return "Interface"
                    }
                }
            }
            public static func makeTMABasedProject<T: Modulable>(
                module: T, targets: Set<TargetType>, dependencies: [TargetType: [TargetDependency]]
            ) -> Project {
                let name = String(describing: module)
                var projectTargets: [Target] = []
                targets.forEach { targetType in
                    let current = dependencies[targetType] ?? []
                    projectTargets.append(
                        .target(name: "\\(name)\\(targetType.suffixName)", destinations: .iOS, product: .staticLibrary,
                                bundleId: "dev.\\(name)", dependencies: current))
                }
                return Project(name: name, targets: projectTargets)
            }
            public static func makeRootProject<T: Modulable>(rootModule: T.Type) -> Project where T: RawRepresentable, T.RawValue == String {
                let targetName = String(describing: T.self)
                let dependencies: [TargetDependency] = T.allCases.map { .dependency(module: $0) }
                return Project(
                    name: targetName,
                    targets: [.target(name: targetName, destinations: .iOS, product: .staticLibrary, bundleId: "dev.root", dependencies: dependencies)])
            }
        }
        """

    private func dependency(_ target: String, _ path: String) -> TuistDump.Dependency {
        .project(target: target, path: .init(base: .root, text: path), filters: [])
    }

    @Test func aTargetsDependenciesFromADictionaryKeyedByAnEnumOfTheHelpers() throws {
        let project = try project(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            @_spi(Core)
            import DependencyPlugin
            let project: Project = .makeTMABasedProject(
                module: Core.APIClient,
                targets: [.sources, .interface],
                dependencies: [
                    .interface: [
                        .dependency(rootModule: Shared.self),
                        .dependency(module: Core.KeychainClient, target: .interface),
                    ]
                ]
            )
            """, helpers: [Self.helper], plugins: ["DependencyPlugin": [Self.plugin]])
        #expect(project.name == "APIClient")
        #expect(project.targets.map(\.name) == ["APIClient", "APIClientInterface"])
        #expect(project.targets.first?.dependencies == [])
        #expect(
            project.targets.last?.dependencies == [
                dependency("Shared", "Projects/Shared/Shared"), dependency("KeychainClientInterface", "Projects/Core/KeychainClient"),
            ])
    }

    @Test func aGenericParameterTakesTheTypeOfItsArgument() throws {
        let project = try project(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            import DependencyPlugin
            let project: Project = .makeRootProject(rootModule: Core.self)
            """, helpers: [Self.helper], plugins: ["DependencyPlugin": [Self.plugin]])
        #expect(project.name == "Core")
        #expect(
            project.targets.first?.dependencies == [
                dependency("APIClient", "Projects/Core/APIClient"), dependency("KeychainClient", "Projects/Core/KeychainClient"),
            ])
    }

    /// `String(describing:)` of a case whose enum says its own `description` is that description, which the
    /// evaluator does not run: it falls back rather than print the case's name.
    @Test func aCaseWithADescriptionOfItsOwnIsNotPrintedByName() throws {
        let reason = try reason(
            """
            import ProjectDescription
            enum Module: CustomStringConvertible {
                case home
                var description: String { "Feature" }
            }
            let project = Project(name: String(describing: Module.home), targets: [])
            """)
        #expect(reason?.contains("the project's name") == true, "\(reason ?? "evaluated")")
    }

    /// RevenueCat/purchases-ios: helpers extend ProjectDescription's `Environment` with members of their own, and
    /// read `Environment.rcRemote` beside them; a string split at a character. Before, the extension hid
    /// ProjectDescription's dynamic members (`Environment.rcRemote` was not known) and `split` was not read.
    @Test func anExtendedEnvironmentKeepsItsVariablesAndStringsSplit() throws {
        let helper = """
            import ProjectDescription
            extension Environment {
                public static var remote: Bool { Environment.rcRemote.getBoolean(default: false) }
                public static var conditions: [String] {
                    let value = Environment.swiftConditions.getString(default: "")
                    return value.split(separator: " ").map(String.init).filter { !$0.isEmpty }
                }
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let names = Environment.remote ? ["Remote"] : Environment.conditions
            let project = Project(name: "App", targets: names.map { .target(name: $0, destinations: .iOS, product: .framework, bundleId: "b") })
            """
        #expect(try project(manifest, helpers: [helper]).targets.isEmpty)
        let conditions = try project(manifest, helpers: [helper], environment: ["TUIST_SWIFT_CONDITIONS": "  A B  C"])
        #expect(conditions.targets.map(\.name) == ["A", "B", "C"])
        let remote = try project(manifest, helpers: [helper], environment: ["TUIST_RC_REMOTE": "true", "TUIST_SWIFT_CONDITIONS": "A"])
        #expect(remote.targets.map(\.name) == ["Remote"])
        // An `enum Environment` of the helpers' own is another type: its unknown members are not variables.
        let own = """
            import ProjectDescription
            public enum Environment { case dev }
            """
        let reason = try evaluate(
            "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project(name: Environment.appName.getString(default: \"X\"), targets: [])",
            helpers: [own])
        guard case let .failure(fallback) = reason else {
            Issue.record("evaluated with the helpers' own Environment")
            return
        }
        #expect(fallback.reason.contains("name"), "\(fallback.reason)")
    }

    /// RevenueCat's `extension SettingsDictionary { func appendingTuistSwiftConditions() … Environment.extraSwiftConditions }`:
    /// inside a method of a dictionary, `Environment` is the type, not a property of the dictionary.
    @Test func aTypeNamedInADictionarysMethodIsTheType() throws {
        let helper = """
            import ProjectDescription
            extension Environment {
                public static var flags: [String] { Environment.swiftConditions.getString(default: "").split(separator: " ").map(String.init) }
            }
            extension SettingsDictionary {
                public func named() -> SettingsDictionary {
                    let flags = Environment.flags
                    guard !flags.isEmpty else { return self }
                    return merging(["PRODUCT_NAME": "\\(flags.joined(separator: "_"))"])
                }
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "App", targets: [
                .target(name: "App", destinations: .iOS, product: .app, bundleId: "b", settings: .settings(base: ["A": "1"].named())),
            ])
            """
        let named = try project(manifest, helpers: [helper], environment: ["TUIST_SWIFT_CONDITIONS": "X Y"])
        #expect(named.targets.first?.settings["PRODUCT_NAME"] == "X_Y")
        #expect(try project(manifest, helpers: [helper]).targets.first?.settings["PRODUCT_NAME"] == nil)
    }
}
