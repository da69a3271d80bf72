import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphManifestEvaluation
import ModGraphRepository
import ModGraphSystem
import ModGraphTuist

/// Loads a module graph from a ``LoadRequest``: the one way every command, and
/// any library user, turns a path into a graph.
public enum GraphLoader {
    /// Loads the workspace, builds its graph and restricts it to the request's
    /// build environment in one pass. When the load fails, the error is thrown
    /// and `warnings` receives every warning the loader gave, as they may say why.
    public static func load(_ request: LoadRequest, warnings: (String) -> Void = { _ in }) throws -> LoadedGraph {
        if let platform = request.platform, !BuildEnvironment.knownPlatforms.contains(platform.lowercased()) {
            // An unknown name would silently drop every conditional edge.
            throw CommandError(
                "--platform: '\(platform)' is not a platform SwiftPM knows; use one of "
                    + BuildEnvironment.knownPlatforms.joined(separator: ", ") + " (in any case)")
        }
        let runner = dumpRunner(request)
        var setupWarnings: [String] = []
        // Resolved once, here: the exclusions and every use case read it from the loaded graph.
        // A dump's folder is known only once it is read (and a dump excludes nothing): its configuration is resolved then.
        let configuration =
            request.paths == ["-"]
            ? nil : RequestConfiguration.resolve(explicit: request.configuration, searchingFrom: Exclusions.searchFolder(of: request))
        let exclusions = try configuration.map { try Exclusions.of(request, configuration: $0) } ?? .none
        let request = try forbiddingRuns(request, as: configuration)
        let sources = manifestSources(request, dumpingWith: runner, warnings: &setupWarnings)
        let provider = sources.provider
        let executor = request.executor
        let loader = WorkspaceLoader(
            provider: provider, externals: request.externals, runner: executor,
            scratchDirectory: request.scratchDirectory, exclusions: exclusions, progress: request.progress)
        let repository: Repository
        var tuist: TuistReader?
        do {
            let inputs = try InputDiscovery.inputs(for: request.paths, exclusions: exclusions)
            if inputs.projects.contains(where: TuistReader.isManifest) {
                tuist = tuistReader(request, runner, cacheFolder: sources.cacheFolder)
            }
            defer { tuist?.finish() }
            repository = try RepositoryLoader(loader: loader, tuist: tuist).load(inputs)
        } catch {
            setupWarnings.forEach(warnings)
            // A manifest the evaluator took while dump-package refused it is the difference that matters most:
            // said before the error the refusal stops the load with.
            let differences = (sources.verifier?.verification.differences ?? []) + (tuist?.verification.differences ?? [])
            differences.forEach { warnings("manifest difference: " + $0) }
            throw error
        }
        try refuseEmptyWorkspace(repository, setupWarnings: setupWarnings, warnings: warnings)
        do {
            var environment = BuildEnvironment(platform: request.platform, includesTests: request.includesTests)
            if let traits = request.traits {
                environment.enabledTraits = try EnabledTraits(resolving: traits, in: repository.workspace).byPackage
            }
            let graph = repository.graph.restricted(to: environment)
            let packagesLeft = Set(graph.packages.map(\.identity))
            let relevant = repository.warnings.filter { warning in warning.package.map(packagesLeft.contains) ?? true }
            let offByDefault = request.traits == nil ? onlyBehindTraitsOffByDefault(relevant, in: repository, environment: environment) : []
            var loaded = LoadedGraph(
                repository: repository, graph: graph,
                warnings: setupWarnings
                    + WarningLines.lines(
                        relevant.filter { !$0.isNote }, workspace: repository.workspace, graph: repository.graph, offByDefault: offByDefault
                    ),
                notes: WarningLines.lines(relevant.filter(\.isNote), workspace: repository.workspace, graph: repository.graph),
                manifestSummary: sources.summary(repository.workspace, tuist: tuist?.verification, verifying: request.verifyManifests),
                manifestDifferences: sources.verifier.map { $0.verification.differences + (tuist?.verification.differences ?? []) },
                manifestOutcomes: sources.verifier.map { $0.verification.outcomes + (tuist?.verification.outcomes ?? []) })
            loaded.cacheFolder = sources.cacheFolder
            loaded.relocation = request.relocation
            loaded.configuration =
                configuration ?? RequestConfiguration.resolve(explicit: request.configuration, searchingFrom: loaded.rootDirectory ?? ".")
            loaded.executor = executor
            return loaded
        } catch {
            (setupWarnings
                + WarningLines.lines(repository.warnings.filter { !$0.isNote }, workspace: repository.workspace, graph: repository.graph))
                .forEach(warnings)
            throw error
        }
    }

