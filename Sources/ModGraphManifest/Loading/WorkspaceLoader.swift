import Foundation
import ModGraphCore
import ModGraphSystem

/// Follows a root manifest's `path:` dependencies, and with
/// ``ExternalsMode/expand`` its remote ones checked out under
/// `.build/checkouts/`, into one ``Workspace``.
///
/// Packages are keyed by canonical folder, so symlinks, two relative paths to
/// one folder, and packages that depend on each other are each loaded once.
/// The packages are settled breadth first, level by level; the manifests of
/// a level are loaded as units of the `runner` (at once, when the use-case
/// layer gives an executor), and read in the level's order, so the result
/// does not depend on which manifest finished first.
public struct WorkspaceLoader: Sendable {
    public let provider: any ManifestProvider
    public let externals: ExternalsMode
    /// What runs a level's manifests: one after another, or at once.
    public let runner: any UnitRunner
    /// Told before and after each level is loaded, on the loader's thread; it must return quickly.
    public let progress: (@Sendable (LoadProgress) -> Void)?
    /// Where SwiftPM keeps its checkouts, when not in the root's `.build`
    /// (a build made with `--scratch-path`).
    public let scratchDirectory: String?
    /// Local packages left out (vendored code): their products are shown as external, without a warning.
    public private(set) var exclusions: LoadExclusions
    /// The folder no package read may leave (canonical; ``confined(to:)``): a `path:` dependency whose folder,
    /// or whose `Package.swift`, leads outside it is not read and its products are shown as external, with a
    /// warning. A pull request's manifest could otherwise name any package on the machine, and have it dumped.
    /// Nil: anywhere (a dump given, whose folders are another machine's).
    public private(set) var confinement: String?

    public init(
        provider: any ManifestProvider, externals: ExternalsMode = .products, runner: any UnitRunner = .sequential,
        scratchDirectory: String? = nil, exclusions: LoadExclusions = .none, progress: (@Sendable (LoadProgress) -> Void)? = nil
    ) {
        self.provider = provider
        self.externals = externals
        self.runner = runner
        self.scratchDirectory = scratchDirectory
        self.exclusions = exclusions
        self.progress = progress
    }

    /// This loader, reading no package outside `root` (the repository loaded).
    public func confined(to root: String) -> WorkspaceLoader {
        var confined = self
        confined.confinement = Paths.canonical(root) ?? Paths.lexical(root)
        return confined
    }

    /// This loader, leaving `folders` (absolute, canonical) out as it leaves out what ``exclusions`` match.
    public func leavingOut(_ folders: [String]) -> WorkspaceLoader {
        var loader = self
        loader.exclusions = exclusions.adding(folders: folders)
        return loader
    }

    /// Loads the package in `directory`.
    public func load(directory: String) throws(LoadError) -> Workspace {
        try load(roots: [directory])
    }

    /// Loads the packages in `roots`, the packages the user pointed at, and
    /// `locals`, packages of the workspace's own that no root needs to reach
    /// (an Xcode project's local packages), with everything they depend on,
    /// each folder once. Package paths are shown relative to `base`, else to
    /// the first root.
    public func load(roots: [String], locals: [String] = [], base: String? = nil) throws(LoadError) -> Workspace {
        var seeds: [Seed] = []
        for (directories, origin) in [(roots, PackageOrigin.root), (locals, .local)] {
            for directory in directories {
                guard let canonical = Paths.canonical(directory) else { throw .pathNotFound(directory) }
                guard FileStatus.isFolder(canonical) else { throw .noManifest(directory: directory) }
                seeds.append(Seed(manifest: nil, directory: canonical, origin: origin))
            }
        }
        return try load(seeds: seeds, base: base.flatMap(Paths.canonical))
    }

    /// Loads from a dump already made (a file or standard input). Its
    /// `path:` dependencies are followed where their folders exist here.
    ///
    /// A dump made on another machine names a folder that is not here: errors
    /// then point at `source`, not at the package name, and a warning says
    /// what the missing folder costs when it costs anything.
    public func load(dump manifest: Manifest, source: String) throws(LoadError) -> Workspace {
        let directory = manifest.packageDirectory.flatMap(Paths.canonical)
        return try load(
            seeds: [
                Seed(
                    manifest: manifest, directory: directory, origin: .root,
                    fallbackIdentity: manifest.packageDirectory, dumpSource: source)
            ], base: nil)
    }

    /// A package the load starts from.
    private struct Seed {
        /// Already decoded (a dump), or `nil` to load the manifest in `directory`.
        let manifest: Manifest?
        /// Canonical; `nil` for a dump whose folder is not on this machine.
        let directory: String?
        let origin: PackageOrigin
        var fallbackIdentity: String?
        var dumpSource: String?
    }

