/// Every target of the workspace's own code belongs to a layer.
public struct UnassignedRule: Rule {
    public var id: RuleKind { .unassigned }
    public var summary: String { "Every target belongs to a layer." }
    public var defaultLevel: RuleLevel { .warning }

    public init() {}

    /// `unassigned:` (a warning unless it says otherwise).
    public func level(in config: CheckConfig) -> RuleLevel { config.unassigned }

    /// Each checked target no layer claims; none while there are no layers.
    ///
    /// - Complexity: O(V).
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        guard !context.config.layers.isEmpty else { return [] }
        let targets = context.graph.targets
        return targets.indices.compactMap { vertex in
            guard !context.isExempt[vertex], context.assignment.layerOf[vertex] == nil else { return nil }
            return context.finding(
                id, severity, chain: [targets[vertex].id],
                message: "\(targets[vertex].name) belongs to no layer",
                configEntry: context.config.unassignedLocation)
        }
    }
}
