import ModGraphCore

/// Everything `modgraph schedule` reports about one graph, weights and
/// worker count: waves, the critical path with every target's slack, a
/// simulated build, and the bottlenecks.
public struct BuildPlan: Sendable, Equatable {
    public let weights: [Double]
    public let waves: BuildWaves
    public let timing: CriticalPathAnalysis
    public let build: SimulatedBuild
    public let bottlenecks: BottleneckAnalysis

    /// Plans the build, or throws ``PlanningError/cycles(_:)`` with every
    /// cycle when the graph has one. The bottleneck search's re-simulations
    /// are units of `runner`.
    ///
    /// - Complexity: dominated by the bottleneck search, O(k · (V + E) log V)
    ///   for k ≤ 2 · `bottleneckLimit` candidates, fewer on large graphs
    ///   (``Digraph/bottleneckWorkBudget``).
    public init(
        graph: Digraph, weights: [Double], workers: Int, bottleneckLimit: Int = 100,
        bottleneckRules: BottleneckRules = .everything, runner: any UnitRunner = .sequential
    ) throws(PlanningError) {
        guard workers >= 1 else { throw .noWorkers(workers) }
        try validate(weights: weights, for: graph)
        guard let waves = graph.buildWaves(), let order = graph.topologicalOrder() else { throw .cycles(graph.cycleGroups()) }
        self.weights = weights
        self.waves = waves
        // The bottleneck search starts from the critical path and the simulated build instead of redoing them.
        let timing = try graph.criticalPathAnalysis(weights: weights)
        let schedule = graph.listSchedule(weights: weights, workers: workers, dependenciesFirst: order, patch: .none)
        self.timing = timing
        build = SimulatedBuild(workers: workers, schedule: schedule)
        bottlenecks = graph.bottlenecks(
            weights: weights, workers: workers, limit: bottleneckLimit, rules: bottleneckRules, runner: runner,
            dependenciesFirst: order, timing: timing, baseline: schedule.makespan)
    }
}
