/// A target may depend only on its own layer or the layers below it.
public struct LayeringRule: Rule {
    public var id: RuleKind { .layering }
    public var summary: String { "A target may depend only on its own layer or the layers below it." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when the configuration lists layers.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.layers.isEmpty ? .ignore : defaultLevel
    }

    /// Each direct dependency of a checked target on a higher layer.
    ///
    /// - Complexity: O(E).
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let graph = context.graph
        let layers = context.config.layers
        var findings: [Finding] = []
        for (from, to) in graph.digraph.edges where !context.isExempt[from] && !context.isExempt[to] {
            guard let fromLayer = context.assignment.layerOf[from], let toLayer = context.assignment.layerOf[to], toLayer < fromLayer else {
                continue
            }
            let upper = layers[toLayer]
            let lower = layers[fromLayer]
            findings.append(
                context.finding(
                    id, severity, chain: [graph.targets[from].id, graph.targets[to].id],
                    message:
                        "\(graph.targets[from].name) (layer '\(lower.name)') depends on \(graph.targets[to].name) (layer '\(upper.name)'), which is above it",
                    configEntry: lower.location))
        }
        return findings
    }
}
