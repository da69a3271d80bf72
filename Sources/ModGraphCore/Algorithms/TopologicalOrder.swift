extension Digraph {
    /// A build order: every vertex appears after all of its successors
    /// (its dependencies), or nil when the graph has a cycle.
    ///
    /// Uses Kahn's algorithm on out-degrees. Among the vertices whose
    /// dependencies are all placed, the smallest index goes first, so the
    /// result is the lexicographically smallest valid order and never depends
    /// on incidental processing order. A self-loop is a cycle.
    ///
    /// - Complexity: O(V log V + E) time, O(V) extra memory.
    public func topologicalOrder() -> [Int]? {
        var unplacedDependencies = (0..<vertexCount).map { successors(of: $0).count }
        var ready = MinHeap()
        for vertex in 0..<vertexCount where unplacedDependencies[vertex] == 0 {
            ready.insert(vertex)
        }
        var order: [Int] = []
        order.reserveCapacity(vertexCount)
        while let vertex = ready.popMin() {
            order.append(vertex)
            for dependent in predecessors(of: vertex) {
                unplacedDependencies[dependent] -= 1
                if unplacedDependencies[dependent] == 0 {
                    ready.insert(dependent)
                }
            }
        }
        return order.count == vertexCount ? order : nil
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
