import ModGraphManifest

/// What a load starts from, once the paths the user gave are sorted out:
/// package folders, Xcode projects and workspaces (each canonical, each
/// once, in the order found), or a single dump.
public struct RepositoryInputs: Sendable, Equatable {
    /// Equal when they load the same: the exclusions compare by their patterns.
    public static func == (lhs: RepositoryInputs, rhs: RepositoryInputs) -> Bool {
        lhs.packages == rhs.packages && lhs.projects == rhs.projects && lhs.workspaces == rhs.workspaces && lhs.dump == rhs.dump
            && lhs.base == rhs.base && lhs.wasDiscovered == rhs.wasDiscovered && lhs.passedOver == rhs.passedOver
            && lhs.unsearched == rhs.unsearched && lhs.missingFolders == rhs.missingFolders && lhs.excluded == rhs.excluded
            && lhs.exclusions.patterns == rhs.exclusions.patterns && lhs.root == rhs.root && lhs.warnings == rhs.warnings
            && lhs.referrers == rhs.referrers && lhs.listed == rhs.listed && lhs.missingProjects == rhs.missingProjects
            && lhs.tuistManifests == rhs.tuistManifests && lhs.notListed == rhs.notListed && lhs.otherSpecs == rhs.otherSpecs
            && lhs.refusedLinks == rhs.refusedLinks
    }

    /// Folders holding a `Package.swift`.
    public var packages: [String] = []
    /// `.xcodeproj` folders.
    public var projects: [String] = []
    /// `.xcworkspace` folders.
    public var workspaces: [String] = []
    /// A dump-package JSON file, or `-` for standard input: then nothing else.
    public var dump: String?
    /// The folder paths are shown relative to, and `.modgraph.yml` is looked for from.
    public var base: String
    /// The folder loaded, which nothing a project or workspace names may leave: the
    /// repository's top folder (the nearest folder holding `.git`, at or above ``base``),
    /// else ``base``; canonical.
    public var root: String
    /// Whether a folder was searched (rather than named packages and projects only):
    /// then the command says what it found.
    public var wasDiscovered = false
    /// What the search passed over and why, one line each (shown with `--verbose`).
    public var passedOver: [String] = []
    /// Projects and package folders the search found beside a workspace that no workspace loaded
    /// lists (absolute): loaded only when a project or package loaded refers to them, which the load,
    /// not the search, finds out (``Repository/unlisted``).
    public var notListed: [String] = []
    /// XcodeGen specs the search found under another name than `project.yml` (bitwarden's `project-bwa.yml`) in
    /// a folder without one (absolute): XcodeGen reads such a spec only when told (`--spec`), so the search loads
    /// none, and says so: the app the user meant may be in one.
    public var otherSpecs: [String] = []
    /// The manifests and specs the search found (or found at the top of a folder given) that are links to files
    /// outside ``root``, relative to ``base``: not read, each also one line of ``warnings``, and named by the error
    /// when nothing else is found.
    public var refusedLinks: [String] = []
    /// What a workspace's list skipped (missing, outside ``root``, of an unknown kind), one line each, for warnings.
    public var warnings: [String] = []
    /// Who named each project that a workspace listed (`FILE:LINE`), so that one that
    /// cannot be read is reported with what referred to it.
    public var referrers: [String: String] = [:]
    /// How many locations each workspace loaded lists (``XcodeWorkspace/listed``).
    public var listed: [String: Int] = [:]
    /// Projects and workspaces in a package folder given as a PATH, at most one folder
    /// down, that are not loaded: a package's folder is not searched (an app's
    /// repository whose root is a package for its tools). Worth a line: the graph the
    /// user meant may be the project's.
    public var unsearched: [String] = []
    /// Folders a workspace lists that are not there to load: missing, or empty (an
    /// uninitialised git submodule). Each is said once; products of the workspace's projects
    /// that name no package are looked for among them.
    public var missingFolders: [MissingPackageFolder] = []
    /// The projects a workspace lists that are not there (lexically absolute), with the line of
    /// ``warnings`` that says so: dropped when a project that refers to one says it too.
    public var missingProjects: [String: String] = [:]
    /// What is left out of the load (`exclude:`, `--exclude`), and the packages, projects and
    /// folders the search or a workspace met that it left out (absolute).
    public var exclusions: LoadExclusions = .none
    public var excluded: [String] = []
    /// Folders holding Tuist's manifests (`Project.swift`, `Workspace.swift`, `Tuist/`); each
    /// `Project.swift` is also in ``projects``, read as the project `tuist generate` writes.
    public var tuistManifests: [String] = []
    /// Projects and workspaces found beside Tuist's configuration but no manifest that generates them: Tuist's
    /// output when the repository has project manifests, the app's own when it has none. Only the search uses it.
    var besideTuistConfiguration: [String] = []

    public init(base: String, root: String? = nil) {
        self.base = base
        self.root = root ?? base
    }

    /// Whether nothing was found.
    public var isEmpty: Bool {
        packages.isEmpty && projects.isEmpty && workspaces.isEmpty && dump == nil
    }

    mutating func add(package folder: String) {
        if !packages.contains(folder) { packages.append(folder) }
    }

    mutating func add(project path: String) {
        if !projects.contains(path) { projects.append(path) }
    }

    mutating func add(workspace path: String) {
        if !workspaces.contains(path) { workspaces.append(path) }
    }
}