    /// Throws when a workspace lists entries and none gave a target: every entry missing, outside the
    /// folder loaded or of no kind modgraph loads. An empty graph would pass every check.
    private static func refuseEmptyWorkspace(
        _ repository: Repository, setupWarnings: [String], warnings: (String) -> Void
    ) throws(CommandError) {
        guard repository.graph.targets.isEmpty,
            let workspace = repository.inputs.workspaces.first(where: { repository.inputs.listed[$0, default: 0] > 0 })
        else { return }
        (setupWarnings + WarningLines.lines(repository.warnings, workspace: repository.workspace, graph: repository.graph)).forEach(
            warnings)
        let count = repository.inputs.listed[workspace, default: 0]
        throw CommandError(
            "\(workspace): lists \(count) \(count == 1 ? "reference" : "references") and none gave a target to load "
                + "(the warnings say why); a check of nothing would pass")
    }

    /// The packages of missing checkouts that the build `swift build` makes,
    /// with default traits, does not use: `swift package resolve` does not
    /// fetch them, so advising it would not help. Without `--traits`, modgraph
    /// keeps every trait-gated dependency, and so reaches them.
    static func onlyBehindTraitsOffByDefault(
        _ warnings: [LoadWarning], in repository: Repository,
        environment: BuildEnvironment
    ) -> Set<PackageIdentity> {
        let missing = Set(
            warnings.compactMap { warning -> PackageIdentity? in
                if case .missingCheckout? = warning.subject { return warning.package }
                return nil
            })
        guard !missing.isEmpty, let defaults = try? EnabledTraits(resolving: .defaults, in: repository.workspace) else { return [] }
        var withDefaults = environment
        withDefaults.enabledTraits = defaults.byPackage
        let built = Set(repository.graph.restricted(to: withDefaults).packages.map(\.identity))
        return missing.subtracting(built)
    }

    /// The `dump-package` runner `request` asks for: its `swift`, its time and memory bounds.
    static func dumpRunner(_ request: LoadRequest) -> DumpPackageRunner {
        DumpPackageRunner(
            swiftExecutable: request.swiftExecutable ?? DumpPackageRunner.defaultExecutable,
            timeout: request.manifestTimeout, memoryLimit: request.manifestMemory)
    }

    /// The request with running manifests forbidden where the configuration says `manifests: {run: false}`;
    /// an error when the request asks for what that forbids (`--dump-manifests`, `--verify-manifests`).
    static func forbiddingRuns(_ request: LoadRequest, as configuration: RequestConfiguration?) throws -> LoadRequest {
        guard case let .read(config)? = configuration?.state, !config.runsManifests else { return request }
        guard !request.verifyManifests, request.evaluatesManifests else {
            throw CommandError(
                "\(configuration?.path ?? ".modgraph.yml"): manifests: {run: false} forbids what "
                    + "\(request.verifyManifests ? "--verify-manifests" : "--dump-manifests") asks: running manifests")
        }
        var forbidden = request
        forbidden.runsManifests = false
        return forbidden
    }

    /// What reads Tuist's manifests: `runner`'s `swift`, time and memory bounds, the same cache.
    static func tuistReader(_ request: LoadRequest, _ runner: DumpPackageRunner, cacheFolder: String?) -> TuistReader {
        TuistReader(
            options: TuistOptions(
                swiftExecutable: runner.swiftExecutable, timeout: runner.timeout, memoryLimit: runner.memoryLimit,
                cacheFolder: cacheFolder, toolchainVersion: { ToolchainVersionLookup.version(of: runner, cacheFolder: cacheFolder) },
                runsManifests: request.runsManifests, evaluatesStatically: request.evaluatesManifests,
                verifiesManifests: request.verifyManifests))
    }

    /// Where manifests come from: evaluated from their syntax tree where the
    /// evaluator can, else `runner`, both behind the dump cache, unless the
    /// cache is off or its folder cannot be written (then with a warning:
    /// loading still works, only slower); or, to verify the evaluator, both
    /// paths for every manifest and no cache.
    static func manifestSources(
        _ request: LoadRequest, dumpingWith runner: DumpPackageRunner,
        warnings: inout [String]
    ) -> ManifestSources {
        if request.verifyManifests {
            let verifier = ManifestVerifier(base: runner)
            return ManifestSources(provider: verifier, evaluator: nil, verifier: verifier, cacheFolder: nil)
        }
        let folder = cacheFolder(request.cache, warnings: &warnings).flatMap { folder in
            plantable(folder, loading: request.paths).map { root -> String? in
                warnings.append(
                    "\(folder): not used as the manifest cache: it is inside \(root), which is read, and git does not ignore it, "
                        + "so a pull request could plant entries in it; keep the cache outside the repository (docs/security.md)")
                return nil
            } ?? folder
        }
        guard request.evaluatesManifests else {
            // Entries of evaluated manifests are not trusted here: every manifest comes from dump-package.
            let provider = folder.map {
                CachingManifestProvider(
                    base: runner, folder: $0, acceptsEvaluatedEntries: false, relocation: request.relocation, environment: .read())
            }
            return ManifestSources(provider: provider ?? runner, evaluator: nil, verifier: nil, cacheFolder: folder)
        }
        let evaluator = StaticFirstDumpSource(
            base: runner,
            toolchainVersion: {
                ToolchainVersionLookup.version(of: runner, cacheFolder: folder)
            }, runsManifests: request.runsManifests)
        let provider: any ManifestProvider =
            folder.map {
                CachingManifestProvider(base: evaluator, folder: $0, relocation: request.relocation, environment: .read())
            } ?? evaluator
        return ManifestSources(provider: provider, evaluator: evaluator, verifier: nil, cacheFolder: folder)
    }

