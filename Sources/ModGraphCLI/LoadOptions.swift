import ArgumentParser
import ModGraphKit
import ModGraphOutput

extension ExternalsMode: ExpressibleByArgument {}

/// How a command finds and loads its module graph; shared by every command that reads one.
struct LoadOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "What to load into one graph (default: the current folder).",
            discussion:
                "Each PATH is a package folder or Package.swift, an .xcodeproj, an .xcworkspace, an XcodeGen project.yml, or any other folder, which is searched for them (a workspace found there is used for its list of projects and packages; a project.yml is read instead of the project it generates). A JSON file written by `swift package dump-package`, or - for standard input, must be the only PATH.",
            valueName: "path"))
    var paths: [String] = []

    /// The first path, for messages and for where a report looks for its inputs.
    var path: String { paths.first ?? "." }

    @Flag(help: "Say every project and package loaded, and what the search of a folder passed over.")
    var verbose = false

    @Option(help: "Remote packages: none (left out), products (one node per product used), expand (their targets, from .build/checkouts).")
    var externals: ExternalsMode = .products

    @Flag(name: .customLong("no-tests"), help: "Leave out test targets.")
    var noTests = false

    @Option(help: "Keep only the dependencies active on this platform (linux, macos, ios, …).")
    var platform: String?

    @Option(
        help: ArgumentHelp(
            "Keep only the dependencies active with these traits: default, all, or a comma-separated list of the root package's traits.",
            discussion:
                "Traits are resolved as swift build resolves them: the root's from this option (its default traits only if the list includes default; all is --enable-all-traits), every other package's from what its dependents enable. Without this option every trait-gated dependency is kept.",
            valueName: "traits"))
    var traits: String?

    @Option(help: "The swift executable that runs `swift package dump-package` (default: $MODGRAPH_SWIFT, else swift on PATH).")
    var swiftExecutable: String?

    @Option(
        help:
            "How many units of work to run at once (manifests, Swift files, re-simulations, a report's files), \(OptionBounds.describe(OptionBounds.jobs)) (default: the number of cores)."
    )
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Seconds one manifest may take to load, \(OptionBounds.describe(OptionBounds.manifestTimeout)) (default: \(OptionBounds.defaultManifestTimeout)).",
            discussion: "A manifest still loading then is stopped, with every process it started, and the load fails.",
            valueName: "seconds"))
    var manifestTimeout: Int?

    @Option(
        help: ArgumentHelp(
            "MiB of memory each process loading a manifest may use, \(OptionBounds.describe(OptionBounds.manifestMemory)) (default: \(Escape.grouped(OptionBounds.defaultManifestMemory))).",
            discussion:
                "The address space of swift package dump-package and of every process it starts (the compiler, the compiled manifest), on Linux. A manifest past it fails to load.",
            valueName: "MiB"))
    var manifestMemory: Int?

    @Flag(name: .customLong("no-cache"), help: "Dump every manifest again, neither reading nor writing the cache of earlier dumps.")
    var noCache = false

    @Flag(
        help:
            "Dump every manifest with swift package dump-package and compile every Tuist manifest, evaluating none from its syntax tree (cached dumps are used, cached evaluations are not)."
    )
    var dumpManifests = false

    @Flag(
        help: ArgumentHelp(
            "Run no manifest's code: a Package.swift or a Tuist Project.swift is only evaluated from its text, never dumped by swift package dump-package or compiled.",
            discussion:
                "A manifest modgraph cannot evaluate is then an error that says why. Dumps already in the cache are still used (docs/security.md)."
        ))
    var noRunManifests = false

    @Flag(
        help: ArgumentHelp(
            "Load every manifest both ways, evaluated from its text and run (dumped by swift package dump-package, or a Tuist manifest compiled), uncached, and print every difference.",
            discussion:
                "Each difference is one line; the exit status is 1 when there is one. What the manifests printed is used for the command's output. With --verbose, a line per manifest says whether it was evaluated, or why it fell back to running it."
        ))
    var verifyManifests = false

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp(
            "Leave out packages, projects and folders matching this path pattern (relative to the folder loaded; repeatable).",
            discussion:
                "Added to `exclude:` in .modgraph.yml. What is left out is not searched or loaded (a dependency on it is shown as its external products) and its files are not read by the source checks.",
            valueName: "pattern"))
    var exclude: [String] = []

    @Option(
        help:
            "The cache of manifest dumps (default: $MODGRAPH_CACHE_DIR, else ~/.cache/modgraph, ~/Library/Caches/modgraph on macOS). Safe to delete."
    )
    var cacheDir: String?

    func validate() throws {
        if noRunManifests, dumpManifests || verifyManifests {
            throw ValidationError(
                "--no-run-manifests forbids what \(dumpManifests ? "--dump-manifests" : "--verify-manifests") asks: running swift package dump-package"
            )
        }
        try OptionBounds.check(jobs, in: OptionBounds.jobs, option: "--jobs")
        try OptionBounds.check(manifestTimeout, in: OptionBounds.manifestTimeout, option: "--manifest-timeout")
        try OptionBounds.check(manifestMemory, in: OptionBounds.manifestMemory, option: "--manifest-memory")
    }

    /// The request these options make; `externals` overrides the option; `configuration`: the `--config` file.
    func request(externals override: ExternalsMode? = nil, scratchDirectory: String? = nil, configuration: String? = nil) -> LoadRequest {
        var request = LoadRequest(
            paths: paths, externals: override ?? externals, platform: platform, traits: traits.map(TraitSelection.init(argument:)),
            includesTests: !noTests, swiftExecutable: swiftExecutable, jobs: jobs,
            manifestTimeout: .seconds(manifestTimeout ?? OptionBounds.defaultManifestTimeout),
            cache: noCache ? .disabled : cacheDir.map(LoadRequest.Cache.folder) ?? .standard,
            scratchDirectory: scratchDirectory)
        request.manifestMemory = (manifestMemory ?? OptionBounds.defaultManifestMemory) << 20
        request.verifyManifests = verifyManifests
        request.evaluatesManifests = !dumpManifests
        request.runsManifests = !noRunManifests
        request.exclude = exclude
        request.configuration = configuration
        return request
    }

    /// Loads the graph with a progress bar on a watched terminal, and prints the warnings that matter.
    /// - Parameter configuration: the `--config` file, found and read once with the graph.
    func load(externals override: ExternalsMode? = nil, scratchDirectory: String? = nil, configuration: String? = nil) throws -> LoadedGraph
    {
        var request = request(externals: override, scratchDirectory: scratchDirectory, configuration: configuration)
        let progress = ProgressBar.onStandardErrorIfWatched()
        request.progress = progress.map { bar in bar.update }
        let loaded: LoadedGraph
        do {
            defer { progress?.finish() }
            loaded = try GraphLoader.load(request, warnings: Console.warning)
        }
        ProcessLifetime.keep(loaded)
        loaded.warnings.forEach(Console.warning)
        loaded.notes.forEach(Console.note)
        // What a search of a folder found, or a project, is worth a line: the user did not name it.
        if loaded.repository.inputs.wasDiscovered || !loaded.repository.projects.isEmpty || verbose
            || !loaded.repository.inputs.exclusions.isEmpty
        {
            Console.note(loaded.repository.summary)
        }
        loaded.repository.searchNotes.forEach(Console.note)
        if verbose { loaded.repository.details.forEach(Console.note) }
        if verbose || verifyManifests, let summary = loaded.manifestSummary { Console.note(summary) }
        if verbose { loaded.manifestOutcomes?.forEach { Console.note("manifest " + $0) } }
        if let differences = loaded.manifestDifferences {
            for difference in differences { Console.info("manifest difference: " + difference) }
            if !differences.isEmpty { throw ManifestsDiffer(count: differences.count) }
        }
        return loaded
    }
}
