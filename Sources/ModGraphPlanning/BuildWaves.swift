import ModGraphCore

/// The graph cut into waves: wave 0 holds the targets without dependencies,
/// wave k the targets whose dependencies all lie in waves before k (and at
/// least one in wave k − 1). With unlimited workers and equal costs, a wave is
/// what can build at the same time; the widths show how much parallelism the
/// graph allows at each step.
public struct BuildWaves: Sendable, Equatable {
    /// For each vertex, its wave (0-based).
    public let waveOf: [Int]
    /// The vertices of each wave, ascending.
    public let members: [[Int]]

    /// The number of vertices in each wave.
    public var widths: [Int] { members.map(\.count) }
}

extension Digraph {
    /// The waves of an acyclic graph, or nil when it has a cycle.
    ///
    /// A vertex's wave is its depth minus one: the number of vertices on the
    /// longest dependency chain below it. So every edge `u → v` (u depends
    /// on v) goes from a later wave to an earlier one.
    ///
    /// - Complexity: O(V log V + E) time (a topological order), O(V) memory.
    public func buildWaves() -> BuildWaves? {
        guard let depth = depths() else { return nil }
        let waveCount = depth.max() ?? 0
        var members = [[Int]](repeating: [], count: waveCount)
        for vertex in 0..<vertexCount {
            members[depth[vertex] - 1].append(vertex)
        }
        return BuildWaves(waveOf: depth.map { $0 - 1 }, members: members)
    }
}
