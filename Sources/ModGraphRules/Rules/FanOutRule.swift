/// No module has more direct dependencies than `limits.fanOut`.
public struct FanOutRule: Rule {
    public var id: RuleKind { .fanOut }
    public var summary: String { "No module has more dependencies than the limit." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when `limits.fanOut` is set.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.limits.fanOut == nil ? .ignore : defaultLevel
    }

    /// Each checked target with more direct dependencies than the limit;
    /// every dependency counts, checked or not, since each one is built first.
    ///
    /// - Complexity: O(V).
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        guard let (limit, location) = context.config.limits.fanOut else { return [] }
        let graph = context.graph
        return graph.targets.indices.compactMap { vertex in
            guard !context.isExempt[vertex] else { return nil }
            let count = graph.digraph.successors(of: vertex).count
            guard count > limit else { return nil }
            let id = graph.targets[vertex].id
            return context.finding(
                self.id, severity, chain: [id],
                message: "\(id.name) has \(count) direct dependencies; the limit is \(limit)", configEntry: location)
        }
    }
}
