import ModGraphCore
import Testing
import ModGraphTestSupport

@Suite("Strongly connected components and condensation")
struct StronglyConnectedComponentsTests {
    @Test func acyclicGraphHasSingletons() {
        let diamond = graph(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
        #expect(diamond.stronglyConnectedComponents() == [[0], [1], [2], [3]])
    }

    @Test func twoDisjointCycles() {
        // 0 ⇄ 1 and 2 → 3 → 4 → 2, with 5 alone. Listed by smallest member.
        let cycles = graph(6, [(4, 2), (0, 1), (2, 3), (1, 0), (3, 4)])
        #expect(cycles.stronglyConnectedComponents() == [[0, 1], [2, 3, 4], [5]])
        let condensation = cycles.condensation()
        #expect(condensation.componentOf == [0, 0, 1, 1, 1, 2])
        #expect(condensation.graph.vertexCount == 3)
        #expect(condensation.graph.edgeCount == 0)
    }

    @Test func nestedCycleWithTails() {
        // Tail 0 → 1 into {1, 2, 3, 4} (inner cycle 1 ⇄ 2, outer cycle
        // 1 → 2 → 3 → 4 → 1), tail 4 → 5 out of it.
        let nested = graph(6, [(0, 1), (1, 2), (2, 1), (2, 3), (3, 4), (4, 1), (4, 5)])
        #expect(nested.stronglyConnectedComponents() == [[0], [1, 2, 3, 4], [5]])
        let condensation = nested.condensation()
        #expect(condensation.componentOf == [0, 1, 1, 1, 1, 2])
        #expect(condensation.components == [[0], [1, 2, 3, 4], [5]])
        #expect(condensation.graph == graph(3, [(0, 1), (1, 2)]))
    }

    @Test func componentsAreNumberedBySmallestMemberNotDiscoveryOrder() {
        // 0 → 3 → 2 ⇄ 4 and 1 alone: Tarjan finishes {2, 4} first, but it is
        // numbered after {0} and {1}.
        let shuffled = graph(5, [(0, 3), (3, 2), (2, 4), (4, 2)])
        #expect(shuffled.stronglyConnectedComponents() == [[0], [1], [2, 4], [3]])
        #expect(shuffled.condensation().graph == graph(4, [(0, 3), (3, 2)]))
    }

    @Test func selfLoopStaysASingletonAndLeavesNoLoopInTheCondensation() {
        let selfLoop = graph(3, [(0, 1), (1, 1), (1, 2)])
        #expect(selfLoop.stronglyConnectedComponents() == [[0], [1], [2]])
        #expect(selfLoop.condensation().graph == graph(3, [(0, 1), (1, 2)]))
    }

    @Test func emptyAndSingleVertex() {
        #expect(graph(0, []).stronglyConnectedComponents() == [])
        #expect(graph(0, []).condensation().graph.vertexCount == 0)
        #expect(graph(1, []).stronglyConnectedComponents() == [[0]])
    }

    @Test("Random graphs: components match mutual reachability", arguments: 0..<300)
    func matchesMutualReachability(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 14, acyclic: false)
        let components = candidate.stronglyConnectedComponents()

        // A partition, each part sorted, parts ordered by smallest member.
        #expect(components.flatMap { $0 }.sorted() == Array(0..<candidate.vertexCount))
        #expect(components.allSatisfy { $0 == $0.sorted() && !$0.isEmpty })
        #expect(components.map { $0[0] } == components.map { $0[0] }.sorted())

        let reaches = BruteForce.reachability(candidate)
        var componentOf = [Int](repeating: -1, count: candidate.vertexCount)
        for (index, members) in components.enumerated() {
            for member in members { componentOf[member] = index }
        }
        for u in 0..<candidate.vertexCount {
            for v in 0..<candidate.vertexCount {
                let mutuallyReachable = u == v || (reaches[u][v] && reaches[v][u])
                #expect((componentOf[u] == componentOf[v]) == mutuallyReachable, "vertices \(u) and \(v)")
            }
        }
    }

    @Test("Random graphs: the condensation is acyclic and mirrors the edges", arguments: 0..<200)
    func condensationMirrorsEdges(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 14, acyclic: false)
        let condensation = candidate.condensation()
        #expect(condensation.components == candidate.stronglyConnectedComponents())
        #expect(condensation.graph.isAcyclic)

        var expected = Set<[Int]>()
        for (from, to) in candidate.edges where condensation.componentOf[from] != condensation.componentOf[to] {
            expected.insert([condensation.componentOf[from], condensation.componentOf[to]])
        }
        #expect(Set(condensation.graph.edges.map { [$0.from, $0.to] }) == expected)
    }
}
