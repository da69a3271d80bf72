@testable import ModGraphCore
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

    /// Sizes on either side of the ready set's word (64) and level (4,096;
    /// 262,144) boundaries, with shuffled numbering so that readied vertices
    /// land anywhere in the set.
    @Test(
        "Larger DAGs: the smallest ready vertex goes first, across the ready set's levels",
        arguments: [(1, 1), (63, 2), (64, 3), (65, 4), (4_095, 5), (4_097, 6), (20_000, 7), (262_144, 8), (262_145, 9)])
    func isCanonicalOnLargerGraphs(vertexCount: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let dag = random.acyclicGraph(vertexCount: vertexCount, edgeCount: 2 * vertexCount)
        let order = dag.topologicalOrder()
        #expect(order != nil)
        #expect(order == BruteForce.smallestOrder(dag))
    }

    /// Many vertices ready at once, spread over every word of two levels:
    /// they must come out in increasing order, and readying a smaller vertex
    /// later must put it first.
    @Test func readyVerticesComeOutSmallestFirst() {
        // 300,000 vertices (four levels); every even vertex depends on the next
        // odd one, so the odd ones are ready at the start.
        let count = 300_000
        let dag = Digraph(vertexCount: count, edges: stride(from: 0, to: count - 1, by: 2).map { ($0, $0 + 1) })
        var expected: [Int] = []
        // Placing 1 readies 0, the smallest; then 3 readies 2, and so on.
        for odd in stride(from: 1, to: count, by: 2) { expected += [odd, odd - 1] }
        #expect(dag.topologicalOrder() == expected)
    }
}

@Suite("Ready vertices bounds")
struct ReadyVerticesBoundsTests {
    /// A vertex outside the set's capacity would write past its words; debug builds stop at the check instead.
    @Test func insertingOutsideTheCapacityStopsInDebugBuilds() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                var set = ReadyVertices(capacity: 10)
                set.insert(64 * 64 * 64)
            }
        #endif
    }
}
