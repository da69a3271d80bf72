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
        // Kept until the run ends: the checkouts the graphs were loaded from.
        var folders: [PrivateFolder] = []
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
            let (baseFolder, basePaths, baseTop) = try Self.checkout(start, of: git, paths: request.load.paths)
            folders.append(baseFolder)
            var load = request.load
            load.paths = basePaths
            load.progress = nil
            // The copy's manifests are cached as the repository's: the base is usually an earlier head.
            load.relocation = Relocation(copy: baseTop, original: git.topLevel)
            baseGraph = try GraphLoader.load(load)
            if let headRef, let headCommit, (try? git.commit("HEAD")) != headCommit {
                let (headFolder, headPaths, headTop) = try Self.checkout(headCommit, of: git, paths: request.load.paths)
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
            let new = try CheckRun(config: configured.config, configPath: configured.path, on: headGraph, warnings: warnings).result.findings.filter {
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

    /// `commit`'s tree in a private folder named like the repository's top
    /// folder (a root package's identity is its folder's name), `paths` there, and that folder, canonical;
    /// every file as committed, whatever the commit's `.gitattributes` say (``GitRepository/checkOut(_:into:scratch:)``).
    static func checkout(_ commit: String, of git: GitRepository, paths: [String]) throws -> (PrivateFolder, [String], String) {
        let folder = try PrivateFolder()
        let name = (git.topLevel as NSString).lastPathComponent
        let top = folder.path + "/" + (name.isEmpty || name == "/" ? "repository" : name)
        let scratch = folder.path + "/.git-scratch"
        guard mkdir(top, 0o700) == 0, mkdir(scratch, 0o700) == 0 else {
            throw CommandError("cannot create a folder for the base's files in \(folder.path): \(SystemError.current)")
        }
        try git.checkOut(commit, into: top, scratch: scratch)
        let current = Paths.canonical(FileManager.default.currentDirectoryPath) ?? FileManager.default.currentDirectoryPath
        let canonicalTop = Paths.canonical(top) ?? top
        let mapped = (paths.isEmpty ? ["."] : paths).map { path -> String in
            let absolute = Paths.canonical(path.hasPrefix("/") ? path : current + "/" + path) ?? path
            guard let inside = ChangeJudge.relative(absolute, to: git.topLevel) else { return absolute }
            return inside == "." ? canonicalTop : canonicalTop + "/" + inside
        }
        return (folder, mapped, canonicalTop)
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
