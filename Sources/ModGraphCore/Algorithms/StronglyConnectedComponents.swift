extension Digraph {
    /// The strongly connected components: maximal sets of vertices that all
    /// depend on each other, directly or indirectly.
    ///
    /// Each component is sorted ascending and the components are ordered by
    /// their smallest member, so the result depends only on the graph. Every
    /// vertex is in exactly one component; an acyclic graph has one singleton
    /// component per vertex.
    ///
    /// Tarjan's algorithm with an explicit stack instead of recursion, so a
    /// 100,000-vertex dependency chain cannot overflow the call stack.
    ///
    /// - Complexity: O(V + E) time, O(V) extra memory.
    public func stronglyConnectedComponents() -> [[Int]] {
        componentLabels().components
    }

    /// Component membership with components numbered by smallest member:
    /// `componentOf[v]` indexes into `components`.
    func componentLabels() -> (componentOf: [Int], components: [[Int]]) {
        let tarjanLabels = tarjanComponentLabels()
        // Renumber in order of first appearance when scanning vertices
        // ascending, which is the order of each component's smallest member.
        var renumbered = [Int](repeating: -1, count: vertexCount)
        var componentOf = [Int](repeating: 0, count: vertexCount)
        var components: [[Int]] = []
        for vertex in 0..<vertexCount {
            let label = tarjanLabels[vertex]
            if renumbered[label] < 0 {
                renumbered[label] = components.count
                components.append([])
            }
            componentOf[vertex] = renumbered[label]
            // Scanning ascending keeps every component sorted.
            components[renumbered[label]].append(vertex)
        }
        return (componentOf, components)
    }

    /// Tarjan's labels: components numbered in the order Tarjan completes
    /// them, which is dependencies first.
    private func tarjanComponentLabels() -> [Int] {
        let unvisited = -1
        var discoveryIndex = [Int](repeating: unvisited, count: vertexCount)
        var lowLink = [Int](repeating: 0, count: vertexCount)
        var isOnStack = [Bool](repeating: false, count: vertexCount)
        var componentStack: [Int] = []
        var label = [Int](repeating: 0, count: vertexCount)
        var nextDiscoveryIndex = 0
        var componentCount = 0

        // One frame per vertex on the DFS path: the vertex and the position in
        // its successor list still to be explored.
        var callStack: [(vertex: Int, nextEdge: Int)] = []

        func discover(_ vertex: Int) {
            discoveryIndex[vertex] = nextDiscoveryIndex
            lowLink[vertex] = nextDiscoveryIndex
            nextDiscoveryIndex += 1
            componentStack.append(vertex)
            isOnStack[vertex] = true
            callStack.append((vertex, successors(of: vertex).startIndex))
        }

        for root in 0..<vertexCount where discoveryIndex[root] == unvisited {
            discover(root)
            while let frame = callStack.last {
                let vertex = frame.vertex
                let dependencies = successors(of: vertex)
                if frame.nextEdge < dependencies.endIndex {
                    let dependency = dependencies[frame.nextEdge]
                    callStack[callStack.count - 1].nextEdge += 1
                    if discoveryIndex[dependency] == unvisited {
                        discover(dependency)
                    } else if isOnStack[dependency] {
                        lowLink[vertex] = min(lowLink[vertex], discoveryIndex[dependency])
                    }
                    continue
                }
                // All dependencies explored: "return" to the caller.
                callStack.removeLast()
                if let caller = callStack.last {
                    lowLink[caller.vertex] = min(lowLink[caller.vertex], lowLink[vertex])
                }
                if lowLink[vertex] == discoveryIndex[vertex] {
                    while let member = componentStack.popLast() {
                        isOnStack[member] = false
                        label[member] = componentCount
                        if member == vertex { break }
                    }
                    componentCount += 1
                }
            }
        }
        return label
    }
}
