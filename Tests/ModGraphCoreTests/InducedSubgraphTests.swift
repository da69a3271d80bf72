import ModGraphCore
import Testing
import ModGraphTestSupport

@Suite("Induced subgraphs")
struct InducedSubgraphTests {
    @Test func droppingAVertexDropsItsEdgesAndRenumbers() {
        // Diamond without 1: 0 → 2 → 3 renumbered to 0 → 1 → 2.
        let diamond = graph(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
        let sub = diamond.inducedSubgraph(keeping: [true, false, true, true])
        #expect(sub.graph == graph(3, [(0, 1), (1, 2)]))
        #expect(sub.oldToNew == [0, nil, 1, 2])
        #expect(sub.newToOld == [0, 2, 3])
    }

    @Test func keepingEverythingOrNothing() {
        let cycle = graph(3, [(0, 1), (1, 2), (2, 0), (2, 2)])
        #expect(cycle.inducedSubgraph(keeping: [true, true, true]).graph == cycle)
        let none = cycle.inducedSubgraph(keeping: [false, false, false])
        #expect(none.graph == graph(0, []))
        #expect(none.oldToNew == [nil, nil, nil])
        #expect(none.newToOld == [])
        #expect(graph(0, []).inducedSubgraph(keeping: []).graph == graph(0, []))
    }

    @Test("Random graphs: exactly the edges between kept vertices", arguments: 0..<200)
    func keepsExactlyTheInternalEdges(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 14, acyclic: false)
        let keeping = (0..<candidate.vertexCount).map { _ in random.next(below: 3) > 0 }
        let (sub, oldToNew, newToOld) = candidate.inducedSubgraph(keeping: keeping)

        #expect(newToOld == (0..<candidate.vertexCount).filter { keeping[$0] })
        #expect(newToOld.enumerated().allSatisfy { oldToNew[$0.element] == $0.offset })
        #expect(oldToNew.indices.allSatisfy { (oldToNew[$0] != nil) == keeping[$0] })
        for (newFrom, oldFrom) in newToOld.enumerated() {
            for (newTo, oldTo) in newToOld.enumerated() {
                #expect(sub.hasEdge(from: newFrom, to: newTo) == candidate.hasEdge(from: oldFrom, to: oldTo))
            }
        }
    }
}

@Suite("Edge positions")
struct EdgeIndexTests {
    @Test func anEdgesPositionInTheEdgeList() {
        // Edges in order: 0→1, 0→2, 1→3, 2→3.
        let diamond = graph(4, [(2, 3), (0, 2), (1, 3), (0, 1)])
        #expect(diamond.edgeIndex(from: 0, to: 1) == 0)
        #expect(diamond.edgeIndex(from: 0, to: 2) == 1)
        #expect(diamond.edgeIndex(from: 1, to: 3) == 2)
        #expect(diamond.edgeIndex(from: 2, to: 3) == 3)
        #expect(diamond.edgeIndex(from: 3, to: 0) == nil)
        #expect(diamond.edgeIndex(from: 0, to: 3) == nil)
        #expect(diamond.edgeIndex(from: 1, to: 2) == nil)
    }

    @Test("Random graphs: every edge at its place in edges, no other pair found", arguments: 0..<100)
    func everyEdgeIsFoundAtItsPlace(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 14, acyclic: false)
        let edges = candidate.edges
        for from in 0..<candidate.vertexCount {
            for to in 0..<candidate.vertexCount {
                let position = edges.firstIndex { $0.from == from && $0.to == to }
                #expect(candidate.edgeIndex(from: from, to: to) == position, "\(from) → \(to)")
                #expect(candidate.hasEdge(from: from, to: to) == (position != nil))
            }
        }
    }
}
