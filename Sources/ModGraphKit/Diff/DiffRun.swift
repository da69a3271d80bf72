import Foundation
import ModGraphChanges
import ModGraphCore
import ModGraphManifest
import ModGraphPlanning
import ModGraphRules
import ModGraphSystem

/// `modgraph diff` as a use case: the graph at the base and at the head, what
/// changed between them, the findings each has under the head's
/// configuration, their shapes, and the budgets.
public struct DiffRun: Sendable {
    public let report: DiffReport

    /// Compares `head` (loaded from `request.load`) with the base `request` names.
    public init(_ request: DiffRequest, head: LoadedGraph, warnings: (String) -> Void = { _ in }) throws {
        let root =
            Paths.canonical(head.rootDirectory ?? FileManager.default.currentDirectoryPath) ?? FileManager.default.currentDirectoryPath
        var baseName: String
        var headName = "the working tree"
        var headGraph = head
        // Kept until the run ends: the checkouts the graphs were loaded from (and the kept base's lock).
        var folders: [AnyObject] = []
        let baseGraph: LoadedGraph
        switch request.base {
        case let .paths(paths):
            var load = request.load
            load.paths = paths
            load.progress = nil
            baseGraph = try GraphLoader.load(load)
            baseName = paths.joined(separator: " ")
        case let .git(ref, headRef):
            let git = try GitRepository(containing: root)
            let baseCommit = try git.commit(ref)
            let headCommit = try headRef.map { ref throws(GitError) in try git.commit(ref) }
            let start = try git.mergeBase(baseCommit, headCommit ?? "HEAD", names: (ref, headRef ?? "HEAD"))
            baseName = ref
            let (baseFolder, basePaths, baseTop) = try Self.baseCheckout(
                start, of: git, paths: request.load.paths, keeping: request.load.cache != .disabled, executor: request.load.executor)
            folders.append(baseFolder)
            var load = request.load
            load.paths = basePaths
            load.progress = nil
            // The copy's manifests are cached as the repository's: the base is usually an earlier head.
            load.relocation = Relocation(copy: baseTop, original: git.topLevel)
            baseGraph = try GraphLoader.load(load)
            if let headRef, let headCommit, (try? git.commit("HEAD")) != headCommit {
                let (headFolder, headPaths, headTop) = try Self.checkout(
                    headCommit, of: git, paths: request.load.paths, executor: request.load.executor)
                folders.append(headFolder)
                var headLoad = request.load
                headLoad.paths = headPaths
                headLoad.progress = nil
                headLoad.relocation = Relocation(copy: headTop, original: git.topLevel)
                headGraph = try GraphLoader.load(headLoad)
                headName = headRef
            } else if let headRef {
                headName = headRef
            }
        }
        // The head's configuration judges both sides.
        let configured = try head.configuration.configuration()
        let config = configured?.config
        let before = try Self.metrics(of: baseGraph, request, warnings: { _ in })
        let after = try Self.metrics(of: headGraph, request, warnings: warnings)
        var newFindings: [DiffFinding] = []
        var fixed: [DiffFinding] = []
        var unchanged = 0
        if let configured {
            let old = try CheckRun(config: configured.config, configPath: configured.path, on: baseGraph).result.findings.filter {
                $0.rule != .staleConfig
            }
            let new = try CheckRun(config: configured.config, configPath: configured.path, on: headGraph, warnings: warnings).result
                .findings.filter {
                    $0.rule != .staleConfig
                }
            let oldPrints = Set(old.map(\.fingerprint))
            let newPrints = Set(new.map(\.fingerprint))
            newFindings = new.filter { !oldPrints.contains($0.fingerprint) }.map(Self.finding)
            fixed = old.filter { !newPrints.contains($0.fingerprint) }.map(Self.finding)
            unchanged = new.count - newFindings.count
        }
        let graphDiff = GraphDiff(from: baseGraph.graph, to: headGraph.graph)
        let budgets = Self.budgets(config?.budgets ?? CheckConfig.BudgetSettings())
            .evaluate(graphDiff, before: before, after: after, newFindings: newFindings.count)
        report = DiffReport(
            base: baseName, head: headName, graph: graphDiff, before: before, after: after, newFindings: newFindings,
            fixedFindings: fixed, unchangedFindings: unchanged, config: configured?.path, budgets: budgets)
        _ = folders
    }

    /// The base `commit`'s tree (see ``checkout(_:of:paths:)``), in the clone's kept copy
    /// (``KeptBase``) when `keeping` and it is free, else in a private folder; `executor` hashes the
    /// working tree's files to be linked.
    static func baseCheckout(_ commit: String, of git: GitRepository, paths: [String], keeping: Bool, executor: Executor) throws -> (
        AnyObject, [String], String
    ) {
        if keeping, let kept = KeptBase.open(git), (try? kept.update(to: commit, of: git, executor: executor)) != nil {
            return (kept, mapped(paths, of: git, into: kept.top), kept.top)
        }
        return try checkout(commit, of: git, paths: paths, executor: executor)
    }

