extension Digraph {
    /// Which vertices can be reached from `sources`, following edges in
    /// `direction`; `result[v]` is true for every reachable vertex, including
    /// the sources themselves.
    ///
    /// Answers "everything X needs" (`.dependencies`) and "everything that
    /// breaks if X changes" (`.dependents`). Iterative, so depth is unbounded.
    ///
    /// - Complexity: O(V + E) time, O(V) memory.
    /// - Precondition: every source is in `0..<vertexCount`.
    public func reachable(
        from sources: some Sequence<Int>,
        following direction: Direction = .dependencies
    ) -> [Bool] {
        var isReached = [Bool](repeating: false, count: vertexCount)
        var pending: [Int] = []
        for source in sources {
            checkVertex(source)
            if !isReached[source] {
                isReached[source] = true
                pending.append(source)
            }
        }
        while let vertex = pending.popLast() {
            for neighbor in neighbors(of: vertex, following: direction) where !isReached[neighbor] {
                isReached[neighbor] = true
                pending.append(neighbor)
            }
        }
        return isReached
    }

    /// The number of edges on a shortest path from the nearest source to each
    /// vertex, following edges in `direction`; nil for vertices not reached
    /// within `maxDepth` edges (or at all). Sources have distance 0.
    ///
    /// Backs focused views such as "X and everything within N hops of it".
    ///
    /// - Parameter maxDepth: the largest distance to report; nil for no limit.
    /// - Complexity: O(V + E) time (breadth-first search), O(V) memory.
    /// - Precondition: every source is in `0..<vertexCount`; `maxDepth` is
    ///   nil or non-negative.
    public func distances(
        from sources: some Sequence<Int>,
        following direction: Direction = .dependencies,
        maxDepth: Int? = nil
    ) -> [Int?] {
        precondition(maxDepth.map { $0 >= 0 } ?? true, "maxDepth must not be negative")
        var distance = [Int?](repeating: nil, count: vertexCount)
        var frontier: [Int] = []
        for source in sources {
            checkVertex(source)
            if distance[source] == nil {
                distance[source] = 0
                frontier.append(source)
            }
        }
        var depth = 0
        while !frontier.isEmpty, depth < maxDepth ?? Int.max {
            depth += 1
            var nextFrontier: [Int] = []
            for vertex in frontier {
                for neighbor in neighbors(of: vertex, following: direction) where distance[neighbor] == nil {
                    distance[neighbor] = depth
                    nextFrontier.append(neighbor)
                }
            }
            frontier = nextFrontier
        }
        return distance
    }

    /// Traps with a readable message when `vertex` is out of range.
    func checkVertex(_ vertex: Int) {
        precondition(vertex >= 0 && vertex < vertexCount, "vertex \(vertex) is outside 0..<\(vertexCount)")
    }
}
