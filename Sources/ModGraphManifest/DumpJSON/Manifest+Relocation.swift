/// A folder's copy read as the folder it stands for.
public struct Relocation: Sendable, Equatable {
    /// Where the files are (a private copy of a commit's tree), absolute and canonical.
    public let copy: String
    /// The folder the copy stands for (the repository's top folder), absolute and canonical.
    public let original: String

    public init(copy: String, original: String) {
        self.copy = copy
        self.original = original
    }

    /// `path` under `from` moved under `to`; other paths unchanged.
    static func move(_ path: String, from: String, to: String) -> String {
        if path == from { return to }
        let prefix = from == "/" ? "/" : from + "/"
        guard path.hasPrefix(prefix) else { return path }
        return (to == "/" ? "/" : to + "/") + path.dropFirst(prefix.count)
    }

    /// `path` in the copy, as the original names it.
    public func original(of path: String) -> String { Self.move(path, from: copy, to: original) }
    /// `path` in the original, as the copy names it.
    public func copy(of path: String) -> String { Self.move(path, from: original, to: copy) }
}

extension Manifest {
    /// The manifest with the absolute paths it holds (its folder, its `path:`
    /// dependencies) under `from` moved under `to`: what a dump made in a
    /// copy of a folder says of the folder itself.
    public func relocated(from: String, to: String) -> Manifest {
        guard from != to else { return self }
        return Manifest(
            name: name, toolsVersion: toolsVersion, packageDirectory: packageDirectory.map { Relocation.move($0, from: from, to: to) },
            targets: targets, products: products,
            dependencies: dependencies.map { dependency in
                guard dependency.kind == .fileSystem else { return dependency }
                return PackageDependency(
                    kind: dependency.kind, identity: dependency.identity, explicitName: dependency.explicitName,
                    location: Relocation.move(dependency.location, from: from, to: to), traits: dependency.traits,
                    requirement: dependency.requirement)
            },
            traits: traits, build: build)
    }
}
