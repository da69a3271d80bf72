import ModGraphCore

/// Test targets spread over CI machines so that the slowest finishes first.
///
/// A machine pays for building the closure of its test targets (each target
/// once, however many of its tests need it) and the test targets themselves:
/// a shard costs the weights of the union of its tests' closures. Putting
/// tests that share dependencies together saves building them twice, and
/// the goal is the smallest maximum over the shards.
public struct TestShards: Sendable, Equatable {
    public struct Shard: Sendable, Equatable {
        /// Vertices of the test targets, ascending.
        public let tests: [Int]
        /// The weight of everything the machine builds.
        public let cost: Double
    }

    public let shards: [Shard]
    /// No split into this many shards can finish sooner: the costliest single
    /// test's closure, and everything any test needs spread evenly.
    public let lowerBound: Double

    /// The predicted time of the slowest shard.
    public var makespan: Double { shards.map(\.cost).max() ?? 0 }

    /// Greedy by closure: each test goes to the shard whose cost grows to the
    /// smallest total (sharing counts), ties to the lower shard; then tests
    /// are moved one at a time while a move lowers the costliest shard. Done
    /// from ``starts`` orders (costliest first, then seeded shuffles), the
    /// best kept; the same input gives the same shards. Shards left empty are dropped.
    ///
    /// - Complexity: O(T × (V + E)) for the closures, then per start O(K × V)
    ///   and O(T × K × C) per pass, for T tests, K shards and closures of at
    ///   most C vertices; at most T passes.
    public static func split(_ tests: [Int], in graph: Digraph, weights: [Double], shards count: Int) -> TestShards {
        let tests = Array(Set(tests)).sorted()
        guard !tests.isEmpty, count >= 1 else { return TestShards(shards: [], lowerBound: 0) }
        let closureOf = tests.map { closure(of: $0, in: graph) }
        let closureCost = closureOf.map { $0.reduce(0) { $0 + weights[$1] } }
        var union = [Bool](repeating: false, count: graph.vertexCount)
        for closure in closureOf { for vertex in closure { union[vertex] = true } }
        let total = union.indices.reduce(0.0) { union[$1] ? $0 + weights[$1] : $0 }
        let lowerBound = max(closureCost.max() ?? 0, total / Double(count))

        // Several starts, the costliest-first order and seeded shuffles of it; the best kept.
        let byCost = tests.indices.sorted { closureCost[$0] != closureCost[$1] ? closureCost[$0] > closureCost[$1] : $0 < $1 }
        var best: (assignment: [Int], builds: Builds)?
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for start in 0..<starts {
            var order = byCost
            if start > 0 {
                for index in stride(from: order.count - 1, to: 0, by: -1) {
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    order.swapAt(index, Int((seed >> 33) % UInt64(index + 1)))
                }
            }
            let result = greedy(order: order, closures: closureOf, weights: weights, shards: count, vertexCount: graph.vertexCount)
            if best.map({ result.builds.maximum < $0.builds.maximum - 1e-9 }) ?? true { best = result }
        }
        guard let (assignment, builds) = best else { return TestShards(shards: [], lowerBound: lowerBound) }
        let shards = (0..<count).compactMap { shard -> Shard? in
            let members = tests.indices.filter { assignment[$0] == shard }.map { tests[$0] }
            return members.isEmpty ? nil : Shard(tests: members, cost: builds.cost[shard])
        }
        return TestShards(shards: shards, lowerBound: lowerBound)
    }

    /// Starts of the search: each is a greedy pass and its moves.
    static let starts = 8

    /// One start: tests in `order` to the shard that grows least, then moves off the costliest shard.
    private static func greedy(
        order: [Int], closures closureOf: [[Int]], weights: [Double], shards count: Int,
        vertexCount: Int
    ) -> (assignment: [Int], builds: Builds) {
        var assignment = [Int](repeating: 0, count: closureOf.count)
        var builds = Builds(count: count, vertexCount: vertexCount)
        for test in order {
            var best = 0
            var bestTotal = Double.infinity
            for shard in 0..<count {
                let after = builds.cost[shard] + builds.added(closureOf[test], to: shard, weights: weights)
                if after < bestTotal - 1e-9 { (best, bestTotal) = (shard, after) }
            }
            builds.add(closureOf[test], to: best, weights: weights)
            assignment[test] = best
        }
        // Moves off the costliest shard while one lowers the maximum.
        for _ in 0..<closureOf.count {
            let worst = builds.cost.indices.max { builds.cost[$0] < builds.cost[$1] } ?? 0
            let current = builds.cost[worst]
            var improvement: (test: Int, to: Int, maximum: Double)?
            for test in closureOf.indices where assignment[test] == worst {
                let left = current - builds.saved(closureOf[test], from: worst, weights: weights)
                for shard in 0..<count where shard != worst {
                    let after = builds.cost[shard] + builds.added(closureOf[test], to: shard, weights: weights)
                    let others = builds.cost.indices.lazy.filter { $0 != shard && $0 != worst }.map { builds.cost[$0] }.max() ?? 0
                    let maximum = max(left, after, others)
                    if maximum < (improvement?.maximum ?? current) - 1e-9 { improvement = (test, shard, maximum) }
                }
            }
            guard let move = improvement else { break }
            builds.remove(closureOf[move.test], from: worst, weights: weights)
            builds.add(closureOf[move.test], to: move.to, weights: weights)
            assignment[move.test] = move.to
        }
        return (assignment, builds)
    }

    /// The vertex and everything it depends on, ascending.
    static func closure(of vertex: Int, in graph: Digraph) -> [Int] {
        let reached = graph.reachable(from: [vertex])
        return reached.indices.filter { reached[$0] }
    }

    /// What each shard builds: how many of its tests need each vertex, and the cost of those needed.
    fileprivate struct Builds {
        var needed: [[Int]]
        var cost: [Double]
        var maximum: Double { cost.max() ?? 0 }

        init(count: Int, vertexCount: Int) {
            needed = Array(repeating: [Int](repeating: 0, count: vertexCount), count: count)
            cost = Array(repeating: 0, count: count)
        }

        func added(_ closure: [Int], to shard: Int, weights: [Double]) -> Double {
            closure.reduce(0) { needed[shard][$1] == 0 ? $0 + weights[$1] : $0 }
        }

        /// What the shard no longer builds without one of its tests.
        func saved(_ closure: [Int], from shard: Int, weights: [Double]) -> Double {
            closure.reduce(0) { needed[shard][$1] == 1 ? $0 + weights[$1] : $0 }
        }

        mutating func add(_ closure: [Int], to shard: Int, weights: [Double]) {
            for vertex in closure {
                if needed[shard][vertex] == 0 { cost[shard] += weights[vertex] }
                needed[shard][vertex] += 1
            }
        }

        mutating func remove(_ closure: [Int], from shard: Int, weights: [Double]) {
            for vertex in closure {
                needed[shard][vertex] -= 1
                if needed[shard][vertex] == 0 { cost[shard] -= weights[vertex] }
            }
        }
    }
}
