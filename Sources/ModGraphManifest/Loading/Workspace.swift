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
        /// A local package whose folder is not there to load: a `path:` dependency, or a folder
        /// a workspace lists.
        case missingLocalPackage(MissingPackageFolder)
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
    /// Something worth knowing that needs no fix in the repository's files of the graph
    /// (a path matched without regard to case, as the user's Mac does): said as a `note:`.
    public let isNote: Bool

    public init(_ message: String, about package: PackageIdentity? = nil, isNote: Bool = false) {
        self.init([.text(message)], about: package, isNote: isNote)
    }

    public init(_ parts: [Part], about package: PackageIdentity? = nil, subject: Subject? = nil, isNote: Bool = false) {
        self.parts = parts
        self.package = package
        self.subject = subject
        self.isNote = isNote
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

/// A local package folder that is not there to load, and who names it: a `path:` dependency
/// of a manifest, or a folder an Xcode workspace lists. Said once per folder, however many name it.
public struct MissingPackageFolder: Sendable, Hashable {
    /// What is at the folder instead of a package.
    public enum State: Sendable, Hashable {
        /// Nothing: no such folder.
        case missing
        /// An empty folder: what a git submodule is until `git submodule update --init`.
        case empty
        /// A folder with files but no `Package.swift`.
        case noManifest
        /// Nothing, where the repository's `.gitmodules` has a submodule: not checked out.
        case submoduleNotCheckedOut
        /// Nothing, below the folder of a submodule that is not checked out (empty or missing).
        case inSubmoduleNotCheckedOut
        /// Outside the folder loaded (the repository's top folder, ``WorkspaceLoader/confinement``), which modgraph does not read.
        case outside
        /// Inside that folder, but its `Package.swift` is a link to a file outside it, which modgraph does not read.
        case manifestOutside
    }

    /// Absolute, as the manifest's dump (or the workspace) names it.
    public let folder: String
    /// The manifest or workspace file that names it (absolute).
    public let requiredBy: String
    /// The 1-based line of `requiredBy` that names it, when found.
    public let line: Int?
    public let state: State
    /// Products that name no package, of an Xcode project, shown as this folder's external
    /// products (the one package they can come from): said with the folder.
    public let products: [String]

    public init(folder: String, requiredBy: String, line: Int?, state: State, products: [String] = []) {
        self.folder = folder
        self.requiredBy = requiredBy
        self.line = line
        self.state = state
        self.products = products
    }

    /// What is wrong with the folder and how to fix it, after its name: `not found`, or
    /// `is an empty folder (an uninitialised git submodule? run …)`.
    public var problem: String {
        switch state {
        case .missing: "not found"
        case .empty: "is an empty folder (an uninitialised git submodule? run `git submodule update --init`)"
        case .noManifest: "has no Package.swift"
        case .submoduleNotCheckedOut: "is a git submodule that is not checked out (run `git submodule update --init`)"
        case .inSubmoduleNotCheckedOut: "is in a git submodule that is not checked out (run `git submodule update --init`)"
        case .outside: "is outside the folder loaded, which modgraph does not read (load a folder that holds both to include it)"
        case .manifestOutside: "has a Package.swift that is a link to a file outside the folder loaded, which modgraph does not read"
        }
    }
}
