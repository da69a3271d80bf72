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

    /// psangwon62/Polymorph: `Project.module(name:)` makes one target of each kind with `.target(name:type:dependencies:)`
    /// in a closure of `compactMap` into a `[Target]`, and the helpers also declare `[TargetDependency].target(name:types:)`,
    /// whose closure makes `.target(name:)` into `Self`. Swift gives each closure the element type of what the call
    /// makes, which tells the two `.target`s apart; inside `extension String`, `String(first)` is the initializer, not
    /// a method of `self`. The kinds come from `CaseIterable`, the dependencies from a dictionary keyed by the kind.
    @Test func aClosureOfMapReturnsTheElementTypeOfWhatTheCallMakes() throws {
        let helper = """
            import ProjectDescription
            public extension Project {
                static func module(name: String, targets: [Target.TargetType] = Target.TargetType.allCases,
                                   dependencies: [Target.TargetType: [TargetDependency]] = [:]) -> Project {
                    let adjustedTargets: [Target] = targets.compactMap { target in
                        return .target(name: name, type: target, dependencies: dependencies[target] ?? [])
                    }
                    return Project(name: name, targets: adjustedTargets)
                }
            }
            public extension Target {
                enum TargetType: String, CaseIterable {
                    case interface
                    case feature
                    case tests
                    var product: Product {
                        switch self {
                            case .interface, .feature: .framework
                            case .tests: .unitTests
                        }
                    }
                    func targetName(_ name: String) -> String {
                        switch self {
                            case .feature: return name
                            default: return "\\(name)\\(rawValue.firstCharacterUppercased)"
                        }
                    }
                    func targetDependencies(name: String, additional: [TargetDependency] = []) -> [TargetDependency] {
                        let base: [TargetDependency]
                        switch self {
                            case .interface: base = []
                            case .feature: base = .target(name: name, types: [.interface])
                            case .tests: base = .target(name: name, types: [.feature])
                        }
                        return base + additional
                    }
                }
                static func target(name: String, type: TargetType, dependencies: [TargetDependency] = []) -> Target {
                    .target(name: type.targetName(name), destinations: .iOS, product: type.product, bundleId: "b.\\(name)",
                            sources: "\\(type.rawValue)/**", dependencies: type.targetDependencies(name: name, additional: dependencies))
                }
            }
            private extension String {
                var firstCharacterUppercased: String {
                    guard let first = first else { return "" }
                    return String(first).uppercased() + dropFirst()
                }
            }
            extension [TargetDependency] {
                static func target(name: String, types: [Target.TargetType] = []) -> Self {
                    types.compactMap { .target(name: $0.targetName(name)) }
                }
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project.module(name: "Logger", dependencies: [.tests: [.external(name: "Nimble")]])
            """
        let project = try project(manifest, helpers: [helper])
        #expect(project.targets.map(\.name) == ["LoggerInterface", "Logger", "LoggerTests"])
        #expect(
            project.targets.map(\.dependencies) == [
                [], [.target(name: "LoggerInterface", filters: [])],
                [.target(name: "Logger", filters: []), .external(name: "Nimble", filters: [])],
            ])
    }

    /// Polymorph's `var target = Target.target(…); if type == .example { target.infoPlist = … }`: a property of a
    /// ProjectDescription value is the argument of its label, so setting it (or adding to it) sets that argument;
    /// a name the call takes no argument of is not known to be a property, and the manifest falls back.
    @Test func aPropertySetOnATargetIsTheArgumentOfItsLabel() throws {
        let helper = """
            import ProjectDescription
            public func made(_ name: String, example: Bool) -> Target {
                var target = Target.target(name: name, destinations: .iOS, product: .framework, bundleId: "b")
                if example {
                    target.product = .app
                    target.infoPlist = .extendingDefault(with: ["UILaunchScreen": ""])
                }
                target.dependencies += [.external(name: "Kit")]
                return target
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "A", targets: [made("One", example: false), made("Two", example: true)])
            """
        let project = try project(manifest, helpers: [helper])
        #expect(project.targets.map(\.product) == ["framework", "app"])
        #expect(project.targets.map(\.dependencies) == [[.external(name: "Kit", filters: [])], [.external(name: "Kit", filters: [])]])
        let unknown = """
            import ProjectDescription
            public func made() -> Target {
                var target = Target.target(name: "A", destinations: .iOS, product: .app, bundleId: "b")
                target.colour = "red"
                return target
            }
            """
        let reason = try reason(
            "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project(name: \"A\", targets: [made()])\n",
            helpers: [unknown])
        #expect(reason?.contains("Target.target's colour") == true, "\(reason ?? "evaluated")")
    }

    /// RevenueCat/purchases-ios's `[Target].addingXcodeDeploymentTargetOverrides()`: a method of an extension of
    /// `[Target]` on an array of targets; `guard let deploymentTargets` unwrapping a property of `self`, nil where the
    /// target was made without one (its default); versions compared with `Int(…) ?? 0` and `Swift.max`; and the
    /// copy's `settings` set (`var target = self; target.settings = settings`).
    @Test func aCopyOfATargetWithItsSettingsSetByAnArraysMethod() throws {
        let helper = """
            import ProjectDescription
            extension Target {
                public func raised() -> Target {
                    guard let deploymentTargets else { return self }
                    guard let iOS = deploymentTargets.iOS, iOS.below("15.0") else { return self }
                    var target = self
                    target.settings = .settings(base: ["PRODUCT_NAME": "Raised"])
                    return target
                }
            }
            extension [Target] {
                public func raised() -> [Target] { map { $0.raised() } }
            }
            private extension String {
                func below(_ other: String) -> Bool {
                    let lhs = split(separator: ".").map { Int($0) ?? 0 }
                    let rhs = other.split(separator: ".").map { Int($0) ?? 0 }
                    for index in 0..<Swift.max(lhs.count, rhs.count) {
                        let left = index < lhs.count ? lhs[index] : 0
                        let right = index < rhs.count ? rhs[index] : 0
                        if left != right { return left < right }
                    }
                    return false
                }
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let old: DeploymentTargets = .multiplatform(iOS: "13.0", macOS: "11.0")
            let project = Project(name: "A", targets: [
                .target(name: "Old", destinations: .iOS, product: .app, bundleId: "a", deploymentTargets: old),
                .target(name: "New", destinations: .iOS, product: .app, bundleId: "b", deploymentTargets: .multiplatform(iOS: "16.0")),
                .target(name: "Unset", destinations: .iOS, product: .app, bundleId: "c"),
            ].raised())
            """
        let project = try project(manifest, helpers: [helper])
        #expect(project.targets.map(\.name) == ["Old", "New", "Unset"])
        #expect(project.targets.map { $0.settings["PRODUCT_NAME"] } == ["Raised", nil, nil])
    }

    /// CAKK-DEV/cakk-client's helpers pass `settings: .init(.settings(base: …))` where a `Settings?` is asked:
    /// `Optional.init(_:)`, which wraps its argument, as `.some(…)` does. `Settings` has no initializer one
    /// unlabelled argument fits; a helper's struct that has one is made by it, not wrapped.
    @Test func anImplicitInitOfAnOptionalWrapsItsArgument() throws {
        let helper = """
            import ProjectDescription
            public struct Named {
                public let name: String
                public init(_ name: String) { self.name = name }
            }
            public func made(_ name: String, label: Named? = nil) -> Target {
                .target(name: label?.name ?? name, destinations: .iOS, product: .framework, bundleId: "b",
                        settings: .init(.settings(base: ["PRODUCT_MODULE_NAME": "\\(name)Module"])))
            }
            public func wrapped(_ name: String) -> Target {
                .target(name: name, destinations: .iOS, product: .framework, bundleId: "b",
                        settings: .some(.settings(base: ["PRODUCT_NAME": "Some"])))
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "A", targets: [made("One"), made("Two", label: .init("Named")), wrapped("Three")])
            """
        let project = try project(manifest, helpers: [helper])
        #expect(project.targets.map(\.name) == ["One", "Named", "Three"])
        #expect(project.targets.map { $0.settings["PRODUCT_MODULE_NAME"] } == ["OneModule", "TwoModule", nil])
        #expect(project.targets.map { $0.settings["PRODUCT_NAME"] } == [nil, nil, "Some"])
    }

    /// DDD-Community/MorningBear-iOS's `Project.app(name:platform:additionalTargets:)` takes a tuple of ten
    /// labelled names and reads `additionalTargets.UI`; an element is read by its position too, and a tuple
    /// pattern binds one.
    @Test func aLabelledTupleIsReadByLabelAndPosition() throws {
        let helper = """
            import ProjectDescription
            public func app(_ names: (Kit: String, UI: String)) -> [Target] {
                let (first, _) = names
                let pair = ("Extra", "Kit")
                return [
                    .target(name: names.UI, destinations: .iOS, product: .app, bundleId: "a", dependencies: [.target(name: names.Kit)]),
                    .target(name: names.0, destinations: .iOS, product: .framework, bundleId: "b"),
                    .target(name: first + "Tests", destinations: .iOS, product: .unitTests, bundleId: "c"),
                    .target(name: pair.0 + pair.1, destinations: .iOS, product: .framework, bundleId: "d"),
                ]
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "A", targets: app((Kit: "AppKit", UI: "AppUI")))
            """
        let project = try project(manifest, helpers: [helper])
        #expect(project.targets.map(\.name) == ["AppUI", "AppKit", "AppKitTests", "ExtraKit"])
        #expect(project.targets.first?.dependencies == [.target(name: "AppKit", filters: [])])
    }

    /// Pepsi-Club/WhereMyBus-iOS declares its dependencies in `extension Array<TargetDependency>`: an enum nested there
    /// capitalises a case's name through its characters (`rawValue.map { $0 }`, `removeFirst()`, `insert(Character(…),
    /// at: 0)`, `String(name)`), and a static list makes `Element.external(name:)`, `Element` being the array's element.
    @Test func anArrayExtensionsElementAndAStringsCharacters() throws {
        let plugin = """
            import ProjectDescription
            public extension Array<TargetDependency> {
                static let external = Library.allCases.map { Element.external(name: $0.name) }
                enum Library: String, CaseIterable {
                    case rxCocoa, kingfisher
                    public var name: String {
                        var name = rawValue.map { $0 }
                        name.removeFirst()
                        name.insert(Character(rawValue.first!.uppercased()), at: 0)
                        name.removeLast()
                        return "\\(String(name))"
                    }
                }
            }
            """
        let project = try project(
            """
            import ProjectDescription
            import DependencyPlugin
            let project = Project(name: "A", targets: [
                .target(name: "A", destinations: .iOS, product: .framework, bundleId: "a", dependencies: .external)
            ])
            """, plugins: ["DependencyPlugin": [plugin]])
        #expect(
            project.targets.first?.dependencies == [
                TuistDump.Dependency.external(name: "RxCoco", filters: []), .external(name: "Kingfishe", filters: []),
            ])
    }

    /// RevenueCat/purchases-ios reads `deploymentTargets.iOS` of a target made with `.iOS("15.0")`: ProjectDescription's
    /// `static func iOS(_ version: String) -> DeploymentTargets { Self(iOS: version) }` passes its argument to the
    /// initializer's `iOS`, and leaves the others to the initializer's defaults (nil). Its BinarySizeTest manifest
    /// trims an environment variable with `CharacterSet.whitespacesAndNewlines` before switching over it.
    @Test func aFactorysValueHasThePropertiesItsBodyPassesOn() throws {
        let helper = """
            import ProjectDescription
            extension Target {
                public var minimum: String {
                    guard let deploymentTargets else { return "none" }
                    if let iOS = deploymentTargets.iOS { return "iOS " + iOS }
                    if let watchOS = deploymentTargets.watchOS { return "watchOS " + watchOS }
                    return "other"
                }
            }
            public func kind(_ raw: String) -> Product {
                switch raw.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines).uppercased() {
                case "APP": return .app
                default: return .framework
                }
            }
            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let made: [Target] = [
                .target(name: "A", destinations: .iOS, product: .app, bundleId: "a", deploymentTargets: .iOS("15.0")),
                .target(name: "B", destinations: .iOS, product: .app, bundleId: "b", deploymentTargets: .watchOS("9.0")),
                .target(name: "C", destinations: .iOS, product: .app, bundleId: "c", deploymentTargets: .macOS("13.0")),
            ]
            let project = Project(name: "P", targets: made.map { target in
                .target(name: target.name + " " + target.minimum, destinations: .iOS, product: kind("  app\\n"), bundleId: "x")
            })
            """
        let project = try project(manifest, helpers: [helper])
        #expect(project.targets.map(\.name) == ["A iOS 15.0", "B watchOS 9.0", "C other"])
        #expect(project.targets.map(\.product) == ["app", "app", "app"])
    }

    /// What the catalogue reads of a factory's body: each label of its one initializer call, in the call's order,
    /// with the parameter passed on, whatever order the function's own parameters are in; nothing for a body of
    /// another form (two statements, an argument that is not a parameter, another type's initializer).
    @Test func aFactoryForwardsItsParametersInTheInitializersOrder() {
        let catalog = APICatalog(files: [
            """
            public struct Pair {
                public var first: String?
                public var second: String?
                public init(first: String? = nil, second: String? = nil) {
                    self.first = first
                    self.second = second
                }
                public static func swapped(_ second: String, _ first: String) -> Pair { Self(first: first, second: second) }
                public static func named(_ first: String) -> Pair { return Pair(first: first) }
                public static func twice(_ first: String) -> Pair { let made = Pair(first: first); return made }
                public static func fixed(_ first: String) -> Pair { Self(first: first, second: "2") }
                public static func other(_ first: String) -> Pair { Other(first: first) }
            }
            """
        ])
        func forwarded(_ member: String) -> [String]? {
            catalog.entry("Pair")?.functions[member]?.first?.forwarded?.map { "\($0.label)=\($0.parameter)" }
        }
        #expect(forwarded("swapped") == ["first=1", "second=0"])
        #expect(forwarded("named") == ["first=0"])
        #expect(forwarded("twice") == nil)
        #expect(forwarded("fixed") == nil)
        #expect(forwarded("other") == nil)
    }
}
