// Part of modgraph's source-compatible ProjectDescription (see docs/tuist.md): the public API of Tuist's
// ProjectDescription 4.x that manifests and their helpers call, written for modgraph. Each type encodes as
// Tuist's own does, so a manifest prints what `tuist dump` prints.
//
// This file: target dependencies and platform conditions, plus the Tuist 3 dependency spellings
// (`.packagePlugin`, `TargetDependency.Condition`, `FrameworkStatus`, `SDKStatus`).
//
// Members added for Tuist 3 manifests are `@_disfavoredOverload`, so a helper module that declares the
// same member itself is chosen without ambiguity.

public enum LinkingStatus: String, Codable, Hashable, Sendable {
    case required
    case optional
    case none
}

/// Tuist 3 names of `LinkingStatus`.
public typealias FrameworkStatus = LinkingStatus
public typealias SDKStatus = LinkingStatus

public enum XCFrameworkSignature: Equatable, Hashable, Codable, Sendable {
    case unsigned
    case signedWithAppleCertificate(teamIdentifier: String, teamName: String)
    case selfSigned(fingerprint: String)
}

public enum SDKType: String, Codable, Hashable, Sendable {
    case library
    case swiftLibrary
    case framework
}

public enum TargetDependency: Codable, Hashable, Sendable {
    public enum PackageType: Codable, Hashable, Sendable {
        case runtime
        case runtimeEmbedded
        case plugin
        case macro
    }

    /// Tuist 3 name of `PlatformCondition`.
    public typealias Condition = PlatformCondition

    case target(name: String, status: LinkingStatus = .required, condition: PlatformCondition? = nil)
    case macro(name: String)
    case project(target: String, path: Path, status: LinkingStatus = .required, condition: PlatformCondition? = nil)
    case framework(path: Path, status: LinkingStatus = .required, condition: PlatformCondition? = nil)
    case library(path: Path, publicHeaders: Path, swiftModuleMap: Path?, condition: PlatformCondition? = nil)
    case package(product: String, type: PackageType = .runtime, condition: PlatformCondition? = nil)
    case sdk(name: String, type: SDKType, status: LinkingStatus, condition: PlatformCondition? = nil)
    case xcframework(
        path: Path,
        expectedSignature: XCFrameworkSignature? = nil,
        status: LinkingStatus = .required,
        condition: PlatformCondition? = nil
    )
    case xctest
    case external(name: String, condition: PlatformCondition? = nil)

    public static func sdk(name: String, type: SDKType, condition: PlatformCondition? = nil) -> TargetDependency {
        .sdk(name: name, type: type, status: .required, condition: condition)
    }

    public static func target(_ target: Target, condition: PlatformCondition? = nil) -> TargetDependency {
        .target(name: target.name, condition: condition)
    }

    /// Tuist 3 `.packagePlugin(product:)`, a package dependency of plugin type in Tuist 4.
    @_disfavoredOverload
    public static func packagePlugin(product: String, condition: PlatformCondition? = nil) -> TargetDependency {
        .package(product: product, type: .plugin, condition: condition)
    }

    public var typeName: String {
        switch self {
        case .target: return "target"
        case .macro: return "macro"
        case .project: return "project"
        case .framework: return "framework"
        case .library: return "library"
        case .package: return "package"
        case .sdk: return "sdk"
        case .xcframework: return "xcframework"
        case .xctest: return "xctest"
        case .external: return "external"
        }
    }
}

// MARK: - Platform conditions

public struct PlatformCondition: Codable, Hashable, Equatable, Sendable {
    public let platformFilters: Set<PlatformFilter>

    private init(platformFilters: Set<PlatformFilter>) {
        self.platformFilters = platformFilters
    }

    public static func when(_ platformFilters: Set<PlatformFilter>) -> PlatformCondition? {
        platformFilters.isEmpty ? nil : PlatformCondition(platformFilters: platformFilters)
    }
}

public typealias PlatformFilters = Set<PlatformFilter>

extension PlatformFilters {
    public static let all = Set(PlatformFilter.allCases)
}

public enum PlatformFilter: Comparable, Hashable, Codable, CaseIterable, Sendable {
    case ios
    case macos
    case tvos
    case catalyst
    case driverkit
    case watchos
    case visionos
}

// MARK: - Swift packages

public enum Package: Equatable, Codable, Sendable {
    case remote(url: String, requirement: Requirement)
    case registry(identifier: String, requirement: Requirement)
    case local(path: Path)
}

extension Package {
    public enum Requirement: Codable, Equatable, Sendable {
        case upToNextMajor(from: Version)
        case upToNextMinor(from: Version)
        case range(from: Version, to: Version)
        case exact(Version)
        case branch(String)
        case revision(String)
    }