    private struct Pending {
        let identity: PackageIdentity
        /// The identity the depending manifest's dump gave, which target dependencies refer to.
        let declaredIdentity: PackageIdentity
        let origin: PackageOrigin
        let location: String
        let directory: String?
        let declaredName: String?
    }

    private func load(seeds: [Seed], base: String?) throws(LoadError) -> Workspace {
        guard let first = seeds.first else { throw .pathNotFound("") }
        let checkouts = first.directory.map { CheckoutIndex(rootDirectory: $0, scratchDirectory: scratchDirectory) }
        let locator = FolderLocator(externals: externals, checkouts: checkouts)
        var manifests = LoadedManifests(provider: provider, runner: runner, progress: progress)
        for seed in seeds {
            // A dump is decoded already: its folder must not be dumped again when a `path:` leads back to it.
            if let manifest = seed.manifest, let directory = seed.directory { manifests.provide(manifest, for: directory) }
        }
        manifests.load(seeds.filter { $0.manifest == nil }.compactMap(\.directory))

        var packages: [PackageIdentity: WorkspacePackage] = [:]
        var roots: [PackageIdentity] = []
        var locals: [PackageIdentity] = []
        var warnings: [LoadWarning] = []
        var frontier: [Pending] = []
        for seed in seeds {
            let manifest: Manifest
            if let given = seed.manifest {
                manifest = given
            } else if let directory = seed.directory {
                manifest = try manifests.manifest(for: directory)
            } else {
                continue
            }
            let identity = PackageIdentity(location: seed.directory ?? seed.fallbackIdentity ?? manifest.name)
            if let existing = packages[identity] {
                if let folder = seed.directory, let other = existing.directory, folder != other {
                    throw .identityClash(identity: identity.rawValue, firstPath: other, secondPath: folder)
                }
                continue
            }
            // The dump names a folder that is not here, or none (no `packageKind` root): errors point at
            // the dump, not at the package's name, which would read as a file.
            let missingFolder = seed.directory == nil ? seed.fallbackIdentity : nil
            let location = seed.directory ?? seed.dumpSource ?? manifest.name
            let package = WorkspacePackage(
                identity: identity, origin: seed.origin, location: location,
                manifest: manifest, directory: seed.directory, declaredName: manifest.name)
            packages[identity] = package
            if seed.origin == .root { roots.append(identity) } else { locals.append(identity) }
            if let missingFolder, manifest.dependencies.contains(where: { $0.kind == .fileSystem || externals == .expand }) {
                warnings.append(
                    LoadWarning(
                        "\(location): the dump was made in \(missingFolder), which does not exist on this machine; "
                            + "its dependencies cannot be found from there, so those that are not found are shown as external products"))
            }
            frontier += pendingDependencies(of: package, locator: locator, warnings: &warnings)
        }
        guard !roots.isEmpty || !locals.isEmpty else { throw .pathNotFound(first.fallbackIdentity ?? "") }
        let aliases = try loadDependencies(
            frontier, into: &packages, manifests: &manifests, locator: locator, warnings: &warnings)
        var seen = Set<LoadWarning>()
        let uniqueWarnings = warnings.filter { seen.insert($0).inserted }
        return Workspace(
            roots: roots, locals: locals, rootDirectory: base ?? first.directory, packages: packages,
            aliases: aliases, warnings: uniqueWarnings)
    }

