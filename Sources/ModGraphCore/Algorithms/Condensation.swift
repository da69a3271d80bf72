/// The graph with every strongly connected component collapsed to a single
/// vertex. It is always acyclic, which lets DAG-only algorithms (layering,
/// transitive reduction) run on graphs that contain cycles.
///
/// Components are numbered by their smallest member, exactly as
/// `Digraph.stronglyConnectedComponents()` lists them.
public struct Condensation: Sendable, Equatable {
    /// For each original vertex, the index of its component.
    public let componentOf: [Int]
    /// The members of each component, sorted ascending; ordered by smallest member.
    public let components: [[Int]]
    /// One vertex per component; an edge `C(u) → C(v)` for every original edge
    /// `u → v` between different components. Never has self-loops.
    public let graph: Digraph
}

extension Digraph {
    /// Collapses each strongly connected component into one vertex.
    ///
    /// - Complexity: O(V + E log E) time (building the component graph sorts
    ///   its adjacency lists), O(V + E) memory.
    public func condensation() -> Condensation {
        let (componentOf, components) = componentLabels()
        var componentEdges: [(Int, Int)] = []
        for vertex in 0..<vertexCount {
            for dependency in successors(of: vertex) where componentOf[vertex] != componentOf[dependency] {
                componentEdges.append((componentOf[vertex], componentOf[dependency]))
            }
        }
        return Condensation(
            componentOf: componentOf,
            components: components,
            graph: Digraph(vertexCount: components.count, edges: componentEdges)
        )
    }
}
