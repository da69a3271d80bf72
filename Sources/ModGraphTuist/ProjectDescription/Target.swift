// Part of modgraph's source-compatible ProjectDescription (see docs/tuist.md): the public API of Tuist's
// ProjectDescription 4.x that manifests and their helpers call, written for modgraph. Each type encodes as
// Tuist's own does, so a manifest prints what `tuist dump` prints.
//
// This file: Target, Product, platforms and destinations, deployment targets, launch arguments and
// environment variables, and the Tuist 3 `Target(name:platform:…)` / `DeploymentTarget` / `DeploymentDevice`
// forms mapped onto Tuist 4 values.
//
// Members added for Tuist 3 manifests are `@_disfavoredOverload`, so a helper module that declares the
// same member itself is chosen without ambiguity.

public struct Target: Codable, Equatable, Sendable {
    public var name: String
    public var destinations: Destinations
    public var product: Product
    public var productName: String?
    public var bundleId: String
    public var deploymentTargets: DeploymentTargets?
    public var infoPlist: InfoPlist?
    public var sources: SourceFilesList?
    public var resources: ResourceFileElements?
    public var copyFiles: [CopyFilesAction]?
    public var headers: Headers?
    public var entitlements: Entitlements?
    public var scripts: [TargetScript]
    public var dependencies: [TargetDependency]
    public var settings: Settings?
    public var coreDataModels: [CoreDataModel]
    public var environmentVariables: [String: EnvironmentVariable]
    public var launchArguments: [LaunchArgument]
    public var additionalFiles: [FileElement]
    public var buildRules: [BuildRule]
    public var mergedBinaryType: MergedBinaryType
    public var mergeable: Bool
    public var onDemandResourcesTags: OnDemandResourcesTags?
    public var metadata: TargetMetadata
    public var buildableFolders: [BuildableFolder]

    public static func target(
        name: String,
        destinations: Destinations,
        product: Product,
        productName: String? = nil,
        bundleId: String,
        deploymentTargets: DeploymentTargets? = nil,
        infoPlist: InfoPlist? = .default,
        sources: SourceFilesList? = nil,
        resources: ResourceFileElements? = nil,
        buildableFolders: [BuildableFolder] = [],
        copyFiles: [CopyFilesAction]? = nil,
        headers: Headers? = nil,
        entitlements: Entitlements? = nil,
        scripts: [TargetScript] = [],
        dependencies: [TargetDependency] = [],
        settings: Settings? = nil,
        coreDataModels: [CoreDataModel] = [],
        environmentVariables: [String: EnvironmentVariable] = [:],
        launchArguments: [LaunchArgument] = [],
        additionalFiles: [FileElement] = [],
        buildRules: [BuildRule] = [],
        mergedBinaryType: MergedBinaryType = .disabled,
        mergeable: Bool = false,
        onDemandResourcesTags: OnDemandResourcesTags? = nil,
        metadata: TargetMetadata = .default
    ) -> Self {
        Self(
            name: name, destinations: destinations, product: product, productName: productName,
            bundleId: bundleId, deploymentTargets: deploymentTargets, infoPlist: infoPlist, sources: sources,
            resources: resources, copyFiles: copyFiles, headers: headers, entitlements: entitlements,
            scripts: scripts, dependencies: dependencies, settings: settings, coreDataModels: coreDataModels,
            environmentVariables: environmentVariables, launchArguments: launchArguments,
            additionalFiles: additionalFiles, buildRules: buildRules, mergedBinaryType: mergedBinaryType,
            mergeable: mergeable, onDemandResourcesTags: onDemandResourcesTags, metadata: metadata,
            buildableFolders: buildableFolders
        )
    }
}

// MARK: - Tuist 3 initializers

