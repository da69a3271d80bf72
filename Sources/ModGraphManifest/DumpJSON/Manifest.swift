import ModGraphCore

/// The parts of a `swift package dump-package` document that shape the module
/// graph, normalised across the encodings toolchains have used: what
/// ``ManifestReader`` reads and ``ManifestEncoding`` writes.
public struct Manifest: Sendable, Equatable {
    public let name: String
    public let toolsVersion: ToolsVersion?
    /// The folder the dump was made in (`packageKind.root`), when the dump says.
    public let packageDirectory: String?
    public let targets: [ManifestTarget]
    public let products: [ManifestProduct]
    public let dependencies: [PackageDependency]
    /// The traits the package declares, with the pseudo-trait `default`
    /// listing the default set; empty before tools-version 6.1.
    public let traits: [PackageTrait]
    /// What the package declares beyond the graph (platforms, language versions);
    /// nil when the dump was read by Foundation's decoder, which does not read it:
    /// then neither the targets' ``ManifestTarget/build`` nor the dependencies'
    /// requirements are known either.
    public let build: PackageBuildDeclaration?

    public init(
        name: String, toolsVersion: ToolsVersion?, packageDirectory: String?,
        targets: [ManifestTarget], products: [ManifestProduct], dependencies: [PackageDependency],
        traits: [PackageTrait] = [], build: PackageBuildDeclaration? = nil
    ) {
        self.name = name
        self.toolsVersion = toolsVersion
        self.packageDirectory = packageDirectory
        self.targets = targets
        self.products = products
        self.dependencies = dependencies
        self.traits = traits
        self.build = build
    }
}

/// A trait a package declares: `{"name": "Reloading", "enabledTraits": ["Logging"], "description": ...}`.
/// Enabling it enables `enabledTraits` too; the trait named `default` is the default set.
public struct PackageTrait: Sendable, Equatable {
    public let name: String
    public let enabledTraits: [String]

    public init(name: String, enabledTraits: [String] = []) {
        self.name = name
        self.enabledTraits = enabledTraits
    }
}

/// A target as the manifest declares it.
public struct ManifestTarget: Sendable, Equatable {
    public let name: String
    public let type: TargetType
    public let dependencies: [TargetDependency]
    /// `path:` as written, relative to the package folder.
    public let path: String?
    public let sources: [String]?
    public let exclude: [String]
    /// The paths of `resources:` (relative to the target's folder): a target
    /// with resources and no code is still built, so it is not one without sources.
    public let resources: [String]
    public let pluginUsages: [PluginUsage]
    /// Settings and the rest of what changes the target's build; nil exactly when the manifest's ``Manifest/build`` is.
    public let build: TargetBuildDeclaration?

    public init(
        name: String, type: TargetType, dependencies: [TargetDependency] = [], path: String? = nil,
        sources: [String]? = nil, exclude: [String] = [], resources: [String] = [], pluginUsages: [PluginUsage] = [],
        build: TargetBuildDeclaration? = nil
    ) {
        self.name = name
        self.type = type
        self.dependencies = dependencies
        self.path = path
        self.sources = sources
        self.exclude = exclude
        self.resources = resources
        self.pluginUsages = pluginUsages
        self.build = build
    }

    /// Only SwiftPM's seven kinds: Xcode's and `external-product` are modgraph's own words.
    static let swiftPMTypes: [TargetType] = [.regular, .executable, .test, .macro, .plugin, .binary, .system]
}

/// One entry of a target's `dependencies:`.
public enum TargetDependency: Sendable, Equatable {
    /// A plain string: a target of the same package if one has the name, else a product.
    case byName(String, condition: Condition?)
    /// `.target(name:)`.
    case target(String, condition: Condition?)
    /// `.product(name:package:)`; `package` is the name the manifest used, or `nil`.
    case product(String, package: String?, condition: Condition?)

    public var name: String {
        switch self {
        case let .byName(name, _), let .target(name, _), let .product(name, _, _): name
        }
    }

    public var condition: Condition? {
        switch self {
        case let .byName(_, condition), let .target(_, condition), let .product(_, _, condition): condition
        }
    }
}

/// `plugins: [...]` on a target: `{"plugin": ["Name", "package-or-null"]}`.
public struct PluginUsage: Sendable, Equatable {
    public let name: String
    public let package: String?

    public init(name: String, package: String?) {
        self.name = name
        self.package = package
    }
}

/// A product the manifest vends.
public struct ManifestProduct: Sendable, Equatable {
    public let name: String
    /// `library`, `library (static)`, `library (dynamic)`, `executable`, `plugin`, `macro`, `snippet`, `test`.
    public let type: String
    public let targets: [String]

    public init(name: String, type: String, targets: [String]) {
        self.name = name
        self.type = type
        self.targets = targets
    }
}
