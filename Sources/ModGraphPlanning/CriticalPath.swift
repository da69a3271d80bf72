import ModGraphCore

/// Timing of a build with unlimited workers: when each target can start at
/// the earliest, when it must start at the latest so the build still ends
/// as early as possible, and the heaviest dependency chain that sets that end.
public struct CriticalPathAnalysis: Sendable, Equatable {
    /// The earliest start of each vertex: the latest end among its dependencies.
    public let earliestStart: [Double]
    /// The latest start of each vertex that does not delay the end of the build.
    public let latestStart: [Double]
    /// `latestStart − earliestStart`: how much later a vertex could start
    /// without delaying the end. Zero on every critical path.
    public let slack: [Double]
    /// For each vertex, the heaviest chain from it up through its dependents
    /// to a target nothing depends on, its own weight included: the work that
    /// must still follow once it starts. Scheduling texts call this the
    /// bottom level (their graphs point from a task to its successors); it
    /// is the list scheduler's priority.
    public let bottomLevel: [Double]
    /// The heaviest dependency chain, in build order: from a vertex without
    /// dependencies up to the last dependent.
    public let path: [Int]
    /// The summed weight of `path`: the shortest possible build, whatever the workers.
    public let length: Double
}

extension Digraph {
    /// Earliest and latest starts, slack and the critical path for `weights`.
    ///
    /// Earliest starts come from a pass in dependencies-first order, bottom
    /// levels (the heaviest chain from a vertex up through its dependents,
    /// its own weight included) from the reverse pass. Then the latest start
    /// is `length − bottomLevel`. Slack within a millionth of the
    /// critical path's length of zero is rounded to zero, so that different
    /// summation orders cannot make a critical target look slightly
    /// non-critical.
    ///
    /// - Complexity: O(V log V + E) time, O(V) memory.
    public func criticalPathAnalysis(weights: [Double]) throws(PlanningError) -> CriticalPathAnalysis {
        try validate(weights: weights, for: self)
        guard let order = topologicalOrder() else { throw .cycles(cycleGroups()) }
        var earliestStart = [Double](repeating: 0, count: vertexCount)
        for vertex in order {
            for dependency in successors(of: vertex) {
                earliestStart[vertex] = max(earliestStart[vertex], earliestStart[dependency] + weights[dependency])
            }
        }
        let bottomLevel = bottomLevels(weights: weights, dependenciesFirst: order)
        // The core's heaviest chain runs from a dependent down; builds run up.
        let (chain, length) = longestPath(weights: weights) ?? ([], 0)
        let tolerance = 1e-9 * max(1, length)
        var latestStart = [Double](repeating: 0, count: vertexCount)
        var slack = [Double](repeating: 0, count: vertexCount)
        for vertex in 0..<vertexCount {
            latestStart[vertex] = length - bottomLevel[vertex]
            let difference = latestStart[vertex] - earliestStart[vertex]
            if difference <= tolerance {
                latestStart[vertex] = earliestStart[vertex]
            } else {
                slack[vertex] = difference
            }
        }
        return CriticalPathAnalysis(
            earliestStart: earliestStart, latestStart: latestStart, slack: slack,
            bottomLevel: bottomLevel, path: chain.reversed(), length: length)
    }

    /// For each vertex, the heaviest chain from it up through its dependents
    /// to a vertex nothing depends on, its own weight included.
    ///
    /// - Complexity: O(V + E) for a given order.
    func bottomLevels(weights: [Double], dependenciesFirst order: [Int]) -> [Double] {
        var level = weights
        for vertex in order.reversed() {
            var heaviestAbove = 0.0
            for dependent in predecessors(of: vertex) {
                heaviestAbove = max(heaviestAbove, level[dependent])
            }
            level[vertex] = weights[vertex] + heaviestAbove
        }
        return level
    }
}
