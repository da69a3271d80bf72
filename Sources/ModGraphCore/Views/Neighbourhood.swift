extension ModuleGraph {
    /// The focus targets and every target within `depth` edges of them,
    /// following `direction` (what they need, or what needs them), with all
    /// edges among the kept targets. `depth` nil means no limit.
    ///
    /// Cuts a readable view out of a large workspace: "Checkout and what it
    /// uses, two levels down".
    ///
    /// - Complexity: O(V + E) for the breadth-first search and the smaller graph.
    /// - Precondition: every focus vertex is in `0..<targets.count`; `depth` is nil or non-negative.
    public func neighbourhood(of focus: [Int], depth: Int?, following direction: Digraph.Direction) -> ModuleGraph {
        let distance = digraph.distances(from: focus, following: direction, maxDepth: depth)
        return filtered(keeping: distance.map { $0 != nil })
    }

    /// The same targets with only the edges that survive transitive
    /// reduction: a dependency that is also reached through another one is
    /// dropped. Every declaration between two kept targets stays.
    ///
    /// - Complexity: that of `Digraph.transitiveReduction()`, plus O(E log d).
    public func transitivelyReduced() -> ModuleGraph {
        let reduced = digraph.transitiveReduction()
        return filtered(keeping: [Bool](repeating: true, count: targets.count)) { _, from, to in
            reduced.hasEdge(from: from, to: to)
        }
    }
}
