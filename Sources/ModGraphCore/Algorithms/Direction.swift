extension Digraph {
    /// Which way a traversal follows edges.
    public enum Direction: Sendable, Hashable, CaseIterable {
        /// Along edges: from a vertex to what it depends on (successors).
        case dependencies
        /// Against edges: from a vertex to what depends on it (predecessors).
        case dependents
    }

    /// The neighbours of `vertex` in `direction`, sorted ascending.
    ///
    /// - Complexity: O(1).
    func neighbors(of vertex: Int, following direction: Direction) -> ArraySlice<Int> {
        switch direction {
        case .dependencies: successors(of: vertex)
        case .dependents: predecessors(of: vertex)
        }
    }
}
