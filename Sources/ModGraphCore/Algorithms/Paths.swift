/// The dependency paths from one vertex to another: "why does A depend on B?".
///
/// `modgraph why A B` and the viewer's path query list the shortest few and
/// say how many there are in all. Real graphs have few paths between two
/// modules, but a layered graph of a few hundred modules can have millions
/// (every choice of one module per layer is one): the count is worked out
/// without listing them, and the listing stops at the number asked for.
public struct PathSet: Sendable, Equatable {
    /// The paths listed, each from the source to the destination, shortest
    /// first; paths of one length in the order of their vertices.
    public let paths: [[Int]]
    /// How many paths there are in all (at least this many when not ``isExact``).
    public let count: Int
    /// False when the count stopped at a bound: past `Int.max` on an acyclic
    /// graph, or past ``Digraph/pathCountBound`` paths through a cycle.
    public let isExact: Bool

    public init(paths: [[Int]], count: Int, isExact: Bool) {
        self.paths = paths
        self.count = count
        self.isExact = isExact
    }
}

extension Digraph {
    /// Past this many paths through a cycle the count stops (counting the
    /// simple paths of a graph with cycles is as hard as listing them).
    public static let pathCountBound = 100_000

    /// Steps the listing may take (each vertex tried on a path is one) before
    /// it gives what it found: a bound on the time spent, whatever the graph.
    static let pathSearchSteps = 2_000_000

    /// The simple paths from `source` to `destination` along edges (`source`
    /// depends on `destination` through each), the `limit` shortest first, and
    /// how many there are. Empty when `destination` cannot be reached; the
    /// one-vertex path when they are the same vertex.
    ///
    /// The search only walks vertices that lie on some path (reachable from
    /// the source and reaching the destination) and, for each length in
    /// turn, only steps that can still end on time (the distance left to the
    /// destination is known), so it rarely turns back.
    ///
    /// - Complexity: O(V + E) for the vertices on some path and the count on an
    ///   acyclic graph; the listing O(limit · L · d) steps in practice for paths
    ///   of length L and out-degree d, and never more than ``pathSearchSteps``.
    /// - Precondition: both vertices are in `0..<vertexCount`; `limit` is positive.
    public func paths(from source: Int, to destination: Int, limit: Int) -> PathSet {
        checkVertex(source)
        checkVertex(destination)
        precondition(limit > 0, "limit must be positive")
        if source == destination { return PathSet(paths: [[source]], count: 1, isExact: true) }
        let fromSource = distances(from: [source], following: .dependencies)
        let toDestination = distances(from: [destination], following: .dependents)
        guard let shortest = toDestination[source] else { return PathSet(paths: [], count: 0, isExact: true) }
        // On some path: reached from the source and reaching the destination.
        let onPath = (0..<vertexCount).map { fromSource[$0] != nil && toDestination[$0] != nil }
        let counted = pathCount(from: source, to: destination, within: onPath)

        var found: [[Int]] = []
        var used = [Bool](repeating: false, count: vertexCount)
        var steps = 0
        // The paths of exactly `length` edges, depth first with a stack (no recursion: a path may
        // be as long as the graph): `path[i]` and the position of the next successor of it to try.
        func list(length: Int) {
            var path = [source]
            var cursor = [0]
            used[source] = true
            defer { for vertex in path { used[vertex] = false } }
            while let depth = cursor.indices.last {
                let vertex = path[depth]
                let left = length - depth
                var advanced = false
                if vertex == destination {
                    if left == 0 { found.append(path) }
                    if found.count >= limit { return }
                } else {
                    let next = successors(of: vertex)
                    while cursor[depth] < next.count {
                        let candidate = next[next.startIndex + cursor[depth]]
                        cursor[depth] += 1
                        steps += 1
                        if steps >= Self.pathSearchSteps { return }
                        guard onPath[candidate], !used[candidate], let remaining = toDestination[candidate], remaining < left else {
                            continue
                        }
                        used[candidate] = true
                        path.append(candidate)
                        cursor.append(0)
                        advanced = true
                        break
                    }
                }
                if !advanced {
                    used[vertex] = false
                    path.removeLast()
                    cursor.removeLast()
                }
            }
        }
        // No simple path is longer than the vertices on some path allow.
        let longest = onPath.count { $0 } - 1
        var length = shortest
        while found.count < limit, found.count < counted.count || !counted.isExact, length <= longest, steps < Self.pathSearchSteps {
            list(length: length)
            length += 1
        }
        return PathSet(paths: found, count: max(counted.count, found.count), isExact: counted.isExact)
    }

    /// How many paths lead from `source` to `destination` through the vertices
    /// of `within`: by dynamic programming in topological order when they hold
    /// no cycle (saturating at `Int.max`), else by walking them up to ``pathCountBound``.
    private func pathCount(from source: Int, to destination: Int, within: [Bool]) -> (count: Int, isExact: Bool) {
        let members = (0..<vertexCount).filter { within[$0] }
        var position = [Int](repeating: -1, count: vertexCount)
        for (index, vertex) in members.enumerated() { position[vertex] = index }
        let sub = Digraph(
            vertexCount: members.count,
            edges: members.flatMap { vertex in
                successors(of: vertex).filter { within[$0] }.map { (position[vertex], position[$0]) }
            })
        if let order = sub.topologicalOrder() {
            // Dependencies first: the paths from a vertex are the sum of its successors'.
            var ways = [Int](repeating: 0, count: members.count)
            var exact = true
            ways[position[destination]] = 1
            for vertex in order where vertex != position[destination] {
                var total = 0
                for next in sub.successors(of: vertex) {
                    let (sum, overflow) = total.addingReportingOverflow(ways[next])
                    if overflow {
                        exact = false
                        total = Int.max
                        break
                    }
                    total = sum
                }
                ways[vertex] = total
            }
            return (ways[position[source]], exact)
        }
        // Through a cycle: walk the simple paths, as far as the bound.
        var count = 0
        var used = [Bool](repeating: false, count: members.count)
        var stack: [(vertex: Int, next: Int)] = [(position[source], 0)]
        used[position[source]] = true
        let target = position[destination]
        while let top = stack.last, count < Self.pathCountBound {
            let successors = sub.successors(of: top.vertex)
            if top.vertex == target || top.next >= successors.count {
                if top.vertex == target { count += 1 }
                used[top.vertex] = false
                stack.removeLast()
                continue
            }
            let next = successors[successors.startIndex + top.next]
            stack[stack.count - 1].next += 1
            if !used[next] {
                used[next] = true
                stack.append((next, 0))
            }
        }
        return (count, stack.isEmpty)
    }
}