extension Target {
    /// Tuist 3.x `Target(name:destinations:…)`.
    @_disfavoredOverload
    public init(
        name: String,
        destinations: Destinations,
        product: Product,
        productName: String? = nil,
        bundleId: String,
        deploymentTargets: DeploymentTargets? = nil,
        infoPlist: InfoPlist? = .default,
        sources: SourceFilesList? = nil,
        resources: ResourceFileElements? = nil,
        copyFiles: [CopyFilesAction]? = nil,
        headers: Headers? = nil,
        entitlements: Entitlements? = nil,
        scripts: [TargetScript] = [],
        dependencies: [TargetDependency] = [],
        settings: Settings? = nil,
        coreDataModels: [CoreDataModel] = [],
        environmentVariables: [String: EnvironmentVariable] = [:],
        launchArguments: [LaunchArgument] = [],
        additionalFiles: [FileElement] = [],
        buildRules: [BuildRule] = [],
        mergedBinaryType: MergedBinaryType = .disabled,
        mergeable: Bool = false
    ) {
        self = .target(
            name: name, destinations: destinations, product: product, productName: productName,
            bundleId: bundleId, deploymentTargets: deploymentTargets, infoPlist: infoPlist, sources: sources,
            resources: resources, copyFiles: copyFiles, headers: headers, entitlements: entitlements,
            scripts: scripts, dependencies: dependencies, settings: settings, coreDataModels: coreDataModels,
            environmentVariables: environmentVariables, launchArguments: launchArguments,
            additionalFiles: additionalFiles, buildRules: buildRules, mergedBinaryType: mergedBinaryType,
            mergeable: mergeable
        )
    }

    /// Tuist 3 `Target(name:platform:…deploymentTarget:…)`: the platform and deployment target become
    /// destinations and deployment targets exactly as Tuist 3.34 converted them.
    @_disfavoredOverload
    public init(
        name: String,
        platform: Platform,
        product: Product,
        productName: String? = nil,
        bundleId: String,
        deploymentTarget: DeploymentTarget? = nil,
        infoPlist: InfoPlist? = .default,
        sources: SourceFilesList? = nil,
        resources: ResourceFileElements? = nil,
        copyFiles: [CopyFilesAction]? = nil,
        headers: Headers? = nil,
        entitlements: Entitlements? = nil,
        scripts: [TargetScript] = [],
        dependencies: [TargetDependency] = [],
        settings: Settings? = nil,
        coreDataModels: [CoreDataModel] = [],
        environmentVariables: [String: EnvironmentVariable] = [:],
        launchArguments: [LaunchArgument] = [],
        additionalFiles: [FileElement] = [],
        buildRules: [BuildRule] = [],
        mergedBinaryType: MergedBinaryType = .disabled,
        mergeable: Bool = false
    ) {
        self = .target(
            name: name, destinations: .legacy(platform: platform, deploymentTarget: deploymentTarget),
            product: product, productName: productName, bundleId: bundleId,
            deploymentTargets: .legacy(deploymentTarget), infoPlist: infoPlist, sources: sources,
            resources: resources, copyFiles: copyFiles, headers: headers, entitlements: entitlements,
            scripts: scripts, dependencies: dependencies, settings: settings, coreDataModels: coreDataModels,
            environmentVariables: environmentVariables, launchArguments: launchArguments,
            additionalFiles: additionalFiles, buildRules: buildRules, mergedBinaryType: mergedBinaryType,
            mergeable: mergeable
        )
    }

    /// Tuist 3 form taking `environment: [String: String]`.
    @_disfavoredOverload
    public init(
        name: String,
        platform: Platform,
        product: Product,
        productName: String? = nil,
        bundleId: String,
        deploymentTarget: DeploymentTarget? = nil,
        infoPlist: InfoPlist? = .default,
        sources: SourceFilesList? = nil,
        resources: ResourceFileElements? = nil,
        copyFiles: [CopyFilesAction]? = nil,
        headers: Headers? = nil,
        entitlements: Entitlements? = nil,
        scripts: [TargetScript] = [],
        dependencies: [TargetDependency] = [],
        settings: Settings? = nil,
        coreDataModels: [CoreDataModel] = [],
        environment: [String: String],
        launchArguments: [LaunchArgument] = [],
        additionalFiles: [FileElement] = [],
        buildRules: [BuildRule] = [],
        mergedBinaryType: MergedBinaryType = .disabled,
        mergeable: Bool = false
    ) {
        self.init(
            name: name, platform: platform, product: product, productName: productName, bundleId: bundleId,
            deploymentTarget: deploymentTarget, infoPlist: infoPlist, sources: sources, resources: resources,
            copyFiles: copyFiles, headers: headers, entitlements: entitlements, scripts: scripts,
            dependencies: dependencies, settings: settings, coreDataModels: coreDataModels,
            environmentVariables: environment.mapValues { EnvironmentVariable(value: $0, isEnabled: true) },
            launchArguments: launchArguments, additionalFiles: additionalFiles, buildRules: buildRules,
            mergedBinaryType: mergedBinaryType, mergeable: mergeable
        )
    }
}

