import BenchmarkKit
import ModGraphCore
import ModGraphPlanning
import GraphTestSupport

/// Build planning on 100,000 targets (about 700,000 edges), as issue 4 sets:
/// waves, critical path with slack, and a simulated build, each under 1 s.
/// Weights are deterministic pseudo-random seconds, so ties are rare and the
/// scheduler's heaps do real work.
func planningBenchmarks() -> [Measurement] {
    let graph = SyntheticGraph.randomDAG(vertices: 100_000, averageDegree: 7, seed: 7)
    var random = SplitMix64(seed: 4)
    let weights = (0..<graph.vertexCount).map { _ in Double(random.next() % 10_000) / 1000 }
    let medium = SyntheticGraph.randomDAG(vertices: 2_000, averageDegree: 5, seed: 11)
    let mediumWeights = Array(weights.prefix(medium.vertexCount))
    var figures: [String] = []
    let results = [
        measure("planning: waves, 100k targets", target: 1) {
            graph.buildWaves()
        },
        measure("planning: critical path + slack, 100k", target: 1) {
            try? graph.criticalPathAnalysis(weights: weights)
        },
        measure("planning: simulate on 8 workers, 100k", target: 1) {
            try? graph.simulateBuild(weights: weights, workers: 8)
        },
        measure("planning: all three, 100k", target: 1) {
            let waves = graph.buildWaves()
            let timing = try? graph.criticalPathAnalysis(weights: weights)
            let build = try? graph.simulateBuild(weights: weights, workers: 8)
            if figures.isEmpty, let waves, let timing, let build {
                figures.append("100k: \(waves.members.count) waves, critical path \(timing.path.count) targets / \(Int(timing.length)) s, "
                    + "makespan \(Int(build.makespan)) s on 8 workers (lower bound \(Int(build.lowerBound)) s)")
            }
        },
        measure("planning: bottlenecks, 2k targets, 200 tries", runs: 3) {
            try? medium.bottlenecks(weights: mediumWeights, workers: 8, limit: 100)
        },
    ]
    for line in figures { print(line) }
    return results
}
