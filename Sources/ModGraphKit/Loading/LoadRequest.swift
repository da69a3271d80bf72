import ModGraphCore
import ModGraphManifest
import ModGraphRepository
import ModGraphSources
import ModGraphSystem

/// What to load and for which build: everything `modgraph` needs to turn a
/// path into a module graph, as one value a command or a library user fills in.
public struct LoadRequest: Sendable {
    /// Where the dump cache lives.
    public enum Cache: Sendable, Equatable {
        /// `$MODGRAPH_CACHE_DIR`, else the user's cache folder.
        case standard
        /// Neither read nor written: every manifest is dumped again.
        case disabled
        case folder(String)
    }

    /// What to load, into one graph: package folders or `Package.swift` files,
    /// `.xcodeproj` and `.xcworkspace` folders, any other folder (searched for
    /// them), or a single dump-package JSON file or `-` for standard input.
    /// Empty means the current folder.
    public var paths: [String]
    /// The first path, for messages that name the input.
    public var path: String { paths.first ?? "." }
    public var externals: ExternalsMode
    /// Only edges active on this platform; nil keeps every platform's.
    public var platform: String?
    /// The root's traits (`default`, `all`, or a list); nil keeps every trait-gated edge.
    public var traits: TraitSelection?
    public var includesTests: Bool
    /// The `swift` that runs `dump-package`; nil: `$MODGRAPH_SWIFT`, else `swift` on `PATH`.
    public var swiftExecutable: String?
    /// Manifests dumped at once; nil: the core count.
    public var jobs: Int?
    /// The request's one executor, sized here once: `jobs` units at once, else the cores this process may use.
    public var executor: Executor { Executor(width: jobs ?? CoreCount.available) }
    /// How long one manifest may take to load; then it is stopped with every process it started.
    public var manifestTimeout: Duration
    /// The address space, in bytes, that `dump-package` and each process it starts may use
    /// (``MemoryLimit``, where the executable names a limiter); nil: no limit.
    public var manifestMemory: Int? = DumpPackageRunner.defaultMemoryLimit
    public var cache: Cache
    /// Where checkouts of remote packages are looked for, instead of the root's `.build`.
    public var scratchDirectory: String?
    /// Manifests are evaluated from their syntax tree where the evaluator decides them exactly,
    /// and dumped by `swift package dump-package` otherwise; `false` dumps every one.
    public var evaluatesManifests = true
    /// Whether manifests may be compiled and run (they are the pull request's code); `false`
    /// (`--no-run-manifests`): a Tuist project, and a `Package.swift` the evaluator cannot decide,
    /// is an error that says so, and nothing runs `dump-package`.
    public var runsManifests = true
    /// Loads every manifest both ways, uncached, and reports each difference
    /// (``LoadedGraph/manifestDifferences``); the dumps are used.
    public var verifyManifests = false
    /// Called from loading threads as manifests finish.
    public var progress: (@Sendable (LoadProgress) -> Void)?
    /// Set when the paths are in a private copy of a commit's tree (`diff`'s
    /// base): manifests are cached under the folders the copy stands for.
    public var relocation: Relocation?
    /// Path patterns (relative to the folder loaded) of packages, projects and folders to leave
    /// out of loading and of the source checks, besides the configuration's `exclude:`.
    public var exclude: [String] = []
    /// The configuration file `--config` names; nil: `.modgraph.yml` found from the folder loaded
    /// up to the repository's root. Resolved once by ``GraphLoader`` (its `exclude:` applies to the
    /// load) and carried by the ``LoadedGraph``.
    public var configuration: String?

    public init(
        path: String, externals: ExternalsMode = .products, platform: String? = nil, traits: TraitSelection? = nil,
        includesTests: Bool = true, swiftExecutable: String? = nil, jobs: Int? = nil,
        manifestTimeout: Duration = DumpPackageRunner.defaultTimeout, cache: Cache = .standard,
        scratchDirectory: String? = nil, progress: (@Sendable (LoadProgress) -> Void)? = nil
    ) {
        self.init(
            paths: [path], externals: externals, platform: platform, traits: traits, includesTests: includesTests,
            swiftExecutable: swiftExecutable, jobs: jobs, manifestTimeout: manifestTimeout, cache: cache,
            scratchDirectory: scratchDirectory, progress: progress)
    }

    public init(
        paths: [String], externals: ExternalsMode = .products, platform: String? = nil, traits: TraitSelection? = nil,
        includesTests: Bool = true, swiftExecutable: String? = nil, jobs: Int? = nil,
        manifestTimeout: Duration = DumpPackageRunner.defaultTimeout, cache: Cache = .standard,
        scratchDirectory: String? = nil, progress: (@Sendable (LoadProgress) -> Void)? = nil
    ) {
        self.paths = paths
        self.externals = externals
        self.platform = platform
        self.traits = traits
        self.includesTests = includesTests
        self.swiftExecutable = swiftExecutable
        self.jobs = jobs
        self.manifestTimeout = manifestTimeout
        self.cache = cache
        self.scratchDirectory = scratchDirectory
        self.progress = progress
    }
}

