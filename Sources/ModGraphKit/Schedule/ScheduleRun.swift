import Foundation
import ModGraphCore
import ModGraphManifest
import ModGraphPlanning
import ModGraphWeights

/// What a target costs in a schedule.
public enum WeightsChoice: Sendable, Equatable {
    /// One per target: the schedule counts modules.
    case uniform
    /// Non-blank lines of compiled source.
    case sources
    /// A weights file such as `modgraph measure` writes.
    case file(String)

    /// What `schedule`, `report`, `diff` and `affected` use when not told (``default``):
    /// lines of source say more than a count of modules.
    public static let defaultArgument = "sources"
    /// The weights every command uses when not told, so that the same repository gives
    /// the same numbers in each of them.
    public static let `default` = WeightsChoice(argument: defaultArgument)

    /// `uniform`, `sources`, or a file path (a file named like a keyword: `./uniform`).
    public init(argument: String) {
        switch argument {
        case "uniform": self = .uniform
        case "sources": self = .sources
        default: self = .file(argument)
        }
    }
}

/// How to simulate the build.
public struct ScheduleRequest: Sendable {
    /// Workers when not told, in `schedule`, `report` and `diff` alike: a fixed number
    /// rather than this machine's cores, so that a laptop and CI, and each of the three
    /// commands, give the same numbers for the same repository.
    public static let defaultWorkers = 4

    public var weights: WeightsChoice
    public var workers: Int
    /// Target splits and dependency removals re-simulated each when looking for bottlenecks.
    public var bottleneckCandidates: Int

    public init(weights: WeightsChoice = .default, workers: Int = defaultWorkers, bottleneckCandidates: Int = 100) {
        self.weights = weights
        self.workers = workers
        self.bottleneckCandidates = bottleneckCandidates
    }
}

/// `modgraph schedule` as a use case: weights for the loaded graph, then the
/// plan (waves, critical path, simulated build, bottlenecks) ready for any format.
public enum ScheduleRun {
    /// Suggestions a team can act on (docs/planning.md): never cut an executable's
    /// dependencies, the modules it wires; and show a change only when it saves
    /// at least 1% of the makespan and at least half a second, 10 lines or one unit.
    /// With measured weights, a change must also save more than the model's measured
    /// error (`measuredError`, a share of the makespan; ``ModelAccuracy``).
    public static func bottleneckRules(for graph: ModuleGraph, unit: WeightUnit, measuredError: Double? = nil) -> BottleneckRules {
        let roots = Set(graph.targets.indices.filter { graph.targets[$0].type.isEntryPoint })
        let minimumGain: Double =
            switch unit {
            case .seconds: 0.5
            case .lines: 10
            case .units: 1
            }
        return BottleneckRules(compositionRoots: roots, minimumShare: max(0.01, measuredError ?? 0), minimumGain: minimumGain)
    }

    /// The weights `choice` gives the graph; their warnings go to `warnings`.
    public static func weights(_ choice: WeightsChoice, for loaded: LoadedGraph, warnings: (String) -> Void = { _ in }) throws
        -> TargetWeights
    {
        let targetWeights: TargetWeights
        switch choice {
        case .uniform: targetWeights = .uniform(graph: loaded.graph)
        case .sources: targetWeights = SourceLineCounter(files: loaded.targetFiles).weights(for: loaded.graph)
        case .file(let path):
            do {
                targetWeights = try WeightsFile.weights(at: path, for: loaded.graph)
            } catch {
                throw CommandError(error.description)
            }
        }
        targetWeights.warnings.forEach(warnings)
        return targetWeights
    }

    /// The plan of `loaded`'s graph; a graph with cycles cannot be scheduled, and the error names them.
    public static func plan(
        _ request: ScheduleRequest, on loaded: LoadedGraph, source: String,
        warnings: (String) -> Void = { _ in }
    ) throws -> ScheduleReport {
        try plan(request, weights: weights(request.weights, for: loaded, warnings: warnings), on: loaded, source: source)
    }

    /// The plan with weights already made.
    public static func plan(
        _ request: ScheduleRequest, weights targetWeights: TargetWeights, on loaded: LoadedGraph,
        source: String
    ) throws(CommandError) -> ScheduleReport {
        let graph = loaded.graph
        // Only predictions in seconds have been checked against real builds.
        let measured = targetWeights.unit == .seconds
        let plan: BuildPlan
        do {
            plan = try BuildPlan(
                graph: graph.digraph, weights: targetWeights.values, workers: request.workers,
                bottleneckLimit: request.bottleneckCandidates,
                bottleneckRules: bottleneckRules(
                    for: graph, unit: targetWeights.unit, measuredError: measured ? ModelAccuracy.moduleLevelError : nil),
                runner: loaded.executor)
        } catch .cycles(let groups) {
            let cycles = groups.map { $0.path.map { graph.targets[$0].id.description }.joined(separator: " → ") }
            throw CommandError("\(source): cannot schedule a graph with dependency cycles: \(cycles.joined(separator: "; "))")
        } catch {
            throw CommandError("\(source): cannot schedule: \(error)")
        }
        var report = ScheduleReport(
            graph: graph, plan: plan, unit: targetWeights.unit.symbol, weightsSource: targetWeights.source,
            defaulted: targetWeights.defaulted, defaultWeight: targetWeights.defaultValue)
        report.name = loaded.repository.name
        if measured { report.measuredError = ModelAccuracy.moduleLevelError }
        // Job-level weights (a schema 2 file, an imported build record): the build planned job by job too.
        if !targetWeights.jobs.isEmpty {
            let wait = targetWeights.dependentsWait.flatMap(DependentsWait.init(rawValue:)) ?? .wholeModule
            // SwiftPM's jobs: each module's Swift files, which the driver cuts into batches by the -j (DriverBatches).
            let files = wait == .wholeModule ? loaded.targetFiles : [:]
            var jobs: [Int: TargetJobs] = [:]
            for (vertex, times) in targetWeights.jobs {
                let swiftFiles = files[graph.targets[vertex].id].map { SourceFileLister.files($0, extensions: ["swift"]).count }
                jobs[vertex] = TargetJobs(
                    emitModule: times.emitModule, compile: times.compile, link: times.link ?? 0, swiftFiles: swiftFiles)
            }
            do {
                report.jobPlan = try JobPlan(
                    targets: graph.digraph, weights: targetWeights.values, jobs: jobs, workers: request.workers,
                    dependentsWait: wait, moduleStart: targetWeights.moduleStartSeconds ?? 0,
                    // Jobs of SwiftPM's native build: its queue starts ready modules by name.
                    moduleNames: wait == .wholeModule ? graph.targets.map(\.name) : nil,
                    sharing: targetWeights.coreSharing.map {
                        CoreSharing(
                            slowdownPerCore: $0.slowdownPerCore ?? 0, measuredBusyCores: $0.busyCores, measuredJobs: $0.measuredJobs,
                            calibration: $0.slowdownPerCore == nil ? nil : $0.calibration)
                    } ?? .none,
                    bottleneckLimit: request.bottleneckCandidates,
                    bottleneckRules: bottleneckRules(
                        for: graph, unit: targetWeights.unit, measuredError: measured ? ModelAccuracy.jobLevelError : nil),
                    runner: loaded.executor)
            } catch {
                throw CommandError("\(source): cannot schedule: \(error)")
            }
            if measured { report.jobMeasuredError = ModelAccuracy.jobLevelError }
        }
        return report
    }
}
