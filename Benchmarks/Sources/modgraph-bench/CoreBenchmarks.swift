import BenchmarkKit
import ModGraphCore

/// The graph core on the sizes the issues set: 100,000 targets with about
/// 700,000 edges, and transitive reduction of a 10,000-target random DAG.
func coreBenchmarks() -> [Measurement] {
    let large = SyntheticGraph.randomDAG(vertices: 100_000, averageDegree: 7, seed: 7)
    let medium = SyntheticGraph.randomDAG(vertices: 10_000, averageDegree: 7, seed: 10)
    let edges = large.edges.map { ($0.from, $0.to) }
    return [
        measure("core: build 100k targets / \(large.edgeCount) edges", target: nil) {
            _ = Digraph(vertexCount: 100_000, edges: edges)
        },
        measure("core: topological order, 100k targets", target: 1) {
            _ = large.topologicalOrder()
        },
        measure("core: longest chain, 100k targets") {
            _ = large.longestChain()
        },
        measure("core: strongly connected components, 100k") {
            _ = large.stronglyConnectedComponents()
        },
        measure("core: transitive reduction, 10k / \(medium.edgeCount) edges", runs: 3, target: 1) {
            _ = medium.transitiveReduction()
        },
    ]
}
