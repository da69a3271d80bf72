import HeapModule
import ModGraphCore

/// One target's jobs, in the weights' unit: what a build system runs for it.
/// Without jobs a target is one job of its weight (the module-level model).
public struct TargetJobs: Sendable, Equatable {
    /// Emitting the module interface (`.swiftmodule`): all its dependents
    /// wait for. Nil: dependents wait for every compile job (a C-family
    /// target, a whole-module compile that emits as it compiles).
    public var emitModule: Double?
    /// Compile jobs, which run side by side, each on a core of its own.
    public var compile: [Double]
    /// Linking the target's product: after its own compile jobs and those of
    /// everything it depends on, directly or not. Zero: no link.
    public var link: Double
    /// The module's Swift files, when known: at another `-j` the driver cuts
    /// them into other batches (``DriverBatches``).
    public var swiftFiles: Int?

    public init(emitModule: Double? = nil, compile: [Double] = [], link: Double = 0, swiftFiles: Int? = nil) {
        self.emitModule = emitModule
        self.compile = compile
        self.link = link
        self.swiftFiles = swiftFiles
    }

    /// The jobs of one half of a target split in two: half of each job, and
    /// the link (the product's) with the first half only.
    func half(keepingLink: Bool) -> TargetJobs {
        TargetJobs(
            emitModule: emitModule.map { $0 / 2 }, compile: compile.map { $0 / 2 }, link: keepingLink ? link : 0,
            swiftFiles: swiftFiles.map { max(1, $0 / 2) })
    }
}

/// What a module's dependents wait for: the build system decides.
public enum DependentsWait: String, Sendable, Equatable {
    /// The module's interface: its emit-module job (Xcode's build system,
    /// swift-build), then dependents compile while its batches still run.
    case interface
    /// Every job of the module: SwiftPM's native build system (Swift 6.3.1)
    /// starts a dependent's first job only after the module's last one ends,
    /// as its job timeline shows (docs/planning.md); the module's jobs still
    /// share the cores with everything else that runs.
    case wholeModule = "module"
}

/// A job of a ``JobGraph``: which target's, and what it does.
public struct BuildJob: Sendable, Equatable, Hashable {
    public enum Kind: Sendable, Equatable, Hashable {
        /// The whole target as one job: no job-level weights for it.
        case module
        case emitModule
        /// The compile job at this index (0-based) of the target's.
        case compile(Int)
        case link
        /// Zero-cost: the target's objects and those of all its dependencies
        /// exist (what a dependent's link waits for).
        case objectsReady
    }

    /// The target's vertex; a split's second half is `vertexCount` of the target graph.
    public let target: Int
    public let kind: Kind
}

/// The jobs of a build and what each waits for: every job takes one of the
/// N cores (`-j N`, jobs whichever module they belong to), a Swift module's
/// compile jobs and its emit-module job start once the modules it imports
/// are ready (their interfaces, or all their jobs: ``DependentsWait``), and a
/// product links once every object it needs is compiled. A target without job weights is
/// one job that its dependents wait for entirely (the module-level model).
public struct JobGraph: Sendable, Equatable {
    public let jobs: [BuildJob]
    /// Vertices are jobs; an edge goes from a job to one it waits for.
    public let graph: Digraph
    public let weights: [Double]
    public let dependentsWait: DependentsWait
    /// The build system's time from a module's release (dependencies ended,
    /// a slot free) to its first job, which takes no core: waited before each
    /// module in SwiftPM's two-level schedule (``moduleSlotSchedule(workers:dependenciesFirst:)``).
    public let moduleStart: Double
    /// The order in which the build system starts ready modules, higher
    /// first, by target (``moduleSlotSchedule(workers:dependenciesFirst:)``);
    /// nil: highest bottom level first.
    let startOrder: [Double]?
    /// Per target (a split's half included): the targets it depends on, its
    /// jobs (emit-module first, then compiles in order, or its one job), and
    /// its weight, for the two-level schedule of SwiftPM's native build.
    let targetDependencies: [[Int]]
    let jobsOfTarget: [[Int]]
    let targetWeights: [Double]
    let hasLinks: Bool
    /// How the jobs slow down beside one another; ``weights`` are the jobs'
    /// times alone, the measured times over the measured build's factor.
    public let sharing: CoreSharing
    /// Targets whose compile jobs were re-cut into the driver's batches at
    /// the planned `-j` (``DriverBatches``), by vertex.
    public let rebatched: [Int]

