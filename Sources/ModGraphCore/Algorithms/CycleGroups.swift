/// A set of vertices that depend on each other in a cycle, with one walk
/// through all of them to show the user how the cycle closes.
public struct CycleGroup: Sendable, Hashable {
    /// The vertices of the strongly connected component, sorted ascending.
    public let members: [Int]
    /// A closed walk along real edges that starts and ends at the smallest
    /// member and visits every member at least once, e.g. `[0, 1, 2, 0]` for
    /// the cycle 0 → 1 → 2 → 0 or `[5, 5]` for a self-loop on 5.
    public let path: [Int]

    public init(members: [Int], path: [Int]) {
        self.members = members
        self.path = path
    }
}

extension Digraph {
    /// Every dependency cycle: each strongly connected component with more
    /// than one vertex, and each vertex with a self-loop, ordered by smallest
    /// member.
    ///
    /// The walk is built greedily so it is short and deterministic: from the
    /// current vertex, breadth-first search inside the component to the
    /// nearest member not yet on the walk (ties → smallest index), append that
    /// path, and when every member is on the walk, return to the start by a
    /// shortest path.
    ///
    /// - Complexity: O(V + E) to find the components, plus one bounded
    ///   breadth-first search per step of each walk: O(k · (k + e)) worst case
    ///   for a component with k members and e internal edges, usually far less.
    public func cycleGroups() -> [CycleGroup] {
        let (componentOf, components) = componentLabels()
        var walker = ComponentWalker(graph: self, componentOf: componentOf)
        var groups: [CycleGroup] = []
        for (component, members) in components.enumerated() {
            guard let first = members.first else { continue }
            if members.count == 1 {
                if hasEdge(from: first, to: first) {
                    groups.append(CycleGroup(members: members, path: [first, first]))
                }
                continue
            }
            groups.append(CycleGroup(members: members, path: walker.closedWalk(through: members, component: component)))
        }
        return groups
    }
}

/// Breadth-first searches confined to one strongly connected component, with
/// scratch arrays shared across searches so each search costs only what it
/// explores, not O(V).
private struct ComponentWalker {
    let graph: Digraph
    let componentOf: [Int]
    private var isOnWalk: [Bool]
    private var searchStamp: [Int]
    private var parent: [Int]
    private var currentStamp = 0

    init(graph: Digraph, componentOf: [Int]) {
        self.graph = graph
        self.componentOf = componentOf
        isOnWalk = [Bool](repeating: false, count: graph.vertexCount)
        searchStamp = [Int](repeating: 0, count: graph.vertexCount)
        parent = [Int](repeating: 0, count: graph.vertexCount)
    }

    /// The greedy closed walk from the smallest member through all `members`.
    mutating func closedWalk(through members: [Int], component: Int) -> [Int] {
        guard let start = members.first else { return [] }
        var walk = [start]
        isOnWalk[start] = true
        var unvisitedCount = members.count - 1
        var current = start
        while unvisitedCount > 0 {
            // A shortest path to the nearest unvisited member passes only
            // visited vertices, so each leg adds exactly one new member.
            walk += shortestPath(from: current, within: component, to: .anyVertexNotOnWalk)
            current = walk[walk.count - 1]
            isOnWalk[current] = true
            unvisitedCount -= 1
        }
        walk += shortestPath(from: current, within: component, to: .vertex(start))
        return walk
    }

    private enum Target {
        case anyVertexNotOnWalk
        case vertex(Int)
    }

    private func isTarget(_ vertex: Int, _ target: Target) -> Bool {
        switch target {
        case .anyVertexNotOnWalk: !isOnWalk[vertex]
        case .vertex(let wanted): vertex == wanted
        }
    }

    /// The vertices after `source` on a shortest path to the nearest `target`,
    /// choosing the smallest index among equally near ones.
    private mutating func shortestPath(from source: Int, within component: Int, to target: Target) -> [Int] {
        currentStamp += 1
        searchStamp[source] = currentStamp
        var frontier = [source]
        while !frontier.isEmpty {
            var nextFrontier: [Int] = []
            var nearestTarget: Int?
            for vertex in frontier {
                for neighbor in graph.successors(of: vertex)
                where componentOf[neighbor] == component && searchStamp[neighbor] != currentStamp {
                    searchStamp[neighbor] = currentStamp
                    parent[neighbor] = vertex
                    nextFrontier.append(neighbor)
                    if isTarget(neighbor, target) {
                        nearestTarget = min(nearestTarget ?? neighbor, neighbor)
                    }
                }
            }
            if let target = nearestTarget {
                var path: [Int] = []
                var vertex = target
                while vertex != source {
                    path.append(vertex)
                    vertex = parent[vertex]
                }
                return path.reversed()
            }
            frontier = nextFrontier
        }
        preconditionFailure("vertex \(source) cannot reach its own strongly connected component")
    }
}
