import ArgumentParser
import Foundation
import ModGraphCore
import ModGraphManifest

extension ExternalsMode: ExpressibleByArgument {}

/// How a command finds and loads its module graph; shared by every command that reads one.
struct LoadOptions: ParsableArguments {
    @Argument(help: "A package folder, a Package.swift, a JSON file written by `swift package dump-package`, or - for standard input.")
    var path: String = "."

    @Option(help: "Remote packages: none (left out), products (one node per product used), expand (their targets, from .build/checkouts).")
    var externals: ExternalsMode = .products

    @Flag(name: .customLong("no-tests"), help: "Leave out test targets.")
    var noTests = false

    @Option(help: "Keep only the dependencies active on this platform (linux, macos, ios, …).")
    var platform: String?

    @Option(help: ArgumentHelp(
        "Keep only the dependencies active with these traits: default, all, or a comma-separated list of the root package's traits.",
        discussion: "Traits are resolved as swift build resolves them: the root's from this option (its default traits only if the list includes default; all is --enable-all-traits), every other package's from what its dependents enable. Without this option every trait-gated dependency is kept.",
        valueName: "traits"))
    var traits: String?

    @Option(help: "The swift executable that runs `swift package dump-package` (default: $MODGRAPH_SWIFT, else swift on PATH).")
    var swiftExecutable: String?

    @Option(help: "How many manifests to load at once, 1 to \(Self.jobsRange.upperBound) (default: the number of cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp(
        "Seconds one manifest may take to load, 1 to \(Self.manifestTimeoutRange.upperBound) (default: \(Self.defaultManifestTimeout)).",
        discussion: "A manifest still loading then is stopped, with every process it started, and the load fails.",
        valueName: "seconds"))
    var manifestTimeout: Int?

    @Flag(name: .customLong("no-cache"), help: "Dump every manifest again, neither reading nor writing the cache of earlier dumps.")
    var noCache = false

    @Option(help: "The cache of manifest dumps (default: $MODGRAPH_CACHE_DIR, else ~/.cache/modgraph, ~/Library/Caches/modgraph on macOS). Safe to delete.")
    var cacheDir: String?

    static let jobsRange = 1...256
    static let manifestTimeoutRange = 1...3_600
    static let defaultManifestTimeout = Int(DumpPackageRunner.defaultTimeout.components.seconds)

    func validate() throws {
        if let jobs, !Self.jobsRange.contains(jobs) {
            throw ValidationError("--jobs must be from \(Self.jobsRange.lowerBound) to \(Self.jobsRange.upperBound), not \(jobs)")
        }
        if let manifestTimeout, !Self.manifestTimeoutRange.contains(manifestTimeout) {
            throw ValidationError("--manifest-timeout must be from \(Self.manifestTimeoutRange.lowerBound) to \(Self.manifestTimeoutRange.upperBound) seconds, not \(manifestTimeout)")
        }
    }

    /// Loads the workspace, prints its warnings, and applies the filters.
    func loadGraph() throws -> ModuleGraph {
        try loadWorkspaceAndGraph().graph
    }

    /// The filtered graph and the workspace it came from, for commands that
    /// read the packages' files. `externals` overrides the option; checkouts
    /// are looked for in `scratchDirectory` when given.
    func loadWorkspaceAndGraph(externals override: ExternalsMode? = nil, scratchDirectory: String? = nil) throws -> (workspace: Workspace, graph: ModuleGraph) {
        let mode = override ?? externals
        ChildProcesses.shared.stopChildrenOnInterrupt()
        let runner = DumpPackageRunner(swiftExecutable: swiftExecutable ?? DumpPackageRunner.defaultExecutable,
                                       timeout: .seconds(manifestTimeout ?? Self.defaultManifestTimeout))
        let provider = manifestProvider(dumpingWith: runner)
        let progress = ProgressBar.onStandardErrorIfWatched()
        let loader = WorkspaceLoader(provider: provider, externals: mode, jobs: jobs, scratchDirectory: scratchDirectory,
                                     progress: progress.map { bar in bar.update })
        let workspace: Workspace
        do {
            defer { progress?.finish() }
            workspace = try loadWorkspace(with: loader)
        }
        // A warning about a package the filters left out (a missing checkout of
        // a dependency only tests or a disabled trait use) does not matter;
        // when no graph comes out, every warning may explain why.
        var packagesLeft: Set<PackageIdentity>?
        defer {
            for warning in workspace.warnings where warning.package.map { packagesLeft?.contains($0) ?? true } ?? true {
                Console.warning(warning.description)
            }
        }
        var graph = try GraphBuilder(externals: mode).build(workspace)
        if let platform { graph = graph.restricted(toPlatform: platform) }
        if let traits { graph = try graph.restricted(toTraits: EnabledTraits(resolving: TraitSelection(argument: traits), in: workspace).byPackage) }
        if noTests { graph = graph.withoutTests() }
        packagesLeft = Set(graph.packages.map(\.identity))
        return (workspace, graph)
    }

    private func loadWorkspace(with loader: WorkspaceLoader) throws -> Workspace {
        if path == "-" {
            // One byte past the limit is enough for the decoder to refuse it.
            let data = (try? FileHandle.standardInput.read(upToCount: ManifestDecoding.maximumBytes + 1)) ?? Data()
            return try loader.load(dump: ManifestDecoding.decode(data, source: "<stdin>"), source: "<stdin>")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LoadError.pathNotFound(path)
        }
        if isDirectory.boolValue {
            return try loader.load(directory: path)
        }
        if (path as NSString).lastPathComponent.hasPrefix("Package") && path.hasSuffix(".swift") {
            return try loader.load(directory: (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent)
        }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw LoadError.unreadable(path: path, reason: "permission denied")
        }
        defer { try? file.close() }
        let data = (try? file.read(upToCount: ManifestDecoding.maximumBytes + 1)) ?? Data()
        return try loader.load(dump: ManifestDecoding.decode(data, source: path), source: path)
    }
}
