import ModGraphCore

/// A change to the graph that might shorten the build.
public enum BuildChange: Hashable, Sendable {
    /// The target split into two halves of half its weight each, with no
    /// dependency between them: both keep all of its dependencies, and all of
    /// its dependents need both. This is what moving half of a module's code
    /// into a sibling module would do at best.
    case splitTarget(Int)
    /// The dependency `from → to` dropped (`from` no longer needs `to`).
    case removeEdge(from: Int, to: Int)
}

/// Which changes a bottleneck search may suggest, and which gains are worth saying.
public struct BottleneckRules: Sendable, Equatable {
    /// Targets whose dependencies are not for cutting: an app or executable
    /// target wires the modules it depends on, so dropping one of its
    /// dependencies is never a change a team can make.
    public var compositionRoots: Set<Int>
    /// A change is shown only when it saves at least this share of the
    /// makespan (1%) and at least ``minimumGain``, so a 0.5-line gain out of
    /// 21,232 is not offered as advice.
    public var minimumShare: Double
    /// The smallest saving worth showing, in the weights' unit.
    public var minimumGain: Double

    public init(compositionRoots: Set<Int> = [], minimumShare: Double = 0.01, minimumGain: Double = 0) {
        self.compositionRoots = compositionRoots
        self.minimumShare = minimumShare
        self.minimumGain = minimumGain
    }

    /// Every change, every gain: the search as it was before rules existed.
    public static let everything = BottleneckRules(minimumShare: 0)
}

/// One change and the makespan a re-simulation gave with it.
public struct Bottleneck: Sendable, Equatable {
    public let change: BuildChange
    public let makespan: Double
}

/// The changes that shorten the simulated build, best first, and how many
/// candidates were tried to find them.
public struct BottleneckAnalysis: Sendable, Equatable {
    /// The makespan without any change.
    public let baseline: Double
    public let targetSplitsTried: Int
    /// Targets of positive weight: every one could be split.
    public let targetSplitCandidates: Int
    public let edgeRemovalsTried: Int
    public let edgeRemovalCandidates: Int
    /// Only the changes that shorten the makespan by at least the rules'
    /// threshold, by new makespan, then splits before edge removals, then by vertex.
    public let ranked: [Bottleneck]
    /// Changes that shorten the makespan, but by less than ``threshold``.
    public let hiddenBelowThreshold: Int
    /// The smallest saving shown, in the weights' unit.
    public let threshold: Double
}

extension Digraph {
    /// The most vertex and edge visits a bottleneck search spends on
    /// re-simulations: each costs about V + E, so a graph of V + E above
    /// 20,000 gets fewer than the 100 candidates of each kind a search tries
    /// by default (5,000 targets with 20,000 dependencies, 80 of each; a
    /// 100,000-target graph with 300,000 dependencies, 5 of each, the most
    /// critical, which keeps `schedule` on it under a second). Counted in
    /// visits, not seconds, so the same graph gives the same report on every
    /// machine; the report says how many were tried.
    public static let bottleneckWorkBudget = 4_000_000

    /// Re-simulates the build once per candidate change and ranks those
    /// that shorten it.
    ///
    /// Candidates are every target of positive weight (split in two) and
    /// every dependency (removed), most critical first: targets by slack,
    /// then heavier first; dependencies by the slack of the edge (how much
    /// later the dependent could start than the dependency ends). At most
    /// `limit` of each kind are tried, and no more than ``bottleneckWorkBudget``
    /// allows; a change away from every critical path rarely helps, so the
    /// cut keeps large graphs fast without hiding what matters. A change is
    /// simulated on the graph as it is, patched on the fly, not on a copy.
    ///
    /// Each re-simulation is a unit of `runner`, independent of the others.
    ///
    /// - Complexity: O(k · (V + E) log V) time for k = the candidates tried
    ///   (one simulation each), plus O((V + E) log k) to choose them;
    ///   O(c · (V + E)) memory for c units run at once.
    public func bottlenecks(
        weights: [Double], workers: Int, limit: Int = 100,
        rules: BottleneckRules = .everything, runner: any UnitRunner = .sequential
    ) throws(PlanningError) -> BottleneckAnalysis {
        guard workers >= 1 else { throw .noWorkers(workers) }
        try validate(weights: weights, for: self)
        guard let order = topologicalOrder() else { throw .cycles(cycleGroups()) }
        return bottlenecks(
            weights: weights, workers: workers, limit: limit, rules: rules, runner: runner, dependenciesFirst: order,
            timing: try criticalPathAnalysis(weights: weights),
            baseline: listSchedule(weights: weights, workers: workers, dependenciesFirst: order, patch: .none, recording: false).makespan)
    }