/// A loaded graph and where it came from: the packages and projects, the
/// graph restricted to the request's build environment, where each target's
/// files are, and the warnings that still matter for it.
public struct LoadedGraph: Sendable {
    public let repository: Repository
    public let graph: ModuleGraph
    /// Warnings about the packages the graph still has (a missing checkout of a
    /// package only tests or a disabled trait use does not matter).
    public let warnings: [String]
    /// What is worth knowing about the load but needs no fix, one line each (a path found
    /// without regard to case, as a Mac's file system finds it).
    public let notes: [String]
    /// How the manifests were answered (evaluated, dumped, cached), or the verification's outcome, in one line.
    public let manifestSummary: String?
    /// With ``LoadRequest/verifyManifests``: each difference between an evaluated manifest and its dump, one per line.
    public let manifestDifferences: [String]?
    /// With ``LoadRequest/verifyManifests``: how each manifest was answered, `evaluated: PATH` or `fell back: PATH: reason`.
    public let manifestOutcomes: [String]?
    /// The cache folder the load used (nil: no cache), where the source checks keep their ``ScanCache``.
    public var cacheFolder: String?
    /// Where the load's files stand in for another folder's (`diff`'s copy of a commit, ``LoadRequest/relocation``):
    /// the scans are then kept as that folder's, so a copy finds the scans of the files it shares with the
    /// working tree, and each run's copy adds no entries of its own to the cache.
    public var relocation: Relocation?
    /// The request's configuration, found and read once by ``GraphLoader``.
    public var configuration: RequestConfiguration = .none
    /// The one executor of the request, sized once by ``LoadRequest/jobs`` (else the cores this
    /// process may use): the load, the source checks, the schedule's re-simulations and a
    /// report's files all run their units on it.
    public var executor = Executor(width: CoreCount.available)
    /// The scan caches read for this graph, which live as long as it does. The CLI keeps the graph until the
    /// process ends (its output written), so a cache of thousands of files' decoded scans is not freed piece by
    /// piece at the end of a command: on a generated app of 5,000 files, freeing it was 8 % of a `check` after
    /// a declaration was added.
    private let caches = Locked<[ScanCache]>([])

    public init(
        repository: Repository, graph: ModuleGraph, warnings: [String], notes: [String] = [], manifestSummary: String? = nil,
        manifestDifferences: [String]? = nil, manifestOutcomes: [String]? = nil
    ) {
        self.repository = repository
        self.graph = graph
        self.warnings = warnings
        self.notes = notes
        self.manifestSummary = manifestSummary
        self.manifestDifferences = manifestDifferences
        self.manifestOutcomes = manifestOutcomes
    }

    /// The packages with their manifests.
    public var workspace: Workspace { repository.workspace }

    /// The scan cache of this load's repository, read from ``cacheFolder`` shelf by shelf as the checks
    /// ask; nil without one.
    public func scanCache() -> ScanCache? {
        guard let cacheFolder else { return nil }
        let entry = scanCacheEntry
        let cache = ScanCache { shelf in CacheEntry.read(entry(shelf), in: cacheFolder) }
        caches.withLock { $0.append(cache) }
        return cache
    }

    /// Keeps what `cache` learnt for the next run.
    public func save(_ cache: ScanCache?) {
        guard let cacheFolder, let cache else { return }
        for (shelf, body) in cache.encoded() { CacheEntry.write(body, named: scanCacheEntry(shelf), in: cacheFolder) }
    }

    /// One entry per folder loaded and shelf: two repositories sharing a cache folder keep their own.
    private var scanCacheEntry: @Sendable (ScanCache.Shelf) -> String {
        let root = rootDirectory.map { relocation?.original(of: $0) ?? $0 } ?? "-"
        let folder = String(SHA256.hex(Array(root.utf8)).prefix(32))
        return { "source-scans/\(folder)-\($0.rawValue).bin" }
    }
    /// Where the files of each target are, for the source checks and weights.
    public var targetFiles: [TargetID: TargetFiles] { repository.targetFiles }

    /// The targets whose Swift files the source checks read (``SourceInventory``): the graph's own, less what the
    /// load excludes and the files that lead outside the repository loaded through a link, each of which is said
    /// once through `warnings` and not read (a pull request's `Key.swift -> /elsewhere/file.swift`).
    public func sourceTargets(warnings: (String) -> Void = { _ in }) -> [TargetSources] {
        let inputs = repository.inputs
        // A dump's folders are where it was made: nothing of the repository bounds them.
        let targets = SourceInventory.targets(
            of: graph, files: targetFiles, within: inputs.dump == nil ? inputs.root : nil, excluding: inputs.exclusions.excludes)
        for path in targets.flatMap(\.outside) {
            warnings("\(DisplayPath.of(path)): leads outside the repository through a link; not read")
        }
        return targets
    }
    /// The folder the graph's paths are relative to and `.modgraph.yml` is looked for from;
    /// `nil` for a dump whose package folder is not on this machine.
    public var rootDirectory: String? {
        repository.inputs.dump == nil ? repository.inputs.base : repository.workspace.rootDirectory
    }
}
