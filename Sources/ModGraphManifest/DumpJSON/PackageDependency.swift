import ModGraphCore

/// A `.package(...)` entry of a manifest, in any of the encodings toolchains
/// have written: `sourceControl`/`fileSystem`/`registry` (5.6 and later),
/// `scm`/`local` (5.5), and the flat `{name, url, requirement}` object of
/// older toolchains.
public struct PackageDependency: Sendable, Equatable {
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
}

/// A trait a manifest enables in one of its dependencies:
/// `{"name": "X", "condition": {"traits": ["Fast"]}}`, the condition meaning
/// "only while the depending package has one of these traits enabled".
public struct DependencyTrait: Sendable, Equatable {
    public let name: String
    /// Traits of the depending package, any of which enables this one; nil for always.
    public let whenTraits: [String]?

    public init(name: String, whenTraits: [String]? = nil) {
        self.name = name
        self.whenTraits = whenTraits
    }
}
