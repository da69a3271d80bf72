/// Every pattern and exception in the configuration still matches something,
/// so entries that no longer do anything do not pile up. Always on, as a
/// warning; never excused and never recorded in baselines.
public struct StaleConfigRule: Rule {
    public var id: RuleKind { .staleConfig }
    public var summary: String { "Every pattern and exception in the configuration still matches something." }
    public var defaultLevel: RuleLevel { .warning }
    public var acceptsExceptions: Bool { false }

    public init() {}

    public func level(in config: CheckConfig) -> RuleLevel { defaultLevel }

    /// Layer patterns, forbidden rules' `from` patterns and interface
    /// patterns that match no target. Exceptions are judged after the other
    /// rules ran (``findings(forUnused:in:severity:)``).
    ///
    /// - Complexity: O(V·P·m) for P patterns of matching cost m.
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let graph = context.graph
        let config = context.config
        var findings: [Finding] = []
        for (index, layer) in config.layers.enumerated() {
            for pattern in layer.targets + layer.isolated where !context.assignment.usedPatterns.contains(pattern.location) {
                findings.append(context.finding(id, severity, chain: [],
                                                message: "pattern '\(pattern.pattern)' of layer '\(layer.name)' (layers[\(index)]) matches no target",
                                                configEntry: pattern.location))
            }
        }
        for rule in config.forbidden {
            let matchesSomething = graph.targets.contains { rule.from.pattern.match($0.id, packageName: context.packageName(of: $0.id)) != nil }
            if !matchesSomething {
                findings.append(context.finding(id, severity, chain: [],
                                                message: "forbidden rule's 'from' pattern '\(rule.from.pattern)' matches no target",
                                                configEntry: rule.from.location))
            }
        }
        for pattern in config.sources?.interfaces ?? [] {
            let matchesSomething = graph.targets.contains { pattern.pattern.match($0.id, packageName: context.packageName(of: $0.id)) != nil }
            if !matchesSomething {
                findings.append(context.finding(id, severity, chain: [],
                                                message: "interface pattern '\(pattern.pattern)' (sources.interfaces) matches no target",
                                                configEntry: pattern.location))
            }
        }
        return findings
    }

    /// One finding per exception that accepted no violation.
    func findings(forUnused exceptions: [CheckConfig.Exception], in context: RuleContext, severity: Severity) -> [Finding] {
        exceptions.map { exception in
            context.finding(id, severity, chain: [],
                            message: "exception \(exception.from.pattern) → \(exception.to.pattern)\(exception.rule.map { " (\($0.rawValue))" } ?? "") matches no violation; remove it",
                            configEntry: exception.location)
        }
    }
}