    /// The jobs of `targets` (edges from a target to its dependencies) with
    /// `weights` per target and `jobs` where known, after `change`; a
    /// target's dependents wait for what `dependentsWait` says. With
    /// `sharing`, every weight is taken as measured in a build that kept
    /// `sharing.measuredBusyCores` busy, and turned into the job's time alone.
    /// With `workers` and dependents that wait for whole modules (SwiftPM's
    /// jobs), a module's compile jobs are the batches the driver makes at
    /// that `-j` (``DriverBatches``) where its files and the measured `-j` are known.
    ///
    /// - Complexity: O(J + E · k) for J jobs, E dependencies and at most k
    ///   jobs per target.
    public init(
        targets: Digraph, weights: [Double], jobs known: [Int: TargetJobs], dependentsWait: DependentsWait = .wholeModule,
        moduleStart: Double = 0, moduleNames: [String]? = nil, sharing: CoreSharing = .none, workers: Int? = nil,
        change: BuildChange? = nil
    ) {
        self.moduleStart = moduleStart
        self.sharing = sharing
        let changed = ChangedTargets(targets: targets, weights: weights, jobs: known, names: moduleNames, change: change)
        let (count, targetEdges, targetJobs, targetWeights) = (changed.count, changed.edges, changed.jobs, changed.weights)
        startOrder = Self.startOrder(names: changed.names, count: count)

        var jobList: [BuildJob] = []
        var jobWeights: [Double] = []
        var interface = [[Int]](repeating: [], count: count)
        var objects = [[Int]](repeating: [], count: count)
        var firstJobs = [[Int]](repeating: [], count: count)
        func add(_ target: Int, _ kind: BuildJob.Kind, _ weight: Double) -> Int {
            jobList.append(BuildJob(target: target, kind: kind))
            jobWeights.append(sharing.alone(weight))
            return jobList.count - 1
        }
        let links = (0..<count).filter { (targetJobs[$0]?.link ?? 0) > 0 }
        var rebatched: [Int] = []
        for target in 0..<count {
            let known = targetJobs[target]
            if let known, known.emitModule != nil || !known.compile.isEmpty {
                var compile = known.compile
                if dependentsWait == .wholeModule, let workers,
                    let batches = DriverBatches.rebatched(
                        compile, files: known.swiftFiles, measuredJobs: sharing.measuredJobs, workers: workers)
                {
                    compile = batches
                    rebatched.append(target)
                }
                let emit = known.emitModule.map { add(target, .emitModule, $0) }
                let compiles = compile.indices.map { add(target, .compile($0), compile[$0]) }
                interface[target] = dependentsWait == .interface ? (emit.map { [$0] } ?? compiles) : (emit.map { [$0] } ?? []) + compiles
                objects[target] = compiles.isEmpty ? (emit.map { [$0] } ?? []) : compiles
                firstJobs[target] = (emit.map { [$0] } ?? []) + compiles
            } else {
                let module = add(target, .module, targetWeights[target])
                interface[target] = [module]
                objects[target] = [module]
                firstJobs[target] = [module]
            }
        }
        var dependencies = [[Int]](repeating: [], count: count)
        for edge in targetEdges { dependencies[edge.from].append(edge.to) }
        self.targetDependencies = dependencies
        self.jobsOfTarget = firstJobs
        self.targetWeights = targetWeights
        self.rebatched = rebatched
        self.hasLinks = !links.isEmpty
        self.dependentsWait = dependentsWait
        var edges: [(Int, Int)] = []
        for edge in targetEdges {
            for job in firstJobs[edge.from] {
                for needed in interface[edge.to] { edges.append((job, needed)) }
            }
        }
        if !links.isEmpty {
            // Every target's objects and its dependencies', as one zero-cost job each: a link
            // waits for its dependencies' `objectsReady` instead of one edge per transitive object.
            var ready = [Int](repeating: 0, count: count)
            for target in 0..<count {
                ready[target] = add(target, .objectsReady, 0)
                for job in objects[target] { edges.append((ready[target], job)) }
            }
            for edge in targetEdges { edges.append((ready[edge.from], ready[edge.to])) }
            for target in links {
                let link = add(target, .link, targetJobs[target]?.link ?? 0)
                edges.append((link, ready[target]))
            }
        }
        self.jobs = jobList
        self.weights = jobWeights
        self.graph = Digraph(vertexCount: jobList.count, edges: edges)
    }

