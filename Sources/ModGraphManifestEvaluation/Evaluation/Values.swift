import ModGraphCore
import ModGraphManifest

/// The static type of a value, as the Swift compiler would see it in a
/// manifest: the evaluator type-checks before it evaluates, because a
/// manifest that would not compile must fall back, so that `dump-package`
/// reports the error.
indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case string, bool, int
    case array(ValueType)
    /// `Set<T>`: written as an array literal.
    case set(ValueType)
    case optional(ValueType)
    case api(APIType)

    var description: String {
        switch self {
        case .string: "String"
        case .bool: "Bool"
        case .int: "Int"
        case let .array(element): "[\(element)]"
        case let .set(element): "Set<\(element)>"
        case let .optional(wrapped): "\(wrapped)?"
        case let .api(type): type.rawValue
        }
    }

    /// The type without one level of `Optional`.
    var unwrapped: ValueType {
        if case let .optional(wrapped) = self { return wrapped }
        return self
    }
}

/// The PackageDescription types the evaluator knows, by their Swift names.
enum APIType: String, CaseIterable, Sendable {
    case package = "Package"
    case target = "Target"
    case targetDependency = "Target.Dependency"
    case targetDependencyCondition = "TargetDependencyCondition"
    case product = "Product"
    case libraryType = "Product.Library.LibraryType"
    case packageDependency = "Package.Dependency"
    /// `Range<Version>`, `ClosedRange<Version>` and the deprecated
    /// `Package.Dependency.Requirement`, which the same unlabelled argument takes.
    case requirement = "Package.Dependency.Requirement"
    case version = "Version"
    case trait = "Trait"
    case dependencyTrait = "Package.Dependency.Trait"
    case dependencyTraitCondition = "Package.Dependency.Trait.Condition"
    case platform = "Platform"
    case supportedPlatform = "SupportedPlatform"
    case macOSVersion = "SupportedPlatform.MacOSVersion"
    case iOSVersion = "SupportedPlatform.IOSVersion"
    case tvOSVersion = "SupportedPlatform.TVOSVersion"
    case watchOSVersion = "SupportedPlatform.WatchOSVersion"
    case visionOSVersion = "SupportedPlatform.VisionOSVersion"
    case macCatalystVersion = "SupportedPlatform.MacCatalystVersion"
    case driverKitVersion = "SupportedPlatform.DriverKitVersion"
    case resource = "Resource"
    case localization = "Resource.Localization"
    case pluginUsage = "Target.PluginUsage"
    case pluginCapability = "Target.PluginCapability"
    case pluginCommandIntent = "PluginCommandIntent"
    case pluginPermission = "PluginPermission"
    case swiftSetting = "SwiftSetting"
    case cSetting = "CSetting"
    case cxxSetting = "CXXSetting"
    case linkerSetting = "LinkerSetting"
    case buildSettingCondition = "BuildSettingCondition"
    case buildConfiguration = "BuildConfiguration"
    case interoperabilityMode = "SwiftSetting.InteroperabilityMode"
    case warningLevel = "WarningLevel"
    case languageTag = "LanguageTag"
    case swiftLanguageMode = "SwiftLanguageMode"
    case cLanguageStandard = "CLanguageStandard"
    case cxxLanguageStandard = "CXXLanguageStandard"
    case systemPackageProvider = "SystemPackageProvider"
    /// `MainActor.self`, the one value `.defaultIsolation(_:)` takes besides `nil`.
    case mainActorType = "MainActor.Type"

    /// The names a manifest may write for the type (`SwiftVersion` is the old name of `SwiftLanguageMode`).
    static let byName: [String: APIType] = {
        var names: [String: APIType] = [:]
        for type in APIType.allCases { names[type.rawValue] = type }
        names["SwiftVersion"] = .swiftLanguageMode
        names["Product.Library.LibraryType"] = .libraryType
        names["Target.TargetDependencyCondition"] = .targetDependencyCondition
        names["PackageDescription.Target"] = .target
        return names
    }()
}

