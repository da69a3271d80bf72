import ModGraphCore

/// The parts of a `swift package dump-package` document that shape the module
/// graph, normalised across the encodings toolchains have used. Keys this type
/// does not know are ignored, so a newer toolchain's additions are not fatal.
public struct Manifest: Sendable, Equatable, Decodable {
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

    private enum Keys: String, CodingKey {
        case name, toolsVersion, packageKind, targets, products, dependencies, traits
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decode(String.self, forKey: .name)
        toolsVersion = try container.decodeIfPresent(ToolsVersion.self, forKey: .toolsVersion)
        targets = try container.decodeIfPresent([ManifestTarget].self, forKey: .targets) ?? []
        products = try container.decodeIfPresent([ManifestProduct].self, forKey: .products) ?? []
        dependencies = try container.decodeIfPresent([PackageDependency].self, forKey: .dependencies) ?? []
        traits = try container.decodeIfPresent([PackageTrait].self, forKey: .traits) ?? []
        // Shapes only Foundation's path reads (older toolchains'): what changes builds is not read here.
        build = nil
        // `{"root": ["/abs/path"]}`; other kinds (`fileSystem`, `remoteSourceControl`) carry a path or URL too.
        if container.contains(.packageKind), (try? container.decodeNil(forKey: .packageKind)) == false,
            let kind = try? OneKeyObject(container.nestedContainer(keyedBy: AnyKey.self, forKey: .packageKind)),
            let paths = try? kind.payload([String].self)
        {
            packageDirectory = paths.first
        } else {
            packageDirectory = nil
        }
    }
}

/// A trait a package declares: `{"name": "Reloading", "enabledTraits": ["Logging"], "description": ...}`.
/// Enabling it enables `enabledTraits` too; the trait named `default` is the default set.
public struct PackageTrait: Sendable, Equatable, Decodable {
    public let name: String
    public let enabledTraits: [String]

    public init(name: String, enabledTraits: [String] = []) {
        self.name = name
        self.enabledTraits = enabledTraits
    }

    private enum Keys: String, CodingKey { case name, enabledTraits }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decode(String.self, forKey: .name)
        enabledTraits = try container.decodeIfPresent([String].self, forKey: .enabledTraits) ?? []
    }
}

/// A target as the manifest declares it.
public struct ManifestTarget: Sendable, Equatable, Decodable {
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

    private enum Keys: String, CodingKey {
        case name, type, dependencies, path, sources, exclude, resources, pluginUsages
    }

    /// `{"path": "Assets", "rule": {...}}`; only the path matters here, and an
    /// entry of another shape is skipped rather than failing the dump.
    private struct Resource: Decodable {
        let path: String?

        private enum Keys: String, CodingKey { case path }

        init(from decoder: any Decoder) throws {
            path = try? decoder.container(keyedBy: Keys.self).decodeIfPresent(String.self, forKey: .path)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decode(String.self, forKey: .name)
        let typeName = try container.decodeIfPresent(String.self, forKey: .type) ?? "regular"
        guard let type = TargetType(rawValue: typeName), Self.swiftPMTypes.contains(type) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown target type '\(typeName)'")
        }
        self.type = type
        dependencies = try container.decodeIfPresent([TargetDependency].self, forKey: .dependencies) ?? []
        path = try container.decodeIfPresent(String.self, forKey: .path)
        sources = try container.decodeIfPresent([String].self, forKey: .sources)
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
        resources = ((try? container.decodeIfPresent([Resource].self, forKey: .resources)) ?? nil)?.compactMap(\.path) ?? []
        pluginUsages = try container.decodeIfPresent([PluginUsage].self, forKey: .pluginUsages) ?? []
        build = nil
    }
}

/// One entry of a target's `dependencies:`.
public enum TargetDependency: Sendable, Equatable, Decodable {
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

    public init(from decoder: any Decoder) throws {
        let object = try OneKeyObject(from: decoder)
        var payload = try object.unkeyedPayload()
        let name = try payload.decode(String.self)
        switch object.name {
        case "byName", "target":
            let condition = try payload.isAtEnd ? nil : payload.decodeIfPresent(ConditionJSON.self)?.condition
            self = object.name == "byName" ? .byName(name, condition: condition) : .target(name, condition: condition)
        case "product":
            // [name, package, moduleAliases, condition] since 5.7; [name, package, condition] before.
            let count = payload.count ?? 4
            let package = try payload.isAtEnd ? nil : payload.decodeIfPresent(String.self)
            if count >= 4, !payload.isAtEnd { _ = try payload.decode(Skip.self) }
            let condition = try payload.isAtEnd ? nil : payload.decodeIfPresent(ConditionJSON.self)?.condition
            self = .product(name, package: package, condition: condition)
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown target dependency kind '\(object.name)'"))
        }
    }
}

/// `{"platformNames": [...], "traits": [...], "config": ...}`.
struct ConditionJSON: Decodable {
    let condition: Condition

    private enum Keys: String, CodingKey { case platformNames, traits }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let platforms = try container.decodeIfPresent([String].self, forKey: .platformNames) ?? []
        let traits = try container.decodeIfPresent([String].self, forKey: .traits) ?? []
        condition = Condition(platforms: platforms, traits: traits)
    }
}

/// `plugins: [...]` on a target: `{"plugin": ["Name", "package-or-null"]}`.
public struct PluginUsage: Sendable, Equatable, Decodable {
    public let name: String
    public let package: String?

    public init(name: String, package: String?) {
        self.name = name
        self.package = package
    }

    public init(from decoder: any Decoder) throws {
        let object = try OneKeyObject(from: decoder)
        var payload = try object.unkeyedPayload()
        name = try payload.decode(String.self)
        package = try payload.isAtEnd ? nil : payload.decodeIfPresent(String.self)
    }
}

/// A product the manifest vends.
public struct ManifestProduct: Sendable, Equatable, Decodable {
    public let name: String
    /// `library`, `library (static)`, `library (dynamic)`, `executable`, `plugin`, `macro`, `snippet`, `test`.
    public let type: String
    public let targets: [String]

    public init(name: String, type: String, targets: [String]) {
        self.name = name
        self.type = type
        self.targets = targets
    }

    private enum Keys: String, CodingKey { case name, type, targets }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decode(String.self, forKey: .name)
        targets = try container.decodeIfPresent([String].self, forKey: .targets) ?? []
        // `{"library": ["automatic"]}`, `{"executable": null}`, …
        if container.contains(.type), let kind = try? OneKeyObject(container.nestedContainer(keyedBy: AnyKey.self, forKey: .type)) {
            if kind.name == "library", let linkage = (try? kind.payload([String].self))?.first, linkage != "automatic" {
                type = "library (\(linkage))"
            } else {
                type = kind.name
            }
        } else {
            type = "library"
        }
    }
}