    /// SwiftPM's llbuild takes the ready command whose name is greatest (a priority queue on
    /// names); a module's is `C.<target>-<triple>-<configuration>.module`, so the target's name
    /// followed by `-` decides. Ranks by byte order, greatest highest; equal names tie to the
    /// smaller target. Nil without a name for each target.
    static func startOrder(names: [String]?, count: Int) -> [Double]? {
        guard let names, names.count == count else { return nil }
        let keys = names.map { Array(($0 + "-").utf8) }
        let ascending = (0..<count).sorted { keys[$0] != keys[$1] ? keys[$0].lexicographicallyPrecedes(keys[$1]) : $0 > $1 }
        var rank = [Double](repeating: 0, count: count)
        for (position, target) in ascending.enumerated() { rank[target] = Double(position) }
        return rank
    }
}

/// A build simulated job by job: the makespan, the chain of jobs that set
/// it, and the module-level changes that would shorten it, each re-simulated
/// job by job.
public struct JobPlan: Sendable, Equatable {
    public let jobGraph: JobGraph
    public let dependentsWait: DependentsWait
    /// Per job.
    public let build: SimulatedBuild
    /// The heaviest chain of jobs, dependency first: which emissions and
    /// compiles no number of cores can shorten.
    public let criticalPath: [Int]
    public let criticalPathLength: Double
    /// Splits and dropped dependencies of targets, as the module-level
    /// search chooses candidates, ranked by the job-level makespan.
    public let bottlenecks: BottleneckAnalysis

    /// Plans `targets` job by job. Throws like ``BuildPlan``. `moduleStart`
    /// and `moduleNames` (by target: the order SwiftPM starts ready modules
    /// in) shape SwiftPM's two-level schedule (``JobGraph``).
    ///
    /// - Complexity: O(k · (J + E') log J) for k candidates re-simulated, J
    ///   jobs and E' job dependencies.
    public init(
        targets: Digraph, weights: [Double], jobs: [Int: TargetJobs], workers: Int, dependentsWait: DependentsWait = .wholeModule,
        moduleStart: Double = 0, moduleNames: [String]? = nil, sharing: CoreSharing = .none, bottleneckLimit: Int = 100,
        bottleneckRules: BottleneckRules = .everything, runner: any UnitRunner = .sequential
    ) throws(PlanningError) {
        guard workers >= 1 else { throw .noWorkers(workers) }
        try validate(weights: weights, for: targets)
        guard let targetOrder = targets.topologicalOrder() else { throw .cycles(targets.cycleGroups()) }
        let jobGraph = JobGraph(
            targets: targets, weights: weights, jobs: jobs, dependentsWait: dependentsWait, moduleStart: moduleStart,
            moduleNames: moduleNames, sharing: sharing, workers: workers)
        self.dependentsWait = dependentsWait
        let schedule = try jobGraph.simulate(workers: workers)
        self.jobGraph = jobGraph
        build = SimulatedBuild(workers: workers, schedule: schedule)
        let timing = try jobGraph.graph.criticalPathAnalysis(weights: jobGraph.weights)
        criticalPath = timing.path
        criticalPathLength = timing.length
        // Candidates come from the module-level analysis; each is re-simulated job by job.
        let targetTiming = try targets.criticalPathAnalysis(weights: weights)
        bottlenecks = targets.bottlenecks(
            weights: weights, workers: workers, limit: bottleneckLimit, rules: bottleneckRules, runner: runner,
            dependenciesFirst: targetOrder, timing: targetTiming, baseline: schedule.makespan
        ) { change in
            let changed = JobGraph(
                targets: targets, weights: weights, jobs: jobs, dependentsWait: dependentsWait, moduleStart: moduleStart,
                moduleNames: moduleNames, sharing: sharing, workers: workers, change: change)
            return (try? changed.simulate(workers: workers, recording: false).makespan) ?? .infinity
        }
    }
}

