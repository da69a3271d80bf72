import BenchmarkKit
import ModGraphCore

/// The graph core on the sizes the issues set: 100,000 targets with about
/// 700,000 edges, and transitive reduction of a 10,000-target random DAG.
/// `scripts/bench.sh` runs networkx on the same graphs (same seeds, written
/// by `modgraph-gen --random-dag`) for comparison.
func coreBenchmarks() -> [Measurement] {
    let large = SyntheticGraph.randomDAG(vertices: 100_000, averageDegree: 7, seed: 7)
    let medium = SyntheticGraph.randomDAG(vertices: 10_000, averageDegree: 7, seed: 10)
    let edges = large.edges.map { ($0.from, $0.to) }
    // The same graph numbered at random (`modgraph-gen --renumber 8` writes it for networkx).
    let renumbered = SyntheticGraph.renumbered(large, seed: 8)
    // The same graph with names, as the loader hands it over.
    let package = PackageIdentity("app")
    let targets = (0..<100_000).map { Target(id: TargetID(package: package, name: "Target\($0)"), type: .regular, path: nil) }
    let namedEdges = edges.map { Edge(from: targets[$0.0].id, to: targets[$0.1].id, kind: .target) }
    let packages = [Package(identity: package, name: "App", path: ".", origin: .root, location: nil, isLoaded: true)]
    return [
        measure("core: build 100k targets / \(large.edgeCount) edges", target: nil) {
            Digraph(vertexCount: 100_000, edges: edges)
        },
        measure("core: build + topological order, 100k", target: 1) {
            Digraph(vertexCount: 100_000, edges: edges).topologicalOrder()
        },
        measure("core: topological order, 100k targets", target: 1) {
            large.topologicalOrder()
        },
        measure("core: layers (depths), 100k targets") {
            large.depths()
        },
        measure("core: topological order, 100k, numbered at random") {
            renumbered.topologicalOrder()
        },
        measure("core: layers (depths), 100k, numbered at random") {
            renumbered.depths()
        },
        measure("core: longest chain, 100k targets") {
            large.longestChain()
        },
        measure("core: strongly connected components, 100k") {
            large.stronglyConnectedComponents()
        },
        measure("core: ModuleGraph with names + order, 100k", runs: 3, target: 1) {
            ModuleGraph(packages: packages, targets: targets, products: [], edges: namedEdges).digraph.topologicalOrder()
        },
        measure("core: transitive reduction, 10k / \(medium.edgeCount) edges", runs: 3, target: 1) {
            medium.transitiveReduction()
        },
    ]
}
