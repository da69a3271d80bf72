import ModGraphCore

/// The shortest possible build of a small graph on a few workers, found by
/// exhaustive search: a deliberately naive reference for the heuristic.
///
/// Any schedule can be shifted left until each target starts either when
/// its worker frees up or when its last dependency ends. Listing those
/// targets by start time and dispatching them one by one, each onto its
/// worker at `max(worker free, dependencies ended)`, reproduces it; so
/// trying every dispatch order (in non-decreasing start time) and every
/// worker finds the optimum. Workers free at the same time are
/// interchangeable, so only the first is tried, and branches that cannot
/// beat the best so far are cut.
enum OptimalSchedule {
    static func makespan(_ graph: Digraph, weights: [Double], workers: Int) -> Double {
        let count = graph.vertexCount
        // The heaviest chain from each vertex up through its dependents, its own weight included.
        var above = weights
        for vertex in (graph.topologicalOrder() ?? []).reversed() {
            above[vertex] = weights[vertex] + (graph.predecessors(of: vertex).map { above[$0] }.max() ?? 0)
        }
        var best = weights.reduce(0, +)
        var end = [Double](repeating: 0, count: count)
        var placed = [Bool](repeating: false, count: count)
        var free = [Double](repeating: 0, count: workers)

        func readyTime(_ vertex: Int) -> Double? {
            var ready = 0.0
            for dependency in graph.successors(of: vertex) {
                guard placed[dependency] else { return nil }
                ready = max(ready, end[dependency])
            }
            return ready
        }

        func search(placedCount: Int, makespan: Double, remainingWork: Double, lastStart: Double) {
            if placedCount == count {
                best = min(best, makespan)
                return
            }
            // Every worker ends no earlier than it is free, the rest of the work must fit
            // somewhere, and each unplaced target still has its chain of dependents to run.
            var bound = max(makespan, (free.reduce(0, +) + remainingWork) / Double(workers))
            for vertex in 0..<count where !placed[vertex] {
                let earliest = graph.successors(of: vertex).reduce(lastStart) { placed[$1] ? max($0, end[$1]) : $0 }
                bound = max(bound, earliest + above[vertex])
            }
            if bound >= best { return }
            for vertex in 0..<count where !placed[vertex] {
                guard let ready = readyTime(vertex) else { continue }
                var triedFreeTimes: [Double] = []
                for worker in 0..<workers where !triedFreeTimes.contains(free[worker]) {
                    triedFreeTimes.append(free[worker])
                    let start = max(free[worker], ready)
                    guard start >= lastStart else { continue }
                    let previousFree = free[worker]
                    end[vertex] = start + weights[vertex]
                    free[worker] = end[vertex]
                    placed[vertex] = true
                    search(
                        placedCount: placedCount + 1, makespan: max(makespan, end[vertex]),
                        remainingWork: remainingWork - weights[vertex], lastStart: start)
                    placed[vertex] = false
                    free[worker] = previousFree
                }
            }
        }
        search(placedCount: 0, makespan: 0, remainingWork: best, lastStart: 0)
        return best
    }
}
