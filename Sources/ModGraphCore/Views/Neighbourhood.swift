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
        neighbourhood(of: focus, depth: depth, following: [direction])
    }

    /// The focus targets and every target within `depth` edges of them in
    /// any of `directions`: with both, what they use and what uses them (the
    /// viewer's focus), each way on its own, not what a dependency's other
    /// dependents are.
    ///
    /// - Complexity: O(V + E) per direction.
    public func neighbourhood(of focus: [Int], depth: Int?, following directions: Set<Digraph.Direction>) -> ModuleGraph {
        filtered(keeping: digraph.reached(from: focus, depth: depth, following: directions))
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

extension Digraph {
    /// The vertices within `depth` edges of `sources` (nil: any number) in any of
    /// `directions`, the sources included.
    ///
    /// - Complexity: O(V + E) per direction.
    public func reached(from sources: [Int], depth: Int?, following directions: Set<Direction>) -> [Bool] {
        var reached = [Bool](repeating: false, count: vertexCount)
        for vertex in sources { reached[vertex] = true }
        for direction in Direction.allCases where directions.contains(direction) {
            for (vertex, distance) in distances(from: sources, following: direction, maxDepth: depth).enumerated() where distance != nil {
                reached[vertex] = true
            }
        }
        return reached
    }
}
