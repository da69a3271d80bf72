import ModGraphCore
@testable import ModGraphPlanning
import Testing
import ModGraphTestSupport

/// Invariants every plan must keep, on random DAGs (seeded, so a failure
/// names the seed that reproduces it).
@Suite("Planning properties on random DAGs")
struct PlanPropertyTests {
    private func randomCase(seed: UInt64, maxVertices: Int = 30) -> (Digraph, [Double], Int) {
        var random = SplitMix64(seed: seed)
        let count = random.next(in: 0...maxVertices)
        let graph = random.acyclicGraph(vertexCount: count, edgeCount: random.next(in: 0...(count * 3)))
        let weights = random.weights(count: count, in: 0...9)
        return (graph, weights, random.next(in: 1...4))
    }

    @Test("No target starts before its dependencies end", arguments: 0..<300)
    func dependenciesEndFirst(seed: UInt64) throws {
        let (graph, weights, workers) = randomCase(seed: seed)
        let build = try graph.simulateBuild(weights: weights, workers: workers)
        for (from, to) in graph.edges {
            #expect(build.start[from] >= build.end[to], "seed \(seed): \(from) starts before \(to) ends")
        }
        for vertex in 0..<graph.vertexCount {
            #expect(build.end[vertex] == build.start[vertex] + weights[vertex])
        }
    }

    @Test("Never more than N targets at once, never two on one worker", arguments: 0..<300)
    func workersAreNeverOverbooked(seed: UInt64) throws {
        let (graph, weights, workers) = randomCase(seed: seed)
        let build = try graph.simulateBuild(weights: weights, workers: workers)
        let busy = (0..<graph.vertexCount).filter { weights[$0] > 0 }
        for vertex in busy {
            let moment = build.start[vertex]
            let running = busy.filter { build.start[$0] <= moment && moment < build.end[$0] }
            #expect(running.count <= workers, "seed \(seed): \(running.count) running at \(moment)")
            #expect(Set(running.map { build.worker[$0] }).count == running.count, "seed \(seed): a worker runs two targets at \(moment)")
            #expect(build.worker[vertex] >= 0 && build.worker[vertex] < workers)
        }
    }

    @Test("No worker idles while a target is ready (list scheduling)", arguments: 0..<300)
    func noNeedlessIdling(seed: UInt64) throws {
        let (graph, weights, workers) = randomCase(seed: seed)
        let build = try graph.simulateBuild(weights: weights, workers: workers)
        let moments = Set(build.start + build.end)
        for vertex in 0..<graph.vertexCount {
            let ready = graph.successors(of: vertex).map { build.end[$0] }.max() ?? 0
            for moment in moments where ready <= moment && moment < build.start[vertex] {
                let running = (0..<graph.vertexCount).filter {
                    weights[$0] > 0 && build.start[$0] <= moment && moment < build.end[$0]
                }
                #expect(running.count == workers, "seed \(seed): \(vertex) waits at \(moment) with a worker free")
            }
        }
    }

    @Test("Makespan between the lower bound and Graham's bound", arguments: 0..<300)
    func makespanBounds(seed: UInt64) throws {
        let (graph, weights, workers) = randomCase(seed: seed)
        let build = try graph.simulateBuild(weights: weights, workers: workers)
        let timing = try graph.criticalPathAnalysis(weights: weights)
        #expect(build.criticalPathLength == timing.length)
        #expect(build.makespan >= build.lowerBound, "seed \(seed)")
        // Any list schedule ends by total work / N + (1 − 1/N) × critical path (Graham, 1969).
        let n = Double(workers)
        #expect(build.makespan <= build.totalWork / n + (1 - 1 / n) * timing.length + 1e-9, "seed \(seed)")
        #expect(build.idleTime == n * build.makespan - build.totalWork)
    }

    @Test("Waves agree with every edge", arguments: 0..<300)
    func wavesAgreeWithEdges(seed: UInt64) throws {
        let (graph, _, _) = randomCase(seed: seed)
        let waves = try #require(graph.buildWaves())
        for (from, to) in graph.edges {
            #expect(waves.waveOf[from] > waves.waveOf[to], "seed \(seed): edge \(from) → \(to)")
        }
        for vertex in 0..<graph.vertexCount where waves.waveOf[vertex] > 0 {
            // As early as possible: some dependency sits in the wave just before.
            #expect(graph.successors(of: vertex).contains { waves.waveOf[$0] == waves.waveOf[vertex] - 1 }, "seed \(seed)")
        }
        #expect(waves.members.flatMap { $0 }.sorted() == Array(0..<graph.vertexCount))
        #expect(waves.members.allSatisfy { !$0.isEmpty })
    }

