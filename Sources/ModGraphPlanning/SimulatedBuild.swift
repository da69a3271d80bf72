import HeapModule
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
        return SimulatedBuild(
            workers: workers, schedule: listSchedule(weights: weights, workers: workers, dependenciesFirst: order, patch: .none))
    }

    /// The list schedule of this acyclic graph, or of the graph `patch`
    /// changes, which is never built: a bottleneck search re-simulates the
    /// build once per candidate change, and copying a graph of 100,000
    /// targets for each cost more than the simulation. `order` lists every
    /// vertex after its dependencies (the graph's; a split's second half goes
    /// right after the vertex split).
    ///
    /// Without `recording`, only the makespan is kept (a bottleneck search
    /// needs nothing else): three arrays of V fewer per re-simulation.
    ///
    /// With `sharing` that slows jobs, weights are times alone and every
    /// running vertex progresses at the pace the busy workers allow: as all
    /// run at the same pace, the schedule runs on a clock of work done (which
    /// orders the ends as before) and a second clock turns each step of work
    /// into time, `step × factor(running)`.
    ///
    /// - Complexity: O((V + E) log V) time: each vertex enters and leaves the
    ///   ready and running heaps once, and each edge is looked at twice (for
    ///   the priorities and to release the dependent). O(V) memory.
    func listSchedule(
        weights baseWeights: [Double], workers: Int, dependenciesFirst order: [Int], patch: GraphPatch, recording: Bool = true,
        sharing: CoreSharing = .none
    ) -> ListSchedule {
        // The patch, spelled out: a removed edge, or the vertex split and its second half.
        var removedFrom = -1
        var removedTo = -1
        var split = -1
        var count = vertexCount
        var weights = baseWeights
        var isDependencyOfSplit: [Bool] = []
        switch patch {
        case .none: break
        case let .removeEdge(from, to): (removedFrom, removedTo) = (from, to)
        case let .split(vertex):
            split = vertex
            count += 1
            weights[vertex] = baseWeights[vertex] / 2
            weights.append(baseWeights[vertex] / 2)
            isDependencyOfSplit = [Bool](repeating: false, count: vertexCount)
            for dependency in successors(of: vertex) { isDependencyOfSplit[dependency] = true }
        }
        let half = split >= 0 ? vertexCount : -1

        return withCompressedRows { forwardOffsets, _, reverseOffsets, reverseTargets in
            // Priorities: the bottom levels of the patched graph (the half's dependents are the vertex's,
            // and every dependency of the vertex has the half as one more dependent).
            var priority = weights
            func heaviestAbove(_ vertex: Int) -> Double {
                var heaviest = 0.0
                for position in reverseOffsets[vertex]..<reverseOffsets[vertex + 1] {
                    let dependent = reverseTargets[position]
                    if vertex == removedTo && dependent == removedFrom { continue }
                    heaviest = max(heaviest, priority[dependent])
                }
                if split >= 0, vertex < vertexCount, isDependencyOfSplit[vertex] { heaviest = max(heaviest, priority[half]) }
                return heaviest
            }
            for vertex in order.reversed() {
                if vertex == split { priority[half] = weights[half] + heaviestAbove(split) }
                priority[vertex] = weights[vertex] + heaviestAbove(vertex)
            }
            let criticalPathLength = priority.max() ?? 0

            let recorded = recording ? count : 0
            var start = [Double](repeating: 0, count: recorded)
            var end = [Double](repeating: 0, count: recorded)
            var worker = [Int](repeating: 0, count: recorded)
            var waitingFor = [Int](repeating: 0, count: count)
            for vertex in 0..<vertexCount { waitingFor[vertex] = forwardOffsets[vertex + 1] - forwardOffsets[vertex] }
            if removedFrom >= 0 { waitingFor[removedFrom] -= 1 }
            if split >= 0 {
                waitingFor[half] = waitingFor[split]
                for position in reverseOffsets[split]..<reverseOffsets[split + 1] { waitingFor[reverseTargets[position]] += 1 }
            }
            var ready = Heap<ReadyTarget>()
            var running = Heap<RunningTarget>()
            var freeWorkers = Heap<FreeWorker>()
            for index in 0..<min(workers, max(count, 1)) { freeWorkers.insert(FreeWorker(index: index)) }
            for vertex in 0..<count where waitingFor[vertex] == 0 { ready.insert(ReadyTarget(priority: priority[vertex], vertex: vertex)) }

            // `now` counts work done by each running vertex; `clock` is time, the same without sharing.
            var now = 0.0
            var clock = 0.0
            let slows = sharing.slows
            while true {
                while !ready.isEmpty, let free = freeWorkers.popMin(), let next = ready.popMin() {
                    let finish = now + weights[next.vertex]
                    if recording {
                        start[next.vertex] = slows ? clock : now
                        end[next.vertex] = finish
                        worker[next.vertex] = free.index
                    }
                    running.insert(RunningTarget(end: finish, vertex: next.vertex, worker: free.index))
                }
                guard let earliest = running.min else { break }
                if slows { clock += (earliest.end - now) * sharing.factor(busy: Double(running.count)) }
                now = earliest.end
                while let finished = running.min, finished.end == now {
                    _ = running.popMin()
                    if recording, slows { end[finished.vertex] = clock }
                    freeWorkers.insert(FreeWorker(index: finished.worker))
                    // The half has the vertex's dependents; each dependency of the vertex is one of the half's too.
                    let vertex = finished.vertex == half ? split : finished.vertex
                    for position in reverseOffsets[vertex]..<reverseOffsets[vertex + 1] {
                        let dependent = reverseTargets[position]
                        if vertex == removedTo && dependent == removedFrom { continue }
                        waitingFor[dependent] -= 1
                        if waitingFor[dependent] == 0 { ready.insert(ReadyTarget(priority: priority[dependent], vertex: dependent)) }
                    }
                    if split >= 0, finished.vertex < vertexCount, isDependencyOfSplit[finished.vertex] {
                        waitingFor[half] -= 1
                        if waitingFor[half] == 0 { ready.insert(ReadyTarget(priority: priority[half], vertex: half)) }
                    }
                }
            }
            // The last target to end ends last: `now` (`clock`) is the largest end.
            return ListSchedule(
                weights: weights, start: start, end: end, worker: worker, makespan: slows ? clock : now,
                criticalPathLength: criticalPathLength)
        }
    }
}