    /// Loads the packages `pending` leads to, level by level until none is
    /// left, into `packages`: each identity claimed once, a folder on disk
    /// before a package known only by URL. The aliases: identities the dumps
    /// gave that the loaded package has another of.
    private func loadDependencies(
        _ start: [Pending], into packages: inout [PackageIdentity: WorkspacePackage], manifests: inout LoadedManifests,
        locator: FolderLocator, warnings: inout [LoadWarning]
    ) throws(LoadError) -> [PackageIdentity: PackageIdentity] {
        var frontier = start
        var aliases: [PackageIdentity: PackageIdentity] = [:]
        while !frontier.isEmpty {
            // Claim each identity once; a folder on disk beats a package known only by URL.
            var claimed: [PackageIdentity: Pending] = [:]
            let ordered = frontier.sorted { left, right in
                (left.identity, left.directory == nil ? 1 : 0, left.directory ?? "")
                    < (right.identity, right.directory == nil ? 1 : 0, right.directory ?? "")
            }
            for pending in ordered {
                let existingFolder = packages[pending.identity]?.directory ?? claimed[pending.identity]?.directory
                if let folder = pending.directory, let other = existingFolder, folder != other {
                    throw .identityClash(identity: pending.identity.rawValue, firstPath: other, secondPath: folder)
                }
                let isSettled =
                    packages[pending.identity]?.manifest != nil || claimed[pending.identity] != nil
                    || (packages[pending.identity] != nil && pending.directory == nil)
                if !isSettled { claimed[pending.identity] = pending }
            }
            let claimedList = claimed.values.sorted { $0.identity < $1.identity }
            for pending in frontier where pending.declaredIdentity != pending.identity {
                aliases[pending.declaredIdentity] = pending.identity
            }
            manifests.load(claimedList.compactMap(\.directory))
            let loaded = try claimedList.map { pending throws(LoadError) in
                try pending.directory.map { folder throws(LoadError) in try manifests.manifest(for: folder) }
            }
            frontier = []
            for (pending, manifest) in zip(claimedList, loaded) {
                let package = WorkspacePackage(
                    identity: pending.identity, origin: pending.origin, location: pending.location,
                    manifest: manifest, directory: manifest == nil ? nil : pending.directory,
                    declaredName: pending.declaredName)
                packages[pending.identity] = package
                if manifest != nil {
                    frontier += pendingDependencies(of: package, locator: locator, warnings: &warnings)
                }
            }
        }
        return aliases
    }

    /// A `path:` dependency whose folder does not exist, is empty (an uninitialised git
    /// submodule) or holds no `Package.swift`. Said once per folder, with what became of its
    /// products, by whoever prints the warnings (modgraph's `GraphLoader`): another package of
    /// the same identity may have been loaded in its place.
    static func missingLocalPackage(_ dependency: PackageDependency, requiredBy: String, line: Int?, state: MissingPackageFolder.State)
        -> LoadWarning
    {
        let missing = MissingPackageFolder(folder: dependency.location, requiredBy: requiredBy, line: line, state: state)
        return LoadWarning(
            [
                .path(requiredBy), .text(line.map { ":\($0)" } ?? ""), .text(": local package '"), .path(dependency.location),
                .text("' \(missing.problem); its products are shown as external"),
            ],
            about: dependency.identity, subject: .missingLocalPackage(missing))
    }

    /// How the package folder `folder` (canonical) leads outside `root`: by itself, or by a `Package.swift` that is a
    /// link to a file elsewhere; nil when it stays inside.
    static func leadsOutside(_ folder: String, of root: String) -> MissingPackageFolder.State? {
        if !FileNames.leadsInside(folder, root: root) { return .outside }
        return FileNames.leadsInside(folder + "/Package.swift", root: root) ? nil : .manifestOutside
    }

    /// The line of `manifest` (a package's `Package.swift`) whose string literal names the folder `location`.
    static func line(naming location: String, in package: WorkspacePackage) -> Int? {
        guard let directory = package.directory,
            let text = try? String(contentsOfFile: Paths.absolute("Package.swift", relativeTo: directory), encoding: .utf8)
        else { return nil }
        let target = Paths.lexical(location)
        return ManifestLocator(text: text).line { literal in
            !literal.isEmpty && Paths.lexical(Paths.absolute(literal, relativeTo: directory)) == target
        }
    }

    /// A remote package with no checkout; said once per package, and
    /// differently when only trait-gated dependencies need it.
    static func missingCheckout(_ dependency: PackageDependency, requiredBy: String) -> LoadWarning {
        LoadWarning(
            [
                .path(requiredBy),
                .text(
                    ": no checkout of '\(dependency.identity)' under .build/checkouts "
                        + "(run `swift package resolve`); its products are shown as external"),
            ],
            about: dependency.identity, subject: .missingCheckout(requiredBy: requiredBy))
    }