    @Test("The critical path is a heaviest chain and sets every slack", arguments: 0..<300)
    func criticalPathAndSlack(seed: UInt64) throws {
        let (graph, weights, _) = randomCase(seed: seed)
        let timing = try graph.criticalPathAnalysis(weights: weights)
        for (below, above) in zip(timing.path, timing.path.dropFirst()) {
            #expect(graph.hasEdge(from: above, to: below), "seed \(seed)")
        }
        #expect(timing.path.map { weights[$0] }.reduce(0, +) == timing.length)
        for vertex in timing.path { #expect(timing.slack[vertex] == 0) }
        for vertex in 0..<graph.vertexCount {
            #expect(timing.slack[vertex] >= 0)
            #expect(timing.earliestStart[vertex] + timing.bottomLevel[vertex] <= timing.length)
            // Starting later by the slack still ends every chain through the vertex in time.
            #expect(timing.latestStart[vertex] + timing.bottomLevel[vertex] == timing.length || timing.slack[vertex] == 0)
        }
        for (from, to) in graph.edges {
            #expect(timing.earliestStart[from] >= timing.earliestStart[to] + weights[to])
            #expect(timing.latestStart[from] >= timing.latestStart[to] + weights[to])
        }
    }

    @Test("Every ranked bottleneck really shortens the build", arguments: 0..<100)
    func bottlenecksShorten(seed: UInt64) throws {
        let (graph, weights, workers) = randomCase(seed: seed, maxVertices: 12)
        let analysis = try graph.bottlenecks(weights: weights, workers: workers)
        #expect(analysis.targetSplitsTried == weights.filter { $0 > 0 }.count)
        #expect(analysis.edgeRemovalsTried == graph.edgeCount)
        for entry in analysis.ranked {
            #expect(entry.makespan < analysis.baseline)
            if case let .removeEdge(from, to) = entry.change {
                let without = Digraph(vertexCount: graph.vertexCount, edges: graph.edges.filter { $0 != (from, to) })
                #expect(try without.simulateBuild(weights: weights, workers: workers).makespan == entry.makespan)
            }
        }
        #expect(zip(analysis.ranked, analysis.ranked.dropFirst()).allSatisfy { $0.makespan <= $1.makespan })
    }

    /// A bottleneck search simulates each change on the graph as it is,
    /// patched on the fly; it must give what simulating the changed graph,
    /// built for real, gives: every start, end and worker, and, when it
    /// records nothing but the makespan, that makespan.
    @Test("A patched simulation equals the simulation of the changed graph", arguments: 0..<200)
    func patchedSimulationsMatchChangedGraphs(seed: UInt64) throws {
        let (graph, weights, workers) = randomCase(seed: seed)
        guard let order = graph.topologicalOrder() else { return }
        for vertex in 0..<graph.vertexCount {
            var edges = graph.edges.map { ($0.from, $0.to) }
            edges += graph.successors(of: vertex).map { (graph.vertexCount, $0) }
            edges += graph.predecessors(of: vertex).map { ($0, graph.vertexCount) }
            var splitWeights = weights
            splitWeights[vertex] = weights[vertex] / 2
            splitWeights.append(weights[vertex] / 2)
            let expected = try Digraph(vertexCount: graph.vertexCount + 1, edges: edges).simulateBuild(
                weights: splitWeights, workers: workers)
            let patched = graph.listSchedule(weights: weights, workers: workers, dependenciesFirst: order, patch: .split(vertex))
            #expect(
                patched.start == expected.start && patched.end == expected.end && patched.worker == expected.worker,
                "seed \(seed): split \(vertex)")
            #expect(patched.criticalPathLength == expected.criticalPathLength, "seed \(seed): split \(vertex)")
            let makespan = graph.listSchedule(
                weights: weights, workers: workers, dependenciesFirst: order, patch: .split(vertex), recording: false
            ).makespan
            #expect(makespan == expected.makespan && makespan == (expected.end.max() ?? 0), "seed \(seed): split \(vertex)")
        }
        for (index, edge) in graph.edges.enumerated() {
            var edges = graph.edges.map { ($0.from, $0.to) }
            edges.remove(at: index)
            let expected = try Digraph(vertexCount: graph.vertexCount, edges: edges).simulateBuild(weights: weights, workers: workers)
            let patched = graph.listSchedule(
                weights: weights, workers: workers, dependenciesFirst: order, patch: .removeEdge(from: edge.from, to: edge.to))
            #expect(
                patched.start == expected.start && patched.end == expected.end && patched.worker == expected.worker,
                "seed \(seed): without \(edge.from) → \(edge.to)")
            let makespan = graph.listSchedule(
                weights: weights, workers: workers, dependenciesFirst: order, patch: .removeEdge(from: edge.from, to: edge.to),
                recording: false
            ).makespan
            #expect(makespan == expected.makespan, "seed \(seed): without \(edge.from) → \(edge.to)")
        }
    }
}
