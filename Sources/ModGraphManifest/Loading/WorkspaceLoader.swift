import Foundation
import ModGraphCore

/// Follows a root manifest's `path:` dependencies, and with
/// ``ExternalsMode/expand`` its remote ones checked out under
/// `.build/checkouts/`, into one ``Workspace``.
///
/// Packages are keyed by canonical folder, so symlinks, two relative paths to
/// one folder, and packages that depend on each other are each loaded once.
/// Each breadth-first level is loaded in parallel, bounded by the core count.
public struct WorkspaceLoader: Sendable {
    public let provider: any ManifestProvider
    public let externals: ExternalsMode
    /// Where SwiftPM keeps its checkouts, when not in the root's `.build`
    /// (a build made with `--scratch-path`).
    public let scratchDirectory: String?

    public init(provider: any ManifestProvider, externals: ExternalsMode = .products, scratchDirectory: String? = nil) {
        self.provider = provider
        self.externals = externals
        self.scratchDirectory = scratchDirectory
    }

    /// Loads the package in `directory`.
    public func load(directory: String) throws(LoadError) -> Workspace {
        guard let canonical = Paths.canonical(directory) else { throw .pathNotFound(directory) }
        guard Paths.isDirectory(canonical) else { throw .noManifest(directory: directory) }
        let manifest = try provider.manifest(forPackageAt: canonical)
        return try load(root: manifest, directory: canonical)
    }

    /// Loads from a dump already made (a file or standard input). Its
    /// `path:` dependencies are followed where their folders exist here.
    public func load(dump manifest: Manifest, source: String) throws(LoadError) -> Workspace {
        let directory = manifest.packageDirectory.flatMap(Paths.canonical)
        return try load(root: manifest, directory: directory, fallbackIdentity: manifest.packageDirectory)
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

    private func load(root manifest: Manifest, directory: String?, fallbackIdentity: String? = nil) throws(LoadError) -> Workspace {
        let rootIdentity = PackageIdentity(location: directory ?? fallbackIdentity ?? manifest.name)
        let rootPackage = WorkspacePackage(identity: rootIdentity, origin: .root, location: directory ?? manifest.name,
                                           manifest: manifest, directory: directory, declaredName: manifest.name)
        var packages = [rootIdentity: rootPackage]
        var warnings: [String] = []
        var aliases: [PackageIdentity: PackageIdentity] = [:]
        let checkouts = directory.map { CheckoutIndex(rootDirectory: $0, scratchDirectory: scratchDirectory) }
        var frontier = pendingDependencies(of: rootPackage, checkouts: checkouts, warnings: &warnings)

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
            let loaded = try loadManifests(claimedList)
            frontier = []
            for (pending, manifest) in zip(claimedList, loaded) {
                let package = WorkspacePackage(identity: pending.identity, origin: pending.origin, location: pending.location,
                                               manifest: manifest, directory: manifest == nil ? nil : pending.directory,
                                               declaredName: pending.declaredName)
                packages[pending.identity] = package
                if manifest != nil {
                    frontier += pendingDependencies(of: package, checkouts: checkouts, warnings: &warnings)
                }
            }
        }
        var seen = Set<String>()
        let uniqueWarnings = warnings.filter { seen.insert($0).inserted }
        return Workspace(root: rootIdentity, rootDirectory: directory, packages: packages,
                         aliases: aliases, warnings: uniqueWarnings)
    }

    /// Loads every pending package that has a folder, in parallel; `nil` for the rest.
    private func loadManifests(_ pending: [Pending]) throws(LoadError) -> [Manifest?] {
        let results = ResultSlots(count: pending.count)
        DispatchQueue.concurrentPerform(iterations: pending.count) { index in
            guard let folder = pending[index].directory else { return }
            do {
                results.set(index, .success(try provider.manifest(forPackageAt: folder)))
            } catch let error as LoadError {
                results.set(index, .failure(error))
            } catch {
                results.set(index, .failure(.unreadable(path: folder, reason: "\(error)")))
            }
        }
        var manifests: [Manifest?] = []
        for index in pending.indices {
            switch results.get(index) {
            case .success(let manifest): manifests.append(manifest)
            case .failure(let error): throw error
            case nil: manifests.append(nil)
            }
        }
        return manifests
    }

    /// The dependencies of `package` to visit next, with their folders.
    private func pendingDependencies(of package: WorkspacePackage, checkouts: CheckoutIndex?, warnings: inout [String]) -> [Pending] {
        guard let manifest = package.manifest else { return [] }
        let requiredBy = package.manifestPath
        return manifest.dependencies.map { dependency in
            switch dependency.kind {
            case .fileSystem:
                let base = package.directory ?? manifest.packageDirectory ?? ""
                let folder = Paths.canonical(Paths.absolute(dependency.location, relativeTo: base))
                if folder == nil {
                    warnings.append("\(requiredBy): local package '\(dependency.location)' not found; its products are shown as external")
                }
                // SwiftPM names a package after its folder once symlinks are resolved.
                return Pending(identity: folder.map { PackageIdentity(location: $0) } ?? dependency.identity,
                               declaredIdentity: dependency.identity, origin: .local, location: dependency.location,
                               directory: folder, declaredName: dependency.explicitName)
            case .sourceControl, .registry:
                let origin: PackageOrigin = dependency.kind == .registry ? .registry : .remote
                var folder: String?
                if externals == .expand {
                    folder = checkouts?.folder(for: dependency.identity)
                    if folder == nil {
                        warnings.append("\(requiredBy): no checkout of '\(dependency.identity)' under .build/checkouts (run `swift package resolve`); its products are shown as external")
                    }
                }
                return Pending(identity: dependency.identity, declaredIdentity: dependency.identity, origin: origin, location: dependency.location,
                               directory: folder, declaredName: dependency.explicitName)
            }
        }
    }
}

/// One slot per parallel job, written under a lock.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<Manifest, LoadError>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<Manifest, LoadError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> Result<Manifest, LoadError>? {
        lock.lock()
        defer { lock.unlock() }
        return slots[index]
    }
}