    /// The dependencies of `package` to visit next, with their folders.
    private func pendingDependencies(of package: WorkspacePackage, locator: FolderLocator, warnings: inout [LoadWarning]) -> [Pending] {
        guard let manifest = package.manifest else { return [] }
        let requiredBy = package.manifestPath
        return manifest.dependencies.map { dependency in
            switch dependency.kind {
            case .fileSystem:
                let location = locator.location(of: dependency, declaredIn: manifest, at: package.directory)
                if exclusions.excludes(Paths.canonical(location) ?? Paths.lexical(location)) {
                    // Left out on purpose: its products stand for it, as for a package not loaded.
                    return Pending(
                        identity: dependency.identity, declaredIdentity: dependency.identity, origin: .local, location: dependency.location,
                        directory: nil, declaredName: dependency.explicitName)
                }
                var folder = Paths.canonical(location)
                if folder == nil, let match = Paths.caseInsensitiveMatch(location), let canonical = Paths.canonical(match) {
                    // A Mac's file system finds it: so does the build the graph describes.
                    folder = canonical
                    warnings.append(
                        LoadWarning(
                            [
                                .path(requiredBy), .text(Self.line(naming: dependency.location, in: package).map { ":\($0)" } ?? ""),
                                .text(": local package '"), .path(location), .text("' is found as '"), .path(match),
                                .text("', which differs only in case, as a case-insensitive file system (macOS's default) finds it"),
                            ], about: dependency.identity, isNote: true))
                }
                // An empty folder (an uninitialised git submodule) or one without a manifest is no package either;
                // a manifest that is there but no file (a FIFO) is refused where manifests are read, by name.
                if let found = folder, let confinement, let state = Self.leadsOutside(found, of: confinement) {
                    warnings.append(
                        Self.missingLocalPackage(
                            dependency, requiredBy: requiredBy, line: Self.line(naming: dependency.location, in: package), state: state))
                    folder = nil
                } else if let found = folder, case let manifest = Paths.absolute("Package.swift", relativeTo: found),
                    !FileStatus.isRegularFile(manifest), Paths.irregularKind(manifest) == nil
                {
                    warnings.append(
                        Self.missingLocalPackage(
                            dependency, requiredBy: requiredBy, line: Self.line(naming: dependency.location, in: package),
                            state: Paths.isEmptyFolder(found) ? .empty : .noManifest))
                    folder = nil
                } else if folder == nil {
                    warnings.append(
                        Self.missingLocalPackage(
                            dependency, requiredBy: requiredBy, line: Self.line(naming: dependency.location, in: package), state: .missing))
                }
                // SwiftPM names a package after its folder once symlinks are resolved.
                return Pending(
                    identity: folder.map { PackageIdentity(location: $0) } ?? dependency.identity,
                    declaredIdentity: dependency.identity, origin: .local, location: dependency.location,
                    directory: folder, declaredName: dependency.explicitName)
            case .sourceControl, .registry:
                let origin: PackageOrigin = dependency.kind == .registry ? .registry : .remote
                var folder: String?
                if externals == .expand {
                    folder = locator.folder(of: dependency, declaredIn: manifest, at: package.directory)
                    if folder == nil {
                        warnings.append(Self.missingCheckout(dependency, requiredBy: requiredBy))
                    }
                }
                return Pending(
                    identity: dependency.identity, declaredIdentity: dependency.identity, origin: origin, location: dependency.location,
                    directory: folder, declaredName: dependency.explicitName)
            }
        }
    }
}

/// The manifests of a load, by canonical folder: each folder is loaded once,
/// a level's folders as units of the runner, and read in the loader's order.
private struct LoadedManifests {
    let provider: any ManifestProvider
    let runner: any UnitRunner
    let progress: (@Sendable (LoadProgress) -> Void)?
    private var results: [String: Result<Manifest, LoadError>] = [:]

    init(provider: any ManifestProvider, runner: any UnitRunner, progress: (@Sendable (LoadProgress) -> Void)?) {
        self.provider = provider
        self.runner = runner
        self.progress = progress
    }

    /// Records `manifest` as `folder`'s, already decoded (a dump the user gave).
    mutating func provide(_ manifest: Manifest, for folder: String) {
        if results[folder] == nil { results[folder] = .success(manifest) }
    }

    /// Loads the folders not loaded yet, at once as far as the runner goes.
    mutating func load(_ folders: [String]) {
        var seen = Set<String>()
        let missing = folders.filter { results[$0] == nil && seen.insert($0).inserted }
        guard !missing.isEmpty else { return }
        progress?(LoadProgress(done: results.count, total: results.count + missing.count, inProgress: missing.sorted()))
        let provider = self.provider
        let loaded = runner.map(missing) { folder in
            Result { () throws(LoadError) -> Manifest in
                // Nothing reads a manifest that is no file: a FIFO would block, a device never end.
                let manifest = Paths.absolute("Package.swift", relativeTo: folder)
                if let kind = Paths.irregularKind(manifest) { throw .manifestNotAFile(manifest: manifest, kind: kind) }
                return try provider.manifest(forPackageAt: folder)
            }
        }
        for (folder, result) in zip(missing, loaded) { results[folder] = result }
        progress?(LoadProgress(done: results.count, total: results.count, inProgress: []))
    }

    /// The manifest of `folder`, loaded now if it was not yet.
    mutating func manifest(for folder: String) throws(LoadError) -> Manifest {
        load([folder])
        guard let result = results[folder] else { preconditionFailure("a loaded folder has a result") }
        return try result.get()
    }
}
