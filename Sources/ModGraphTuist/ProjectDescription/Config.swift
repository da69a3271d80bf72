// Part of modgraph's source-compatible ProjectDescription (see docs/tuist.md): the public API of Tuist's
// ProjectDescription 4.x that manifests and their helpers call, written for modgraph. Each type encodes as
// Tuist's own does, so a manifest prints what `tuist dump` prints.
//
// This file: the Tuist.swift / Tuist/Config.swift manifest (`Tuist`, alias `Config`) and its options,
// plus the Tuist 3 `Config(…cache:…)` and `Cache` forms.
//
// Members added for Tuist 3 manifests are `@_disfavoredOverload`, so a helper module that declares the
// same member itself is chosen without ambiguity.

public typealias Config = Tuist

public struct Tuist: Codable, Equatable, Sendable {
    public let project: TuistProject
    public let fullHandle: String?
    public let inspectOptions: InspectOptions
    public let url: String

    public init(
        compatibleXcodeVersions: CompatibleXcodeVersions = .all,
        cloud: Cloud? = nil,
        fullHandle: String? = nil,
        url: String = "https://tuist.dev",
        swiftVersion: Version? = nil,
        plugins: [PluginLocation] = [],
        generationOptions: GenerationOptions = .options(),
        inspectOptions: InspectOptions = .options(),
        installOptions: InstallOptions = .options()
    ) {
        var options = generationOptions
        if let cloud {
            options.optionalAuthentication = cloud.options.contains(.optional)
        }
        self.project = .tuist(
            compatibleXcodeVersions: compatibleXcodeVersions,
            swiftVersion: swiftVersion,
            plugins: plugins,
            generationOptions: options,
            installOptions: installOptions
        )
        self.fullHandle = cloud?.projectId ?? fullHandle
        self.inspectOptions = inspectOptions
        self.url = cloud?.url ?? url
        dumpIfNeeded(self)
    }

    public init(
        fullHandle: String? = nil,
        inspectOptions: InspectOptions = .options(),
        url: String = "https://tuist.dev",
        project: TuistProject
    ) {
        self.project = project
        self.fullHandle = fullHandle
        self.inspectOptions = inspectOptions
        self.url = url
        dumpIfNeeded(self)
    }

    /// Tuist 3 form (`cache:` was removed in Tuist 4); produces the Tuist 4 value and drops the cache profiles.
    @_disfavoredOverload
    public init(
        compatibleXcodeVersions: CompatibleXcodeVersions = .all,
        cloud: Cloud? = nil,
        cache: Cache?,
        swiftVersion: Version? = nil,
        plugins: [PluginLocation] = [],
        generationOptions: GenerationOptions = .options()
    ) {
        self.init(
            compatibleXcodeVersions: compatibleXcodeVersions,
            cloud: cloud,
            fullHandle: nil,
            url: "https://tuist.dev",
            swiftVersion: swiftVersion,
            plugins: plugins,
            generationOptions: generationOptions,
            inspectOptions: .options(),
            installOptions: .options()
        )
    }
}

public enum TuistProject: Codable, Equatable, Sendable {
    case tuist(
        compatibleXcodeVersions: CompatibleXcodeVersions = .all,
        swiftVersion: Version? = nil,
        plugins: [PluginLocation] = [],
        generationOptions: Tuist.GenerationOptions = .options(),
        installOptions: Tuist.InstallOptions = .options(),
        cacheOptions: Tuist.CacheOptions = .options()
    )
    case xcode(TuistXcodeProjectOptions = TuistXcodeProjectOptions.options())
}

public struct TuistXcodeProjectOptions: Codable, Equatable, Sendable {
    public static func options() -> Self {
        Self()
    }
}

// MARK: - Generation options

extension Tuist {
    public struct GenerationOptions: Codable, Equatable, Sendable {
        public enum StaticSideEffectsWarningTargets: Codable, Equatable, Sendable {
            case all
            case none
            case excluding([String])
        }

        public var resolveDependenciesWithSystemScm: Bool
        public var disablePackageVersionLocking: Bool
        public var clonedSourcePackagesDirPath: Path?
        public var additionalPackageResolutionArguments: [String]
        public var staticSideEffectsWarningTargets: StaticSideEffectsWarningTargets
        public let enforceExplicitDependencies: Bool
        public var defaultConfiguration: String?
        public var optionalAuthentication: Bool
        public var buildInsightsDisabled: Bool
        public var testInsightsDisabled: Bool
        public var disableSandbox: Bool
        public var includeGenerateScheme: Bool
        public var enableCaching: Bool

