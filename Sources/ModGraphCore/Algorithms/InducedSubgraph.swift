extension Digraph {
    /// The subgraph on the vertices marked in `keeping`, with every edge whose
    /// two endpoints are both kept. Kept vertices are renumbered densely in
    /// their original relative order, so the result stays deterministic and
    /// sorted adjacency lists stay sorted.
    ///
    /// Used to cut a view (a focus, a filter) out of the whole workspace.
    ///
    /// - Returns: the subgraph, the new index of each old vertex (nil when
    ///   dropped), and the old index of each new vertex.
    /// - Complexity: O(V + E) time and memory (plus the sort in `Digraph.init`).
    /// - Precondition: `keeping.count == vertexCount`.
    public func inducedSubgraph(keeping: [Bool]) -> (graph: Digraph, oldToNew: [Int?], newToOld: [Int]) {
        precondition(keeping.count == vertexCount, "need exactly one keep flag per vertex")
        var oldToNew = [Int?](repeating: nil, count: vertexCount)
        var newToOld: [Int] = []
        for vertex in 0..<vertexCount where keeping[vertex] {
            oldToNew[vertex] = newToOld.count
            newToOld.append(vertex)
        }
        var keptEdges: [(Int, Int)] = []
        for (newFrom, oldFrom) in newToOld.enumerated() {
            for oldTo in successors(of: oldFrom) {
                if let newTo = oldToNew[oldTo] {
                    keptEdges.append((newFrom, newTo))
                }
            }
        }
        let graph = Digraph(vertexCount: newToOld.count, edges: keptEdges)
        return (graph, oldToNew, newToOld)
    }
}
