/// Direct dependencies a `forbidden` entry refuses.
public struct ForbiddenRule: Rule {
    public var id: RuleKind { .forbidden }
    public var summary: String { "Dependencies the configuration forbids." }
    public var defaultLevel: RuleLevel { .error }

    public init() {}

    /// On when the configuration forbids something.
    public func level(in config: CheckConfig) -> RuleLevel {
        config.forbidden.isEmpty ? .ignore : defaultLevel
    }

    /// Each direct dependency from a checked target that an entry's `from` and
    /// `to` match, unless `allow` or `exceptFrom` lets it through.
    ///
    /// - Complexity: O(E·P·m) for P entries of matching cost m.
    public func findings(in context: RuleContext, severity: Severity) -> [Finding] {
        let graph = context.graph
        var findings: [Finding] = []
        for rule in context.config.forbidden {
            for (from, to) in graph.digraph.edges where !context.isExempt[from] {
                let source = graph.targets[from]
                let target = graph.targets[to]
                guard let bindings = rule.from.pattern.match(source.id, packageName: context.packageName(of: source.id)),
                      rule.to.pattern.match(target.id, packageName: context.packageName(of: target.id), bindings: bindings) != nil
                else { continue }
                if rule.exceptFrom.contains(where: { $0.pattern.match(source.id, packageName: context.packageName(of: source.id)) != nil }) { continue }
                if let allow = rule.allow,
                   allow.pattern.match(target.id, packageName: context.packageName(of: target.id), bindings: bindings) != nil { continue }
                findings.append(context.finding(
                    id, severity, chain: [source.id, target.id],
                    message: rule.message.map { "\(source.name) depends on \(target.name): \($0)" }
                        ?? "\(source.name) must not depend on \(target.name) (\(rule.from.pattern) → \(rule.to.pattern))",
                    configEntry: rule.location))
            }
        }
        return findings
    }
}