extension JobGraph {
    /// The schedule of the jobs with `-j workers`: SwiftPM's two levels when
    /// dependents wait for whole modules (``moduleSlotSchedule(workers:)``),
    /// else the list schedule of the jobs on `workers` cores.
    func simulate(workers: Int, recording: Bool = true) throws(PlanningError) -> ListSchedule {
        guard let order = graph.topologicalOrder() else { throw .cycles(graph.cycleGroups()) }
        if dependentsWait == .wholeModule, !hasLinks { return moduleSlotSchedule(workers: workers, dependenciesFirst: order) }
        return graph.listSchedule(
            weights: weights, workers: workers, dependenciesFirst: order, patch: .none, recording: recording, sharing: sharing)
    }

    /// SwiftPM's native build system, as its job timelines show: each module
    /// is one build command (`swiftc` with the module's files) that waits for
    /// the modules it imports to finish; `-j N` runs at most N such commands
    /// at once, and each runs at most N of its own frontend jobs at once
    /// (its emit-module job first, then its batches). So up to N × N jobs
    /// share the N cores: every running job progresses at min(1, N ÷ running)
    /// (processor sharing) over the slowdown of the min(running, N) busy
    /// cores (``CoreSharing``), and a job's weight is the work it needs alone,
    /// from its CPU seconds (`measure` writes them). A ready module takes a free slot in
    /// the build system's order when the module names are known (SwiftPM: the
    /// greatest name first, not the longest chain), else by its bottom level
    /// (the heaviest chain of target weights above it), ties to the smaller
    /// target, and starts its first jobs ``moduleStart`` later
    /// (the slot held, no core used); a job's worker is its module's slot.
    ///
    /// - Complexity: O(J · (R + log J) + E) for J jobs, at most R = N² running
    ///   at once, and E target dependencies.
    func moduleSlotSchedule(workers: Int, dependenciesFirst jobOrder: [Int]) -> ListSchedule {
        let count = jobsOfTarget.count
        let (dependents, waitingAtFirst, priority) = targetOrder(dependenciesFirst: jobOrder)
        var waiting = waitingAtFirst
        var ready = Heap<ReadyTarget>()
        for target in 0..<count where waiting[target] == 0 { ready.insert(ReadyTarget(priority: priority[target], vertex: target)) }
        var freeSlots = Heap<Int>()
        for slot in 0..<workers { freeSlots.insert(slot) }
        var slotOf = [Int](repeating: 0, count: count)
        var started = [Int](repeating: 0, count: count)
        var unfinished = jobsOfTarget.map(\.count)
        var remaining = weights
        var running: [Int] = []
        var start = [Double](repeating: 0, count: jobs.count)
        var end = [Double](repeating: 0, count: jobs.count)
        var worker = [Int](repeating: 0, count: jobs.count)
        var now = 0.0
        func startNext(of target: Int) {
            let job = jobsOfTarget[target][started[target]]
            started[target] += 1
            start[job] = now
            worker[job] = slotOf[target]
            running.append(job)
        }
        // Modules holding a slot whose first jobs start at `at`, from `nextLaunch` on: in the order they
        // took their slots, which is the order of `at`, since `now` never goes back and the delay is one.
        var launching: [(target: Int, at: Double)] = []
        var nextLaunch = 0
        while true {
            while let slot = freeSlots.min, let next = ready.popMin() {
                _ = freeSlots.popMin()
                slotOf[next.vertex] = slot
                launching.append((next.vertex, now + moduleStart))
            }
            let rate =
                running.isEmpty
                ? 1
                : min(1, Double(workers) / Double(running.count)) / sharing.factor(busy: Double(min(running.count, workers)))
            // The next job to end, the smaller job on ties; every job within a rounding error of it ends too.
            let first = running.min { remaining[$0] < remaining[$1] || (remaining[$0] == remaining[$1] && $0 < $1) }
            let ending = first.map { now + remaining[$0] / rate }
            if nextLaunch < launching.count, launching[nextLaunch].at <= ending ?? .infinity {
                // A module's first jobs start before (or as) the next job ends: the running jobs progress until then.
                let launch = launching[nextLaunch]
                nextLaunch += 1
                for job in running { remaining[job] -= (launch.at - now) * rate }
                now = max(now, launch.at)
                while started[launch.target] < min(workers, jobsOfTarget[launch.target].count) { startNext(of: launch.target) }
                continue
            }
            guard let first, let ending else { break }
            let step = ending - now
            now = ending
            let tolerance = 1e-12 * max(1, now)
            var finished: [Int] = []
            var stillRunning: [Int] = []
            for job in running {
                remaining[job] = job == first ? 0 : remaining[job] - step * rate
                if remaining[job] <= tolerance { finished.append(job) } else { stillRunning.append(job) }
            }
            running = stillRunning
            for job in finished.sorted() {
                end[job] = now
                let target = jobs[job].target
                unfinished[target] -= 1
                if started[target] < jobsOfTarget[target].count { startNext(of: target) }
                guard unfinished[target] == 0 else { continue }
                freeSlots.insert(slotOf[target])
                for dependent in dependents[target] {
                    waiting[dependent] -= 1
                    if waiting[dependent] == 0 { ready.insert(ReadyTarget(priority: priority[dependent], vertex: dependent)) }
                }
            }
        }
        let criticalPathLength = graph.bottomLevels(weights: weights, dependenciesFirst: jobOrder).max() ?? 0
        return ListSchedule(weights: weights, start: start, end: end, worker: worker, makespan: now, criticalPathLength: criticalPathLength)
    }

