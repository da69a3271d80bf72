import ModGraphCore

/// What remote packages become in the graph.
public enum ExternalsMode: String, Sendable, CaseIterable {
    /// Left out, with the edges that lead to them.
    case none
    /// One node per product used, `identity/Product`.
    case products
    /// Loaded from the root's `.build/checkouts/` and shown as their real targets.
    case expand
}

/// A package the loader reached, loaded or not.
public struct WorkspacePackage: Sendable, Equatable {
    public let identity: PackageIdentity
    public let origin: PackageOrigin
    /// URL, registry id or folder as the depending manifest wrote it.
    public let location: String
    /// `nil` when the package's manifest was not loaded (remote, or a folder that is missing).
    public let manifest: Manifest?
    /// Canonical folder, when on disk.
    public let directory: String?
    /// The `name:` a depending manifest gave it, used for display when not loaded.
    public let declaredName: String?

    public init(
        identity: PackageIdentity, origin: PackageOrigin, location: String, manifest: Manifest?, directory: String?, declaredName: String?
    ) {
        self.identity = identity
        self.origin = origin
        self.location = location
        self.manifest = manifest
        self.directory = directory
        self.declaredName = declaredName
    }

    /// Where errors about this package point: its `Package.swift`, or its location.
    public var manifestPath: String {
        directory.map { Paths.absolute("Package.swift", relativeTo: $0) } ?? location
    }
}

/// Every package reached from a root, before dependencies are resolved into edges.
public struct Workspace: Sendable, Equatable {
    /// The packages the user pointed at, in the order given.
    public let roots: [PackageIdentity]
    /// Packages of the workspace's own that no root needs to reach: an Xcode
    /// project's local packages, which Xcode builds with their default traits.
    public let locals: [PackageIdentity]
    /// The first root (or local package, when there is no root).
    public var root: PackageIdentity { roots.first ?? locals.first ?? PackageIdentity("") }
    /// The package a manifest's dependency refers to.
    public func package(for dependency: PackageDependency) -> WorkspacePackage? {
        packages[aliases[dependency.identity] ?? dependency.identity]
    }

    /// The folder package paths are shown relative to: the first root's, or the folder the user named.
    public let rootDirectory: String?
    public let packages: [PackageIdentity: WorkspacePackage]
    /// Identities as dumps wrote them (`linktoa` for a symlink) mapped to the package they reach.
    public let aliases: [PackageIdentity: PackageIdentity]
    /// Things the user should know that did not stop the load, one line each.
    public let warnings: [LoadWarning]

    public init(
        root: PackageIdentity, rootDirectory: String?, packages: [PackageIdentity: WorkspacePackage],
        aliases: [PackageIdentity: PackageIdentity] = [:], warnings: [LoadWarning]
    ) {
        self.init(roots: [root], locals: [], rootDirectory: rootDirectory, packages: packages, aliases: aliases, warnings: warnings)
    }

    public init(
        roots: [PackageIdentity], locals: [PackageIdentity], rootDirectory: String?,
        packages: [PackageIdentity: WorkspacePackage], aliases: [PackageIdentity: PackageIdentity] = [:],
        warnings: [LoadWarning]
    ) {
        self.roots = roots
        self.locals = locals
        self.rootDirectory = rootDirectory
        self.packages = packages
        self.aliases = aliases
        self.warnings = warnings
    }
}

/// Something the user should know that did not stop the load.
///
/// A warning keeps its paths apart from its words (``Part``), so that whoever
/// prints it shows them by the same rule as everything else it prints
/// (`modgraph` names files relative to the current folder), and says what it
/// is about (``Subject``), so that many warnings about one missing folder or
/// checkout can be told once, with what the load made of it.
public struct LoadWarning: Sendable, Hashable, CustomStringConvertible {
    /// Words, or an absolute path to show as the reader shows paths.
    public enum Part: Sendable, Hashable {
        case text(String)
        case path(String)
    }

    /// What several warnings may share.
    public enum Subject: Sendable, Hashable {
        /// A `path:` dependency whose folder (absolute, as the dump wrote it)
        /// does not exist, named in the manifest `requiredBy`.
        case missingLocalPackage(folder: String, requiredBy: String)
        /// A remote package without a checkout, needed by the manifest `requiredBy`.
        case missingCheckout(requiredBy: String)
    }

    /// The message, a path part at a time.
    public let parts: [Part]
    /// The package it is about, when it is about one: such a warning matters
    /// only while the graph, once filtered, still has that package (a missing
    /// checkout of a dependency that only tests or a disabled trait use does not).
    public let package: PackageIdentity?
    public let subject: Subject?

    public init(_ message: String, about package: PackageIdentity? = nil) {
        self.init([.text(message)], about: package)
    }

    public init(_ parts: [Part], about package: PackageIdentity? = nil, subject: Subject? = nil) {
        self.parts = parts
        self.package = package
        self.subject = subject
    }

    /// One line, naming the manifest it comes from; paths as they are (absolute).
    public var message: String { message(showingPaths: { $0 }) }

    /// One line, each path shown by `show`.
    public func message(showingPaths show: (String) -> String) -> String {
        parts.map { part in
            switch part {
            case let .text(text): text
            case let .path(path): show(path)
            }
        }.joined()
    }

    public var description: String { message }
}
