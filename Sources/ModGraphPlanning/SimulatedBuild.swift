import ModGraphCore

/// A build simulated on a fixed number of workers: when each target starts
/// and ends, on which worker, and how good the result is compared with the
/// best any schedule could do.
public struct SimulatedBuild: Sendable, Equatable {
    public let workers: Int
    public let start: [Double]
    public let end: [Double]
    /// The worker (0-based) each vertex ran on.
    public let worker: [Int]
    /// When the last target ends.
    public let makespan: Double
    /// The sum of all weights: the busy time of all workers together.
    public let totalWork: Double
    /// The critical path's length: no schedule ends earlier.
    public let criticalPathLength: Double

    /// No schedule on `workers` workers can end before this:
    /// `max(critical path, total work ÷ workers)`.
    public var lowerBound: Double { max(criticalPathLength, totalWork / Double(workers)) }

    /// The share of worker time spent building, `total work ÷ (workers × makespan)`;
    /// 1 for an empty build.
    public var efficiency: Double {
        makespan > 0 ? totalWork / (Double(workers) * makespan) : 1
    }

    /// Worker time spent waiting: `workers × makespan − total work`.
    public var idleTime: Double { max(0, Double(workers) * makespan - totalWork) }
}

extension Digraph {
    /// Simulates building the graph on `workers` workers by list scheduling
    /// with a critical-path priority (Hu's level heuristic, generalised to
    /// weights; also called HLFET, "highest level first"): whenever a worker
    /// is free, it takes the ready target (all dependencies ended) with the
    /// heaviest chain of work still above it (its bottom level), ties going to
    /// the smaller vertex. Workers are taken lowest index first. Targets that
    /// end at the same moment all release their dependents before anything
    /// new starts, so the order of equal events never matters.
    ///
    /// A target of weight zero still passes through a worker, for no time:
    /// it never delays another target and never counts as running.
    ///
    /// - Complexity: O((V + E) log V) time, O(V) memory.
    public func simulateBuild(weights: [Double], workers: Int) throws(PlanningError) -> SimulatedBuild {
        guard workers >= 1 else { throw .noWorkers(workers) }
        try validate(weights: weights, for: self)
        guard let order = topologicalOrder() else { throw .cycles(cycleGroups()) }
        let priority = bottomLevels(weights: weights, dependenciesFirst: order)
        let criticalPathLength = priority.max() ?? 0
        return runListScheduling(weights: weights, workers: workers, priority: priority,
                                 criticalPathLength: criticalPathLength)
    }

    /// The event loop of ``simulateBuild(weights:workers:)`` for a known
    /// acyclic graph and priorities.
    ///
    /// - Complexity: O((V + E) log V) time: each vertex enters and leaves
    ///   the ready and running heaps once, and each edge is looked at once.
    func runListScheduling(weights: [Double], workers: Int, priority: [Double], criticalPathLength: Double) -> SimulatedBuild {
        var start = [Double](repeating: 0, count: vertexCount)
        var end = [Double](repeating: 0, count: vertexCount)
        var worker = [Int](repeating: 0, count: vertexCount)
        var waitingFor = (0..<vertexCount).map { successors(of: $0).count }
        var ready = PriorityQueue<Int> { left, right in
            priority[left] != priority[right] ? priority[left] > priority[right] : left < right
        }
        var running = PriorityQueue<(end: Double, vertex: Int)> { left, right in
            left.end != right.end ? left.end < right.end : left.vertex < right.vertex
        }
        var freeWorkers = PriorityQueue<Int>(by: <)
        for index in 0..<min(workers, max(vertexCount, 1)) { freeWorkers.insert(index) }
        for vertex in 0..<vertexCount where waitingFor[vertex] == 0 { ready.insert(vertex) }

        var now = 0.0
        while true {
            while !ready.isEmpty, let free = freeWorkers.popFirst(), let next = ready.popFirst() {
                start[next] = now
                end[next] = now + weights[next]
                worker[next] = free
                running.insert((end[next], next))
            }
            guard let earliest = running.first else { break }
            now = earliest.end
            while let finished = running.first, finished.end == now {
                _ = running.popFirst()
                freeWorkers.insert(worker[finished.vertex])
                for dependent in predecessors(of: finished.vertex) {
                    waitingFor[dependent] -= 1
                    if waitingFor[dependent] == 0 { ready.insert(dependent) }
                }
            }
        }
        let totalWork = weights.reduce(0, +)
        return SimulatedBuild(workers: workers, start: start, end: end, worker: worker,
                              makespan: end.max() ?? 0, totalWork: totalWork,
                              criticalPathLength: criticalPathLength)
    }
}
