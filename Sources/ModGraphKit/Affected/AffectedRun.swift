import Foundation
import ModGraphChanges
import ModGraphCore
import ModGraphManifest
import ModGraphManifestEvaluation
import ModGraphPlanning
import ModGraphRules
import ModGraphXcode

/// `modgraph affected` as a use case: the graph loaded, the change set read
/// from git or a list, each changed file given a verdict (owned by targets,
/// a manifest, pins, a project, ignored, everything), then the selection.
public struct AffectedRun: Sendable {
    public let loaded: LoadedGraph
    public let report: AffectedReport
    /// The selected test targets spread over machines, when asked for.
    public let shards: AffectedShards?
    /// The selected test targets as an Xcode test plan names them.
    public let testPlanEntries: [TestPlan.Entry]
    /// The plan `--test-plan` named, the other test targets turned off.
    public let filteredTestPlan: String?

    /// The most bytes read from a list of changed files.
    static let maximumListSize = 64 << 20

    /// Loads the graph `request.load` asks for, then selects.
    public init(_ request: AffectedRequest, warnings: (String) -> Void = { _ in }) throws {
        try self.init(request, on: try GraphLoader.load(request.load, warnings: warnings), warnings: warnings)
    }

    /// Selects from `loaded`, loaded from `request.load` (whose `swift` dumps manifests at the base).
    public init(_ request: AffectedRequest, on loaded: LoadedGraph, warnings: (String) -> Void = { _ in }) throws {
        self.loaded = loaded
        let root =
            Paths.canonical(loaded.rootDirectory ?? FileManager.default.currentDirectoryPath)
            ?? FileManager.default.currentDirectoryPath
        let configured = try loaded.configuration.configuration()
        let (configPath, config) = (configured?.path, configured?.config)
        let folder = Paths.canonical(loaded.configuration.searchedFrom)
        let settings =
            try config.map { try Self.policy($0.affected, folder: folder, graph: loaded.repository.graph, warnings: warnings) }
            ?? .unconfigured

        let gathered = try Self.gather(request.changes, root: root, warnings: warnings)
        let (changes, topLevel, headCommit) = (gathered.changes, gathered.topLevel, gathered.headCommit)
        let sources = RepositorySources(git: gathered.git, base: gathered.baseCommit, topLevel: topLevel, load: request.load)
        let inputs = Self.inputs(loaded, topLevel: topLevel)
        // A change to the configuration's `affected:` is judged under the base's section too.
        let configFile = configPath.flatMap { Paths.canonical($0) }.flatMap { ChangeJudge.relative($0, to: topLevel) }
        var basePolicy: AffectedPolicy?
        if let configFile, let config, changes.files.contains(where: { $0.paths.contains(configFile) }) {
            let old = sources.baseContent(of: configFile).flatMap { data in try? ConfigFile.load(data, file: configFile) }
            if old.map({ !$0.affected.says(theSameAs: config.affected) }) ?? sources.hasBase {
                basePolicy =
                    try old.map { try Self.policy($0.affected, folder: folder, graph: loaded.repository.graph, warnings: { _ in }) }
                    ?? AffectedPolicy.unconfigured
            }
        }
        let configuration = configFile.map { (path: $0, affectedChanged: basePolicy != nil) }
        var judge = ChangeJudge(inputs: inputs, policy: settings, sources: sources, configuration: configuration)
        let files = judge.judge(changes)
        var seeds = judge.seeds
        var everything = judge.everything
        if request.changes == .all { everything = EverythingReason(file: nil, message: "every target, as asked (--all)") }
        if let basePolicy {
            var underBase = ChangeJudge(inputs: inputs, policy: basePolicy, sources: sources, configuration: configuration)
            _ = underBase.judge(changes)
            seeds.merge(underBase.seeds) { head, _ in head }
            everything = everything ?? underBase.everything
        }
        let selection = AffectedSelection(graph: loaded.graph, seeds: seeds, everything: everything)
        let baseName: String? = if case let .git(base, _) = request.changes { base } else { nil }
        let headName: String? =
            if case let .git(_, head) = request.changes { head ?? (headCommit == nil ? "the working tree" : nil) } else { nil }
        report = AffectedReport(
            selection: selection, files: files, base: baseName, head: headName,
            environment: Self.environmentReads(loaded, topLevel: topLevel))
        testPlanEntries = Self.testPlanEntries(selection.tests, in: loaded)
        filteredTestPlan = try request.testPlan.map { path in try Self.filtered(plan: path, selection, warnings: warnings) }
        if let count = request.shards {
            let weights = try ScheduleRun.weights(request.weights, for: loaded, warnings: warnings)
            let tests = selection.tests.compactMap { loaded.graph.index(of: $0.target) }
            let plan = TestShards.split(tests, in: loaded.graph.digraph, weights: weights.values, shards: count)
            shards = AffectedShards(
                plan: plan, unit: weights.unit, count: count,
                tests: plan.shards.map { shard in
                    shard.tests.compactMap { selection.selected(loaded.graph.targets[$0].id) }
                })
        } else {
            shards = nil
        }
    }

