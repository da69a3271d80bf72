/// A directed graph over the dense vertices `0..<vertexCount`, stored as
/// compressed adjacency lists in both directions.
///
/// In ModGraph an edge `u → v` means "u depends on v". Dense integer vertices
/// keep the algorithms cache-friendly and allocation-light at 100,000 targets;
/// the workspace model maps its string identifiers onto them.
///
/// Successor and predecessor lists are sorted ascending and free of duplicates,
/// so every algorithm that walks them is deterministic. Self-loops are kept:
/// a target that depends on itself is a cycle the user must see.
public struct Digraph: Sendable, Equatable {
    /// Number of vertices; vertices are `0..<vertexCount`.
    public let vertexCount: Int

    // Compressed sparse rows: the successors of `v` are
    // `forwardTargets[forwardOffsets[v] ..< forwardOffsets[v + 1]]`.
    private let forwardOffsets: [Int]
    private let forwardTargets: [Int]
    private let reverseOffsets: [Int]
    private let reverseTargets: [Int]

    /// Builds a graph from an edge list; duplicate edges collapse into one.
    ///
    /// - Complexity: O(V + E log E) for sorting each adjacency list.
    /// - Precondition: every endpoint is in `0..<vertexCount`.
    public init<Edges: Sequence>(vertexCount: Int, edges: Edges) where Edges.Element == (Int, Int) {
        precondition(vertexCount >= 0, "vertexCount must not be negative")
        self.vertexCount = vertexCount
        var pairs: [(Int, Int)] = []
        pairs.reserveCapacity(edges.underestimatedCount)
        for (from, to) in edges {
            precondition(
                from >= 0 && from < vertexCount && to >= 0 && to < vertexCount,
                "edge \(from) → \(to) is outside 0..<\(vertexCount)")
            pairs.append((from, to))
        }
        (forwardOffsets, forwardTargets) = Digraph.compress(vertexCount: vertexCount, pairs: pairs, reversed: false)
        (reverseOffsets, reverseTargets) = Digraph.compress(vertexCount: vertexCount, pairs: pairs, reversed: true)
    }

    /// The number of distinct edges.
    public var edgeCount: Int { forwardTargets.count }

    /// The vertices `v` depends on, sorted ascending.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func successors(of vertex: Int) -> ArraySlice<Int> {
        successorStorage(vertex)
    }

    /// The vertices that depend on `v`, sorted ascending.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func predecessors(of vertex: Int) -> ArraySlice<Int> {
        predecessorStorage(vertex)
    }

    /// Every edge as `(from, to)`, ordered by `from` then `to`.
    ///
    /// - Complexity: O(V + E).
    public var edges: [(from: Int, to: Int)] {
        var result: [(from: Int, to: Int)] = []
        result.reserveCapacity(edgeCount)
        for vertex in 0..<vertexCount {
            for target in successors(of: vertex) {
                result.append((vertex, target))
            }
        }
        return result
    }

    /// Whether the edge `from → to` exists.
    ///
    /// - Complexity: O(log d) where d is the out-degree of `from`.
    public func hasEdge(from: Int, to: Int) -> Bool {
        edgeIndex(from: from, to: to) != nil
    }

    /// Where the edge `from → to` is in ``edges``; nil when there is no such edge.
    /// (A row's slice keeps its place in the edge list: its indices are the edges'.)
    ///
    /// - Complexity: O(log d) where d is the out-degree of `from`.
    public func edgeIndex(from: Int, to: Int) -> Int? {
        let list = successors(of: from)
        var low = list.startIndex
        var high = list.endIndex
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < to { low = middle + 1 } else { high = middle }
        }
        return low < list.endIndex && list[low] == to ? low : nil
    }

    /// The same vertices with every edge turned around.
    ///
    /// - Complexity: O(1).
    public var reversed: Digraph {
        Digraph(
            vertexCount: vertexCount,
            forwardOffsets: reverseOffsets, forwardTargets: reverseTargets,
            reverseOffsets: forwardOffsets, reverseTargets: forwardTargets
        )
    }

    /// The compressed rows without bounds checks, for the hottest loops:
    /// forward offsets and targets (successors), then reverse ones
    /// (predecessors). The successors of `v` are `targets[offsets[v]..<offsets[v + 1]]`.
    /// Public for the planning module's simulator, which walks every row dozens of times.
    public func withCompressedRows<Result>(
        _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>) throws -> Result
    ) rethrows -> Result {
        try forwardOffsets.withUnsafeBufferPointer { forwardOffsets in
            try forwardTargets.withUnsafeBufferPointer { forwardTargets in
                try reverseOffsets.withUnsafeBufferPointer { reverseOffsets in
                    try reverseTargets.withUnsafeBufferPointer { reverseTargets in
                        try body(forwardOffsets, forwardTargets, reverseOffsets, reverseTargets)
                    }
                }
            }
        }
    }

    @usableFromInline
    func successorStorage(_ vertex: Int) -> ArraySlice<Int> {
        forwardTargets[forwardOffsets[vertex]..<forwardOffsets[vertex + 1]]
    }

    @usableFromInline
    func predecessorStorage(_ vertex: Int) -> ArraySlice<Int> {
        reverseTargets[reverseOffsets[vertex]..<reverseOffsets[vertex + 1]]
    }

    private init(vertexCount: Int, forwardOffsets: [Int], forwardTargets: [Int], reverseOffsets: [Int], reverseTargets: [Int]) {
        self.vertexCount = vertexCount
        self.forwardOffsets = forwardOffsets
        self.forwardTargets = forwardTargets
        self.reverseOffsets = reverseOffsets
        self.reverseTargets = reverseTargets
    }

    /// Counting sort by source (by target when `reversed`), then each row
    /// sorted and freed of duplicates in place. A row is sorted only when it
    /// is not already: pairs listed in order, as graphs and their filters
    /// list them, give rows in order in both directions.
    ///
    /// - Complexity: O(V + E), plus O(d log d) for each row of d out of order.
    private static func compress(vertexCount: Int, pairs: [(Int, Int)], reversed: Bool) -> ([Int], [Int]) {
        var counts = [Int](repeating: 0, count: vertexCount + 1)
        for pair in pairs { counts[(reversed ? pair.1 : pair.0) + 1] += 1 }
        for index in 0..<vertexCount { counts[index + 1] += counts[index] }
        var cursor = counts
        var targets = [Int](repeating: 0, count: pairs.count)
        for pair in pairs {
            let (from, to) = reversed ? (pair.1, pair.0) : pair
            targets[cursor[from]] = to
            cursor[from] += 1
        }
        var offsets = [Int](repeating: 0, count: vertexCount + 1)
        var written = 0
        targets.withUnsafeMutableBufferPointer { targets in
            for vertex in 0..<vertexCount {
                offsets[vertex] = written
                let row = counts[vertex]..<counts[vertex + 1]
                if row.count > 1, row.dropFirst().contains(where: { targets[$0 - 1] >= targets[$0] }) {
                    targets[row].sort()
                }
                // Earlier rows were written before this one starts: moving left never overwrites an unread target.
                var previous = -1
                for position in row where targets[position] != previous {
                    previous = targets[position]
                    targets[written] = previous
                    written += 1
                }
            }
        }
        offsets[vertexCount] = written
        targets.removeLast(targets.count - written)
        return (offsets, targets)
    }
}

extension Digraph {
    public static func == (lhs: Digraph, rhs: Digraph) -> Bool {
        lhs.vertexCount == rhs.vertexCount
            && lhs.forwardOffsets == rhs.forwardOffsets
            && lhs.forwardTargets == rhs.forwardTargets
    }
}
