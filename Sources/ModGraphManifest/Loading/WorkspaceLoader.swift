import Foundation
import ModGraphCore

/// Follows a root manifest's `path:` dependencies, and with
/// ``ExternalsMode/expand`` its remote ones checked out under
/// `.build/checkouts/`, into one ``Workspace``.
///
/// Packages are keyed by canonical folder, so symlinks, two relative paths to
/// one folder, and packages that depend on each other are each loaded once.
/// Manifests load on at most `jobs` workers, each package's dependencies as
/// soon as it is decoded; the packages are then settled breadth first, level
/// by level, so the result does not depend on which manifest finished first.
public struct WorkspaceLoader: Sendable {
    public let provider: any ManifestProvider
    public let externals: ExternalsMode
    /// How many manifests load at once.
    public let jobs: Int
    /// Told of each step on the loader's worker threads, one call at a time; it must return quickly.
    public let progress: (@Sendable (LoadProgress) -> Void)?
    /// Where SwiftPM keeps its checkouts, when not in the root's `.build`
    /// (a build made with `--scratch-path`).
    public let scratchDirectory: String?

    /// `jobs` defaults to the number of cores.
    public init(provider: any ManifestProvider, externals: ExternalsMode = .products, jobs: Int? = nil,
                scratchDirectory: String? = nil, progress: (@Sendable (LoadProgress) -> Void)? = nil) {
        self.provider = provider
        self.externals = externals
        self.jobs = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        self.scratchDirectory = scratchDirectory
        self.progress = progress
    }

    /// Loads the package in `directory`.
    public func load(directory: String) throws(LoadError) -> Workspace {
        guard let canonical = Paths.canonical(directory) else { throw .pathNotFound(directory) }
        guard Paths.isDirectory(canonical) else { throw .noManifest(directory: directory) }
        return try load(root: nil, directory: canonical)
    }

    /// Loads from a dump already made (a file or standard input). Its
    /// `path:` dependencies are followed where their folders exist here.
    ///
    /// A dump made on another machine names a folder that is not here: errors
    /// then point at `source`, not at the package name, and a warning says
    /// what the missing folder costs when it costs anything.
    public func load(dump manifest: Manifest, source: String) throws(LoadError) -> Workspace {
        let directory = manifest.packageDirectory.flatMap(Paths.canonical)
        return try load(root: manifest, directory: directory, fallbackIdentity: manifest.packageDirectory, dumpSource: source)
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

    /// Loads from `root`, or from the manifest in `directory` when `root` is `nil`.
    private func load(root: Manifest?, directory: String?, fallbackIdentity: String? = nil, dumpSource: String? = nil) throws(LoadError) -> Workspace {
        let checkouts = directory.map { CheckoutIndex(rootDirectory: $0, scratchDirectory: scratchDirectory) }
        let locator = FolderLocator(externals: externals, checkouts: checkouts)
        let queue = ManifestQueue(provider: provider, jobs: jobs, discover: { folder, manifest in
            locator.folders(of: manifest, in: folder)
        }, progress: progress)
        defer { queue.stop() }
        let manifest: Manifest
        if let root {
            manifest = root
            queue.enqueue(locator.folders(of: root, in: directory))
        } else if let directory {
            manifest = try queue.manifest(for: directory)
        } else {
            throw .pathNotFound(fallbackIdentity ?? "")
        }
        let rootIdentity = PackageIdentity(location: directory ?? fallbackIdentity ?? manifest.name)
        // The dump names a folder that is not here: point at the dump, not at the package's name.
        let missingFolder = directory == nil ? fallbackIdentity : nil
        let rootLocation = directory ?? (missingFolder != nil ? dumpSource : nil) ?? manifest.name
        let rootPackage = WorkspacePackage(identity: rootIdentity, origin: .root, location: rootLocation,
                                           manifest: manifest, directory: directory, declaredName: manifest.name)
        var packages = [rootIdentity: rootPackage]
        var warnings: [LoadWarning] = []
        if let missingFolder, manifest.dependencies.contains(where: { $0.kind == .fileSystem || externals == .expand }) {
            warnings.append(LoadWarning("\(rootLocation): the dump was made in \(missingFolder), which does not exist on this machine; "
                + "its dependencies cannot be found from there, so those that are not found are shown as external products"))
        }
        var aliases: [PackageIdentity: PackageIdentity] = [:]
        var frontier = pendingDependencies(of: rootPackage, locator: locator, warnings: &warnings)

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
                let isSettled = packages[pending.identity]?.manifest != nil || claimed[pending.identity] != nil
                    || (packages[pending.identity] != nil && pending.directory == nil)
                if !isSettled { claimed[pending.identity] = pending }
            }
            let claimedList = claimed.values.sorted { $0.identity < $1.identity }
            for pending in frontier where pending.declaredIdentity != pending.identity {
                aliases[pending.declaredIdentity] = pending.identity
            }
            queue.enqueue(claimedList.compactMap(\.directory))
            let loaded = try claimedList.map { pending throws(LoadError) in
                try pending.directory.map { folder throws(LoadError) in try queue.manifest(for: folder) }
            }
            frontier = []
            for (pending, manifest) in zip(claimedList, loaded) {
                let package = WorkspacePackage(identity: pending.identity, origin: pending.origin, location: pending.location,
                                               manifest: manifest, directory: manifest == nil ? nil : pending.directory,
                                               declaredName: pending.declaredName)
                packages[pending.identity] = package
                if manifest != nil {
                    frontier += pendingDependencies(of: package, locator: locator, warnings: &warnings)
                }
            }
        }
        var seen = Set<LoadWarning>()
        let uniqueWarnings = warnings.filter { seen.insert($0).inserted }
        return Workspace(root: rootIdentity, rootDirectory: directory, packages: packages,
                         aliases: aliases, warnings: uniqueWarnings)
    }

    /// The dependencies of `package` to visit next, with their folders.
    private func pendingDependencies(of package: WorkspacePackage, locator: FolderLocator, warnings: inout [LoadWarning]) -> [Pending] {
        guard let manifest = package.manifest else { return [] }
        let requiredBy = package.manifestPath
        return manifest.dependencies.map { dependency in
            switch dependency.kind {
            case .fileSystem:
                let folder = locator.folder(of: dependency, declaredIn: manifest, at: package.directory)
                if folder == nil {
                    warnings.append(LoadWarning("\(requiredBy): local package '\(dependency.location)' not found; its products are shown as external",
                                                about: dependency.identity))
                }
                // SwiftPM names a package after its folder once symlinks are resolved.
                return Pending(identity: folder.map { PackageIdentity(location: $0) } ?? dependency.identity,
                               declaredIdentity: dependency.identity, origin: .local, location: dependency.location,
                               directory: folder, declaredName: dependency.explicitName)
            case .sourceControl, .registry:
                let origin: PackageOrigin = dependency.kind == .registry ? .registry : .remote
                var folder: String?
                if externals == .expand {
                    folder = locator.folder(of: dependency, declaredIn: manifest, at: package.directory)
                    if folder == nil {
                        warnings.append(LoadWarning("\(requiredBy): no checkout of '\(dependency.identity)' under .build/checkouts (run `swift package resolve`); its products are shown as external",
                                                    about: dependency.identity))
                    }
                }
                return Pending(identity: dependency.identity, declaredIdentity: dependency.identity, origin: origin, location: dependency.location,
                               directory: folder, declaredName: dependency.explicitName)
            }
        }
    }
}