        public static func options(
            disablePackageVersionLocking: Bool = false,
            staticSideEffectsWarningTargets: StaticSideEffectsWarningTargets = .all,
            defaultConfiguration: String? = nil,
            optionalAuthentication: Bool = false,
            buildInsightsDisabled: Bool = false,
            testInsightsDisabled: Bool = false,
            disableSandbox: Bool = true,
            includeGenerateScheme: Bool = true,
            enableCaching: Bool = false,
            additionalPackageResolutionArguments: [String] = []
        ) -> Self {
            Self(
                resolveDependenciesWithSystemScm: false,
                disablePackageVersionLocking: disablePackageVersionLocking,
                clonedSourcePackagesDirPath: nil,
                additionalPackageResolutionArguments: additionalPackageResolutionArguments,
                staticSideEffectsWarningTargets: staticSideEffectsWarningTargets,
                enforceExplicitDependencies: false,
                defaultConfiguration: defaultConfiguration,
                optionalAuthentication: optionalAuthentication,
                buildInsightsDisabled: buildInsightsDisabled,
                testInsightsDisabled: testInsightsDisabled,
                disableSandbox: disableSandbox,
                includeGenerateScheme: includeGenerateScheme,
                enableCaching: enableCaching
            )
        }

        public static func options(
            resolveDependenciesWithSystemScm: Bool = false,
            disablePackageVersionLocking: Bool = false,
            clonedSourcePackagesDirPath: Path? = nil,
            staticSideEffectsWarningTargets: StaticSideEffectsWarningTargets = .all,
            defaultConfiguration: String? = nil,
            optionalAuthentication: Bool = false,
            buildInsightsDisabled: Bool = false,
            testInsightsDisabled: Bool = false,
            disableSandbox: Bool = true,
            includeGenerateScheme: Bool = true,
            enableCaching: Bool = false
        ) -> Self {
            Self(
                resolveDependenciesWithSystemScm: resolveDependenciesWithSystemScm,
                disablePackageVersionLocking: disablePackageVersionLocking,
                clonedSourcePackagesDirPath: clonedSourcePackagesDirPath,
                additionalPackageResolutionArguments: [],
                staticSideEffectsWarningTargets: staticSideEffectsWarningTargets,
                enforceExplicitDependencies: false,
                defaultConfiguration: defaultConfiguration,
                optionalAuthentication: optionalAuthentication,
                buildInsightsDisabled: buildInsightsDisabled,
                testInsightsDisabled: testInsightsDisabled,
                disableSandbox: disableSandbox,
                includeGenerateScheme: includeGenerateScheme,
                enableCaching: enableCaching
            )
        }

        public static func options(
            resolveDependenciesWithSystemScm: Bool = false,
            disablePackageVersionLocking: Bool = false,
            clonedSourcePackagesDirPath: Path? = nil,
            staticSideEffectsWarningTargets: StaticSideEffectsWarningTargets = .all,
            enforceExplicitDependencies: Bool,
            defaultConfiguration: String? = nil,
            optionalAuthentication: Bool = false
        ) -> Self {
            Self(
                resolveDependenciesWithSystemScm: resolveDependenciesWithSystemScm,
                disablePackageVersionLocking: disablePackageVersionLocking,
                clonedSourcePackagesDirPath: clonedSourcePackagesDirPath,
                additionalPackageResolutionArguments: [],
                staticSideEffectsWarningTargets: staticSideEffectsWarningTargets,
                enforceExplicitDependencies: enforceExplicitDependencies,
                defaultConfiguration: defaultConfiguration,
                optionalAuthentication: optionalAuthentication,
                buildInsightsDisabled: false,
                testInsightsDisabled: false,
                disableSandbox: true,
                includeGenerateScheme: false,
                enableCaching: false
            )
        }
    }

    public struct InstallOptions: Codable, Equatable, Sendable {
        public var passthroughSwiftPackageManagerArguments: [String]

        public static func options(passthroughSwiftPackageManagerArguments: [String] = []) -> Self {
            Self(passthroughSwiftPackageManagerArguments: passthroughSwiftPackageManagerArguments)
        }
    }

    public struct InspectOptions: Codable, Equatable, Sendable {
        public struct RedundantDependencies: Codable, Equatable, Sendable {
            public let ignoreTagsMatching: Set<String>

            public static func redundantDependencies(ignoreTagsMatching: Set<String> = []) -> Self {
                Self(ignoreTagsMatching: ignoreTagsMatching)
            }
        }

        public var redundantDependencies: RedundantDependencies

        public static func options(redundantDependencies: RedundantDependencies = .redundantDependencies()) -> Self {
            Self(redundantDependencies: redundantDependencies)
        }
    }

    public struct CacheOptions: Codable, Equatable, Sendable {
        public var keepSourceTargets: Bool
        public var profiles: CacheProfiles

        public static func options(keepSourceTargets: Bool = false, profiles: CacheProfiles = [:]) -> Self {
            Self(keepSourceTargets: keepSourceTargets, profiles: profiles)
        }
    }
}

// MARK: - Cache profiles

public enum CacheProfileType: Codable, Equatable, Sendable, ExpressibleByStringLiteral {
    case onlyExternal
    case allPossible
    case none
    case custom(String)

    public init(stringLiteral value: String) {
        self = .custom(value)
    }
}