extension Target {
    /// Early Tuist 3 form whose `entitlements` was a `Path` (helpers often pass a `Path?` variable). Generic so
    /// a string literal still picks the `Entitlements` overload above; `P` is `Path` in practice.
    @_disfavoredOverload
    public init<P: Hashable & Codable & ExpressibleByStringInterpolation>(
        name: String,
        platform: Platform,
        product: Product,
        productName: String? = nil,
        bundleId: String,
        deploymentTarget: DeploymentTarget? = nil,
        infoPlist: InfoPlist? = .default,
        sources: SourceFilesList? = nil,
        resources: ResourceFileElements? = nil,
        copyFiles: [CopyFilesAction]? = nil,
        headers: Headers? = nil,
        entitlements: P?,
        scripts: [TargetScript] = [],
        dependencies: [TargetDependency] = [],
        settings: Settings? = nil,
        coreDataModels: [CoreDataModel] = [],
        environment: [String: String] = [:],
        launchArguments: [LaunchArgument] = [],
        additionalFiles: [FileElement] = [],
        buildRules: [BuildRule] = []
    ) {
        let path = entitlements.map { ($0 as? Path) ?? Path("\($0)") }
        self.init(
            name: name, platform: platform, product: product, productName: productName, bundleId: bundleId,
            deploymentTarget: deploymentTarget, infoPlist: infoPlist, sources: sources, resources: resources,
            copyFiles: copyFiles, headers: headers, entitlements: path.map { Entitlements.file(path: $0) },
            scripts: scripts, dependencies: dependencies, settings: settings, coreDataModels: coreDataModels,
            environment: environment, launchArguments: launchArguments, additionalFiles: additionalFiles,
            buildRules: buildRules
        )
    }
}

// MARK: - Product

public enum Product: String, Codable, Equatable, Sendable {
    case app
    case staticLibrary = "static_library"
    case dynamicLibrary = "dynamic_library"
    case framework
    case staticFramework
    case unitTests = "unit_tests"
    case uiTests = "ui_tests"
    case bundle
    case commandLineTool
    case appClip
    case appExtension = "app_extension"
    case watch2App
    case watch2Extension
    case tvTopShelfExtension
    case messagesExtension
    case stickerPackExtension = "sticker_pack_extension"
    case xpc
    case systemExtension
    case extensionKitExtension = "extension_kit_extension"
    case macro
}

// MARK: - Platforms and destinations

public enum Platform: String, Codable, Equatable, CaseIterable, Sendable {
    case iOS = "ios"
    case macOS = "macos"
    case watchOS = "watchos"
    case tvOS = "tvos"
    case visionOS = "visionos"
}

public enum PackagePlatform: String, Codable, Equatable, CaseIterable, Sendable {
    case iOS = "ios"
    case macOS = "macos"
    case macCatalyst = "maccatalyst"
    case watchOS = "watchos"
    case tvOS = "tvos"
    case visionOS = "visionos"
}

public typealias Destinations = Set<Destination>

extension Destinations {
    public static let watchOS: Destinations = [.appleWatch]
    public static let iOS: Destinations = [.iPhone, .iPad, .macWithiPadDesign]
    public static let macOS: Destinations = [.mac]
    public static let tvOS: Destinations = [.appleTv]
    public static let visionOS: Destinations = [.appleVision]