    /// The bound one patch above `version`, which makes a closed range half-open.
    private static func patchAfter(_ version: Version) -> Version {
        Version(
            version.major, version.minor, version.patch + 1,
            prereleaseIdentifiers: version.prereleaseIdentifiers,
            buildMetadataIdentifiers: version.buildMetadataIdentifiers
        )
    }

    public static func package(url: String, from version: Version) -> Package {
        .remote(url: url, requirement: .upToNextMajor(from: version))
    }

    public static func package(url: String, _ requirement: Package.Requirement) -> Package {
        .remote(url: url, requirement: requirement)
    }

    public static func package(url: String, _ range: Range<Version>) -> Package {
        .remote(url: url, requirement: .range(from: range.lowerBound, to: range.upperBound))
    }

    public static func package(url: String, _ range: ClosedRange<Version>) -> Package {
        .remote(url: url, requirement: .range(from: range.lowerBound, to: patchAfter(range.upperBound)))
    }

    public static func package(path: Path) -> Package {
        .local(path: path)
    }

    public static func package(id: String, from version: Version) -> Package {
        .registry(identifier: id, requirement: .upToNextMajor(from: version))
    }

    public static func package(id: String, exact version: Version) -> Package {
        .registry(identifier: id, requirement: .exact(version))
    }

    public static func package(id: String, _ range: Range<Version>) -> Package {
        .registry(identifier: id, requirement: .range(from: range.lowerBound, to: range.upperBound))
    }

    public static func package(id: String, _ range: ClosedRange<Version>) -> Package {
        .registry(identifier: id, requirement: .range(from: range.lowerBound, to: patchAfter(range.upperBound)))
    }
}

// MARK: - Version

public struct Version: Hashable, Codable, Sendable {
    public var major: Int
    public var minor: Int
    public var patch: Int
    public var prereleaseIdentifiers: [String]
    public var buildMetadataIdentifiers: [String]

    public init(
        _ major: Int,
        _ minor: Int,
        _ patch: Int,
        prereleaseIdentifiers: [String] = [],
        buildMetadataIdentifiers: [String] = []
    ) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prereleaseIdentifiers = prereleaseIdentifiers
        self.buildMetadataIdentifiers = buildMetadataIdentifiers
    }

    /// Parses `major[.minor[.patch]][-prerelease][+metadata]`; missing minor and patch are zero.
    public init?(string: String) {
        var rest = Substring(string)
        var metadata: [String] = []
        var prerelease: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            metadata = rest[rest.index(after: plus)...].split(separator: ".").map(String.init)
            rest = rest[..<plus]
        }
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...].split(separator: ".").map(String.init)
            rest = rest[..<dash]
        }
        let numbers = rest.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
            .compactMap { Int($0) }.filter { $0 >= 0 }
        guard let major = numbers.first else { return nil }
        self.init(
            major,
            numbers.count > 1 ? numbers[1] : 0,
            numbers.count > 2 ? numbers[2] : 0,
            prereleaseIdentifiers: prerelease,
            buildMetadataIdentifiers: metadata
        )
    }
}