    /// `commit`'s tree in a private folder named like the repository's top
    /// folder (a root package's identity is its folder's name), `paths` there, and that folder, canonical;
    /// every file as committed, whatever the commit's `.gitattributes` say (``GitRepository/checkOut(_:into:scratch:)``).
    static func checkout(_ commit: String, of git: GitRepository, paths: [String], executor: Executor) throws -> (
        PrivateFolder, [String], String
    ) {
        let folder = try PrivateFolder()
        let name = (git.topLevel as NSString).lastPathComponent
        let top = folder.path + "/" + (name.isEmpty || name == "/" ? "repository" : name)
        let scratch = folder.path + "/.git-scratch"
        do {
            try FileNames.makeFolder(top, permissions: .ownerReadWriteExecute)
            try FileNames.makeFolder(scratch, permissions: .ownerReadWriteExecute)
        } catch {
            throw CommandError("cannot create a folder for the base's files in \(folder.path): \(SystemError.description(error.rawValue))")
        }
        try git.checkOut(commit, into: top, scratch: scratch, executor: executor)
        try markTop(top)
        let canonicalTop = Paths.canonical(top) ?? top
        return (folder, mapped(paths, of: git, into: canonicalTop), canonicalTop)
    }

    /// `paths` (as given, in the working tree) where they are in the copy whose top folder is `top`.
    private static func mapped(_ paths: [String], of git: GitRepository, into top: String) -> [String] {
        let current = Paths.canonical(FileManager.default.currentDirectoryPath) ?? FileManager.default.currentDirectoryPath
        return (paths.isEmpty ? ["."] : paths).map { path -> String in
            let absolute = Paths.canonical(path.hasPrefix("/") ? path : current + "/" + path) ?? path
            guard let inside = ChangeJudge.relative(absolute, to: git.topLevel) else { return absolute }
            return inside == "." ? top : top + "/" + inside
        }
    }

    /// Marks `top`, a copy of a commit's tree, as the top of a checkout, as the working tree's top
    /// is: an empty `.git` file. Whatever looks for the repository's top from a folder of the copy
    /// (the folder reads are confined to, the configuration's search) stops there, not in a folder
    /// above the copy (the kept copy is in the clone's git folder, whose parent is the working tree).
    static func markTop(_ top: String) throws {
        let marker = top + "/.git"
        do {
            try FileCreation.write([], toNew: marker, permissions: .ownerReadWrite)
        } catch {
            guard error == .fileExists, FileStatus.isRegularFile(marker, followingLinks: false) else {
                throw CommandError("cannot mark \(top) as a checkout's top: \(error)")
            }
        }
    }

    static func metrics(of loaded: LoadedGraph, _ request: DiffRequest, warnings: (String) -> Void) throws -> GraphMetrics {
        let graph = loaded.graph
        let weights = try ScheduleRun.weights(request.weights, for: loaded, warnings: warnings)
        let plan = try? BuildPlan(graph: graph.digraph, weights: weights.values, workers: request.workers, bottleneckLimit: 0)
        return GraphMetrics(
            targets: graph.targets.count, dependencies: graph.digraph.edgeCount,
            depth: plan.map { max(0, $0.waves.members.count - 1) }, waves: plan?.waves.members.count,
            criticalPath: plan?.timing.length, criticalTargets: plan?.timing.path.map { graph.targets[$0].id } ?? [],
            makespan: plan?.build.makespan, unit: weights.unit.symbol)
    }

    static func finding(_ finding: Finding) -> DiffFinding {
        DiffFinding(
            fingerprint: finding.fingerprint, rule: finding.rule.rawValue, severity: finding.severity.rawValue, message: finding.message)
    }

    static func budgets(_ settings: CheckConfig.BudgetSettings) -> Budgets {
        var budgets = Budgets()
        budgets.depthGrowth = settings.depthGrowth
        budgets.wavesGrowth = settings.wavesGrowth
        budgets.fanInGrowth = settings.fanInGrowth
        budgets.newFindings = settings.newFindings
        func growth(_ value: CheckConfig.BudgetSettings.Growth?) -> Budgets.Growth? {
            value.map { $0.isPercent ? .percent($0.value) : .absolute($0.value) }
        }
        budgets.criticalPathGrowth = growth(settings.criticalPathGrowth)
        budgets.makespanGrowth = growth(settings.makespanGrowth)
        return budgets
    }
}
