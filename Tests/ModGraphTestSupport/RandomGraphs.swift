import ModGraphCore

extension SplitMix64 {
    /// A graph with `edgeCount` random edges; duplicates may occur (and must
    /// collapse), self-loops only when allowed.
    public mutating func graph(vertexCount: Int, edgeCount: Int, allowSelfLoops: Bool = true) -> Digraph {
        var edges: [(Int, Int)] = []
        if vertexCount > 0 {
            for _ in 0..<edgeCount {
                let from = next(below: vertexCount)
                let to = next(below: vertexCount)
                if from != to || allowSelfLoops {
                    edges.append((from, to))
                }
            }
        }
        return Digraph(vertexCount: vertexCount, edges: edges)
    }

    /// An acyclic graph whose vertex numbering is shuffled, so the identity is
    /// usually not a topological order. Edges point from higher rank to lower.
    public mutating func acyclicGraph(vertexCount: Int, edgeCount: Int) -> Digraph {
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

    /// A small random graph of varied size and density, cyclic or not.
    public mutating func smallGraph(maxVertices: Int = 10, acyclic: Bool) -> Digraph {
        let vertexCount = next(in: 0...maxVertices)
        let edgeCount = next(in: 0...(vertexCount * 3))
        return acyclic
            ? acyclicGraph(vertexCount: vertexCount, edgeCount: edgeCount)
            : graph(vertexCount: vertexCount, edgeCount: edgeCount)
    }

    /// Whole-number weights in `range` (zero included when the range allows),
    /// so sums are exact and comparisons need no tolerance.
    public mutating func weights(count: Int, in range: ClosedRange<Int>) -> [Double] {
        (0..<count).map { _ in Double(next(in: range)) }
    }
}

/// Builds a graph from a compact edge list: `graph(4, [(0, 1), (1, 2)])`.
public func graph(_ vertexCount: Int, _ edges: [(Int, Int)]) -> Digraph {
    Digraph(vertexCount: vertexCount, edges: edges)
}