    /// The changes `changes` names, the repository's top folder, and for a git range the
    /// repository and the commits compared.
    private struct Gathered {
        let changes: ChangeSet
        let topLevel: String
        var git: GitRepository?
        var baseCommit: String?
        var headCommit: String?
    }

    private static func gather(_ changes: AffectedRequest.Changes, root: String, warnings: (String) -> Void) throws -> Gathered {
        switch changes {
        case let .git(base, head):
            let repository = try GitRepository(containing: root)
            let baseResolved = try repository.commit(base)
            let headResolved = try head.map { ref throws(GitError) in try repository.commit(ref) }
            let start = try repository.mergeBase(baseResolved, headResolved ?? "HEAD", names: (base, head ?? "HEAD"))
            let changed = try repository.changes(from: start, to: headResolved)
            if let headResolved, let current = try? repository.commit("HEAD"), current != headResolved {
                warnings(
                    "the graph is read from the working tree, which is not at '\(head ?? "")': check out the head to select from its graph")
            }
            return Gathered(changes: changed, topLevel: repository.topLevel, git: repository, baseCommit: start, headCommit: headResolved)
        case let .list(source):
            let topLevel = (try? GitRepository(containing: root).topLevel) ?? FileManager.default.currentDirectoryPath
            return Gathered(changes: try readList(source), topLevel: topLevel)
        case .all:
            let topLevel = (try? GitRepository(containing: root).topLevel) ?? FileManager.default.currentDirectoryPath
            return Gathered(changes: ChangeSet(files: []), topLevel: topLevel)
        }
    }

