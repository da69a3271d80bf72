import ModGraphCore

/// A `.package(...)` entry of a manifest, in any of the encodings toolchains
/// have written: `sourceControl`/`fileSystem`/`registry` (5.6 and later),
/// `scm`/`local` (5.5), and the flat `{name, url, requirement}` object of
/// older toolchains.
public struct PackageDependency: Sendable, Equatable, Decodable {
    public enum Kind: String, Sendable, Equatable {
        /// `path:` on disk: followed into the workspace.
        case fileSystem
        /// A git URL, remote or a local repository.
        case sourceControl
        /// `id: "scope.name"` from a registry.
        case registry
    }

    public let kind: Kind
    public let identity: PackageIdentity
    /// The `name:` given in `.package(name:...)`, which target dependencies may use instead of the identity.
    public let explicitName: String?
    /// Folder for ``Kind/fileSystem``, URL or repository path for ``Kind/sourceControl``, `scope.name` for registries.
    public let location: String
    /// The traits the manifest enables in this dependency (`traits:`); nil
    /// when it does not say, which enables the dependency's default traits.
    public let traits: [DependencyTrait]?
    /// The versions asked for; nil for a `path:` dependency, and when the dump
    /// was read by Foundation's decoder (``Manifest/build`` is nil then).
    public let requirement: DependencyRequirement?

    public init(
        kind: Kind, identity: PackageIdentity, explicitName: String? = nil, location: String, traits: [DependencyTrait]? = nil,
        requirement: DependencyRequirement? = nil
    ) {
        self.kind = kind
        self.identity = identity
        self.explicitName = explicitName
        self.location = location
        self.traits = traits
        self.requirement = requirement
    }

    /// Whether a target dependency's `package:` string refers to this dependency.
    public func isNamed(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return identity.rawValue == lowered || explicitName?.lowercased() == lowered
    }

    private enum Keys: String, CodingKey {
        case identity, path, location, name, nameForTargetDependencyResolutionOnly, url, requirement, traits
    }

    public init(from decoder: any Decoder) throws {
        let flat = try decoder.container(keyedBy: Keys.self)
        if flat.contains(.url) {
            try self.init(flat: flat)
            return
        }
        let object = try OneKeyObject(from: decoder)
        var list = try object.unkeyedPayload()
        let body = try list.nestedContainer(keyedBy: Keys.self)
        let explicitName =
            try body.decodeIfPresent(String.self, forKey: .nameForTargetDependencyResolutionOnly)
            ?? body.decodeIfPresent(String.self, forKey: .name)
        let identity = try body.decodeIfPresent(String.self, forKey: .identity)
        let traits = try body.decodeIfPresent([DependencyTrait].self, forKey: .traits)
        switch object.name {
        case "fileSystem", "local":
            let path = try body.decode(String.self, forKey: .path)
            self.init(
                kind: .fileSystem, identity: identity.map { PackageIdentity($0) } ?? PackageIdentity(location: path),
                explicitName: explicitName, location: path, traits: traits)
        case "sourceControl", "scm":
            let location = try Self.decodeLocation(body)
            self.init(
                kind: .sourceControl, identity: identity.map { PackageIdentity($0) } ?? PackageIdentity(location: location),
                explicitName: explicitName, location: location, traits: traits)
        case "registry":
            guard let identity else {
                throw DecodingError.keyNotFound(
                    Keys.identity, .init(codingPath: body.codingPath, debugDescription: "a registry dependency needs an identity"))
            }
            self.init(kind: .registry, identity: PackageIdentity(identity), explicitName: explicitName, location: identity, traits: traits)
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown package dependency kind '\(object.name)'"))
        }
    }

    /// Toolchains before 5.5: `{"name": "x", "url": "...", "requirement": {...}}`, where a
    /// `localPackage` requirement marks a `path:` dependency whose folder is in `url`.
    private init(flat: KeyedDecodingContainer<Keys>) throws {
        let url = try flat.decode(String.self, forKey: .url)
        let name = try flat.decodeIfPresent(String.self, forKey: .name)
        var isLocal = false
        if let requirement = try? flat.nestedContainer(keyedBy: AnyKey.self, forKey: .requirement) {
            let keys = Set(requirement.allKeys.map(\.stringValue))
            let type = try? requirement.decode(String.self, forKey: AnyKey("type"))
            isLocal = keys.contains("localPackage") || type == "localPackage"
        }
        self.init(
            kind: isLocal ? .fileSystem : .sourceControl, identity: PackageIdentity(location: url),
            explicitName: name, location: url)
    }

    /// `location` is `{"remote": [{"urlString": u}]}` (5.9+), `{"remote": [u]}`,
    /// `{"local": [path]}`, or a plain string (5.5).
    private static func decodeLocation(_ body: KeyedDecodingContainer<Keys>) throws -> String {
        if let plain = try? body.decode(String.self, forKey: .location) { return plain }
        let object = try OneKeyObject(body.nestedContainer(keyedBy: AnyKey.self, forKey: .location))
        let entries = try object.payload([LocationEntry].self)
        guard let first = entries.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: body.codingPath, debugDescription: "an empty package location"))
        }
        return first.value
    }
}

/// A trait a manifest enables in one of its dependencies:
/// `{"name": "X", "condition": {"traits": ["Fast"]}}`, the condition meaning
/// "only while the depending package has one of these traits enabled".
public struct DependencyTrait: Sendable, Equatable, Decodable {
    public let name: String
    /// Traits of the depending package, any of which enables this one; nil for always.
    public let whenTraits: [String]?

    public init(name: String, whenTraits: [String]? = nil) {
        self.name = name
        self.whenTraits = whenTraits
    }

    private enum Keys: String, CodingKey { case name, condition }
    private enum ConditionKeys: String, CodingKey { case traits }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        name = try container.decode(String.self, forKey: .name)
        if container.contains(.condition), try !container.decodeNil(forKey: .condition) {
            let condition = try container.nestedContainer(keyedBy: ConditionKeys.self, forKey: .condition)
            whenTraits = try condition.decodeIfPresent([String].self, forKey: .traits)
        } else {
            whenTraits = nil
        }
    }
}

/// One entry of a location list: a plain string or `{"urlString": u}`.
private struct LocationEntry: Decodable {
    let value: String

    init(from decoder: any Decoder) throws {
        if let plain = try? decoder.singleValueContainer().decode(String.self) {
            value = plain
        } else {
            value = try decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey("urlString"))
        }
    }
}
