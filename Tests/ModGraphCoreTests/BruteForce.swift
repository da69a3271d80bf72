import ModGraphCore

/// Deliberately naive reference answers for small graphs.
enum BruteForce {
    /// `result[u][v]`: v is reachable from u by a path of at least one edge.
    static func reachability(_ graph: Digraph) -> [[Bool]] {
        let count = graph.vertexCount
        var reaches = [[Bool]](repeating: [Bool](repeating: false, count: count), count: count)
        for source in 0..<count {
            var pending = Array(graph.successors(of: source))
            while let vertex = pending.popLast() {
                guard !reaches[source][vertex] else { continue }
                reaches[source][vertex] = true
                pending += graph.successors(of: vertex)
            }
        }
        return reaches
    }

    /// Floyd–Warshall hop counts: `result[u][v]` is the fewest edges from u
    /// to v (0 when u == v), nil when unreachable.
    static func hopDistances(_ graph: Digraph) -> [[Int?]] {
        let count = graph.vertexCount
        var distance = [[Int?]](repeating: [Int?](repeating: nil, count: count), count: count)
        for vertex in 0..<count { distance[vertex][vertex] = 0 }
        for (from, to) in graph.edges where from != to { distance[from][to] = 1 }
        for middle in 0..<count {
            for from in 0..<count {
                guard let first = distance[from][middle] else { continue }
                for to in 0..<count {
                    guard let second = distance[middle][to] else { continue }
                    if distance[from][to].map({ first + second < $0 }) ?? true {
                        distance[from][to] = first + second
                    }
                }
            }
        }
        return distance
    }

    /// Every path (one vertex or more) in an acyclic graph.
    static func allPaths(_ graph: Digraph) -> [[Int]] {
        var paths: [[Int]] = []
        func extend(_ path: [Int]) {
            paths.append(path)
            guard let last = path.last else { return }
            for next in graph.successors(of: last) {
                extend(path + [next])
            }
        }
        for start in 0..<graph.vertexCount {
            extend([start])
        }
        return paths
    }

    /// Whether `order` lists every vertex once, each after all its successors.
    static func isDependenciesFirstOrder(_ order: [Int], of graph: Digraph) -> Bool {
        guard order.count == graph.vertexCount, Set(order).count == order.count else { return false }
        var position = [Int](repeating: -1, count: graph.vertexCount)
        for (index, vertex) in order.enumerated() {
            guard vertex >= 0 && vertex < graph.vertexCount else { return false }
            position[vertex] = index
        }
        return graph.edges.allSatisfy { position[$0.to] < position[$0.from] }
    }

    /// Every permutation of `0..<count`, in lexicographic order.
    static func permutations(of count: Int) -> [[Int]] {
        guard count > 0 else { return [[]] }
        var result: [[Int]] = []
        for shorter in permutations(of: count - 1) {
            for slot in 0...shorter.count {
                var longer = shorter
                longer.insert(count - 1, at: slot)
                result.append(longer)
            }
        }
        return result.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
