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
    /// Re-simulates the build once per candidate change and ranks those
    /// that shorten it.
    ///
    /// Candidates are every target of positive weight (split in two) and
    /// every dependency (removed), most critical first: targets by slack,
    /// then heavier first; dependencies by the slack of the edge (how much
    /// later the dependent could start than the dependency ends). At most
    /// `limit` of each kind are tried; a change away from every critical
    /// path rarely helps, so the cut keeps large graphs fast without hiding
    /// what matters.
    ///
    /// - Complexity: O(k · (V + E) log(V + E)) time for k = the candidates
    ///   tried (each needs a modified graph and one simulation), O(V + E) memory.
    public func bottlenecks(weights: [Double], workers: Int, limit: Int = 100,
                            rules: BottleneckRules = .everything) throws(PlanningError) -> BottleneckAnalysis {
        let baseline = try simulateBuild(weights: weights, workers: workers).makespan
        let timing = try criticalPathAnalysis(weights: weights)
        let tolerance = 1e-9 * max(1, baseline)
        let allEdges = edges
        // Dependencies of composition roots are what those targets are for: never candidates.
        let removable = allEdges.indices.filter { !rules.compositionRoots.contains(allEdges[$0].from) }

        let splittable = (0..<vertexCount).filter { weights[$0] > 0 }
        let targetCandidates = splittable.sorted { left, right in
            if timing.slack[left] != timing.slack[right] { return timing.slack[left] < timing.slack[right] }
            if weights[left] != weights[right] { return weights[left] > weights[right] }
            return left < right
        }.prefix(max(0, limit))
        func edgeSlack(_ edge: (from: Int, to: Int)) -> Double {
            max(0, timing.latestStart[edge.from] - timing.earliestStart[edge.to] - weights[edge.to])
        }
        let edgeCandidates = removable.sorted { left, right in
            let (leftSlack, rightSlack) = (edgeSlack(allEdges[left]), edgeSlack(allEdges[right]))
            return leftSlack != rightSlack ? leftSlack < rightSlack : left < right
        }.prefix(max(0, limit))

        var results: [Bottleneck] = []
        let plainEdges = allEdges.map { ($0.from, $0.to) }
        for vertex in targetCandidates {
            let half = vertexCount
            var splitEdges = plainEdges
            for dependency in successors(of: vertex) { splitEdges.append((half, dependency)) }
            for dependent in predecessors(of: vertex) { splitEdges.append((dependent, half)) }
            var splitWeights = weights
            splitWeights[vertex] = weights[vertex] / 2
            splitWeights.append(weights[vertex] / 2)
            let split = Digraph(vertexCount: vertexCount + 1, edges: splitEdges)
            let makespan = try split.simulateBuild(weights: splitWeights, workers: workers).makespan
            results.append(Bottleneck(change: .splitTarget(vertex), makespan: makespan))
        }
        for index in edgeCandidates {
            var remaining = plainEdges
            remaining.remove(at: index)
            let makespan = try Digraph(vertexCount: vertexCount, edges: remaining)
                .simulateBuild(weights: weights, workers: workers).makespan
            let edge = allEdges[index]
            results.append(Bottleneck(change: .removeEdge(from: edge.from, to: edge.to), makespan: makespan))
        }
        let shortening = results.filter { $0.makespan < baseline - tolerance }
        let threshold = max(rules.minimumShare * baseline, rules.minimumGain)
        let ranked = shortening.filter { baseline - $0.makespan >= threshold - tolerance }.sorted { left, right in
            if left.makespan != right.makespan { return left.makespan < right.makespan }
            return Self.rank(left.change).lexicographicallyPrecedes(Self.rank(right.change))
        }
        return BottleneckAnalysis(baseline: baseline,
                                  targetSplitsTried: targetCandidates.count, targetSplitCandidates: splittable.count,
                                  edgeRemovalsTried: edgeCandidates.count, edgeRemovalCandidates: removable.count,
                                  ranked: ranked, hiddenBelowThreshold: shortening.count - ranked.count, threshold: threshold)
    }

    /// Splits before edge removals, then by vertex: a total order for ties.
    private static func rank(_ change: BuildChange) -> [Int] {
        switch change {
        case .splitTarget(let vertex): [0, vertex, 0]
        case let .removeEdge(from, to): [1, from, to]
        }
    }
}