/// A change a bottleneck search simulates without building the changed graph.
enum GraphPatch: Equatable {
    case none
    /// `from` no longer depends on `to`.
    case removeEdge(from: Int, to: Int)
    /// The vertex in two halves of half its weight, the second half being
    /// vertex `vertexCount`, with the same dependencies and dependents.
    case split(Int)
}

/// What ``Digraph/listSchedule(weights:workers:dependenciesFirst:patch:)`` found, per vertex of the patched graph.
extension SimulatedBuild {
    /// The build a list schedule of the unpatched graph describes.
    init(workers: Int, schedule: ListSchedule) {
        self.init(
            workers: workers, start: schedule.start, end: schedule.end, worker: schedule.worker,
            makespan: schedule.makespan, totalWork: schedule.weights.reduce(0, +),
            criticalPathLength: schedule.criticalPathLength)
    }
}

struct ListSchedule {
    let weights: [Double]
    /// Per vertex; empty when not recording.
    let start: [Double]
    let end: [Double]
    let worker: [Int]
    /// When the last target ends.
    let makespan: Double
    let criticalPathLength: Double
}

/// Ready targets leave by priority, highest first, ties to the smaller vertex
/// (the heaps pop their least element: "less" is "leaves first"). The
/// job-level schedule's modules wait in the same order.
struct ReadyTarget: Comparable {
    let priority: Double
    let vertex: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.vertex < rhs.vertex
    }
}

/// Running targets leave by end, earliest first, ties to the smaller vertex.
struct RunningTarget: Comparable {
    let end: Double
    let vertex: Int
    /// Free again when the target ends.
    let worker: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.end != rhs.end ? lhs.end < rhs.end : lhs.vertex < rhs.vertex
    }

    /// Equal when neither leaves first: the same end and vertex.
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.end == rhs.end && lhs.vertex == rhs.vertex
    }
}

/// Free workers are taken lowest index first.
private struct FreeWorker: Comparable {
    let index: Int

    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.index < rhs.index
    }
}