    public var platforms: Set<Platform> {
        Set<Platform>(map(\.platform))
    }

    static func legacy(platform: Platform, deploymentTarget: DeploymentTarget?) -> Destinations {
        switch (platform, deploymentTarget) {
        case (.macOS, _):
            return .macOS
        case let (.iOS, .iOS(_, devices, supportsMacDesignedForIOS)?):
            var result: Destinations = []
            if devices.contains(.iphone) { result.insert(.iPhone) }
            if devices.contains(.ipad) { result.insert(.iPad) }
            if devices.contains(.mac) { result.insert(.macCatalyst) }
            if devices.contains(.vision) { result.insert(.appleVisionWithiPadDesign) }
            if supportsMacDesignedForIOS { result.insert(.macWithiPadDesign) }
            return result
        case (.iOS, _):
            return .iOS
        case (.tvOS, _):
            return .tvOS
        case (.watchOS, _):
            return .watchOS
        case (.visionOS, _):
            return .visionOS
        }
    }
}

public enum Destination: String, Codable, Equatable, CaseIterable, Sendable {
    case iPhone
    case iPad
    case mac
    case macWithiPadDesign
    case macCatalyst
    case appleWatch
    case appleTv
    case appleVision
    case appleVisionWithiPadDesign

    public var platform: Platform {
        switch self {
        case .iPhone, .iPad, .macCatalyst, .macWithiPadDesign, .appleVisionWithiPadDesign: return .iOS
        case .mac: return .macOS
        case .appleTv: return .tvOS
        case .appleWatch: return .watchOS
        case .appleVision: return .visionOS
        }
    }
}

// MARK: - Deployment targets

public struct DeploymentTargets: Hashable, Codable, Sendable {
    public var iOS: String?
    public var macOS: String?
    public var watchOS: String?
    public var tvOS: String?
    public var visionOS: String?

    /// Public as in Tuist 3; Tuist 4 offers `.multiplatform(…)` and the per-platform helpers.
    @_disfavoredOverload
    public init(iOS: String? = nil, macOS: String? = nil, watchOS: String? = nil, tvOS: String? = nil, visionOS: String? = nil) {
        self.iOS = iOS
        self.macOS = macOS
        self.watchOS = watchOS
        self.tvOS = tvOS
        self.visionOS = visionOS
    }

    public static func multiplatform(
        iOS: String? = nil, macOS: String? = nil, watchOS: String? = nil, tvOS: String? = nil, visionOS: String? = nil
    ) -> Self {
        Self(iOS: iOS, macOS: macOS, watchOS: watchOS, tvOS: tvOS, visionOS: visionOS)
    }

    public subscript(platform: Platform) -> String? {
        switch platform {
        case .iOS: return iOS
        case .macOS: return macOS
        case .watchOS: return watchOS
        case .tvOS: return tvOS
        case .visionOS: return visionOS
        }
    }

    public static func iOS(_ version: String) -> DeploymentTargets { Self(iOS: version) }
    public static func macOS(_ version: String) -> DeploymentTargets { Self(macOS: version) }
    public static func watchOS(_ version: String) -> DeploymentTargets { Self(watchOS: version) }
    public static func tvOS(_ version: String) -> DeploymentTargets { Self(tvOS: version) }
    public static func visionOS(_ version: String) -> DeploymentTargets { Self(visionOS: version) }

    static func legacy(_ target: DeploymentTarget?) -> DeploymentTargets {
        switch target {
        case let .iOS(version, _, _)?: return .iOS(version)
        case let .macOS(version)?: return .macOS(version)
        case let .watchOS(version)?: return .watchOS(version)
        case let .tvOS(version)?: return .tvOS(version)
        case let .visionOS(version)?: return .visionOS(version)
        case nil: return DeploymentTargets()
        }
    }
}

/// Tuist 3 single-platform deployment target.
public enum DeploymentTarget: Codable, Hashable, Sendable {
    case iOS(targetVersion: String, devices: DeploymentDevice, supportsMacDesignedForIOS: Bool = true)
    case macOS(targetVersion: String)
    case watchOS(targetVersion: String)
    case tvOS(targetVersion: String)
    case visionOS(targetVersion: String)

