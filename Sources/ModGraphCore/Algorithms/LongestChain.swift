extension Digraph {
    /// For each vertex, the number of vertices on the longest dependency chain
    /// starting at it: 1 for a vertex without dependencies, otherwise one more
    /// than its deepest dependency. Nil when the graph has a cycle, where
    /// chains can be arbitrarily long.
    ///
    /// This is the vertex's layer when drawing dependencies below dependents.
    ///
    /// Kahn's algorithm with a first-in, first-out queue: vertices leave the
    /// queue in order of depth, so each dependency placed writes its depth
    /// plus one into its dependents and the last write, the deepest
    /// dependency's, stands. The queue also matters for speed: the next
    /// vertices to place are known well ahead, so the processor fetches their
    /// scattered rows of dependents in parallel, where a stack would place
    /// the vertex just readied and wait for its row; and the walk has no
    /// branch that depends on the data (measured in docs/performance.md).
    ///
    /// - Complexity: O(V + E) time, O(V) memory.
    public func depths() -> [Int]? {
        let count = vertexCount
        var depth = [Int](repeating: 1, count: count)
        var placed = 0
        withCompressedRows { forwardOffsets, _, reverseOffsets, reverseTargets in
            depth.withUnsafeMutableBufferPointer { depth in
                // Per vertex, how many of its dependencies are not placed yet.
                let unplaced = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
                defer { unplaced.deallocate() }
                // Readied vertices in the order they became ready; the ones
                // before `placed` are placed. One slot to spare, so that the
                // walk can write each dependent at the end before it knows
                // whether the dependent is ready.
                let queue = UnsafeMutableBufferPointer<Int>.allocate(capacity: count + 1)
                defer { queue.deallocate() }
                var readied = 0
                for vertex in 0..<count {
                    let dependencies = forwardOffsets[vertex + 1] - forwardOffsets[vertex]
                    unplaced[vertex] = Int32(truncatingIfNeeded: dependencies)
                    if dependencies == 0 {
                        queue[readied] = vertex
                        readied += 1
                    }
                }
                while placed < readied {
                    let vertex = queue[placed]
                    placed += 1
                    let dependentDepth = depth[vertex] + 1
                    for position in reverseOffsets[vertex]..<reverseOffsets[vertex + 1] {
                        let dependent = reverseTargets[position]
                        let left = unplaced[dependent] - 1
                        unplaced[dependent] = left
                        depth[dependent] = dependentDepth
                        queue[readied] = dependent
                        readied += left == 0 ? 1 : 0
                    }
                }
            }
        }
        return placed == count ? depth : nil
    }

    /// The longest dependency chain, by vertex count: a path along edges from
    /// a dependent down to a vertex without dependencies. Nil when the graph
    /// has a cycle; empty for an empty graph.
    ///
    /// Among equally long chains the lexicographically smallest is returned:
    /// the smallest possible first vertex, then the smallest next one, and so on.
    ///
    /// - Complexity: O(V + E) time, O(V) memory.
    public func longestChain() -> [Int]? {
        guard let depth = depths() else { return nil }
        guard let start = indexOfFirstMaximum(depth) else { return [] }
        var chain = [start]
        var current = start
        // A vertex at depth d > 1 always has a dependency at depth d - 1;
        // successors are ascending, so `first` picks the smallest one.
        while let next = successors(of: current).first(where: { depth[$0] == depth[current] - 1 }) {
            chain.append(next)
            current = next
        }
        return chain
    }

    /// The heaviest dependency chain when each vertex has a weight (for
    /// example a build duration): the path along edges, ending at a vertex
    /// without dependencies, whose vertex weights have the largest sum.
    /// Nil when the graph has a cycle; `([], 0)` for an empty graph.
    ///
    /// Ties go to the smallest first vertex, then the smallest next vertex.
    /// Weights are meant to be non-negative; negative weights are allowed but
    /// the path still runs down to a vertex without dependencies.
    ///
    /// - Complexity: O(V log V + E) time, O(V) memory.
    /// - Precondition: `weights.count == vertexCount`.
    public func longestPath(weights: [Double]) -> (path: [Int], total: Double)? {
        precondition(weights.count == vertexCount, "need exactly one weight per vertex")
        guard let order = topologicalOrder() else { return nil }
        // heaviest[v]: the weight of the heaviest chain starting at v;
        // next[v]: the vertex after v on that chain.
        var heaviest = [Double](repeating: 0, count: vertexCount)
        var next = [Int?](repeating: nil, count: vertexCount)
        for vertex in order {
            for dependency in successors(of: vertex) {
                if let chosen = next[vertex], heaviest[dependency] <= heaviest[chosen] { continue }
                next[vertex] = dependency
            }
            heaviest[vertex] = weights[vertex] + (next[vertex].map { heaviest[$0] } ?? 0)
        }
        guard let start = indexOfFirstMaximum(heaviest) else { return ([], 0) }
        var path = [start]
        var current = start
        while let following = next[current] {
            path.append(following)
            current = following
        }
        return (path, heaviest[start])
    }
}

/// The smallest index holding the largest value, or nil when empty.
private func indexOfFirstMaximum<Value: Comparable>(_ values: [Value]) -> Int? {
    var best: Int?
    for index in values.indices {
        if let current = best, values[index] <= values[current] { continue }
        best = index
    }
    return best
}