    /// The folder loaded that holds the cache folder `folder`, when git does not ignore it there or tracks
    /// files in it: a pull request could then commit entries (forged dumps) or links into it. `nil` when the
    /// cache is outside every folder loaded, or ignored and empty of tracked files.
    static func plantable(_ folder: String, loading paths: [String]) -> String? {
        let cache = Paths.canonical(folder) ?? folder
        for path in paths {
            guard let loaded = Paths.canonical(path), let top = workTree(holding: loaded),
                cache == top || cache.hasPrefix(top.hasSuffix("/") ? top : top + "/")
            else { continue }
            // Only a cache inside a checkout costs a git process.
            guard let repository = try? GitRepository(containing: top, timeout: .seconds(10)) else { return top }
            return repository.isIgnoredAndUntracked(cache) ? nil : top
        }
        return nil
    }

    /// The nearest folder at or above `path` with a `.git` (a folder, or a worktree's file): the checkout it is in.
    private static func workTree(holding path: String) -> String? {
        var folder = path
        for _ in 0..<256 {  // more folders deep than any path holds
            if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git")) { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            guard parent != folder, !parent.isEmpty else { return nil }
            folder = parent
        }
        return nil
    }

    /// The cache folder, ready to write; `nil` when the cache is off or cannot be used.
    static func cacheFolder(_ cache: LoadRequest.Cache, warnings: inout [String]) -> String? {
        let chosen: String
        switch cache {
        case .disabled: return nil
        case .folder(let folder): chosen = folder
        case .standard:
            guard let folder = CacheLocation.defaultFolder() else { return nil }
            chosen = folder
        }
        let folder = chosen.hasPrefix("/") ? chosen : FileManager.default.currentDirectoryPath + "/" + chosen
        do {
            try CacheLocation.prepare(folder)
        } catch {
            warnings.append("\(folder): cannot use the manifest cache (\(reason(error))); loading without it")
            return nil
        }
        return folder
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? POSIXError {
            return SystemError.description(error.code.rawValue)
        }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return SystemError.description(underlying.code.rawValue)
        }
        return (error as NSError).localizedDescription
    }
}

/// The provider a load uses, and the parts of it that can say afterwards
/// how manifests were answered.
struct ManifestSources {
    let provider: any ManifestProvider
    let evaluator: StaticFirstDumpSource?
    let verifier: ManifestVerifier?
    /// The cache folder in use, where the source checks keep their scans too; nil: none.
    var cacheFolder: String?

    /// `manifests: 200 loaded, 198 evaluated from Package.swift, 2 dumped by swift package dump-package, 0 from the cache`;
    /// the verification's summary with `--verify-manifests`.
    /// - Parameter tuist: how the Tuist manifests were answered, when there were any: a line of their own.
    func summary(_ workspace: Workspace, tuist: TuistVerification?, verifying: Bool) -> String? {
        guard let tuist, tuist.manifests > 0 else { return packageSummary(workspace) }
        let packages = workspace.packages.values.contains { $0.manifest != nil && $0.directory != nil } ? packageSummary(workspace) : nil
        return [packages, tuist.summary(verifying: verifying)].compactMap { $0 }.joined(separator: "; ")
    }

    private func packageSummary(_ workspace: Workspace) -> String? {
        if let verifier { return "manifests verified: " + verifier.verification.summary }
        guard let evaluator else { return nil }
        let loaded = workspace.packages.values.filter { $0.manifest != nil && $0.directory != nil }.count
        let counts = evaluator.sourceCounts
        let cached = max(0, loaded - counts.evaluated - counts.dumped)
        return "manifests: \(loaded) loaded, \(counts.evaluated) evaluated from Package.swift, "
            + "\(counts.dumped) dumped by swift package dump-package, \(cached) from the cache"
    }
}