    /// The same, given what a plan has already worked out: a topological
    /// order (dependencies first), the critical path analysis, and the
    /// makespan of the unchanged build. `resimulate` gives a change's
    /// makespan another way (the job-level model, ``JobPlan``); by default
    /// the graph's list schedule, patched.
    func bottlenecks(
        weights: [Double], workers: Int, limit: Int, rules: BottleneckRules, runner: any UnitRunner,
        dependenciesFirst order: [Int], timing: CriticalPathAnalysis, baseline: Double,
        resimulate: (@Sendable (BuildChange) -> Double)? = nil
    ) -> BottleneckAnalysis {
        let tolerance = 1e-9 * max(1, baseline)
        let allEdges = edges
        // Dependencies of composition roots are what those targets are for: never candidates.
        let removable = allEdges.indices.filter { !rules.compositionRoots.contains(allEdges[$0].from) }
        let perKind = min(max(0, limit), max(1, Self.bottleneckWorkBudget / (2 * max(1, vertexCount + edgeCount))))

        let splittable = (0..<vertexCount).filter { weights[$0] > 0 }
        let targetCandidates = smallest(perKind, of: splittable) { left, right in
            if timing.slack[left] != timing.slack[right] { return timing.slack[left] < timing.slack[right] }
            if weights[left] != weights[right] { return weights[left] > weights[right] }
            return left < right
        }
        func edgeSlack(_ edge: (from: Int, to: Int)) -> Double {
            max(0, timing.latestStart[edge.from] - timing.earliestStart[edge.to] - weights[edge.to])
        }
        let slackOfEdge = allEdges.map(edgeSlack)
        let edgeCandidates = smallest(perKind, of: removable) { left, right in
            slackOfEdge[left] != slackOfEdge[right] ? slackOfEdge[left] < slackOfEdge[right] : left < right
        }

        // Every candidate's simulation is independent of the others: a unit each, the
        // results in candidate order, so the report is the same however they run.
        let changes: [BuildChange] =
            targetCandidates.map { .splitTarget($0) }
            + edgeCandidates.map { .removeEdge(from: allEdges[$0].from, to: allEdges[$0].to) }
        let graph = self
        let results = runner.map(changes) { change in
            if let resimulate { return Bottleneck(change: change, makespan: resimulate(change)) }
            let patch: GraphPatch
            switch change {
            // The second half goes right after the vertex in the order: same dependencies, same dependents.
            case .splitTarget(let vertex): patch = .split(vertex)
            case let .removeEdge(from, to): patch = .removeEdge(from: from, to: to)
            }
            let makespan = graph.listSchedule(
                weights: weights, workers: workers, dependenciesFirst: order, patch: patch, recording: false
            ).makespan
            return Bottleneck(change: change, makespan: makespan)
        }
        let shortening = results.filter { $0.makespan < baseline - tolerance }
        let threshold = max(rules.minimumShare * baseline, rules.minimumGain)
        let ranked = shortening.filter { baseline - $0.makespan >= threshold - tolerance }.sorted { left, right in
            if left.makespan != right.makespan { return left.makespan < right.makespan }
            return Self.rank(left.change).lexicographicallyPrecedes(Self.rank(right.change))
        }
        return BottleneckAnalysis(
            baseline: baseline,
            targetSplitsTried: targetCandidates.count, targetSplitCandidates: splittable.count,
            edgeRemovalsTried: edgeCandidates.count, edgeRemovalCandidates: removable.count,
            ranked: ranked, hiddenBelowThreshold: shortening.count - ranked.count, threshold: threshold)
    }

    /// The `count` first of `items` in the order `isBefore` gives (a strict
    /// total order), in that order: what sorting all of them and taking a
    /// prefix gives, without sorting 300,000 dependencies to try 20.
    ///
    /// - Complexity: O(n·k) at worst for n items and k = `count` (an item that
    ///   enters shifts the ones kept after it), about O(n log k) when few enter.
    private func smallest(_ count: Int, of items: [Int], by isBefore: (Int, Int) -> Bool) -> [Int] {
        guard count > 0 else { return [] }
        guard count < items.count / 4 else { return Array(items.sorted(by: isBefore).prefix(count)) }
        // The kept items, sorted; a new item enters when it comes before the last one kept.
        var kept: [Int] = []
        kept.reserveCapacity(count + 1)
        for item in items {
            if kept.count == count, let last = kept.last, !isBefore(item, last) { continue }
            var low = 0
            var high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if isBefore(kept[middle], item) { low = middle + 1 } else { high = middle }
            }
            kept.insert(item, at: low)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }

    /// Splits before edge removals, then by vertex: a total order for ties.
    private static func rank(_ change: BuildChange) -> [Int] {
        switch change {
        case .splitTarget(let vertex): [0, vertex, 0]
        case let .removeEdge(from, to): [1, from, to]
        }
    }
}