    /// Each target's dependents, how many dependencies it waits for, and the priority a ready
    /// module takes a slot by: the build system's order of names where known, else its bottom
    /// level (the heaviest chain of target weights above it), from the job order (a target's
    /// jobs come after its dependencies' jobs).
    private func targetOrder(dependenciesFirst jobOrder: [Int]) -> (dependents: [[Int]], waiting: [Int], priority: [Double]) {
        let count = jobsOfTarget.count
        var dependents = [[Int]](repeating: [], count: count)
        var waiting = [Int](repeating: 0, count: count)
        for target in 0..<count {
            waiting[target] = targetDependencies[target].count
            for dependency in targetDependencies[target] { dependents[dependency].append(target) }
        }
        var level = [Double](repeating: -1, count: count)
        var targetOrder: [Int] = []
        for job in jobOrder where level[jobs[job].target] < 0 {
            level[jobs[job].target] = 0
            targetOrder.append(jobs[job].target)
        }
        for target in targetOrder.reversed() {
            level[target] = targetWeights[target] + (dependents[target].map { level[$0] }.max() ?? 0)
        }
        return (dependents, waiting, startOrder ?? level)
    }
}

/// The targets a job graph is made of after a ``BuildChange``: an edge removed, or a target split
/// in two halves (the second one a new target at the end, with half the weight and jobs, and
/// every edge of the first).
struct ChangedTargets {
    var count: Int
    var edges: [(from: Int, to: Int)]
    var jobs: [Int: TargetJobs]
    var weights: [Double]
    var names: [String]?

    init(targets: Digraph, weights: [Double], jobs known: [Int: TargetJobs], names: [String]?, change: BuildChange?) {
        count = targets.vertexCount
        edges = targets.edges
        jobs = known
        self.weights = weights
        self.names = names
        switch change {
        case .none: break
        case let .removeEdge(from, to):
            edges.removeAll { $0.from == from && $0.to == to }
        case .splitTarget(let vertex):
            let half = count
            count += 1
            self.weights[vertex] = weights[vertex] / 2
            self.weights.append(weights[vertex] / 2)
            if let split = names?[vertex] { self.names?.append(split + "_2") }
            if let jobs = known[vertex] {
                self.jobs[vertex] = jobs.half(keepingLink: true)
                self.jobs[half] = jobs.half(keepingLink: false)
            }
            var added: [(from: Int, to: Int)] = []
            for edge in edges {
                if edge.from == vertex { added.append((half, edge.to)) }
                if edge.to == vertex { added.append((edge.from, half)) }
            }
            edges += added
        }
        if self.weights.count < count { self.weights += [Double](repeating: 0, count: count - self.weights.count) }
    }
}
