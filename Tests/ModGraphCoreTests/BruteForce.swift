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

    /// The lexicographically smallest dependencies-first order by its
    /// definition: place the smallest vertex whose dependencies are all
    /// placed, again and again. Ready vertices wait in a textbook binary
    /// heap (swaps, no tricks), so it copes with a few hundred thousand.
    static func smallestOrder(_ graph: Digraph) -> [Int]? {
        var unplaced = (0..<graph.vertexCount).map { graph.successors(of: $0).count }
        var heap: [Int] = []
        func push(_ vertex: Int) {
            heap.append(vertex)
            var child = heap.count - 1
            while child > 0 && heap[(child - 1) / 2] > heap[child] {
                heap.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
        }
        func pop() -> Int {
            let smallest = heap[0]
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
            var parent = 0
            while true {
                var smaller = parent
                for child in [2 * parent + 1, 2 * parent + 2] where child < heap.count && heap[child] < heap[smaller] {
                    smaller = child
                }
                if smaller == parent { return smallest }
                heap.swapAt(parent, smaller)
                parent = smaller
            }
        }
        for vertex in 0..<graph.vertexCount where unplaced[vertex] == 0 { push(vertex) }
        var order: [Int] = []
        while !heap.isEmpty {
            let vertex = pop()
            order.append(vertex)
            for dependent in graph.predecessors(of: vertex) {
                unplaced[dependent] -= 1
                if unplaced[dependent] == 0 { push(dependent) }
            }
        }
        return order.count == graph.vertexCount ? order : nil
    }

    /// Depths by their definition, settled in a known dependencies-first order.
    static func depths(_ graph: Digraph, order: [Int]) -> [Int] {
        var depth = [Int](repeating: 1, count: graph.vertexCount)
        for vertex in order {
            for dependency in graph.successors(of: vertex) {
                depth[vertex] = max(depth[vertex], depth[dependency] + 1)
            }
        }
        return depth
    }
}