    /// The test plan at `path` with only the selected test targets enabled; each selected one the plan lacks is said.
    private static func filtered(plan path: String, _ selection: AffectedSelection, warnings: (String) -> Void) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CommandError("--test-plan: cannot read '\(path)'") }
        let data = handle.readData(ofLength: TestPlan.maximumBytes + 1)
        try? handle.close()
        do throws(TestPlan.Failure) {
            let (plan, missing) = try TestPlan.filtered(data, selected: Set(selection.tests.map(\.target.name)))
            for name in missing {
                warnings("--test-plan: the selected test target '\(name)' is not in \(path), so the plan does not run it; add it to the plan")
            }
            return plan
        } catch {
            throw CommandError("--test-plan: \(path): \(error.problem)")
        }
    }

    /// Each selected test target as a test plan names it: an Xcode target by its project
    /// (relative to the folder loaded) and object id, a package's by its folder and name.
    static func testPlanEntries(_ tests: [AffectedSelection.Selected], in loaded: LoadedGraph) -> [TestPlan.Entry] {
        let base = loaded.repository.inputs.base
        let root = loaded.rootDirectory.flatMap(Paths.canonical) ?? base
        func container(_ absolute: String) -> String {
            let relative = Paths.relative(Paths.canonical(absolute) ?? absolute, from: root)
            return "container:" + (relative == "." ? "" : relative)
        }
        var projects: [PackageIdentity: (path: String, targets: [String: XcodeTarget])] = [:]
        for package in loaded.repository.graph.packages where package.origin == .project {
            guard let path = package.path,
                let project = loaded.repository.projects.first(where: { Paths.relative($0.path, from: base) == path })
            else { continue }
            let targets = Dictionary(project.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            projects[package.identity] = (Paths.absolute(path, relativeTo: base), targets)
        }
        return tests.compactMap { test in
            let name = test.target.name
            if let project = projects[test.target.package] {
                let target = project.targets[name]
                return TestPlan.Entry(
                    containerPath: container(project.path), identifier: target?.id ?? name, name: name,
                    productFileName: target?.productFileName)
            }
            guard let directory = loaded.workspace.packages[test.target.package]?.directory else { return nil }
            return TestPlan.Entry(containerPath: container(directory), identifier: name, name: name)
        }
    }

    /// The own packages' manifests that read environment variables (every `Package*.swift`, the one the toolchain picks among them included).
    static func environmentReads(_ loaded: LoadedGraph, topLevel: String) -> [AffectedReport.EnvironmentRead] {
        var reads: [AffectedReport.EnvironmentRead] = []
        for package in loaded.workspace.packages.values where package.origin.isOwn {
            guard let directory = package.directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
                continue
            }
            for name in names.sorted() where name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")) {
                let path = directory + "/" + name
                guard let handle = FileHandle(forReadingAtPath: path) else { continue }
                let data = handle.readData(ofLength: RepositorySources.maximumFileSize)
                try? handle.close()
                guard let read = EnvironmentReads.of(manifest: data) else { continue }
                reads.append(
                    AffectedReport.EnvironmentRead(
                        manifest: ChangeJudge.relative(path, to: topLevel) ?? path, variables: read.variables, readsOthers: read.readsOthers
                    ))
            }
        }
        return reads
    }

    /// What the judge needs of `loaded`.
    static func inputs(_ loaded: LoadedGraph, topLevel: String) -> ChangeInputs {
        var projects: [String: PackageIdentity] = [:]
        let base = loaded.repository.inputs.base
        for package in loaded.repository.graph.packages where package.origin == .project {
            guard let path = package.path else { continue }
            let absolute = path.hasPrefix("/") ? path : base + "/" + path
            projects[Paths.canonical(absolute) ?? absolute] = package.identity
        }
        // A generated project is read from its XcodeGen spec or Tuist manifest: the files that declare it are the project's.
        var specFiles: [String: [PackageIdentity]] = [:]
        for project in loaded.repository.projects where project.isGenerated {
            guard let identity = projects[Paths.canonical(project.path) ?? project.path] else { continue }
            for file in project.declarationFiles { specFiles[Paths.canonical(file) ?? file, default: []].append(identity) }
        }
        return ChangeInputs(
            graph: loaded.graph, workspace: loaded.workspace, targetFiles: loaded.targetFiles, projects: projects,
            rootDirectory: loaded.rootDirectory.flatMap(Paths.canonical), topLevel: topLevel, specFiles: specFiles)
    }

    /// `affected:`'s patterns read, each error naming where it was written; a trigger
    /// whose target patterns match no target of `graph` (the whole graph, before any filter) is warned about.
    static func policy(
        _ affected: CheckConfig.AffectedSettings, folder: String?, graph: ModuleGraph, warnings: (String) -> Void
    ) throws -> AffectedPolicy {
        func patterns(_ written: [(pattern: String, location: ConfigLocation)]) throws -> [PathPattern] {
            try written.map { entry in
                do throws(PathPatternError) { return try PathPattern(entry.pattern) } catch {
                    throw CommandError("\(entry.location): \(error.message)")
                }
            }
        }
        var triggers: [AffectedPolicy.Trigger] = []
        for trigger in affected.triggers {
            let targets = trigger.targets(in: graph)
            if targets.isEmpty {
                warnings(
                    "\(trigger.location): affected.triggers: no target matches "
                        + trigger.targets.map { "'\($0.written)'" }.joined(separator: ", "))
            }
            triggers.append(AffectedPolicy.Trigger(paths: try patterns(trigger.paths), targets: targets))
        }
        return AffectedPolicy(
            folder: folder, ignore: try patterns(affected.ignore), everything: try patterns(affected.everything),
            unowned: affected.unowned == .ignore ? .ignore : .everything, triggers: triggers)
    }

    static func readList(_ source: String) throws -> ChangeSet {
        let data: Data
        if source == "-" {
            data = FileHandle.standardInput.readData(ofLength: maximumListSize + 1)
        } else {
            guard let handle = FileHandle(forReadingAtPath: source) else { throw CommandError("--changed-files: cannot read '\(source)'") }
            defer { try? handle.close() }
            data = handle.readData(ofLength: maximumListSize + 1)
        }
        guard data.count <= maximumListSize else {
            throw CommandError("--changed-files: the list is larger than \(maximumListSize >> 20) MB")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandError("--changed-files: " + ChangeSetError.notText.message)
        }
        do { return try ChangeSet.parse(lines: text) } catch { throw CommandError("--changed-files: " + error.message) }
    }
}
