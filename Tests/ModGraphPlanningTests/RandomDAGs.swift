import ModGraphCore

extension SplitMix64 {
    /// An acyclic graph whose vertex numbering is shuffled, so the identity
    /// is usually not a build order. Edges point from higher rank to lower.
    mutating func acyclicGraph(vertexCount: Int, edgeCount: Int) -> Digraph {
        let rank = permutation(of: vertexCount)
        var edges: [(Int, Int)] = []
        if vertexCount > 1 {
            for _ in 0..<edgeCount {
                let first = next(below: vertexCount)
                let second = next(below: vertexCount)
                if rank[first] > rank[second] {
                    edges.append((first, second))
                } else if rank[first] < rank[second] {
                    edges.append((second, first))
                }
            }
        }
        return Digraph(vertexCount: vertexCount, edges: edges)
    }

    /// Whole-number weights in `range` (zero included when the range allows),
    /// so sums are exact and comparisons need no tolerance.
    mutating func weights(count: Int, in range: ClosedRange<Int>) -> [Double] {
        (0..<count).map { _ in Double(next(in: range)) }
    }
}

/// Builds a graph from a compact edge list: `graph(4, [(0, 1), (1, 2)])`.
func graph(_ vertexCount: Int, _ edges: [(Int, Int)]) -> Digraph {
    Digraph(vertexCount: vertexCount, edges: edges)
}