extension Version: Comparable {
    public static func < (lhs: Version, rhs: Version) -> Bool {
        let left = [lhs.major, lhs.minor, lhs.patch], right = [rhs.major, rhs.minor, rhs.patch]
        if left != right { return left.lexicographicallyPrecedes(right) }
        // A release sorts after its prereleases.
        if lhs.prereleaseIdentifiers.isEmpty { return false }
        if rhs.prereleaseIdentifiers.isEmpty { return true }
        for (a, b) in zip(lhs.prereleaseIdentifiers, rhs.prereleaseIdentifiers) where a != b {
            switch (Int(a), Int(b)) {
            case let (x?, y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        return lhs.prereleaseIdentifiers.count < rhs.prereleaseIdentifiers.count
    }
}

extension Version: CustomStringConvertible {
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prereleaseIdentifiers.isEmpty { text += "-" + prereleaseIdentifiers.joined(separator: ".") }
        if !buildMetadataIdentifiers.isEmpty { text += "+" + buildMetadataIdentifiers.joined(separator: ".") }
        return text
    }
}

extension Version: ExpressibleByStringInterpolation {
    /// An unparsable literal becomes 0.0.0 (Tuist stops the manifest instead).
    public init(stringLiteral value: String) {
        self = Version(string: value) ?? Version(0, 0, 0)
    }
}

extension Range where Bound == Version {
    public func contains(version: Version) -> Bool {
        if !version.prereleaseIdentifiers.isEmpty {
            if lowerBound.prereleaseIdentifiers.isEmpty, upperBound.prereleaseIdentifiers.isEmpty { return false }
            if upperBound.prereleaseIdentifiers.isEmpty,
               (upperBound.major, upperBound.minor, upperBound.patch) == (version.major, version.minor, version.patch)
            {
                return false
            }
        }
        return version >= lowerBound && version < upperBound
    }
}

// MARK: - Package settings (Tuist/Package.swift)

public struct PackageSettings: Codable, Equatable, Sendable {
    public var productTypes: [String: Product]
    public var productDestinations: [String: Destinations]
    public var baseSettings: Settings
    public var targetSettings: [String: Settings]
    public var projectOptions: [String: Project.Options]

    public init(
        productTypes: [String: Product] = [:],
        productDestinations: [String: Destinations] = [:],
        baseSettings: Settings = .settings(),
        targetSettings: [String: Settings] = [:],
        projectOptions: [String: Project.Options] = [:]
    ) {
        self.productTypes = productTypes
        self.productDestinations = productDestinations
        self.baseSettings = baseSettings
        self.targetSettings = targetSettings
        self.projectOptions = projectOptions
        dumpIfNeeded(self)
    }

    public init(
        productTypes: [String: Product] = [:],
        productDestinations: [String: Destinations] = [:],
        baseSettings: Settings = .settings(),
        targetSettings: [String: SettingsDictionary],
        projectOptions: [String: Project.Options] = [:]
    ) {
        self.init(
            productTypes: productTypes,
            productDestinations: productDestinations,
            baseSettings: baseSettings,
            targetSettings: targetSettings.mapValues { Settings.settings(base: $0) },
            projectOptions: projectOptions
        )
    }

    /// Early Tuist 4 form with `platforms:`, which later releases dropped; the platforms are ignored.
    @_disfavoredOverload
    public init(
        productTypes: [String: Product] = [:],
        productDestinations: [String: Destinations] = [:],
        baseSettings: Settings = .settings(),
        targetSettings: [String: SettingsDictionary] = [:],
        projectOptions: [String: Project.Options] = [:],
        platforms: Set<PackagePlatform>
    ) {
        self.init(
            productTypes: productTypes,
            productDestinations: productDestinations,
            baseSettings: baseSettings,
            targetSettings: targetSettings.mapValues { Settings.settings(base: $0) },
            projectOptions: projectOptions
        )
    }
}

// MARK: - Tuist 3 Tuist/Dependencies.swift

public struct Dependencies: Codable, Equatable, Sendable {
    public let carthage: CarthageDependencies?
    public let swiftPackageManager: SwiftPackageManagerDependencies?
    public let platforms: Set<PackagePlatform>

    public init(
        carthage: CarthageDependencies? = nil,
        swiftPackageManager: SwiftPackageManagerDependencies? = nil,
        platforms: Set<PackagePlatform> = Set(PackagePlatform.allCases)
    ) {
        self.carthage = carthage
        self.swiftPackageManager = swiftPackageManager
        self.platforms = platforms
        dumpIfNeeded(self)
    }
}

public enum PackagesOrManifest: Codable, Equatable, Sendable {
    case packages([Package])
    case manifest
}

public struct SwiftPackageManagerDependencies: Codable, Equatable, Sendable {
    public let packagesOrManifest: PackagesOrManifest
    public let productTypes: [String: Product]
    public let baseSettings: Settings
    public let targetSettings: [String: SettingsDictionary]
    public let projectOptions: [String: Project.Options]

    public init(
        _ packages: [Package],
        productTypes: [String: Product] = [:],
        baseSettings: Settings = .settings(),
        targetSettings: [String: SettingsDictionary] = [:],
        projectOptions: [String: Project.Options] = [:]
    ) {
        self.packagesOrManifest = .packages(packages)
        self.productTypes = productTypes
        self.baseSettings = baseSettings
        self.targetSettings = targetSettings
        self.projectOptions = projectOptions
    }

    public init(
        productTypes: [String: Product] = [:],
        baseSettings: Settings = .settings(),
        targetSettings: [String: SettingsDictionary] = [:],
        projectOptions: [String: Project.Options] = [:]
    ) {
        self.packagesOrManifest = .manifest
        self.productTypes = productTypes
        self.baseSettings = baseSettings
        self.targetSettings = targetSettings
        self.projectOptions = projectOptions
    }
}

/// Early Tuist 3 manifests list the packages directly: `swiftPackageManager: [.remote(…), …]`.
extension SwiftPackageManagerDependencies: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Package...) {
        self.init(elements)
    }
}

public struct CarthageDependencies: Codable, Equatable, Sendable, ExpressibleByArrayLiteral {
    public let dependencies: [Dependency]

    public init(_ dependencies: [Dependency]) {
        self.dependencies = dependencies
    }

    public init(arrayLiteral elements: Dependency...) {
        self.init(elements)
    }

    public enum Dependency: Codable, Equatable, Sendable {
        case github(path: String, requirement: Requirement)
        case git(path: String, requirement: Requirement)
        case binary(path: String, requirement: Requirement)
    }

    public enum Requirement: Codable, Equatable, Sendable {
        case exact(Version)
        case upToNext(Version)
        case atLeast(Version)
        case branch(String)
        case revision(String)
    }
}
