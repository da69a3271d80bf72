extension Digraph {
    /// A build order: every vertex appears after all of its successors
    /// (its dependencies), or nil when the graph has a cycle.
    ///
    /// Uses Kahn's algorithm on out-degrees. Among the vertices whose
    /// dependencies are all placed, the smallest index goes first, so the
    /// result is the lexicographically smallest valid order and never depends
    /// on incidental processing order. A self-loop is a cycle.
    ///
    /// - Complexity: O(V log₆₄ V + E) time, O(V) extra memory.
    public func topologicalOrder() -> [Int]? {
        let count = vertexCount
        var order = [Int](repeating: 0, count: count)
        var placed = 0
        // Sum of the first dependent of every readied vertex: see below.
        var warmed = 0
        withCompressedRows { forwardOffsets, _, reverseOffsets, reverseTargets in
            order.withUnsafeMutableBufferPointer { order in
                // Per vertex, how many of its dependencies are not placed yet.
                let unplaced = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
                defer { unplaced.deallocate() }
                var ready = ReadyVertices(capacity: count)
                for vertex in 0..<count {
                    let dependencies = forwardOffsets[vertex + 1] - forwardOffsets[vertex]
                    unplaced[vertex] = Int32(truncatingIfNeeded: dependencies)
                    if dependencies == 0 { ready.insert(vertex) }
                }
                while !ready.isEmpty {
                    let vertex = ready.removeMinimum()
                    order[placed] = vertex
                    placed += 1
                    for position in reverseOffsets[vertex]..<reverseOffsets[vertex + 1] {
                        let dependent = reverseTargets[position]
                        unplaced[dependent] -= 1
                        guard unplaced[dependent] == 0 else { continue }
                        ready.insert(dependent)
                        // Read the readied vertex's row of dependents now, while
                        // nothing waits on it, so that it is in cache when the
                        // vertex is placed: on large graphs the rows are
                        // scattered and each first read is a cache miss.
                        let row = reverseOffsets[dependent]
                        if row < reverseOffsets[dependent + 1] { warmed &+= reverseTargets[row] }
                    }
                }
            }
        }
        // Keeps the reads above from being optimised away; never true.
        if warmed < 0 { return nil }
        return placed == count ? order : nil
    }

    /// Whether the graph has no cycle (self-loops count as cycles).
    ///
    /// Same peeling as `topologicalOrder()` but with a plain stack, since only
    /// the count of peeled vertices matters here.
    ///
    /// - Complexity: O(V + E) time, O(V) extra memory.
    public var isAcyclic: Bool {
        var unplacedDependencies = (0..<vertexCount).map { successors(of: $0).count }
        var ready = (0..<vertexCount).filter { unplacedDependencies[$0] == 0 }
        var placed = 0
        while let vertex = ready.popLast() {
            placed += 1
            for dependent in predecessors(of: vertex) {
                unplacedDependencies[dependent] -= 1
                if unplacedDependencies[dependent] == 0 {
                    ready.append(dependent)
                }
            }
        }
        return placed == vertexCount
    }
}
