/// The longest dependency chain stays within `limits.depth`.
public struct DepthRule: Rule {
    public var id: RuleKind { .depth }
    public var summary: String { "The longest dependency chain stays within the limit." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when `limits.depth` is set.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.limits.depth == nil ? .ignore : defaultLevel
    }

    /// The longest chain among checked targets, when it is longer than the limit.
    ///
    /// - Complexity: O(V + E).
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        guard let (limit, location) = context.config.limits.depth else { return [] }
        let checked = context.graph.digraph.inducedSubgraph(keeping: context.isExempt.map { !$0 })
        guard let chain = checked.graph.longestChain(), chain.count > limit else { return [] }
        return [
            context.finding(
                id, severity, chain: chain.map { context.graph.targets[checked.newToOld[$0]].id },
                message: "the longest dependency chain has \(chain.count) targets; the limit is \(limit)",
                configEntry: location)
        ]
    }
}
