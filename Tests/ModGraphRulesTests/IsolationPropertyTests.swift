import ModGraphCore
import ModGraphTestSupport
import Testing
@testable import ModGraphRules

/// On random graphs, isolation findings must be exactly the pairs a brute
/// force finds: member m of one vertical reaches member n of another through
/// a path whose inner vertices are no other vertical's members; one finding
/// per pair of verticals (of m, of n), keyed by the two.
@Suite("isolation on random graphs")
struct IsolationPropertyTests {
    @Test(arguments: 1...60)
    func matchesBruteForce(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = Int.random(in: 3...10, using: &random)
        let names = (0..<count).map { "M\($0)" }
        // Vertices 0..<verticalCount are verticals "V{group}x{index}" grouped by capture.
        let verticalCount = Int.random(in: 2...count, using: &random)
        let groupOf = (0..<verticalCount).map { _ in Int.random(in: 0..<3, using: &random) }
        func name(_ vertex: Int) -> String { vertex < verticalCount ? "V\(groupOf[vertex])x\(vertex)" : names[vertex] }
        var edges: [String] = []
        for from in 0..<count {
            for to in 0..<count where to != from && Int.random(in: 0..<100, using: &random) < 25 {
                edges.append("\(name(from)) -> \(name(to))")
            }
        }
        let graph = graph(edges.joined(separator: ", "), isolated: (0..<count).map(name))
        let result = try check(graph, "layers:\n  - name: v\n    targets: [\"V{g}x*\", \"M*\"]\n    isolated: [\"V{g}x*\"]\n")

        // Brute force: depth-first search from each vertical member through no other vertical's members.
        var expected = Set<String>()
        var reaches = [Set<Int>](repeating: [], count: verticalCount)
        let index = Dictionary(uniqueKeysWithValues: (0..<count).map { (name($0), $0) })
        var adjacency = [[Int]](repeating: [], count: count)
        for edge in edges {
            let ends = edge.split(separator: " ").map(String.init)
            if let from = index[ends[0]], let to = index[ends[2]] { adjacency[from].append(to) }
        }
        for start in 0..<verticalCount {
            var seen = Set([start])
            var stack = [start]
            while let vertex = stack.popLast() {
                for next in adjacency[vertex] where seen.insert(next).inserted {
                    if next < verticalCount {
                        if groupOf[next] != groupOf[start] {
                            expected.insert("\(groupOf[start])->\(groupOf[next])")
                            reaches[start].insert(next)
                        } else {
                            stack.append(next)
                        }
                    } else {
                        stack.append(next)
                    }
                }
            }
        }
        let reported = result.findings.filter { $0.rule == .isolation }.compactMap { finding -> String? in
            guard let first = finding.chain.first, let last = finding.chain.last, let start = index[first.name] else { return nil }
            guard let end = index[last.name] else { return nil }
            return "\(groupOf[start])->\(groupOf[end])"
        }
        #expect(Set(reported) == expected)
        #expect(reported.count == expected.count, "one finding per pair of verticals")
        #expect(Set(result.findings.filter { $0.rule == .isolation }.map(\.fingerprint)) == Set(expected.map { "isolation:" + $0 }))
        // An exception for one member pair excuses its verticals' violation exactly when the
        // first member reaches the second (the chain reported may join two other members).
        let from = Int.random(in: 0..<verticalCount, using: &random)
        let to = Int.random(in: 0..<verticalCount, using: &random)
        if groupOf[from] != groupOf[to] {
            let excepted = try check(
                graph,
                "layers:\n  - name: v\n    targets: [\"V{g}x*\", \"M*\"]\n    isolated: [\"V{g}x*\"]\n"
                    + "exceptions:\n  - from: \(name(from))\n    to: \(name(to))\n    reason: property\n")
            let excused = excepted.excused.map(\.finding.fingerprint) == ["isolation:\(groupOf[from])->\(groupOf[to])"]
            #expect(excused == reaches[from].contains(to), "\(name(from)) → \(name(to)) in \(edges)")
        }
        // Every chain is made of real edges.
        for finding in result.findings where finding.rule == .isolation {
            for (from, to) in zip(finding.chain, finding.chain.dropFirst()) {
                #expect(edges.contains("\(from.name) -> \(to.name)"))
            }
        }
    }
}