public enum BaseCacheProfile: String, Codable, Equatable, Sendable {
    case onlyExternal
    case allPossible
    case none
}

public struct CacheProfile: Codable, Equatable, Sendable {
    public let base: BaseCacheProfile
    public let targetQueries: [TargetQuery]
    public let exceptTargetQueries: [TargetQuery]

    public static func profile(
        _ base: BaseCacheProfile = .onlyExternal,
        and targetQueries: [TargetQuery] = [],
        except exceptTargetQueries: [TargetQuery] = []
    ) -> Self {
        Self(base: base, targetQueries: targetQueries, exceptTargetQueries: exceptTargetQueries)
    }
}

public struct CacheProfiles: Codable, Equatable, Sendable, ExpressibleByDictionaryLiteral {
    public let profileByName: [String: CacheProfile]
    public let defaultProfile: CacheProfileType

    init(profileByName: [String: CacheProfile], defaultProfile: CacheProfileType) {
        self.profileByName = profileByName
        self.defaultProfile = defaultProfile
    }

    public init(dictionaryLiteral elements: (String, CacheProfile)...) {
        self.init(profileByName: Dictionary(elements, uniquingKeysWith: { _, last in last }), defaultProfile: .onlyExternal)
    }

    public static func profiles(
        _ profileByName: [String: CacheProfile] = [:],
        default defaultProfile: CacheProfileType = .onlyExternal
    ) -> Self {
        Self(profileByName: profileByName, defaultProfile: defaultProfile)
    }
}

/// Encodes as `{"named": …}` or `{"tagged": …}`, as Tuist's hand-written coding does.
public enum TargetQuery: Codable, Equatable, Sendable, ExpressibleByStringLiteral {
    case named(String)
    case tagged(String)

    private enum CodingKeys: String, CodingKey {
        case named
        case tagged
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .named) {
            self = .named(name)
        } else if let tag = try container.decodeIfPresent(String.self, forKey: .tagged) {
            self = .tagged(tag)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Invalid TargetQuery"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .named(name): try container.encode(name, forKey: .named)
        case let .tagged(tag): try container.encode(tag, forKey: .tagged)
        }
    }

    public init(stringLiteral value: String) {
        if value.hasPrefix("tag:") {
            self = .tagged(String(value.dropFirst(4)))
        } else {
            self = .named(value)
        }
    }
}

// MARK: - Cloud, Xcode versions, plugins

public struct Cloud: Codable, Equatable, Sendable {
    public enum Option: String, Codable, Equatable, Sendable {
        /// Tuist 3 options, accepted so older manifests compile.
        case analytics
        case disableAnalytics
        case optional
    }

    public var url: String
    public var projectId: String
    public var options: [Option]

    public static func cloud(projectId: String, url: String = "https://tuist.dev", options: [Option] = []) -> Cloud {
        Cloud(url: url, projectId: projectId, options: options)
    }
}

public enum CompatibleXcodeVersions: ExpressibleByArrayLiteral, ExpressibleByStringInterpolation, Codable, Equatable,
    Sendable
{
    case all
    case exact(Version)
    case upToNextMajor(Version)
    case upToNextMinor(Version)
    case list([CompatibleXcodeVersions])

    public init(arrayLiteral elements: [CompatibleXcodeVersions]) {
        self = .list(elements)
    }

    public init(arrayLiteral elements: CompatibleXcodeVersions...) {
        self = .list(elements)
    }

    public init(stringLiteral value: String) {
        self = .exact(Version(stringLiteral: value))
    }
}

public struct PluginLocation: Codable, Equatable, Sendable {
    public var type: LocationType

    public static func local(path: Path) -> Self {
        Self(type: .local(path: path))
    }

    public static func git(url: String, tag: String, directory: String? = nil, releaseUrl: String? = nil) -> Self {
        Self(type: .gitWithTag(url: url, tag: tag, directory: directory, releaseUrl: releaseUrl))
    }

    public static func git(url: String, sha: String, directory: String? = nil) -> Self {
        Self(type: .gitWithSha(url: url, sha: sha, directory: directory))
    }
}

extension PluginLocation {
    public enum LocationType: Codable, Equatable, Sendable {
        case local(path: Path)
        case gitWithTag(url: String, tag: String, directory: String?, releaseUrl: String?)
        case gitWithSha(url: String, sha: String, directory: String?)
    }
}

// MARK: - Tuist 3 cache configuration

public struct Cache: Codable, Equatable, Sendable {
    public struct Profile: Codable, Equatable, Sendable {
        public let name: String
        public let configuration: String
        public let device: String?
        public let os: String?

        public static func profile(name: String, configuration: String, device: String? = nil, os: String? = nil) -> Profile {
            Profile(name: name, configuration: configuration, device: device, os: os)
        }
    }

    public let profiles: [Profile]
    public let path: Path?

    public static func cache(profiles: [Profile] = [], path: Path? = nil) -> Cache {
        Cache(profiles: profiles, path: path)
    }
}
