import ModGraphCore
import Testing
import ModGraphTestSupport

@Suite("Topological order")
struct TopologicalOrderTests {
    @Test func diamondPutsDependenciesFirst() {
        // 0 → 1, 0 → 2, 1 → 3, 2 → 3. Only 3 is ready; then 1 and 2
        // (smallest first); 0 last.
        let diamond = graph(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
        #expect(diamond.topologicalOrder() == [3, 1, 2, 0])
        #expect(diamond.isAcyclic)
    }

    @Test func chainIsReversed() {
        // 0 → 1 → 2 → 3: the deepest dependency 3 is built first.
        #expect(graph(4, [(0, 1), (1, 2), (2, 3)]).topologicalOrder() == [3, 2, 1, 0])
    }

    @Test func tiesGoToTheSmallestReadyVertex() {
        // 3 → 0 and 1 → 2. Ready: {0, 2}. Take 0, which frees 3: {2, 3}.
        // Take 2, which frees 1: {1, 3}. A FIFO queue would give [0, 2, 3, 1].
        #expect(graph(4, [(3, 0), (1, 2)]).topologicalOrder() == [0, 2, 1, 3])
        #expect(graph(5, []).topologicalOrder() == [0, 1, 2, 3, 4])
    }

    @Test func cyclesHaveNoOrder() {
        let twoCycle = graph(3, [(0, 1), (1, 0), (1, 2)])
        #expect(twoCycle.topologicalOrder() == nil)
        #expect(!twoCycle.isAcyclic)
    }

    @Test func selfLoopIsACycle() {
        let selfLoop = graph(3, [(0, 1), (1, 1), (1, 2)])
        #expect(selfLoop.topologicalOrder() == nil)
        #expect(!selfLoop.isAcyclic)
    }

    @Test func emptyAndSingleVertex() {
        #expect(graph(0, []).topologicalOrder() == [])
        #expect(graph(0, []).isAcyclic)
        #expect(graph(1, []).topologicalOrder() == [0])
    }

    @Test func duplicateEdgesCountOnce() {
        // If 0 → 1 were counted three times, 0 would never become ready.
        let duplicated = graph(3, [(0, 1), (0, 1), (1, 2), (0, 1)])
        #expect(duplicated.edgeCount == 2)
        #expect(duplicated.topologicalOrder() == [2, 1, 0])
    }

    @Test("Random acyclic graphs: every edge is respected", arguments: 0..<200)
    func respectsEveryEdge(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let dag = random.acyclicGraph(vertexCount: random.next(in: 0...60), edgeCount: random.next(in: 0...200))
        let order = dag.topologicalOrder()
        #expect(order.map { BruteForce.isDependenciesFirstOrder($0, of: dag) } == true)
        #expect(dag.isAcyclic)
    }

    @Test("Random graphs: nil exactly when some vertex reaches itself", arguments: 0..<200)
    func nilExactlyForCycles(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 12, acyclic: false)
        let reaches = BruteForce.reachability(candidate)
        let hasCycle = (0..<candidate.vertexCount).contains { reaches[$0][$0] }
        #expect((candidate.topologicalOrder() == nil) == hasCycle)
        #expect(candidate.isAcyclic == !hasCycle)
    }

    @Test("Random small DAGs: the lexicographically smallest valid order", arguments: 0..<60)
    func isCanonical(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let dag = random.smallGraph(maxVertices: 6, acyclic: true)
        let smallest = BruteForce.permutations(of: dag.vertexCount)
            .first { BruteForce.isDependenciesFirstOrder($0, of: dag) }
        #expect(dag.topologicalOrder() == smallest)
    }
}
