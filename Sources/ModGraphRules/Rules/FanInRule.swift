/// No module has more direct dependents than `limits.fanIn`.
public struct FanInRule: Rule {
    public var id: RuleKind { .fanIn }
    public var summary: String { "No module has more dependents than the limit." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when `limits.fanIn` is set.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.limits.fanIn == nil ? .ignore : defaultLevel
    }

    /// Each checked target with more checked dependents than the limit.
    ///
    /// - Complexity: O(V + E).
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        guard let (limit, location) = context.config.limits.fanIn else { return [] }
        let graph = context.graph
        return graph.targets.indices.compactMap { vertex in
            guard !context.isExempt[vertex] else { return nil }
            let count = graph.digraph.predecessors(of: vertex).count(where: { !context.isExempt[$0] })
            guard count > limit else { return nil }
            let id = graph.targets[vertex].id
            return context.finding(
                self.id, severity, chain: [id],
                message: "\(id.name) has \(count) direct dependents; the limit is \(limit)", configEntry: location)
        }
    }
}
