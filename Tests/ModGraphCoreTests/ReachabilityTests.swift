import ModGraphCore
import Testing
import ModGraphTestSupport

@Suite("Reachability and distances")
struct ReachabilityTests {
    // 0 → 1, 0 → 2, 1 → 3, 2 → 3
    let diamond = graph(4, [(0, 1), (0, 2), (1, 3), (2, 3)])

    @Test func dependenciesIncludeTheSources() {
        #expect(diamond.reachable(from: [1]) == [false, true, false, true])
        #expect(diamond.reachable(from: [1, 2]) == [false, true, true, true])
        #expect(diamond.reachable(from: [0]) == [true, true, true, true])
        #expect(diamond.reachable(from: []) == [false, false, false, false])
    }

    @Test func dependentsFollowEdgesBackwards() {
        #expect(diamond.reachable(from: [3], following: .dependents) == [true, true, true, true])
        #expect(diamond.reachable(from: [1], following: .dependents) == [true, true, false, false])
    }

    @Test func cyclesAreFine() {
        // 0 → 1 → 2 → 0, 3 → 0
        let cycle = graph(4, [(0, 1), (1, 2), (2, 0), (3, 0)])
        #expect(cycle.reachable(from: [1]) == [true, true, true, false])
        #expect(cycle.distances(from: [1]) == [2, 0, 1, nil])
        #expect(cycle.distances(from: [1], following: .dependents) == [1, 0, 2, 2])
    }

    @Test func distancesCountEdgesAndRespectTheDepthLimit() {
        #expect(diamond.distances(from: [0]) == [0, 1, 1, 2])
        #expect(diamond.distances(from: [0], maxDepth: 1) == [0, 1, 1, nil])
        #expect(diamond.distances(from: [0], maxDepth: 0) == [0, nil, nil, nil])
        #expect(diamond.distances(from: [3], following: .dependents) == [2, 1, 1, 0])
        #expect(diamond.distances(from: [1, 2], following: .dependents, maxDepth: 5) == [1, 0, 0, nil])
    }

    @Test func duplicateSourcesAreHarmless() {
        #expect(diamond.reachable(from: [1, 1]) == [false, true, false, true])
        #expect(diamond.distances(from: [3, 3]) == [nil, nil, nil, 0])
    }

    @Test func emptyGraph() {
        #expect(graph(0, []).reachable(from: []) == [])
        #expect(graph(0, []).distances(from: []) == [])
    }

    @Test("Random graphs: matches brute-force closure and hop counts", arguments: 0..<200)
    func matchesBruteForce(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let candidate = random.smallGraph(maxVertices: 12, acyclic: false)
        let count = candidate.vertexCount
        guard count > 0 else { return }
        let sources = (0..<random.next(in: 1...3)).map { _ in random.next(below: count) }
        let reaches = BruteForce.reachability(candidate)
        let hops = BruteForce.hopDistances(candidate)

        let forward = (0..<count).map { v in sources.contains { $0 == v || reaches[$0][v] } }
        let backward = (0..<count).map { v in sources.contains { $0 == v || reaches[v][$0] } }
        #expect(candidate.reachable(from: sources) == forward)
        #expect(candidate.reachable(from: sources, following: .dependents) == backward)

        let forwardHops = (0..<count).map { v in sources.compactMap { hops[$0][v] }.min() }
        let backwardHops = (0..<count).map { v in sources.compactMap { hops[v][$0] }.min() }
        #expect(candidate.distances(from: sources) == forwardHops)
        #expect(candidate.distances(from: sources, following: .dependents) == backwardHops)

        let limit = random.next(in: 0...3)
        #expect(candidate.distances(from: sources, maxDepth: limit) == forwardHops.map { $0.flatMap { $0 <= limit ? $0 : nil } })
    }
}
