/// What a manifest declares that changes how its package builds without
/// changing the module graph: platforms, language versions and standards,
/// system-library providers. Read so that `modgraph affected` notices a change
/// to any of it (a raised deployment target rebuilds every target), as it
/// notices a new dependency.
///
/// `dump-package` and the manifest evaluator produce the same value for the
/// same manifest (each construct is tested against a real dump); a dump read
/// by Foundation's decoder (shapes older than 5.5) has none, and a
/// comparison then cannot tell what changed.
public struct PackageBuildDeclaration: Sendable, Equatable {
    /// `platforms:`, in the order written; empty when not given.
    public var platforms: [PlatformRequirement]
    public var defaultLocalization: String?
    /// `swiftLanguageVersions:` or `swiftLanguageModes:` (`"5"`, `"6"`, `"4.2"`); nil when not given.
    public var swiftLanguageVersions: [String]?
    /// `c11`, `gnu99`…; nil when not given.
    public var cLanguageStandard: String?
    /// `c++17`, `gnu++20`…; nil when not given.
    public var cxxLanguageStandard: String?
    /// A system-library package's `pkgConfig:`.
    public var pkgConfig: String?
    public var providers: [SystemPackageProvider]?
    /// Keys of the dump that no part of ``Manifest`` reads (`targets[Name].newKey`, `newKey`), sorted: a
    /// newer toolchain's additions. A change to them cannot be told, so a manifest that has them
    /// is compared as a whole.
    public var unreadKeys: [String]

    public init(
        platforms: [PlatformRequirement] = [], defaultLocalization: String? = nil, swiftLanguageVersions: [String]? = nil,
        cLanguageStandard: String? = nil, cxxLanguageStandard: String? = nil, pkgConfig: String? = nil,
        providers: [SystemPackageProvider]? = nil, unreadKeys: [String] = []
    ) {
        self.platforms = platforms
        self.defaultLocalization = defaultLocalization
        self.swiftLanguageVersions = swiftLanguageVersions
        self.cLanguageStandard = cLanguageStandard
        self.cxxLanguageStandard = cxxLanguageStandard
        self.pkgConfig = pkgConfig
        self.providers = providers
        self.unreadKeys = unreadKeys
    }
}

/// What a target declares that changes how it builds without changing the
/// graph: its settings, how its resources are processed, its headers, its
/// `package` access, a binary's location, a system library's providers, a
/// plugin's capability.
public struct TargetBuildDeclaration: Sendable, Equatable {
    /// `cSettings:`, `cxxSettings:`, `swiftSettings:` and `linkerSettings:`, in that order, as `dump-package` lists them.
    public var settings: [BuildSetting]
    public var resources: [TargetResource]
    public var publicHeadersPath: String?
    /// Whether the target may use `package` declarations of its package; nil when the dump does not say.
    public var packageAccess: Bool?
    /// A binary target's URL and checksum.
    public var url: String?
    public var checksum: String?
    public var pkgConfig: String?
    public var providers: [SystemPackageProvider]?
    public var pluginCapability: PluginCapability?

    public init(
        settings: [BuildSetting] = [], resources: [TargetResource] = [], publicHeadersPath: String? = nil, packageAccess: Bool? = nil,
        url: String? = nil, checksum: String? = nil, pkgConfig: String? = nil, providers: [SystemPackageProvider]? = nil,
        pluginCapability: PluginCapability? = nil
    ) {
        self.settings = settings
        self.resources = resources
        self.publicHeadersPath = publicHeadersPath
        self.packageAccess = packageAccess
        self.url = url
        self.checksum = checksum
        self.pkgConfig = pkgConfig
        self.providers = providers
        self.pluginCapability = pluginCapability
    }
}

/// `.macOS(.v13)`: `dump-package` writes the version as text (`13.0`), and options (none from the public API).
public struct PlatformRequirement: Sendable, Equatable {
    public let name: String
    public let version: String
    public let options: [String]

    public init(name: String, version: String, options: [String] = []) {
        self.name = name
        self.version = version
        self.options = options
    }
}

/// `.apt(["zlib1g-dev"])`: the package manager and its packages.
public struct SystemPackageProvider: Sendable, Equatable {
    public let manager: String
    public let packages: [String]

    public init(manager: String, packages: [String]) {
        self.manager = manager
        self.packages = packages
    }
}

/// One entry of `resources:`.
public struct TargetResource: Sendable, Equatable {
    public enum Rule: Sendable, Equatable {
        /// `.process(path, localization:)`; the localization is `default` or `base` when given.
        case process(localization: String?)
        case copy
        case embedInCode
    }

    /// Relative to the target's folder, as written.
    public let path: String
    public let rule: Rule

    public init(path: String, rule: Rule) {
        self.path = path
        self.rule = rule
    }
}

/// One build setting: `{"tool": "swift", "kind": {"define": {"_0": "DEBUG"}}, "condition": …}`.
public struct BuildSetting: Sendable, Equatable {
    /// One positional value of the setting (`_0`, `_1`…).
    public enum Argument: Sendable, Equatable {
        case text(String)
        case texts([String])
    }

    /// `c`, `cxx`, `swift` or `linker`.
    public let tool: String
    /// `define`, `unsafeFlags`, `enableUpcomingFeature`…
    public let kind: String
    /// `define("A", to: "1")` is one argument, `A=1`, as `dump-package` joins it.
    public let arguments: [Argument]
    public let condition: BuildSettingCondition?

    public init(tool: String, kind: String, arguments: [Argument], condition: BuildSettingCondition? = nil) {
        self.tool = tool
        self.kind = kind
        self.arguments = arguments
        self.condition = condition
    }
}

/// `.when(platforms:configuration:traits:)` on a build setting.
public struct BuildSettingCondition: Sendable, Equatable {
    public let platforms: [String]
    /// `debug` or `release`.
    public let configuration: String?
    /// Sorted: SwiftPM keeps them in a set, which `dump-package` writes in no fixed order. Nil when not given.
    public let traits: [String]?

    public init(platforms: [String], configuration: String?, traits: [String]?) {
        self.platforms = platforms
        self.configuration = configuration
        self.traits = traits?.sorted()
    }
}

/// A plugin target's `capability:`.
public enum PluginCapability: Sendable, Equatable {
    case buildTool
    case command(intent: PluginCommandIntent, permissions: [PluginPermission])
}

public enum PluginCommandIntent: Sendable, Equatable {
    case documentationGeneration
    case sourceCodeFormatting
    case custom(verb: String, description: String)
}

public enum PluginPermission: Sendable, Equatable {
    case writeToPackageDirectory(reason: String)
    /// `scope` is the scope's case (`all`, `local`, `docker`, `unixDomainSocket`, `none`) and its ports.
    case allowNetworkConnections(scope: String, ports: [Int], reason: String)
}

/// What a `.package(url:…)` or `.package(id:…)` asks of its versions.
public enum DependencyRequirement: Sendable, Equatable {
    /// Versions from `lowerBound` up to, not including, `upperBound` (`from:`,
    /// `..<`, `...`, `.upToNextMinor`: `dump-package` writes them all this way).
    case range(lowerBound: String, upperBound: String)
    case exact(String)
    case branch(String)
    case revision(String)
}