/// What a PackageDescription call made: what ModGraph's ``Manifest`` keeps,
/// settings, platforms and requirements included; the few values it keeps
/// nothing of are checked, then dropped (`opaque`).
indirect enum Value: Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    /// Arrays and sets.
    case list([Value])
    /// `nil`.
    case none
    case version(SemanticVersion)
    /// `legacy` for the deprecated `Package.Dependency.Requirement` cases (`.exact(_:)`, `.branch(_:)`), which some overloads refuse.
    case requirement(DependencyRequirement, legacy: Bool)
    case target(TargetValue)
    case targetDependency(TargetDependency)
    /// A `TargetDependencyCondition` (`Condition()` never stands for "always": that is `.none`).
    case condition(Condition)
    case product(ManifestProduct)
    case packageDependency(DependencyValue)
    case trait(PackageTrait)
    case dependencyTrait(DependencyTrait)
    case dependencyTraitCondition([String])
    case platform(String)
    case supportedPlatform(PlatformRequirement)
    case pluginUsage(PluginUsage)
    case resource(TargetResource)
    case setting(BuildSetting)
    case settingCondition(BuildSettingCondition)
    case pluginCapability(PluginCapability)
    case commandIntent(PluginCommandIntent)
    case pluginPermission(PluginPermission)
    case provider(SystemPackageProvider)
    /// An enum-like constant (a library type, a platform version, a language standard): its name.
    case name(String)
    case package(PackageState)
    case opaque

    var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    var list: [Value]? {
        if case let .list(values) = self { return values }
        return nil
    }

    var strings: [String]? {
        guard let values = list else { return nil }
        var result: [String] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let text = value.string else { return nil }
            result.append(text)
        }
        return result
    }

    var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}

/// A value with its static type.
struct Typed: Sendable {
    var type: ValueType
    var value: Value
}

/// A target as the manifest declares it, before the checks `dump-package` makes.
struct TargetValue: Sendable {
    var name: String
    var type: TargetType
    var dependencies: [TargetDependency] = []
    var path: String?
    var url: String?
    var sources: [String]?
    var exclude: [String] = []
    var resources: [TargetResource] = []
    var plugins: [PluginUsage] = []
    /// `cSettings:`, `cxxSettings:`, `swiftSettings:`, `linkerSettings:` by their argument labels, as the loops that add settings name them.
    var settings: [String: [BuildSetting]] = [:]
    var publicHeadersPath: String?
    /// As written; nil: the default of the target's kind and tools-version.
    var packageAccess: Bool?
    var checksum: String?
    var pkgConfig: String?
    var providers: [SystemPackageProvider]?
    var pluginCapability: PluginCapability?

    /// The settings lists in the order `dump-package` writes them.
    static let settingsLabels = ["cSettings", "cxxSettings", "swiftSettings", "linkerSettings"]
}

/// A `.package(...)` before its location is resolved against the package's folder.
struct DependencyValue: Sendable {
    enum Kind: Sendable {
        case fileSystem(path: String)
        case sourceControl(url: String)
        case registry(id: String)
    }

    var kind: Kind
    var explicitName: String?
    var traits: [DependencyTrait]
    /// Nil for a `path:` dependency.
    var requirement: DependencyRequirement?
}

/// A semantic version as `Version` parses it: only `major.minor.patch` is
/// accepted here; anything else falls back.
struct SemanticVersion: Comparable, Sendable {
    let major: Int
    let minor: Int
    let patch: Int
    /// Pre-release identifiers (`5.0.0-beta.1`: `beta`, `1`) and build metadata (`+sha`), as `Version` keeps them.
    var prerelease: [String] = []
    var build: [String] = []

    /// Semantic Versioning's order, as `Version` compares: a pre-release before its release, identifiers
    /// compared numerically when both are numbers, a number before a word, fewer before more; build metadata ignored.
    static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        if lhs.prerelease.isEmpty || rhs.prerelease.isEmpty { return !lhs.prerelease.isEmpty && rhs.prerelease.isEmpty }
        for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
            switch (Int(left), Int(right)) {
            case let (l?, r?): return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return left < right
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch) && lhs.prerelease == rhs.prerelease
    }

    /// `1.2.3`, `1.2.3-beta.1+sha`, as `Version` describes itself.
    var text: String {
        "\(major).\(minor).\(patch)" + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
            + (build.isEmpty ? "" : "+" + build.joined(separator: "."))
    }
}
