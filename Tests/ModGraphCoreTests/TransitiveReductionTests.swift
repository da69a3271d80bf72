import ModGraphCore
import Testing
import ModGraphTestSupport

@Suite("Transitive reduction")
struct TransitiveReductionTests {
    @Test func diamondLosesItsShortcut() {
        // 0 → 3 is implied by 0 → 1 → 3.
        let diamond = graph(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
        let withShortcut = graph(4, [(0, 1), (0, 2), (0, 3), (1, 3), (2, 3)])
        #expect(withShortcut.transitiveReduction() == diamond)
        #expect(diamond.transitiveReduction() == diamond)
    }

    @Test func chainLosesEveryShortcut() {
        let chain = graph(4, [(0, 1), (1, 2), (2, 3)])
        #expect(graph(4, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]).transitiveReduction() == chain)
    }

    @Test func cyclicGraphReducesBetweenComponentsOnly() {
        // Components {0}, {1, 2, 3, 4}, {5}. Component edges: {0} → {1..4}
        // (from 0 → 1 and 0 → 2, both kept), {1..4} → {5} (4 → 5), and
        // {0} → {5} (0 → 5), which is implied and removed. Internal edges stay.
        let nested = graph(6, [(0, 1), (0, 2), (0, 5), (1, 2), (2, 1), (2, 3), (3, 4), (4, 1), (4, 5)])
        let expected = graph(6, [(0, 1), (0, 2), (1, 2), (2, 1), (2, 3), (3, 4), (4, 1), (4, 5)])
        #expect(nested.transitiveReduction() == expected)
    }

    @Test func selfLoopIsKept() {
        // 0 → 1 ↺ → 2 and the shortcut 0 → 2.
        let selfLoop = graph(3, [(0, 1), (0, 2), (1, 1), (1, 2)])
        #expect(selfLoop.transitiveReduction() == graph(3, [(0, 1), (1, 1), (1, 2)]))
    }

    @Test func emptySingleAndDuplicated() {
        #expect(graph(0, []).transitiveReduction() == graph(0, []))
        #expect(graph(1, []).transitiveReduction() == graph(1, []))
        #expect(graph(3, [(0, 1), (0, 1), (1, 2), (0, 2), (0, 2)]).transitiveReduction() == graph(3, [(0, 1), (1, 2)]))
    }

    @Test("Random DAGs: same reachability, and no kept edge is implied", arguments: 0..<300)
    func acyclicReductionIsMinimal(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let dag = random.smallGraph(maxVertices: 14, acyclic: true)
        let reduced = dag.transitiveReduction()
        let reaches = BruteForce.reachability(dag)

        #expect(reduced.vertexCount == dag.vertexCount)
        #expect(BruteForce.reachability(reduced) == reaches)
        #expect(reduced.edges.allSatisfy { dag.hasEdge(from: $0.from, to: $0.to) })
        for (from, to) in reduced.edges {
            let implied = reduced.successors(of: from).contains { $0 != to && reaches[$0][to] }
            #expect(!implied, "edge \(from) → \(to) is implied by another path")
        }
    }

    @Test("Random graphs: same reachability, subset of edges, idempotent", arguments: 0..<300)
    func cyclicReductionKeepsReachability(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 14, acyclic: false)
        let reduced = candidate.transitiveReduction()

        #expect(BruteForce.reachability(reduced) == BruteForce.reachability(candidate))
        #expect(reduced.edges.allSatisfy { candidate.hasEdge(from: $0.from, to: $0.to) })
        #expect(reduced.transitiveReduction() == reduced)
    }

    /// Bit sets of several words (a set per vertex, as long as the vertices before it).
    @Test("Larger random DAGs: same reachability, and no kept edge is implied", arguments: 0..<5)
    func largerAcyclicGraphs(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let dag = random.acyclicGraph(vertexCount: 150 + Int(seed) * 40, edgeCount: 1_000)
        let reduced = dag.transitiveReduction()
        let reaches = BruteForce.reachability(dag)
        #expect(BruteForce.reachability(reduced) == reaches)
        #expect(reduced.edgeCount < dag.edgeCount)
        #expect(reduced.edges.allSatisfy { dag.hasEdge(from: $0.from, to: $0.to) })
        let implied = reduced.edges.filter { edge in reduced.successors(of: edge.from).contains { $0 != edge.to && reaches[$0][edge.to] } }
        #expect(implied.isEmpty, "kept although implied by another path: \(implied.prefix(5))")
    }
}
