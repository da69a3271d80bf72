import ModGraphCore
import ModGraphRules

/// Additions the configuration's graph rules would fail. A target that imports a module of a layer above
/// its own, or another feature's, breaks the layering already, but `undeclared-import` only warns of it;
/// declaring the dependency would turn the warning into a `layering` or `isolation` error of `check`
/// (depromeet/WalWal-iOS: 48 such errors after `fix --write`). Such an addition is not made: the finding
/// keeps its advice, and the reason names the error it would make.
extension FixPlanner {
    /// For each finding whose addition would make a new error of the graph's rules (layering, isolation, a
    /// forbidden edge, a cycle, …), by the finding's fingerprint, that error. The graph is checked with and
    /// without the additions asked, as `check` checks it (without the source checks, which an edge does not
    /// change), again without those found, until the rest make no new error: isolation reports one chain per
    /// pair of features, so an addition on another chain of the same pair shows only once the first is gone.
    ///
    /// - Complexity: two runs of the graph's rules per round, O(G·(V + E)) for G isolation features; at most
    ///   ``maximumRounds`` rounds, after which every addition left is held back too.
    static func breaking(_ findings: [Finding], in graph: ModuleGraph, config: CheckConfig) -> [String: Finding] {
        let checker = Checker(config: config)
        func errors(_ edges: [Edge]) -> [Finding]? {
            let checked = ModuleGraph(packages: graph.packages, targets: graph.targets, products: graph.products, edges: edges)
            return (try? checker.check(checked))?.findings.filter { $0.severity == .error }
        }
        guard let before = errors(graph.edges) else { return [:] }
        let known = Set(before.map(\.fingerprint))
        var asked = findings.filter { if case .add? = $0.fix { true } else { false } }
        // The removals asked go too: an exception that named a removed edge no longer covers its pair of features.
        let removed = Set(
            findings.compactMap { finding -> String? in
                guard case let .remove(target, dependency, _)? = finding.fix else { return nil }
                return "\(target) \(dependency)"
            })
        let kept = graph.edges.filter { !removed.contains("\($0.from) \($0.to)") }
        var breaking: [String: Finding] = [:]
        for _ in 0..<maximumRounds where !asked.isEmpty {
            let found = newErrors(of: asked, to: kept, known: known, errors: errors)
            if found.isEmpty { return breaking }
            breaking.merge(found) { first, _ in first }
            asked.removeAll { found[$0.fingerprint] != nil }
        }
        // Still breaking after the last round: what is left is held back, with the first error it still makes.
        let left = newErrors(of: asked, to: kept, known: known, errors: errors)
        if let error = left.sorted(by: { $0.key < $1.key }).first?.value {
            for finding in asked { breaking[finding.fingerprint] = error }
        }
        return breaking
    }

    /// The most rounds ``breaking(_:in:config:)`` checks the graph for.
    static let maximumRounds = 32

    /// The errors `asked`'s additions to `edges` make together that `known` does not hold, by the fingerprint of each
    /// addition on the error's chain.
    private static func newErrors(
        of asked: [Finding], to edges: [Edge], known: Set<String>, errors: ([Edge]) -> [Finding]?
    ) -> [String: Finding] {
        struct Pair: Hashable {
            let from: TargetID
            let to: TargetID
        }
        var additions: [Pair: [String]] = [:]
        for finding in asked {
            guard case let .add(target, dependency)? = finding.fix else { continue }
            additions[Pair(from: target, to: dependency), default: []].append(finding.fingerprint)
        }
        let added = additions.keys.sorted { ($0.from, $0.to) < ($1.from, $1.to) }.map { pair in
            Edge(from: pair.from, to: pair.to, kind: pair.from.package == pair.to.package ? .target : .product)
        }
        var found: [String: Finding] = [:]
        for error in errors(edges + added) ?? [] where !known.contains(error.fingerprint) {
            for (from, to) in zip(error.chain, error.chain.dropFirst()) {
                for fingerprint in additions[Pair(from: from, to: to)] ?? [] where found[fingerprint] == nil {
                    found[fingerprint] = error
                }
            }
        }
        return found
    }

    /// Why an addition that would make `error` is not made.
    static func breakingReason(_ error: Finding) -> String {
        "declaring it would make a \(error.rule.rawValue) error (\(error.message)), which the import already is: "
            + "move the code that imports it, or accept the edge in .modgraph.yml"
    }
}
