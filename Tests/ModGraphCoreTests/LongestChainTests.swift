import ModGraphCore
import Testing
import ModGraphTestSupport

@Suite("Depths and longest chains")
struct LongestChainTests {
    // 0 → 1, 0 → 2, 1 → 3, 2 → 3
    let diamond = graph(4, [(0, 1), (0, 2), (1, 3), (2, 3)])

    @Test func diamondDepthsAndChain() {
        // 3 is a leaf (1); 1 and 2 sit on it (2); 0 on top (3). Chains
        // 0-1-3 and 0-2-3 tie: the smaller second vertex wins.
        #expect(diamond.depths() == [3, 2, 2, 1])
        #expect(diamond.longestChain() == [0, 1, 3])
    }

    @Test func weightedDiamondPrefersTheHeavyBranch() {
        let heavy = diamond.longestPath(weights: [1, 1, 5, 1])
        #expect(heavy?.path == [0, 2, 3])
        #expect(heavy?.total == 7)
        let uniform = diamond.longestPath(weights: [1, 1, 1, 1])
        #expect(uniform?.path == [0, 1, 3])
        #expect(uniform?.total == 3)
    }

    @Test func chain() {
        let chain = graph(4, [(0, 1), (1, 2), (2, 3)])
        #expect(chain.depths() == [4, 3, 2, 1])
        #expect(chain.longestChain() == [0, 1, 2, 3])
    }

    @Test func longestStartsAnywhereAndTiesGoToTheSmallestStart() {
        // 1 → 2 → 3 (three vertices) beats 0 → 4 (two).
        #expect(graph(5, [(1, 2), (2, 3), (0, 4)]).longestChain() == [1, 2, 3])
        // 0 → 1 and 2 → 3 tie.
        #expect(graph(4, [(2, 3), (0, 1)]).longestChain() == [0, 1])
        // A single heavy vertex outweighs a light chain.
        let weighted = graph(3, [(0, 1)]).longestPath(weights: [1, 1, 10])
        #expect(weighted?.path == [2])
        #expect(weighted?.total == 10)
    }

    @Test func cyclicGraphsHaveNoChains() {
        let cyclic = graph(3, [(0, 1), (1, 2), (2, 1)])
        #expect(cyclic.depths() == nil)
        #expect(cyclic.longestChain() == nil)
        #expect(cyclic.longestPath(weights: [1, 1, 1]) == nil)
        #expect(graph(1, [(0, 0)]).longestChain() == nil)
    }

    @Test func emptyAndSingleVertex() {
        #expect(graph(0, []).depths() == [])
        #expect(graph(0, []).longestChain() == [])
        #expect(graph(0, []).longestPath(weights: [])?.path == [])
        #expect(graph(0, []).longestPath(weights: [])?.total == 0)
        #expect(graph(1, []).depths() == [1])
        #expect(graph(1, []).longestChain() == [0])
        #expect(graph(1, []).longestPath(weights: [2.5])?.total == 2.5)
    }

    @Test("Random small DAGs: match brute-force path enumeration", arguments: 0..<300)
    func matchesBruteForce(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let dag = random.smallGraph(maxVertices: 9, acyclic: true)
        let paths = BruteForce.allPaths(dag)
        let weights = (0..<dag.vertexCount).map { _ in Double(random.next(in: 0...9)) }

        let expectedDepths = (0..<dag.vertexCount).map { start in
            paths.filter { $0.first == start }.map(\.count).max() ?? 0
        }
        #expect(dag.depths() == expectedDepths)

        let longestLength = paths.map(\.count).max() ?? 0
        let smallestLongest = paths.filter { $0.count == longestLength }.min { $0.lexicographicallyPrecedes($1) } ?? []
        #expect(dag.longestChain() == smallestLongest)

        let heaviest = dag.longestPath(weights: weights)
        let expectedTotal = paths.map { $0.reduce(0) { $0 + weights[$1] } }.max() ?? 0
        #expect(heaviest?.total == expectedTotal)
        if let path = heaviest?.path {
            #expect(path.reduce(0) { $0 + weights[$1] } == expectedTotal)
            #expect(zip(path, path.dropFirst()).allSatisfy { dag.hasEdge(from: $0, to: $1) })
            #expect(path.last.map { dag.successors(of: $0).isEmpty } ?? true)
        }

        let uniform = dag.longestPath(weights: Array(repeating: 1, count: dag.vertexCount))
        #expect(uniform?.path == dag.longestChain())
    }

    /// Depths come from a first-in, first-out walk that writes each depth
    /// once, when the vertex is readied; the definition settles them by
    /// maximum over every dependency.
    @Test("Larger random DAGs: depths match their definition", arguments: 0..<20)
    func depthsMatchTheDefinition(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let dag = random.acyclicGraph(vertexCount: random.next(in: 1...3_000), edgeCount: random.next(in: 0...12_000))
        guard let order = dag.topologicalOrder() else {
            Issue.record("an acyclic graph has an order")
            return
        }
        #expect(dag.depths() == BruteForce.depths(dag, order: order))
    }
}