    public var targetVersion: String {
        switch self {
        case let .iOS(version, _, _), let .macOS(version), let .watchOS(version), let .tvOS(version),
             let .visionOS(version):
            return version
        }
    }
}

/// Tuist 3 device families of an iOS deployment target.
public struct DeploymentDevice: OptionSet, Codable, Hashable, Sendable {
    public static let iphone = DeploymentDevice(rawValue: 1 << 0)
    public static let ipad = DeploymentDevice(rawValue: 1 << 1)
    public static let mac = DeploymentDevice(rawValue: 1 << 2)
    /// As in Tuist 3: iPhone, iPad and Mac together.
    public static let vision = DeploymentDevice(rawValue: 0b111)

    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }
}

// MARK: - Target metadata and merging

public struct TargetMetadata: Codable, Equatable, Sendable {
    public var tags: [String]

    public static var `default`: TargetMetadata {
        .metadata()
    }

    public static func metadata(tags: [String] = []) -> TargetMetadata {
        TargetMetadata(tags: tags)
    }
}

public enum MergedBinaryType: Equatable, Codable, Sendable {
    case disabled
    case automatic
    case manual(mergeableDependencies: Set<String>)
}

public struct OnDemandResourcesTags: Codable, Equatable, Sendable {
    public let initialInstall: [String]?
    public let prefetchOrder: [String]?

    public static func tags(initialInstall: [String]?, prefetchOrder: [String]?) -> Self {
        Self(initialInstall: initialInstall, prefetchOrder: prefetchOrder)
    }
}

// MARK: - Launch arguments and environment variables (targets and scheme actions)

public struct Arguments: Equatable, Codable, Sendable {
    public var environmentVariables: [String: EnvironmentVariable]
    public var launchArguments: [LaunchArgument]

    /// Public as in Tuist 3; Tuist 4 spells it `.arguments(…)`.
    @_disfavoredOverload
    public init(environmentVariables: [String: EnvironmentVariable] = [:], launchArguments: [LaunchArgument] = []) {
        self.environmentVariables = environmentVariables
        self.launchArguments = launchArguments
    }

    public static func arguments(
        environmentVariables: [String: EnvironmentVariable] = [:],
        launchArguments: [LaunchArgument] = []
    ) -> Self {
        Self(environmentVariables: environmentVariables, launchArguments: launchArguments)
    }
}

extension Arguments {
    /// Tuist 3 form with plain string environment values.
    @_disfavoredOverload
    public init(environment: [String: String] = [:], launchArguments: [LaunchArgument] = []) {
        self.init(
            environmentVariables: environment.mapValues { EnvironmentVariable(value: $0, isEnabled: true) },
            launchArguments: launchArguments
        )
    }

    /// Tuist 3 form with launch arguments only.
    @_disfavoredOverload
    public init(launchArguments: [LaunchArgument]) {
        self.init(environmentVariables: [:], launchArguments: launchArguments)
    }
}

public struct EnvironmentVariable: Equatable, Codable, Hashable, ExpressibleByStringLiteral, Sendable {
    public var value: String
    public var isEnabled: Bool

    /// Public as in Tuist 3.
    @_disfavoredOverload
    public init(value: String, isEnabled: Bool) {
        self.value = value
        self.isEnabled = isEnabled
    }

    public init(stringLiteral value: String) {
        self.init(value: value, isEnabled: true)
    }

    public static func environmentVariable(value: String, isEnabled: Bool) -> Self {
        Self(value: value, isEnabled: isEnabled)
    }
}

public struct LaunchArgument: Equatable, Codable, Sendable {
    public var name: String
    public var isEnabled: Bool

    /// Public as in Tuist 3.
    @_disfavoredOverload
    public init(name: String, isEnabled: Bool) {
        self.name = name
        self.isEnabled = isEnabled
    }

    public static func launchArgument(name: String, isEnabled: Bool) -> Self {
        Self(name: name, isEnabled: isEnabled)
    }
}
