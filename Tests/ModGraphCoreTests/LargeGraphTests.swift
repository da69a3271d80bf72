import ModGraphCore
import Testing
import ModGraphTestSupport

/// Deep graphs that would overflow the call stack of any recursive
/// traversal. Correctness only: no timing assertions.
@Suite("Large graphs")
struct LargeGraphTests {
    static let size = 100_000

    /// 0 → 1 → 2 → … → 99,999: a depth-first search from 0 is 100,000 deep.
    static let chain = Digraph(vertexCount: size, edges: (0..<size - 1).map { ($0, $0 + 1) })

    /// The chain closed into one big cycle by 99,999 → 0.
    static let ring = Digraph(vertexCount: size, edges: (0..<size).map { ($0, ($0 + 1) % size) })

    @Test func chainOrdersAndComponents() {
        let chain = Self.chain
        #expect(chain.topologicalOrder() == Array((0..<Self.size).reversed()))
        #expect(chain.isAcyclic)
        let components = chain.stronglyConnectedComponents()
        #expect(components.count == Self.size)
        #expect(components.first == [0])
        #expect(components.last == [Self.size - 1])
        #expect(chain.cycleGroups().isEmpty)
    }

    @Test func chainDepthsAndReachability() {
        let chain = Self.chain
        #expect(chain.depths()?.first == Self.size)
        #expect(chain.longestChain() == Array(0..<Self.size))
        #expect(chain.reachable(from: [0]).allSatisfy { $0 })
        #expect(chain.reachable(from: [Self.size - 1], following: .dependents).allSatisfy { $0 })
        #expect(chain.distances(from: [0]).last == Self.size - 1)
        #expect(chain.distances(from: [0], maxDepth: 10).compactMap { $0 }.count == 11)
    }

    @Test func ringIsOneComponentWithOneWalk() {
        let ring = Self.ring
        #expect(ring.topologicalOrder() == nil)
        #expect(!ring.isAcyclic)
        let components = ring.stronglyConnectedComponents()
        #expect(components == [Array(0..<Self.size)])
        #expect(ring.cycleGroups() == [CycleGroup(members: Array(0..<Self.size), path: Array(0..<Self.size) + [0])])
        #expect(ring.condensation().graph.vertexCount == 1)
        #expect(ring.transitiveReduction() == ring)
    }

    @Test func mediumRandomDAGReductionKeepsReachability() {
        var random = SplitMix64(seed: 42)
        let dag = random.acyclicGraph(vertexCount: 2_000, edgeCount: 14_000)
        let reduced = dag.transitiveReduction()
        #expect(reduced.edgeCount < dag.edgeCount)
        // Spot-check reachability from a few sources in both graphs.
        for source in [0, 1, 500, 1_999] {
            #expect(reduced.reachable(from: [source]) == dag.reachable(from: [source]))
        }
    }
}
